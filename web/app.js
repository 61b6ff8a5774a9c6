// The table: renders what Python's thousand.web returns and reports what the
// person did. No game rule lives here: legal moves, reasons, prompts and scores
// all come from the view. Every element that makes a move carries
// data-action="<notation>" and exists (enabled) only while that move is legal.

import { cardBack, cardFace, suitIcon, SUIT_SYMBOLS } from "./js/cards.js";
import { has, loadLocale, locale, LOCALES, pickLocale, safeGet, safeRemove, safeSet, t } from "./js/i18n.js";
import { Python } from "./js/python.js";

const SAVE_KEY = "thousand.save";
const SETTINGS_KEY = "thousand.settings";
const SPEEDS = {
  slow: { bot: 1300, trick: 1400, anim: 320 },
  normal: { bot: 750, trick: 900, anim: 200 },
  fast: { bot: 300, trick: 450, anim: 140 },
  instant: { bot: 0, trick: 0, anim: 0 },
};
// Seat positions around the table, clockwise from the human at the bottom.
const POSITIONS = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] };

const $ = (id) => document.getElementById(id);

const S = {
  py: null,
  st: null, // the last state from Python
  selected: null, // a card chosen in the hand (giving, or a marriage card to lead)
  focus: 0, // roving focus index in the hand
  busy: false,
  pumping: false,
  gen: 0, // bumped by every new game, so an old bot loop stops
  thinking: null,
  shownTrick: null, // a completed trick on show: {cards, winner, collecting}
  summary: null, // the rows of a deal that just ended, until the person continues
  onTable: new Set(), // cards of the trick already drawn (they do not slide in again)
  settings: loadSettings(),
};

function loadSettings() {
  const defaults = { speed: "normal", autoForced: false, players: "3", level: "medium", rules: "std" };
  try {
    const saved = JSON.parse(safeGet(SETTINGS_KEY) || "{}");
    const out = { ...defaults };
    if (saved && typeof saved === "object") {
      if (saved.speed in SPEEDS) out.speed = saved.speed;
      if (typeof saved.autoForced === "boolean") out.autoForced = saved.autoForced;
      if (["2", "3", "4"].includes(saved.players)) out.players = saved.players;
      if (["easy", "medium", "hard"].includes(saved.level)) out.level = saved.level;
      if (["std", "sb", "mt", "sb-mt"].includes(saved.rules)) out.rules = saved.rules;
    }
    return out;
  } catch {
    return defaults;
  }
}

function saveSettings() {
  safeSet(SETTINGS_KEY, JSON.stringify(S.settings));
  applySpeed();
}

function speed() {
  return SPEEDS[S.settings.speed];
}

function applySpeed() {
  document.documentElement.style.setProperty("--anim", `${speed().anim}ms`);
}

const delay = (ms) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

// ------------------------------------------------------------------ helpers

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k.startsWith("data-")) node.setAttribute(k, v === true ? "" : String(v));
    else if (k in node && typeof v !== "string") node[k] = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

function rankLabels() {
  const out = {};
  for (const r of "9JQKTA") out[r] = t(`rank.${r}`);
  return out;
}

function cardText(card) {
  return t(`rank.${card[0]}`) + SUIT_SYMBOLS[card[1]];
}

function seatName(seat) {
  return seat === S.st.human ? t("seat.you") : t(`seat.bot${seat}`);
}

function position(seat) {
  const n = S.st.view.players;
  return POSITIONS[n][(seat - S.st.human + n) % n];
}

function legal() {
  return S.st ? S.st.view.legal : [];
}

function legalIds() {
  return new Set(legal().map((a) => a.id));
}

function toast(text) {
  const node = $("toast");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (node.hidden = true), 3500);
}

