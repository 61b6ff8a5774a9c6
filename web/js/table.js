// The table: draws the state (info bar, seats, talons and trick, status line,
// the deal summary) and reports what the person did through the handlers that
// app.js binds. No game rule lives here: legal moves, reasons, prompts and
// scores all come from the view. Every element that makes a move carries
// data-action="<notation>" and exists (enabled) only while that move is legal.

import { cardBack, cardFace, suitIcon } from "./cards.js";
import { renderHand, renderPanel } from "./controls.js";
import { $, h, redraw } from "./dom.js";
import { hintText, markHint } from "./hint.js";
import { t } from "./i18n.js";
import { settings } from "./settings.js";
import { rulesChip } from "./rulesmenu.js";
import { legal, legalIds, myTurn, S } from "./state.js";
import { cardWords, noteText, rankLabels, rowText, seatName, signed } from "./words.js";

// Seat positions around the table, clockwise from the person at the bottom.
const POSITIONS = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] };

/** What the table's buttons do: set once by app.js. */
export const handlers = { act: () => {}, continueDeal: () => {}, playAgain: () => {} };

export function bindTable(fns) {
  Object.assign(handlers, fns);
}

export function position(seat) {
  const n = S.st.view.players;
  return POSITIONS[n][(seat - S.st.human + n) % n];
}

/** A card's picture, named in words for screen readers (a card on the table had no name at all). */
export function cardNode(card, extra = {}) {
  return h("span", { class: "card", "data-card": card, role: "img", "aria-label": cardWords(card), ...extra },
    cardFace(card, rankLabels()));
}

export function render() {
  if (!S.st) return;
  renderInfo();
  renderSeats();
  renderCenter();
  renderStatus();
  renderPanel();
  renderHand();
  markHint();
  markTurn();
}

/** Test and bench hooks: whose turn it is and the legal moves, as plain attributes. */
export function markTurn() {
  const v = S.st.view;
  const body = document.body;
  body.dataset.phase = v.phase;
  body.dataset.players = String(v.players);
  body.dataset.deal = String(v.deal);
  const mine = myTurn();
  const forced = mine && settings.autoForced && v.legal.length === 1;
  body.dataset.turn = v.phase === "over" ? "over" : S.summary ? "summary" : forced ? "auto" : mine ? "you" : "wait";
  body.dataset.legal = mine ? v.legal.map((a) => a.id).join(" ") : "";
}

function renderInfo() {
  const v = S.st.view;
  const bar = $("infobar");
  bar.replaceChildren();
  bar.append(h("span", { class: "chip", "data-ui": "deal", text: t("info.deal", { n: v.deal }) }));
  const trump = h("span", { class: "chip trump", "data-trump": v.trump || "" }, t("info.trump"), " ");
  trump.append(v.trump ? suitIcon(v.trump, t(`suit.${v.trump}`)) : h("span", { class: "muted", text: t("info.none") }));
  bar.append(trump);
  if (v.declarer !== null) {
    const value = v.contract ?? v.bid;
    bar.append(h("span", { class: "chip", text: t("info.contract", { name: seatName(v.declarer), value }) }));
  } else if (v.phase === "bidding") {
    bar.append(h("span", { class: "chip", text: t("info.bid", { value: v.bid, name: seatName(v.high_bidder) }) }));
  }
  for (const m of v.melds) {
    // A suit's marriage shows its suit; the four aces (ace-marriage rule) have none.
    const chip = h("span", { class: "chip meld" }, m.aces ? t("meld.aces") : suitIcon(m.suit, t(`suit.${m.suit}`)));
    chip.append(` ${seatName(m.seat)} ${m.points}`);
    bar.append(chip);
  }
  if (v.blind) bar.append(h("span", { class: "chip blind", "data-ui": "blind-chip", text: t("info.blind") }));
  if (v.golden) bar.append(h("span", { class: "chip golden", "data-ui": "golden-chip", text: t("info.golden") }));
  bar.append(rulesChip(v) || "");
  bar.append(h("span", { class: "chip rules", text: t("info.level", { level: t(`level.${S.st.level}`) }) }));
}

