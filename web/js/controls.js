// The person's controls: the action panel (bids, gifts, the contract, declaring
// a marriage) and the hand. Buttons exist only for legal moves from the view.

import { cardBack, cardFace, SUIT_SYMBOLS } from "./cards.js";
import { $, h, redraw } from "./dom.js";
import { canHint, hintButton } from "./hint.js";
import { t } from "./i18n.js";
import { showRuleLink } from "./rules.js";
import { legal, legalIds, myTurn, S } from "./state.js";
import { handlers, renderStatus, setStatus } from "./table.js";
import { cardText, cardWords, rankLabels, seatName, suitArgs } from "./words.js";

function actionButton(a, text, extra = {}) {
  // The second click of a double click would make the move of the button drawn there next: with fast bots
  // the person's turn is back within it (Bid 110 twice bid 130 too).
  const onclick = (e) => e.detail > 1 || handlers.act(a.id);
  return h("button", { type: "button", class: `act act-${a.kind}`, "data-action": a.id, onclick, text, ...extra });
}

function cancelButton() {
  return h("button", { type: "button", class: "act", "data-ui": "unselect", onclick: () => select(null),
    text: t("ui.cancel") });
}

export function renderPanel() {
  redraw($("panel"), drawPanel);
}

function drawPanel() {
  const v = S.st.view;
  const panel = $("panel");
  panel.replaceChildren();
  const mine = myTurn();
  if (v.phase === "blind" && mine) {
    // Blind bidding: the first hand decides before seeing its cards.
    const row = h("div", { class: "actions" });
    for (const a of legal()) {
      row.append(actionButton(a, a.kind === "look" ? t("blind.look") : t("blind.bid", { value: a.value }),
        { class: `act act-${a.kind}${a.kind === "look" ? " primary" : ""}` }));
    }
    panel.append(row);
  } else if (v.phase === "bidding") {
    const history = h("ol", { class: "bids", "aria-label": t("bid.history") });
    for (const b of v.bids) {
      const what = b.bid === null ? t("bid.pass") : b.forced ? t("bid.forced", { value: b.bid })
        : b.blind ? t("bid.blind", { value: b.bid }) : String(b.bid);
      history.append(h("li", { class: b.bid === null ? "passed" : "" },
        h("span", { class: "who", text: seatName(b.seat) }), ` ${what}`));
    }
    panel.append(history);
    if (mine) {
      const row = h("div", { class: "actions" });
      for (const a of legal()) {
        row.append(actionButton(a, a.kind === "pass" ? t("bid.pass_button") : t("bid.raise", { value: a.value }),
          { class: `act act-${a.kind}${a.kind === "bid" ? " primary" : ""}`,
            "aria-keyshortcuts": a.kind === "pass" ? "P" : "B" }));
      }
      panel.append(row);
    }
  } else if (v.phase === "giving" && v.declarer === S.st.human) {
    const given = h("ul", { class: "gifts" });
    for (const g of v.you_gave) {
      given.append(h("li", { text: t("give.done", { card: cardText(g.card), name: seatName(g.to) }) }));
    }
    panel.append(given);
    if (mine) {
      if (S.selected) {
        const row = h("div", { class: "actions" });
        for (const a of legal()) {
          if (a.kind === "give" && a.card === S.selected) {
            // Named in words: a screen reader reads "Q♠" as a letter and a symbol's name.
            const name = seatName(a.to);
            row.append(actionButton(a, t("give.to", { card: cardText(a.card), name }), { class: "act act-give primary",
              "aria-label": t("give.to_words", { card: cardWords(a.card), name }) }));
          }
        }
        row.append(cancelButton());
        panel.append(row);
      } else {
        panel.append(h("p", { class: "hint", text: t("give.hint") }));
      }
    }
  } else if (v.phase === "contract" && v.declarer === S.st.human && mine) {
    panel.append(contractChoice(v));
    const once = h("div", { class: "actions once" });
    const ids = legalIds();
    // What each costs in this game's rules, and why a write-off is not left (view.py; a table an older
    // version saved and drawn before Python answers has none: no buttons until then).
    const cost = v.once;
    for (const [kind, id] of cost ? [["fall", "f"], ["write_off", "w"]] : []) {
      const a = legal().find((x) => x.id === id);
      const why = kind === "write_off" && cost.write_off.why ? cost.write_off.why : "used";
      if (ids.has(id)) {
        once.append(actionButton(a, t(`contract.${kind}`),
          { title: t(`contract.${kind}_hint`, cost[kind]), "aria-keyshortcuts": id.toUpperCase() }));
      } else {
        once.append(h("button", { type: "button", class: "act", disabled: true, text: t(`contract.${kind}_${why}`) }));
      }
    }
    panel.append(once);
  } else if (v.phase === "play" && mine && S.selected) {
    // Leading a king or queen of a marriage: declare it or not.
    const row = h("div", { class: "actions" });
    for (const a of legal()) {
      if (a.card !== S.selected) continue;
      row.append(actionButton(a, playText(a), { class: `act act-${a.kind}${a.kind === "meld" ? " primary" : ""}`,
        "aria-label": playText(a, true) }));
    }
    row.append(cancelButton());
    panel.append(row);
  }
  if (canHint()) panel.append(h("div", { class: "actions hint-row" }, hintButton()));
}