function errorText(error) {
  const args = { ...(error.args || {}) };
  const key = `error.${error.key}`;
  const text = t(key, args);
  return text === key ? error.text : text;
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

// ------------------------------------------------------------------- render

function render() {
  if (!S.st) return;
  renderInfo();
  renderSeats();
  renderCenter();
  renderStatus();
  renderPanel();
  renderHand();
  markTurn();
}

/** Test and bench hooks: whose turn it is and the legal moves, as plain attributes. */
function markTurn() {
  const v = S.st.view;
  const body = document.body;
  body.dataset.phase = v.phase;
  body.dataset.players = String(v.players);
  body.dataset.deal = String(v.sheet.rows.length + 1);
  const mine = v.to_move === S.st.human && !S.busy && !S.shownTrick;
  const forced = mine && S.settings.autoForced && v.legal.length === 1;
  body.dataset.turn = v.phase === "over" ? "over" : S.summary ? "summary" : forced ? "auto" : mine ? "you" : "wait";
  body.dataset.legal = mine && !S.summary ? v.legal.map((a) => a.id).join(" ") : "";
}

function renderInfo() {
  const v = S.st.view;
  const bar = $("infobar");
  bar.replaceChildren();
  bar.append(h("span", { class: "chip", text: t("info.deal", { n: v.sheet.rows.length + 1 }) }));
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
    const chip = h("span", { class: "chip meld" }, suitIcon(m.suit, t(`suit.${m.suit}`)));
    chip.append(` ${seatName(m.seat)} ${m.points}`);
    bar.append(chip);
  }
  bar.append(h("span", { class: "chip rules", text: `${t(`rules.${v.rules}`)} · ${t("info.level", { level: t(`level.${S.st.level}`) })}` }));
}

function renderSeats() {
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
    if (S.dragCard) act(id(S.dragCard));
  });
  node.addEventListener("click", () => {
    if (S.selected) act(id(S.selected));
  });
}

function cardNode(card, extra = {}) {
  return h("span", { class: "card", "data-card": card, ...extra }, cardFace(card, rankLabels()));
}