export function renderSeats() {
  const v = S.st.view;
  const box = $("seats");
  box.replaceChildren();
  for (let seat = 0; seat < v.players; seat++) {
    const pos = position(seat);
    const badges = [];
    if (seat === v.dealer) badges.push(h("span", { class: "badge", text: t("badge.dealer") }));
    if (seat === v.sitter) badges.push(h("span", { class: "badge sitter", text: t("badge.sitter") }));
    if (v.sheet.barrel[seat]) badges.push(h("span", { class: "badge barrel", text: t("badge.barrel") }));
    if (seat === v.declarer) badges.push(h("span", { class: "badge declarer", text: t("badge.declarer") }));
    const thinking = S.thinking === seat;
    const last = [...v.bids].reverse().find((b) => b.seat === seat);
    const bubble = v.phase === "bidding" && last
      ? h("span", { class: "bubble", text: last.bid === null ? t("bid.pass") : String(last.bid) })
      : null;
    const backs = h("div", { class: "backs" });
    if (seat !== S.st.human) {
      const count = v.hand_sizes[seat];
      for (let i = 0; i < count; i++) backs.append(h("span", { class: "mini-back" }, cardBack()));
    }
    const node = h(
      "section",
      {
        class: `seat seat-${pos}${thinking ? " thinking" : ""}${seat === v.to_move ? " to-move" : ""}`,
        "data-seat": seat,
        "aria-label": seatName(seat),
      },
      h("div", { class: "seat-head" },
        h("span", { class: "seat-name", text: seatName(seat) }),
        h("span", { class: "seat-score", text: String(v.sheet.totals[seat]) })),
      h("div", { class: "seat-badges" }, badges,
        thinking ? h("span", { class: "badge thinking-badge", text: t("badge.thinking") }) : null,
        v.phase === "play" && v.active.includes(seat)
          ? h("span", { class: "badge tricks", text: t("badge.tricks", { n: v.tricks_won[seat] }) }) : null),
      bubble,
      S.callout && S.callout.seat === seat
        ? h("span", { class: "callout", "data-ui": "callout", role: "status", text: S.callout.text }) : null,
      seat === S.st.human ? null : backs,
    );
    if (seat !== S.st.human) makeGiveTarget(node, seat);
    box.append(node);
  }
}

/** While giving, an opponent's seat takes a card by drop, or by click once a card is chosen. */
function makeGiveTarget(node, seat) {
  if (S.st.view.phase !== "giving" || !legal().some((a) => a.kind === "give" && a.to === seat)) return;
  node.classList.add("give-target");
  const id = (card) => `g${card}${seat}`;
  node.addEventListener("dragover", (e) => {
    if (S.dragCard && legalIds().has(id(S.dragCard))) e.preventDefault();
  });
  node.addEventListener("drop", (e) => {
    e.preventDefault();
    if (S.dragCard) handlers.act(id(S.dragCard));
  });
  node.addEventListener("click", () => {
    if (S.selected) handlers.act(id(S.selected));
  });
}

export function renderCenter() {
  redraw($("center"), drawCenter);
}

function drawCenter() {
  const v = S.st.view;
  const center = $("center");
  center.replaceChildren();
  // The talon(s): closed during bidding, revealed after it (as the view says).
  if (["blind", "bidding", "talon", "giving", "contract"].includes(v.phase)) {
    const ids = legalIds();
    const row = h("div", { class: "talons" });
    v.talons.forEach((talon, i) => {
      const action = `t${i + 1}`;
      const cards = h("div", { class: "talon-cards" });
      if (talon.cards) for (const c of talon.cards) cards.append(cardNode(c, { class: "card small" }));
      else for (let k = 0; k < talon.size; k++) cards.append(h("span", { class: "card small back" }, cardBack()));
      const caption = talon.taken_by !== null
        ? t("talon.taken", { name: seatName(talon.taken_by) })
        : t(v.talons.length > 1 ? "talon.numbered" : "talon.label", { n: i + 1 });
      if (ids.has(action)) {
        row.append(h("button", { type: "button", class: "talon pick", "data-action": action, "aria-keyshortcuts": "T",
          onclick: () => handlers.act(action) },
          cards, h("span", { class: "caption", text: t("talon.take", { n: i + 1 }) })));
      } else if (talon.size > 0 || talon.cards) {
        row.append(h("div", { class: "talon" }, cards, h("span", { class: "caption", text: caption })));
      }
    });
    center.append(row);
  }
  // The trick on the table (or a completed one being shown before collection).
  const trick = S.shownTrick ? S.shownTrick.cards : v.trick;
  if (!trick.length) S.onTable.clear();
  if (trick.length) {
    const spot = h("div", {
      class: `trick${S.shownTrick && S.shownTrick.collecting ? ` collect-${position(S.shownTrick.winner)}` : ""}`,
    });
    // A completed trick marks the card that took it; a trick in play marks nothing
    // (the latest card is not the winning one, and telling that is the engine's job).
    const winner = S.shownTrick ? S.shownTrick.winner : null;
    trick.forEach(({ seat, card }) => {
      // Only a card new on the table slides in; the others stay put on re-render.
      const fresh = !S.onTable.has(card);
      S.onTable.add(card);
      const took = seat === winner;
      spot.append(cardNode(card, {
        class: `card trick-card from-${position(seat)}${fresh ? " fresh" : ""}${took ? " winner" : ""}`,
        title: took ? t("trick.took", { name: seatName(seat) }) : seatName(seat),
        "aria-label": `${seatName(seat)}: ${cardWords(card)}`,
        "data-winner": took ? "1" : null,
      }));
    });
    if (winner !== null && !S.shownTrick.collecting) {
      spot.append(h("span", { class: "trick-note", "data-ui": "trick-winner",
        text: t("trick.took", { name: seatName(winner) }) }));
    }
    center.append(spot);
  }
  if (S.summary) center.append(summaryNode());
  if (v.phase === "over") center.append(gameOverNode());
}

