// The game's things in the person's words: seats, cards, sheet rows, errors and
// moves. Every text comes from the locale (t); nothing here knows a rule.

import { SUIT_SYMBOLS } from "./cards.js";
import { t } from "./i18n.js";
import { S } from "./state.js";

export function rankLabels() {
  const out = {};
  for (const r of "9JQKTA") out[r] = t(`rank.${r}`);
  return out;
}

export function cardText(card) {
  return t(`rank.${card[0]}`) + SUIT_SYMBOLS[card[1]];
}

/** A card in words, for screen readers ("queen of spades", "дама пік"): cardText's letters and suit
 * symbols ("Д♠") are read out as a letter and a symbol's name, if at all. */
export function cardWords(card) {
  return t("card.words", { rank: t(`rank_word.${card[0]}`), suit: t(`suit_of.${card[1]}`) });
}

/** A seat's name as the person sees it (in `st`, the shown state unless another is given). */
export function seatName(seat, st = S.st) {
  if (seat === st.human) return t("seat.you");
  const names = st.names; // a game with friends: the guests' own names (text only)
  if (names && names[seat]) return names[seat];
  return names && seat === 0 ? t("friends.host") : t(`seat.bot${seat}`);
}

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

export function rowText(row) {
  if (row.kind === "redeal") return t("row.redeal");
  return t(`row.${row.kind}`, { name: seatName(row.declarer), value: row.contract });
}

/** A sheet row's note (why the barrel or a penalty did what it did) in words. */
export function noteText(note) {
  const args = { ...note.args };
  if ("seat" in args) args.name = seatName(args.seat);
  return t(note.key, args);
}

/** An error reply's text in the person's language (English from Python if the key is unknown). */
export function errorText(error) {
  const key = `error.${error.key}`;
  const text = t(key, { ...(error.args || {}) });
  return text === key ? error.text : text;
}

export function suitArgs(args) {
  return { led: args.led ? SUIT_SYMBOLS[args.led] : "", trump: args.trump ? SUIT_SYMBOLS[args.trump] : "",
    suit: args.suit ? SUIT_SYMBOLS[args.suit] : "" };
}

/** A move in words: `spoken` for screen readers (cards and suits in words: "queen of spades"), else
 * for the eye (the review's list: "Q♠", "♠"). */
export function describe(moved, spoken = false) {
  const name = seatName(moved.seat);
  const id = moved.action;
  const card = spoken ? cardWords : cardText;
  const suit = (s) => (spoken ? t(`suit_of.${s}`) : SUIT_SYMBOLS[s]);
  if (moved.kind === "give" || !id) return t("say.give", { name });
  if (moved.kind === "play") return t("say.play", { name, card: card(id) });
  // The four aces (ace-marriage rule):
  if (moved.kind === "meld" && id[1] === "A") return t("say.meld_aces", { name, card: card(id.slice(1)) });
  if (moved.kind === "meld") return t("say.meld", { name, card: card(id.slice(1)), suit: suit(id[2]) });
  if (moved.kind === "blind") return t("say.blind", { name, value: moved.value });
  if (moved.kind === "bid" || moved.kind === "contract" || moved.kind === "talon") {
    return t(`say.${moved.kind}`, { name, value: id.slice(1) });
  }
  return t(`say.${moved.kind}`, { name });
}

/** One line about a game in progress: its deal and the totals. */
export function gameLine(st) {
  const v = st.view;
  const scores = v.sheet.totals.map((x, seat) => `${seatName(seat, st)} ${x}`).join(" · ");
  return t("game.line", { deal: v.deal, scores });
}

/** A move worth announcing on the table, in words, or null: a marriage and the new
 * trump (the four aces leave it), a blind bid, a raised contract, a fall or a
 * write-off (`moved` is the reply's move). */
export function bigMoment(moved) {
  if (moved.kind === "meld" && moved.aces) return t("callout.aces", { points: moved.points });
  if (moved.kind === "meld") return t("callout.meld", { suit: SUIT_SYMBOLS[moved.suit], points: moved.points });
  if (moved.kind === "blind") return t("callout.blind", { value: moved.value });
  if (moved.kind === "contract" && moved.raised) return t("callout.raise", { value: moved.value });
  if (moved.kind === "fall") return t("callout.fall", { value: moved.value });
  if (moved.kind === "write_off") return t("callout.write_off");
  return null;
}
