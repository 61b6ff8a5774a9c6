// A hint: the hard bot's move for the person, asked for on the person's turn
// (button or "H"). Python decides it from the person's own information, as any
// bot decides, counts it for the game (the sheet shows "hints used") and plays
// nothing: the suggested button or card is marked until the next move.

import { playText, showRaise } from "./controls.js";
import { $, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { S } from "./state.js";
import { render, setStatus } from "./table.js";
import { cardWords, errorText, seatName } from "./words.js";

/** Can the person ask for a hint now? (The source must offer hints: a local game.) */
export function canHint() {
  const st = S.st;
  return Boolean(S.ready && S.source && S.source.hint && st && st.view.to_move === st.human &&
    !S.summary && !S.busy && !S.shownTrick && !st.tutorial && st.view.legal.length > 1);
}

/** The "Hint" button of the action panel. */
export function hintButton() {
  return h("button", { type: "button", class: "act hint-ask", "data-ui": "hint", "aria-keyshortcuts": "H",
    title: t("hint.title"), onclick: askHint, text: t("hint.ask") });
}

export async function askHint() {
  if (!canHint()) return;
  const gen = S.gen;
  S.busy = true;
  setStatus(t("hint.thinking"));
  let reply;
  try {
    reply = await S.source.hint();
  } finally {
    S.busy = false;
  }
  if (gen !== S.gen) return;
  if (!reply.ok) {
    toast(errorText(reply.error));
    render();
    return;
  }
  S.st = reply;
  S.source.keep(reply);
  S.hint = reply.hint;
  if (S.hint.kind === "meld" || S.hint.kind === "play") S.selected = null;
  if (S.hint.kind === "contract" && S.hint.raised) showRaise(S.hint.value);
  render();
}

/** The hinted move in the words of the button that makes it, the card in words: the status line is read out. */
function moveLabel(m) {
  switch (m.kind) {
    case "pass": return t("bid.pass_button");
    case "bid": return t("bid.raise", { value: m.value });
    case "talon": return t("talon.take", { n: m.value });
    case "give": return t("give.to_words", { card: cardWords(m.card), name: seatName(m.to) });
    case "contract": return t(m.raised ? "contract.raise" : "contract.keep", { value: m.value });
    case "fall": return t("contract.fall");
    case "write_off": return t("contract.write_off");
    default: return playText(m, true); // a card, led or followed, or with a marriage or the four aces
  }
}

/** The status line while a hint is shown, or null. */
export function hintText() {
  return S.hint ? t("hint.says", { move: moveLabel(S.hint) }) : null;
}

/** The person moved: the hint goes at once, before Python answers. */
export function dropHint() {
  S.hint = null;
  for (const node of document.querySelectorAll(".hinted")) node.classList.remove("hinted");
}

/** Mark the hinted button, or the card to pick first (a gift, a marriage). */
export function markHint() {
  const m = S.hint;
  if (!m) return;
  const exact = document.querySelectorAll(`[data-action="${CSS.escape(m.action)}"]`);
  for (const node of exact) node.classList.add("hinted");
  if (!exact.length && m.card) $("hand").querySelector(`[data-card="${CSS.escape(m.card)}"]`)?.classList.add("hinted");
}
