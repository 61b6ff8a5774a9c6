// "Review": the last deal replayed move by move with every hand open, and what
// the double-dummy solver says each of the person's decisions was worth
// (thousand.review). Python values one decision per call, so the worker stays
// free for the table between calls and the dialog shows progress; closing the
// dialog stops the review.

import { openDialog, showMessage, stillOpen } from "./dialogs.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { cardText, describe, errorText, seatName, signed } from "./words.js";

/** Review the last deal of `which`: "game", "daily", or a daily result link's query. Closing its
 * dialog, or opening another one (a newer review), stops it: nothing reopens once the person has left. */
export async function showReview(py, which) {
  const bar = h("progress", { max: 1, value: 0, "data-ui": "review-progress" });
  const dialog = openDialog(t("review.title"), h("p", { class: "message", text: t("review.working") }), bar);
  let reply = await py.call("review_start", which);
  while (reply.ok && !reply.review) {
    if (!stillOpen(dialog)) return;
    bar.max = reply.total;
    bar.value = reply.done;
    reply = await py.call("review_next");
  }
  if (!stillOpen(dialog)) return;
  if (!reply.ok) {
    showMessage(errorText(reply.error));
    return;
  }
  showDeal(reply.review);
}

const giftText = (action) => t("review.gift", { card: cardText(action.slice(1, 3)), to: seatName(Number(action[3])) });

function moveText(step) {
  if (step.kind === "bid") return t("review.bid", { name: seatName(step.seat), value: step.action.slice(1) });
  if (step.kind === "pass") return t("review.pass", { name: seatName(step.seat) });
  if (step.kind === "give") {
    return t("review.give", { name: seatName(step.seat), card: cardText(step.action.slice(1, 3)),
      to: seatName(Number(step.action[3])) });
  }
  return describe(step);
}

/** The declarer's gifts as one decision (`gifts`: their notation, e.g. ["gAh1", "g9s2"]). */
function giftsText(seat, gifts) {
  return t("review.gifts", { name: seatName(seat), gifts: gifts.map(giftText).join(", ") });
}

/** A bid the review valued (a pass or bid where both were open), or a talon taken. */
const isChoice = (s) => ["bid", "pass", "talon"].includes(s.kind) && s.loss !== undefined;

/** A decision the review valued (or could not): a bid, a talon, the gifts, the contract, or a card. */
const isDecision = (r) => (s) => s.seat === r.seat &&
  (["play", "meld", "contract", "fall", "write_off"].includes(s.kind) || (s.kind === "give" && s.gifts) || isChoice(s));

function decisionText(step) {
  const gifts = step.kind === "give" && step.gifts;
  const move = gifts ? giftsText(step.seat, step.gifts) : moveText(step);
  if (step.loss === undefined) return t("review.unvalued", { move });
  const unsolved = step.unsolved ? ` ${t("review.unsolved", { n: step.unsolved })}` : "";
  if (step.loss === 0) return t("review.best", { move }) + unsolved;
  const kinds = { c: "contract", f: "fall", w: "write_off", m: "meld", b: "bid", p: "pass", t: "talon" };
  const best = gifts
    ? step.best_action.split(".").map(giftText).join(", ")
    : moveText({ ...step, action: step.best_action, kind: kinds[step.best_action[0]] || "play" });
  return t("review.loss", { move, loss: step.loss, best }) + unsolved;
}

function openTable(step) {
  const o = step.open;
  const rows = o.hands.map((cards, seat) => h("li", { "data-seat": seat },
    h("strong", { text: `${seatName(seat)}: ` }), cards.map(cardText).join(" ") || "—"));
  const trick = o.trick.map((c) => `${seatName(c.seat)} ${cardText(c.card)}`).join(" · ");
  return [
    h("ul", { class: "review-hands" }, rows),
    h("p", { text: t("review.trick", { cards: trick || "—" }) }),
  ];
}

function showDeal(r) {
  const decisions = r.steps.filter(isDecision(r));
  const summary = r.par === null
    ? t("review.no_par", { name: seatName(r.declarer), contract: r.contract })
    : t("review.summary", { name: seatName(r.declarer), contract: r.contract, result: r.result ?? "—", par: r.par });
  const lost = decisions.reduce((sum, s) => sum + (s.loss || 0), 0);
  let at = 0;
  const view = h("div", { class: "review-step", "data-ui": "review-step" });
  const show = () => {
    const step = r.steps[at];
    const valued = step.seat === r.seat && step.loss !== undefined;
    view.replaceChildren(
      h("p", { "data-ui": "review-move",
        text: t("review.move", { n: at + 1, total: r.steps.length, move: moveText(step) }) }),
      ...openTable(step),
      valued ? h("p", { class: "review-value", text: decisionText(step) }) : "",
    );
  };
  const go = (d) => () => {
    at = Math.max(0, Math.min(r.steps.length - 1, at + d));
    show();
  };
  show();
  openDialog(t("review.title"),
    h("p", { "data-ui": "review-summary", text: summary }),
    h("p", { text: t("review.total_loss", { loss: signed(-lost) }) }),
    decisions.some((s) => s.kind === "bid" || s.kind === "pass")
      ? h("p", { class: "note", text: t("review.bids_note") })
      : "",
    h("ol", { class: "review-decisions", "data-ui": "review-decisions" },
      decisions.map((s) => h("li", { "data-loss": s.loss ?? "", text: decisionText(s) }))),
    view,
    h("div", { class: "actions dialog-actions" },
      h("button", { type: "button", "data-ui": "review-prev", onclick: go(-1), text: t("review.prev") }),
      h("button", { type: "button", class: "primary", "data-ui": "review-next", onclick: go(1),
        text: t("review.next") })));
}