/** One seat's entry in a sheet row: points, dash, penalty, total, barrel mark. */
export function entryNode(entry) {
  const parts = [];
  if (entry.mark) {
    parts.push(h("span", { class: "mark", title: t("sheet.write_off"), text: t("sheet.mark_write_off") }));
  }
  if (entry.points !== null) parts.push(h("span", { class: "pts", text: signed(entry.points) }));
  if (entry.dash) parts.push(h("span", { class: "dash", title: t("sheet.dash"), text: "—" }));
  if (entry.penalty) {
    parts.push(h("span", { class: "penalty", title: t("sheet.penalty"), text: String(entry.penalty) }));
  }
  parts.push(h("span", { class: "total", text: String(entry.total) }));
  if (entry.barrel) {
    parts.push(h("span", { class: "barrel-mark", title: t("sheet.barrel"), text: t("sheet.barrel_mark") }));
  }
  return parts;
}

/** Made or failed, and the declarer's points, under a played deal's row. */
function verdict(ld) {
  if (!ld || ld.kind !== "played" || ld.declarer === null) return [];
  return [
    h("p", { class: `summary-verdict ${ld.made ? "made" : "failed"}`,
      text: t(ld.made ? "summary.made" : "summary.failed") }),
    h("p", { class: "summary-line", text: t("summary.points", {
      name: seatName(ld.declarer), tricks: t("count.points", { n: ld.trick_points[ld.declarer] }),
      melds: ld.meld_points[ld.declarer],
    }) }),
  ];
}

function summaryNode() {
  const v = S.st.view;
  const box = h("div", { class: "summary", role: "dialog", "aria-label": t("summary.title") });
  const redeals = S.summary.rows.every((row) => row.kind === "redeal");
  box.append(h("h2", { text: t(redeals ? "summary.redeal_title" : "summary.title") }));
  // The deal played (its verdict goes under its row), then any redeals of the next deal.
  let played = -1;
  S.summary.rows.forEach((row, i) => { if (row.kind !== "redeal") played = i; });
  S.summary.rows.forEach((row, i) => {
    box.append(h("p", { class: "summary-line", "data-kind": row.kind, text: rowText(row) }));
    const list = h("ul", { class: "summary-entries" });
    row.entries.forEach((e, seat) => list.append(h("li", {},
      h("span", { class: "who", text: seatName(seat) }), ...entryNode(e))));
    box.append(list);
    for (const note of row.notes || []) box.append(h("p", { class: "note", "data-ui": "note", text: noteText(note) }));
    if (i === played) box.append(...verdict(S.summary.lastDeal));
  });
  if (v.phase !== "over") {
    box.append(h("button", { type: "button", class: "primary", "data-ui": "continue",
      onclick: () => handlers.continueDeal(), text: t("summary.continue") }));
  }
  return box;
}

function gameOverNode() {
  const v = S.st.view;
  return h("div", { class: "summary over", "data-ui": "game-over" },
    h("h2", { text: v.winner === S.st.human ? t("over.you_win") : t("over.winner", { name: seatName(v.winner) }) }),
    h("p", { text: t("over.totals", { totals: v.sheet.totals.map((x, s) => `${seatName(s)} ${x}`).join(" · ") }) }),
    h("button", { type: "button", class: "primary", "data-ui": "play-again", onclick: () => handlers.playAgain(),
      text: t("over.again") }));
}

/** Is the awaited move one the source is about to ask for (a bot's, a friend's)? The status then says at
 * once that they are thinking: "X to move" just before it made a screen reader read two texts for one move. */
function asking() {
  return !S.stale && Boolean(S.source && S.source.othersToMove(S.st));
}

export function renderStatus() {
  const v = S.st.view;
  const p = v.prompt;
  let text;
  if (S.setup) text = t("embed.setup", { move: Math.min(S.setup.move + 1, S.setup.of), of: S.setup.of });
  else if (p.key === "over") text = t("status.over", { name: seatName(p.args.winner) });
  else if (S.thinking !== null) text = t("status.thinking", { name: seatName(S.thinking) });
  else if (S.summary) text = t("status.summary");
  else if (hintText()) text = hintText();
  else if (p.key === "wait") text = t(asking() ? "status.thinking" : "status.wait", { name: seatName(p.args.seat) });
  else if (v.sitter === S.st.human && v.phase !== "over") text = t("status.sitting");
  else if (p.key === "give" && p.args.seats.length === 1) {
    text = t("prompt.give_one", { name: seatName(p.args.seats[0]) });
  } else if (p.key === "bid" && p.args.next == null) text = t("prompt.bid_top", p.args); // no raise left: only the pass
  else text = t(`prompt.${p.key}`, p.args);
  setStatus(text);
}

/** The status line, a live region: a text it already says is not written again (a screen reader would repeat it). */
export function setStatus(text) {
  const node = $("status");
  if (node.textContent !== text) node.textContent = text;
}