/** A play button's text (a legal move or a hint: kind and card): the card as the table shows it ("Q♠"), or
 * `spoken`, in words, for its name and for the status line, which screen readers read out. */
export function playText(a, spoken = false) {
  const card = spoken ? cardWords(a.card) : cardText(a.card);
  const suit = a.card[1];
  if (a.kind === "meld" && a.card[0] === "A") return t("play.meld_aces", { card }); // the four aces (ace-marriage rule)
  if (a.kind === "meld") return t("play.meld", { card, suit: spoken ? t(`suit_of.${suit}`) : SUIT_SYMBOLS[suit] });
  return t(spoken ? "play.plain_words" : "play.plain", { card });
}

// The raise chosen on the contract stepper (a value of a legal contract move),
// for the deal it was chosen in: each deal's stepper starts at the smallest raise.
let raiseTo = null;
let raiseDeal = null;

/** Put the stepper on the raise to `value` (a hinted raise is shown, then marked). */
export function showRaise(value) {
  raiseTo = value;
  raiseDeal = S.st.view.deal;
}

/** Keep the contract, or raise it with a compact stepper: −/+ walk the legal raises. */
function contractChoice(v) {
  const row = h("div", { class: "actions contract" });
  const contracts = legal().filter((a) => a.kind === "contract");
  const keep = contracts.find((a) => a.value === v.bid);
  const raises = contracts.filter((a) => a.value !== v.bid);
  if (keep) {
    row.append(actionButton(keep, t("contract.keep", { value: keep.value }),
      { class: "act act-contract primary", "aria-keyshortcuts": "K" }));
  }
  if (raises.length) {
    if (raiseDeal !== v.deal || !raises.some((a) => a.value === raiseTo)) raiseTo = raises[0].value;
    raiseDeal = v.deal;
    const at = raises.findIndex((a) => a.value === raiseTo);
    const step = (d) => () => {
      raiseTo = raises[Math.min(raises.length - 1, Math.max(0, at + d))].value;
      renderPanel();
      $("panel").querySelector(`[data-ui="${d < 0 ? "raise-less" : "raise-more"}"]`)?.focus();
    };
    row.append(h("span", { class: "stepper", role: "group", "aria-label": t("contract.raise_group") },
      h("button", { type: "button", class: "act step", "data-ui": "raise-less", disabled: at === 0,
        "aria-label": t("contract.less"), onclick: step(-1), text: "−" }),
      actionButton(raises[at], t("contract.raise", { value: raises[at].value }), { class: "act act-contract raise" }),
      h("button", { type: "button", class: "act step", "data-ui": "raise-more", disabled: at === raises.length - 1,
        "aria-label": t("contract.more"), onclick: step(1), text: "+" })));
  }
  return row;
}

/** Suits in alternating colours (♠ ♥ ♣ ♦), each suit in the view's order. */
const SUIT_ORDER = "shcd";
function handOrder(cards) {
  return [...cards].sort((a, b) => SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]));
}

