// "Share this deal": a short, spoiler-free line about the game and a link that
// opens the same game for anyone.

import { h, toast } from "./dom.js";
import { openDialog } from "./dialogs.js";
import { t } from "./i18n.js";
import { S } from "./state.js";
import { seatName } from "./words.js";

/** A copy button's action: `text` to the clipboard, or (not allowed) `input` selected for the person to copy. */
export function copier(input, text) {
  return async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast(t("share.copied"));
    } catch {
      input.select();
      toast(t("share.select"));
    }
  };
}

export function share() {
  if (!S.st) return;
  if (!S.st.share) {
    // A game with friends or the daily: a deal link would give its seed, so every card, away. (Else the drawing of a
    // game saved by an older version, while the page starts: Share works once the game is open.)
    if (S.source && S.source.local) toast(t("friends.no_share"));
    else if (S.st.daily) toast(t("daily.no_share"));
    return;
  }
  const v = S.st.view;
  const what = S.st.share; // the deal the link opens, and the totals before it
  if (!what.fits) {
    openDialog(t("share.title"), h("p", { class: "message", "data-ui": "message", text: t("share.too_long") }));
    return;
  }
  const url = `${location.origin}${location.pathname}?${what.link}`;
  const line = t("share.result", {
    players: v.players,
    deal: what.deal,
    scores: what.totals.map((x, seat) => `${seatName(seat)} ${x}`).join(" · "),
  });
  const input = h("input", { type: "text", readonly: true, value: url, "data-ui": "share-link", class: "share-link",
    "aria-label": t("share.title") });
  const copy = copier(input, `${line}\n${url}`);
  openDialog(t("share.title"), h("p", { text: t("share.text_deal", { deal: what.deal }) }),
    h("p", { class: "share-line", "data-ui": "share-line", text: line }), input,
    h("button", { type: "button", class: "primary", "data-ui": "copy", onclick: copy, text: t("share.copy") }));
  input.select();
}
