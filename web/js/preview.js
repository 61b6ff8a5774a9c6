// The saved table at once: on a return visit the last state shown is drawn
// from local storage while Python starts, so the person sees their game
// immediately. It is drawn by the table code, but with no legal move, inert
// (no click, key or focus reaches it) and under a small "starting" mark; the
// page only marks itself ready (body[data-ready]) once Python answers.

import { $ } from "./dom.js";
import { hideStartingMark, showStartingMark } from "./loading.js";
import { readShown } from "./saves.js";
import { S } from "./state.js";
import { render } from "./table.js";

// The hooks table.js sets for a state that takes moves; the preview takes none.
const TURN_HOOKS = ["turn", "legal", "phase", "players", "deal"];
// The table's parts. They are made inert one by one, not the table as a
// whole: the "starting" mark inside the table must stay readable to screen readers.
const PARTS = ["infobar", "seats", "center", "status", "panel", "hand"];

/** No click, key or focus reaches the table's parts (the preview, an embed's setup). */
export function setInert(inert) {
  for (const id of PARTS) $(id).inert = inert;
}

/** Draw the saved game's last state while Python starts; true if drawn.
 * Not for a link: opening one may ask first (see opening.js). */
export function showPreview() {
  const shown = location.search.length > 1 ? null : readShown();
  if (!shown) return false;
  const loading = $("loading");
  try {
    S.st = { ...shown, ok: true, view: { ...shown.view, legal: [] } };
    render();
  } catch {
    // A state this page cannot draw (edited by hand, or from another version):
    // the table stays empty until Python answers.
    S.st = null;
    for (const id of PARTS) $(id).replaceChildren();
    $("center").append(loading);
    return false;
  }
  for (const hook of TURN_HOOKS) delete document.body.dataset[hook];
  document.body.dataset.preview = "1";
  setInert(true);
  showStartingMark(loading);
  return true;
}

/** Python has opened the first game (which replaced the drawing): the table takes moves. */
export function endPreview() {
  if (!document.body.dataset.preview) return;
  delete document.body.dataset.preview;
  setInert(false);
  hideStartingMark();
}