export function renderHand() {
  const v = S.st.view;
  const hand = $("hand");
  const hadFocus = hand.contains(document.activeElement);
  hand.replaceChildren();
  hand.setAttribute("aria-label", t("hand.label"));
  const byCard = new Map();
  for (const a of legal()) if (a.card) (byCard.get(a.card) || byCard.set(a.card, []).get(a.card)).push(a);
  const mine = myTurn();
  const cards = handOrder(v.hand);
  // The card an opponent gave you is marked until the first trick is complete.
  const given = new Set(
    ["giving", "contract"].includes(v.phase) || (v.phase === "play" && !v.last_trick) ? v.given_to_you : []);
  // Cards that came from the talon are marked while the declarer sorts their hand.
  const fromTalon = new Set(["giving", "contract"].includes(v.phase)
    ? v.talons.filter((x) => x.taken_by === S.st.human && x.cards).flatMap((x) => x.cards) : []);
  hand.style.setProperty("--n", String(Math.max(v.hand_hidden ? v.hand_sizes[S.st.human] : cards.length, 2)));
  if (S.focus >= cards.length) S.focus = Math.max(0, cards.length - 1);
  cards.forEach((card, i) => {
    const acts = byCard.get(card) || [];
    const reason = v.unplayable[card];
    const attrs = {
      type: "button",
      class: "card hand-card",
      "data-card": card,
      tabindex: i === S.focus ? "0" : "-1",
      "aria-label": cardWords(card),
      onfocus: () => { S.focus = i; showReason(card); },
      onmouseenter: () => showReason(card),
      onmouseleave: () => showReason(null),
    };
    if (card === S.selected) attrs.class += " selected";
    if (fromTalon.has(card)) attrs.class += " from-talon";
    if (given.has(card)) {
      attrs.class += " given";
      attrs["aria-label"] = `${cardWords(card)}: ${t("hand.given")}`;
    }
    if (mine && v.phase === "play") {
      const plain = acts.find((a) => a.kind === "play");
      const meld = acts.find((a) => a.kind === "meld");
      if (meld) {
        attrs.onclick = () => select(card);
        attrs.class += " playable meldable";
      } else if (plain) {
        attrs["data-action"] = plain.id;
        // The second click of a double click would play the next card drawn under the pointer.
        attrs.onclick = (e) => e.detail > 1 || handlers.act(plain.id);
        attrs.class += " playable";
      } else {
        attrs["aria-disabled"] = "true";
        attrs.class += " dimmed";
        if (reason) attrs.title = t(reason.key, suitArgs(reason.args));
      }
    } else if (mine && v.phase === "giving" && acts.length) {
      attrs.onclick = () => select(card === S.selected ? null : card);
      attrs.class += " playable";
      attrs.draggable = "true";
      attrs.ondragstart = (e) => { S.dragCard = card; e.dataTransfer.setData("text/plain", card); };
      attrs.ondragend = () => { S.dragCard = null; };
    } else {
      attrs["aria-disabled"] = "true";
    }
    hand.append(h("button", attrs, cardFace(card, rankLabels())));
  });
  if (v.hand_hidden) {
    // Blind bidding: the first hand's cards stay face down until it looks.
    for (let i = 0; i < v.hand_sizes[S.st.human]; i++) {
      hand.append(h("span", { class: "card back hidden-card", "data-ui": "hidden-card" }, cardBack()));
    }
  }
  showRuleLink(mine ? Object.values(v.unplayable)[0] : null);
  if (!cards.length && v.sitter === S.st.human) hand.append(h("p", { class: "hint", text: t("status.sitting") }));
  if (hadFocus) hand.querySelectorAll(".hand-card")[S.focus]?.focus();
}

function showReason(card) {
  const reason = card && S.st.view.unplayable[card];
  if (reason) setStatus(t(reason.key, suitArgs(reason.args)));
  else renderStatus();
}

export function select(card) {
  const was = S.selected;
  const fromPanel = $("panel").contains(document.activeElement); // Cancel, pressed from the keyboard
  S.selected = card;
  renderPanel();
  renderHand();
  // From the keyboard, focus moves to the choice: "with marriage" first when leading one.
  const first = $("panel").querySelector(".act-meld[data-action]") || $("panel").querySelector("[data-action]");
  if (card && first && document.activeElement?.classList.contains("hand-card")) first.focus();
  // Cancel goes with the choice: focus goes back to the card that was chosen.
  if (!card && was && fromPanel) $("hand").querySelector(`[data-card="${CSS.escape(was)}"]`)?.focus();
}

/** Keyboard focus for the table's next question: the card to play, else the hand, else the panel's first button. */
export function focusTable() {
  const hand = $("hand");
  const node = hand.querySelector(".playable") || hand.querySelectorAll(".hand-card")[S.focus]
    || hand.querySelector(".hand-card") || $("panel").querySelector("button:not([disabled])");
  node?.focus();
}
