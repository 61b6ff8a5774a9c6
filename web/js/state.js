// What the page knows at any moment: the last reply of the game source and
// what the table is showing on top of it. One object, shared by the modules.

export const S = {
  source: null, // where states and moves come from (see source.js)
  ready: false, // the source can be called
  wantNew: false, // a new game was confirmed before the source could be called: the page opens one
  st: null, // the last state: thousand.web's reply {ok, view, human, level, link, save, ...}
  selected: null, // a card chosen in the hand (giving, or a marriage card to lead)
  dragCard: null, // the card being dragged onto a seat while giving
  focus: 0, // roving focus index in the hand
  busy: false, // a move of the person is on its way
  pumping: false, // the loop that lets the others move is running
  pumpAgain: false, // asked for while it ran: it looks once more when it ends
  gen: 0, // bumped by every new game, so an old loop stops
  shownGen: 0, // S.gen when the state on the table was shown: once halt() bumps it, the table is being left
  stale: null, // another tab played the saved game on: nothing moves here; a click calls this (tabs.js)
  thinking: null, // the seat whose move is awaited
  shownTrick: null, // a completed trick on show: {cards, winner, collecting}
  summary: null, // the rows of a deal that just ended, until the person continues
  onTable: new Set(), // cards of the trick already drawn (they do not slide in again)
  callout: null, // a big moment announced at a seat: {seat, text}
  hint: null, // the hard bot's suggested move, shown until the next state (see hint.js)
  setup: null, // an embed's example on its way to its position: {run, move, of} (embed.js); nothing is played
};

export function legal() {
  return S.st ? S.st.view.legal : [];
}

export function legalIds() {
  return new Set(legal().map((a) => a.id));
}

/** Does the table take the person's move now? Not over a deal's result, while a move is on its way,
 * or while a finished trick is on show (a click then would be dropped: the cards are not offered). */
export function myTurn() {
  return S.st.view.to_move === S.st.human && !S.summary && !S.busy && !S.shownTrick && !S.setup;
}