function renderCenter() {
  const v = S.st.view;
  const center = $("center");
  center.replaceChildren();
  // The talon(s): closed during bidding, revealed after it (as the view says).
  if (["bidding", "talon", "giving", "contract"].includes(v.phase)) {
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
        row.append(h("button", { type: "button", class: "talon pick", "data-action": action, onclick: () => act(action) },
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
    const spot = h("div", { class: `trick${S.shownTrick && S.shownTrick.collecting ? ` collect-${position(S.shownTrick.winner)}` : ""}` });
    trick.forEach(({ seat, card }, i) => {
      // Only a card new on the table slides in; the others stay put on re-render.
      const fresh = !S.onTable.has(card);
      S.onTable.add(card);
      const latest = i === trick.length - 1 ? " latest" : "";
      spot.append(cardNode(card, { class: `card trick-card from-${position(seat)}${fresh ? " fresh" : ""}${latest}`, title: seatName(seat) }));
    });
    center.append(spot);
  }
  if (S.summary) center.append(summaryNode());
  if (v.phase === "over") center.append(gameOverNode());
}

function rowText(row) {
  if (row.kind === "redeal") return t("row.redeal");
  const name = seatName(row.declarer);
  return t(`row.${row.kind}`, { name, value: row.contract });
}

function entryNode(entry) {
  const parts = [];
  if (entry.mark) parts.push(h("span", { class: "mark", text: entry.mark }));
  if (entry.points !== null) parts.push(h("span", { class: "pts", text: signed(entry.points) }));
  if (entry.dash) parts.push(h("span", { class: "dash", title: t("sheet.dash"), text: "—" }));
  if (entry.penalty) parts.push(h("span", { class: "penalty", title: t("sheet.penalty"), text: String(entry.penalty) }));
  parts.push(h("span", { class: "total", text: String(entry.total) }));
  if (entry.barrel) parts.push(h("span", { class: "barrel-mark", title: t("sheet.barrel"), text: t("sheet.barrel_mark") }));
  return parts;
}

function summaryNode() {
  const v = S.st.view;
  const box = h("div", { class: "summary", role: "dialog", "aria-label": t("summary.title") });
  box.append(h("h2", { text: t("summary.title") }));
  for (const row of S.summary.rows) {
    box.append(h("p", { class: "summary-line", text: rowText(row) }));
    const list = h("ul", { class: "summary-entries" });
    row.entries.forEach((e, seat) => list.append(h("li", {}, h("span", { class: "who", text: seatName(seat) }), ...entryNode(e))));
    box.append(list);
  }
  const ld = S.summary.lastDeal;
  if (ld && ld.kind === "played" && ld.declarer !== null) {
    box.append(h("p", { class: `summary-verdict ${ld.made ? "made" : "failed"}`, text: t(ld.made ? "summary.made" : "summary.failed") }));
    box.append(h("p", { class: "summary-line", text: t("summary.points", {
      name: seatName(ld.declarer), tricks: ld.trick_points[ld.declarer], melds: ld.meld_points[ld.declarer],
    }) }));
  }
  if (v.phase !== "over") {
    box.append(h("button", { type: "button", class: "primary", "data-ui": "continue", onclick: continueDeal, text: t("summary.continue") }));
  }
  return box;
}

function gameOverNode() {
  const v = S.st.view;
  return h("div", { class: "summary over", "data-ui": "game-over" },
    h("h2", { text: v.winner === S.st.human ? t("over.you_win") : t("over.winner", { name: seatName(v.winner) }) }),
    h("p", { text: t("over.totals", { totals: v.sheet.totals.map((x, s) => `${seatName(s)} ${x}`).join(" · ") }) }),
    h("button", { type: "button", class: "primary", "data-ui": "play-again", onclick: () => newGame(), text: t("over.again") }));
}

function renderStatus() {
  const v = S.st.view;
  const p = v.prompt;
  let text;
  if (p.key === "over") text = t("status.over", { name: seatName(p.args.winner) });
  else if (S.thinking !== null) text = t("status.thinking", { name: seatName(S.thinking) });
  else if (S.summary) text = t("status.summary");
  else if (p.key === "wait") text = t("status.wait", { name: seatName(p.args.seat) });
  else if (v.sitter === S.st.human && v.phase !== "over") text = t("status.sitting");
  else text = t(`prompt.${p.key}`, p.args);
  $("status").textContent = text;
}

function actionButton(a, text, extra = {}) {
  return h("button", { type: "button", class: `act act-${a.kind}`, "data-action": a.id, onclick: () => act(a.id), text, ...extra });
}

function renderPanel() {
  const v = S.st.view;
  const panel = $("panel");
  panel.replaceChildren();
  const mine = v.to_move === S.st.human && !S.summary && !S.busy;
  if (v.phase === "bidding") {
    const history = h("ol", { class: "bids", "aria-label": t("bid.history") });
    for (const b of v.bids) {
      const what = b.bid === null ? t("bid.pass") : b.forced ? t("bid.forced", { value: b.bid }) : String(b.bid);
      history.append(h("li", { class: b.bid === null ? "passed" : "" }, h("span", { class: "who", text: seatName(b.seat) }), ` ${what}`));
    }
    panel.append(history);
    if (mine) {
      const row = h("div", { class: "actions" });
      for (const a of legal()) {
        row.append(actionButton(a, a.kind === "pass" ? t("bid.pass_button") : t("bid.raise", { value: a.value }),
          { class: `act act-${a.kind}${a.kind === "bid" ? " primary" : ""}`, "aria-keyshortcuts": a.kind === "pass" ? "P" : "B" }));
      }
      panel.append(row);
    }
  } else if (v.phase === "giving" && v.declarer === S.st.human) {
    const given = h("ul", { class: "gifts" });
    for (const g of v.you_gave) given.append(h("li", { text: t("give.done", { card: cardText(g.card), name: seatName(g.to) }) }));
    panel.append(given);
    if (mine) {
      if (S.selected) {
        const row = h("div", { class: "actions" });
        for (const a of legal()) {
          if (a.kind === "give" && a.card === S.selected) {
            row.append(actionButton(a, t("give.to", { card: cardText(a.card), name: seatName(a.to) }), { class: "act act-give primary" }));
          }
        }
        row.append(h("button", { type: "button", class: "act", "data-ui": "unselect", onclick: () => select(null), text: t("ui.cancel") }));
        panel.append(row);
      } else {
        panel.append(h("p", { class: "hint", text: t("give.hint") }));
      }
    }
  } else if (v.phase === "contract" && v.declarer === S.st.human && mine) {
    const row = h("div", { class: "actions" });
    for (const a of legal()) {
      if (a.kind !== "contract") continue;
      const keep = a.value === v.bid;
      row.append(actionButton(a, keep ? t("contract.keep", { value: a.value }) : t("contract.raise", { value: a.value }),
        { class: `act act-contract${keep ? " primary" : ""}`, "aria-keyshortcuts": keep ? "K" : null }));
    }
    panel.append(row);
    const once = h("div", { class: "actions once" });
    const ids = legalIds();
    for (const [kind, id] of [["fall", "f"], ["write_off", "w"]]) {
      const a = legal().find((x) => x.id === id);
      if (ids.has(id)) once.append(actionButton(a, t(`contract.${kind}`), { title: t(`contract.${kind}_hint`) }));
      else once.append(h("button", { type: "button", class: "act", disabled: true, text: t(`contract.${kind}_used`) }));
    }
    panel.append(once);
  } else if (v.phase === "play" && mine && S.selected) {
    // Leading a king or queen of a marriage: declare it or not.
    const row = h("div", { class: "actions" });
    for (const a of legal()) {
      if (a.card !== S.selected) continue;
      const text = a.kind === "meld"
        ? t("play.meld", { card: cardText(a.card), suit: SUIT_SYMBOLS[a.card[1]] })
        : t("play.plain", { card: cardText(a.card) });
      row.append(actionButton(a, text, { class: `act act-${a.kind}${a.kind === "meld" ? " primary" : ""}` }));
    }
    row.append(h("button", { type: "button", class: "act", "data-ui": "unselect", onclick: () => select(null), text: t("ui.cancel") }));
    panel.append(row);
  }
}

function renderHand() {
  const v = S.st.view;
  const hand = $("hand");
  const hadFocus = hand.contains(document.activeElement);
  hand.replaceChildren();
  hand.setAttribute("aria-label", t("hand.label"));
  const byCard = new Map();
  for (const a of legal()) if (a.card) (byCard.get(a.card) || byCard.set(a.card, []).get(a.card)).push(a);
  const mine = v.to_move === S.st.human && !S.summary && !S.busy;
  const cards = v.hand;
  // Cards that came from the talon are marked while the declarer sorts their hand.
  const fromTalon = new Set(["giving", "contract"].includes(v.phase)
    ? v.talons.filter((x) => x.taken_by === S.st.human && x.cards).flatMap((x) => x.cards) : []);
  hand.style.setProperty("--n", String(Math.max(cards.length, 2)));
  if (S.focus >= cards.length) S.focus = Math.max(0, cards.length - 1);
  cards.forEach((card, i) => {
    const acts = byCard.get(card) || [];
    const reason = v.unplayable[card];
    const attrs = {
      type: "button",
      class: "card hand-card",
      "data-card": card,
      tabindex: i === S.focus ? "0" : "-1",
      "aria-label": cardText(card),
      onfocus: () => { S.focus = i; showReason(card); },
      onmouseenter: () => showReason(card),
      onmouseleave: () => showReason(null),
    };
    if (card === S.selected) attrs.class += " selected";
    if (fromTalon.has(card)) attrs.class += " from-talon";
    if (mine && v.phase === "play") {
      const plain = acts.find((a) => a.kind === "play");
      const meld = acts.find((a) => a.kind === "meld");
      if (meld) {
        attrs.onclick = () => select(card);
        attrs.class += " playable meldable";
      } else if (plain) {
        attrs["data-action"] = plain.id;
        attrs.onclick = () => act(plain.id);
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
  if (!cards.length && v.sitter === S.st.human) hand.append(h("p", { class: "hint", text: t("status.sitting") }));
  if (hadFocus) hand.querySelectorAll(".hand-card")[S.focus]?.focus();
}

function suitArgs(args) {
  return { led: args.led ? SUIT_SYMBOLS[args.led] : "", trump: args.trump ? SUIT_SYMBOLS[args.trump] : "" };
}

function showReason(card) {
  const reason = card && S.st.view.unplayable[card];
  if (reason) $("status").textContent = t(reason.key, suitArgs(reason.args));
  else renderStatus();
}

function select(card) {
  S.selected = card;
  renderPanel();
  renderHand();
  const first = $("panel").querySelector("[data-action]");
  if (card && first && document.activeElement?.classList.contains("hand-card")) first.focus();
}

// ------------------------------------------------------------------ playing

/** Words for a move just made, for screen readers (the table shows it too). */
function describe(moved) {
  const name = seatName(moved.seat);
  const id = moved.action;
  if (moved.kind === "give" || !id) return t("say.give", { name });
  if (moved.kind === "play") return t("say.play", { name, card: cardText(id) });
  if (moved.kind === "meld") return t("say.meld", { name, card: cardText(id.slice(1)), suit: SUIT_SYMBOLS[id[2]] });
  if (moved.kind === "bid" || moved.kind === "contract" || moved.kind === "talon") {
    return t(`say.${moved.kind}`, { name, value: id.slice(1) });
  }
  return t(`say.${moved.kind}`, { name });
}

async function accept(next, moved) {
  const old = S.st;
  if (!next.ok) {
    toast(errorText(next.error));
    return;
  }
  if (moved && moved.kind) $("announce").textContent = describe(moved);
  S.st = next;
  S.selected = null;
  safeSet(SAVE_KEY, next.save);
  const ov = old && old.view;
  const v = next.view;
  const sameGame = ov && old.link === next.link;
  const ended = sameGame && v.sheet.rows.length > ov.sheet.rows.length;
  let finished = null; // the trick just completed, to show before it is collected
  if (sameGame && moved && ov.phase === "play" && ov.trick.length === ov.active.length - 1) {
    const card = moved.action.startsWith("m") ? moved.action.slice(1) : moved.action;
    const cards = [...ov.trick, { seat: moved.seat, card }];
    const winner = ended ? null : v.last_trick && v.last_trick.winner;
    finished = { cards, winner };
  }
  if (finished && speed().trick > 0) {
    S.shownTrick = { cards: finished.cards, winner: finished.winner ?? moved.seat, collecting: false };
    render();
    await delay(speed().trick);
    if (finished.winner !== null) {
      S.shownTrick.collecting = true;
      renderCenter();
      await delay(speed().anim);
    }
    S.shownTrick = null;
  }
  if (ended) {
    S.summary = { rows: v.sheet.rows.slice(ov.sheet.rows.length), lastDeal: v.last_deal };
  }
  render();
}

async function act(id) {
  if (S.busy || !S.st || S.summary || S.shownTrick) return;
  if (!legalIds().has(id)) return;
  S.busy = true;
  markTurn();
  const gen = S.gen;
  try {
    const next = await S.py.call("play", id);
    if (gen !== S.gen) return;
    S.busy = false;
    await accept(next, { seat: S.st.human, action: id });
  } finally {
    S.busy = false;
  }
  if (S.st) render();
  pump();
}

/** Let the bots move, one at a time and paced, until it is the person's turn. */
async function pump() {
  if (S.pumping) return;
  S.pumping = true;
  const gen = S.gen;
  try {
    while (S.st && gen === S.gen && !S.summary && S.st.bot_to_move) {
      S.thinking = S.st.view.to_move;
      renderSeats();
      renderStatus();
      const started = performance.now();
      const next = await S.py.call("bot_step");
      await delay(speed().bot - (performance.now() - started));
      if (gen !== S.gen) return;
      S.thinking = null;
      await accept(next, next.moved);
      if (!next.ok) break;
    }
    S.thinking = null;
    if (S.st && gen === S.gen) {
      render();
      const options = legal();
      if (S.settings.autoForced && !S.summary && options.length === 1) {
        await delay(Math.max(150, speed().bot / 2));
        if (gen === S.gen && legal().length === 1) {
          S.pumping = false;
          act(options[0].id);
          return;
        }
      }
    }
  } finally {
    if (gen === S.gen) S.pumping = false;
  }
}

function continueDeal() {
  S.summary = null;
  render();
  pump();
  $("hand").querySelector(".playable")?.focus();
}

async function start(reply, { clearQuery = false } = {}) {
  S.gen++;
  S.pumping = false;
  S.busy = false;
  S.thinking = null;
  S.summary = null;
  S.shownTrick = null;
  S.st = null;
  if (clearQuery && location.search) history.replaceState(null, "", location.pathname);
  if (!reply.ok) return false;
  await accept(reply, null);
  document.body.dataset.ready = "1";
  pump();
  return true;
}

async function newGame() {
  if (!S.ready) return; // the game being opened (link or save) starts once Python is up
  closeDialog();
  const { players, level, rules } = S.settings;
  await start(await S.py.call("fresh", players, level, rules), { clearQuery: true });
}

// ----------------------------------------------------------------- dialogs

function openDialog(title, ...content) {
  const dialog = $("dialog");
  const body = $("dialog-body");
  body.replaceChildren(
    h("div", { class: "dialog-head" },
      h("h2", { text: title }),
      h("button", { type: "button", class: "close", "data-ui": "close", "aria-label": t("ui.close"), onclick: closeDialog, text: "×" })),
    ...content,
  );
  if (!dialog.open) dialog.showModal();
}

function closeDialog() {
  const dialog = $("dialog");
  if (dialog.open) dialog.close();
}

function showMessage(text, withFresh) {
  openDialog(t("message.title"),
    h("p", { class: "message", "data-ui": "message", text }),
    withFresh ? h("button", { type: "button", class: "primary", "data-ui": "fresh", onclick: () => newGame(), text: t("message.fresh") }) : null);
}

function showSheet() {
  if (!S.st) return;
  const v = S.st.view;
  const n = v.players;
  const head = h("tr", {}, h("th", { text: t("sheet.deal") }));
  for (let s = 0; s < n; s++) head.append(h("th", { text: seatName(s) }));
  const body = h("tbody");
  v.sheet.rows.forEach((row, i) => {
    const tr = h("tr", { class: `row-${row.kind}` }, h("th", { scope: "row" },
      h("span", { class: "row-no", text: String(i + 1) }), " ", h("span", { class: "row-what", text: rowText(row) })));
    row.entries.forEach((e, s) => tr.append(h("td", { class: s === row.declarer ? "declarer" : "" }, ...entryNode(e))));
    body.append(tr);
  });
  const foot = h("tfoot");
  const totals = h("tr", {}, h("th", { text: t("sheet.totals") }));
  const dashes = h("tr", {}, h("th", { text: t("sheet.dashes") }));
  const once = h("tr", {}, h("th", { text: t("sheet.once") }));
  for (let s = 0; s < n; s++) {
    totals.append(h("td", { class: "total" }, String(v.sheet.totals[s]),
      v.sheet.barrel[s] ? h("span", { class: "barrel-mark", text: t("sheet.barrel_mark") }) : null));
    dashes.append(h("td", { text: String(v.sheet.dashes[s]) }));
    once.append(h("td", { class: "once" },
      h("span", { class: v.sheet.can_fall[s] ? "yes" : "no", text: t(v.sheet.can_fall[s] ? "sheet.fall_yes" : "sheet.fall_no") }),
      h("span", { class: v.sheet.can_write_off[s] ? "yes" : "no", text: t(v.sheet.can_write_off[s] ? "sheet.wo_yes" : "sheet.wo_no") })));
  }
  foot.append(totals, dashes, once);
  openDialog(t("sheet.title"),
    h("div", { class: "sheet-wrap" }, h("table", { class: "sheet", "data-ui": "sheet-table" }, h("thead", {}, head), body, foot)),
    h("p", { class: "hint", text: t("sheet.legend") }));
}

function showLastTrick() {
  if (!S.st) return;
  const last = S.st.view.last_trick;
  if (!last) {
    toast(t("last.none"));
    return;
  }
  const row = h("div", { class: "last-trick", "data-ui": "last-trick-cards" });
  for (const { seat, card } of last.cards) {
    row.append(h("figure", {}, cardNode(card), h("figcaption", { text: seatName(seat) })));
  }
  openDialog(t("last.title"), row, h("p", { text: t("last.winner", { name: seatName(last.winner) }) }));
}

function share() {
  if (!S.st) return;
  const v = S.st.view;
  const url = `${location.origin}${location.pathname}?${S.st.link}`;
  // A short, spoiler-free line about the game so far, then the link.
  const line = t("share.result", {
    players: v.players,
    deal: v.sheet.rows.length + 1,
    scores: v.sheet.totals.map((x, seat) => `${seatName(seat)} ${x}`).join(" · "),
  });
  const input = h("input", { type: "text", readonly: true, value: url, "data-ui": "share-link", class: "share-link", "aria-label": t("share.title") });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${line}\n${url}`);
      toast(t("share.copied"));
    } catch {
      input.select();
      toast(t("share.select"));
    }
  };
  openDialog(t("share.title"), h("p", { text: t("share.text") }), h("p", { class: "share-line", "data-ui": "share-line", text: line }), input,
    h("button", { type: "button", class: "primary", "data-ui": "copy", onclick: copy, text: t("share.copy") }));
  input.select();
}

function selectField(name, options, value, onchange) {
  const node = h("select", { name, "data-ui": `set-${name}`, onchange: (e) => onchange(e.target.value) });
  for (const [val, label] of options) node.append(h("option", { value: val, selected: val === value, text: label }));
  return h("label", { class: "field" }, h("span", { text: t(`settings.${name}`) }), node);
}

function showSettings() {
  const st = S.settings;
  const rules = new Set(st.rules === "std" ? [] : st.rules.split("-"));
  const setRule = (code, on) => {
    if (on) rules.add(code);
    else rules.delete(code);
    st.rules = ["sb", "mt"].filter((c) => rules.has(c)).join("-") || "std";
    saveSettings();
  };
  const check = (code) => h("label", { class: "field check" },
    h("input", { type: "checkbox", "data-ui": `set-rule-${code}`, checked: rules.has(code), onchange: (e) => setRule(code, e.target.checked) }),
    h("span", { text: t(`settings.rule_${code}`) }));
  openDialog(t("settings.title"),
    h("fieldset", {}, h("legend", { text: t("settings.new_game") }),
      selectField("players", [["2", "2"], ["3", "3"], ["4", "4"]], st.players, (x) => { st.players = x; saveSettings(); }),
      selectField("level", ["easy", "medium", "hard"].map((l) => [l, t(`level.${l}`)]), st.level, (x) => { st.level = x; saveSettings(); }),
      check("sb"), check("mt"),
      h("button", { type: "button", class: "primary", "data-ui": "start-new", onclick: () => newGame(), text: t("settings.start") })),
    h("fieldset", {}, h("legend", { text: t("settings.table") }),
      selectField("speed", Object.keys(SPEEDS).map((k) => [k, t(`speed.${k}`)]), st.speed, (x) => { st.speed = x; saveSettings(); }),
      h("label", { class: "field check" },
        h("input", { type: "checkbox", "data-ui": "set-auto", checked: st.autoForced, onchange: (e) => { st.autoForced = e.target.checked; saveSettings(); pump(); } }),
        h("span", { text: t("settings.auto") })),
      selectField("lang", LOCALES.map((l) => [l, t(`lang.${l}`)]), locale(), async (x) => {
        await loadLocale(x, true);
        render();
        showSettings();
      })),
    h("p", { class: "hint", text: t("settings.keys") }));
}

// ---------------------------------------------------------------- keyboard

function clickAction(selector) {
  const node = document.querySelector(selector);
  if (node && !node.disabled) node.click();
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if ($("dialog").open) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
  const hand = [...$("hand").querySelectorAll(".hand-card")];
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    if (!hand.length) return;
    const inHand = hand.indexOf(document.activeElement);
    const from = inHand >= 0 ? inHand : S.focus;
    const to = inHand < 0 ? from : (from + (event.key === "ArrowRight" ? 1 : -1) + hand.length) % hand.length;
    S.focus = to;
    hand.forEach((node, i) => node.setAttribute("tabindex", i === to ? "0" : "-1"));
    hand[to].focus();
    event.preventDefault();
    return;
  }
  const key = event.key.toLowerCase();
  if (key === "p") clickAction('[data-action="p"]');
  else if (key === "b") clickAction('#panel [data-action^="b"]');
  else if (key === "k") clickAction('#panel .act-contract.primary');
  else if (key === "l") showLastTrick();
  else if (key === "s") showSheet();
  else if (key === "n" || (key === "enter" && S.summary && !hand.includes(target))) clickAction('[data-ui="continue"]');
}

// ------------------------------------------------------------------- start

/** A new release waits in the background; offer to switch now (the game is saved). */
function offerUpdate(registration) {
  const offer = (worker) => {
    if (!worker || !navigator.serviceWorker.controller || $("update")) return;
    const bar = h("div", { class: "update", id: "update", role: "status" },
      h("span", { text: t("update.ready") }),
      h("button", { type: "button", class: "primary", "data-ui": "update", text: t("update.reload"), onclick: () => {
        navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
        worker.postMessage({ type: "skip-waiting" });
      } }));
    document.body.append(bar);
  };
  offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
}

function progress(stage, fraction) {
  if (has(`load.${stage}`)) $("loading-text").textContent = t(`load.${stage}`);
  showProgress(fraction);
}

let shownProgress = 0;
function showProgress(fraction) {
  shownProgress = Math.max(shownProgress, fraction);
  const percent = String(Math.round(shownProgress * 100));
  $("progress-bar").style.width = `${percent}%`;
  $("progress").setAttribute("aria-valuenow", percent);
}

async function boot() {
  applySpeed();
  // A bug should never pass silently: tell the person (the console keeps the details).
  window.addEventListener("unhandledrejection", () => toast(t("error.crash")));
  // Start Python first: it is by far the longest wait, and the rest overlaps it.
  S.py = new Python(progress);
  S.py.ready.catch(() => {}); // reported below, once the texts are loaded
  await loadLocale(pickLocale());
  document.addEventListener("keydown", onKey);
  // A message closed without choosing (a bad link): never leave an empty table.
  $("dialog").addEventListener("close", () => {
    if (S.ready && !S.st) newGame();
  });
  for (const [ui, fn] of [["new", showSettings], ["share", share], ["last-trick", showLastTrick], ["sheet", showSheet], ["settings", showSettings]]) {
    document.querySelector(`.topbar [data-ui="${ui}"]`).addEventListener("click", fn);
  }
  // A slow, honest creep of the bar while the runtime downloads and compiles.
  const creep = setInterval(() => showProgress(Math.min(0.85, shownProgress + 0.02)), 250);
  try {
    await S.py.ready;
  } catch (err) {
    clearInterval(creep);
    $("loading-text").textContent = t("load.failed", { message: err.message });
    return;
  }
  S.ready = true;
  clearInterval(creep);
  // Registered once Python runs, so the service worker's precache of the whole
  // site does not compete with the first load.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("./sw.js").then(offerUpdate, () => { /* offline use is optional */ });
  }
  const query = location.search;
  if (query && query !== "?") {
    const reply = await S.py.call("from_link", query);
    if (await start(reply, { clearQuery: true })) return;
    document.body.dataset.ready = "1";
    $("center").replaceChildren();
    showMessage(t("message.bad_link", { detail: errorText(reply.error) }), true);
    return;
  }
  const save = safeGet(SAVE_KEY);
  if (save) {
    const reply = await S.py.call("restore", save);
    if (await start(reply)) return;
    safeRemove(SAVE_KEY);
    await newGame();
    showMessage(t("message.bad_save", { detail: errorText(reply.error) }), false);
    return;
  }
  await newGame();
}

boot();
