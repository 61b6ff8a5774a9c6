// The saved game: one record in local storage, written after every move, and
// beside it the last state as shown, so a return visit can draw the table
// before Python is ready (see preview.js). Nothing here overwrites the save
// behind the person's back: a new game or a link replaces it only once the
// person has chosen to (see opening.js and dialogs).

import { safeGet, safeRemove, safeSet } from "./i18n.js";

const SAVE_KEY = "thousand.save";
const SHOWN_KEY = "thousand.shown";

export function readSave() {
  return safeGet(SAVE_KEY);
}

/** Save a state (thousand.web's reply): its record, and what the table showed. */
export function writeSave(st) {
  safeSet(SAVE_KEY, st.save);
  const { save, view, human, level, link, share } = st; // `share`: Share works while the page starts
  safeSet(SHOWN_KEY, JSON.stringify({ save, view, human, level, link, share }));
}

export function clearSave() {
  safeRemove(SAVE_KEY);
  safeRemove(SHOWN_KEY);
}

/** The state last shown for the saved game, or null (none, unreadable, or of another save). */
export function readShown() {
  const save = readSave();
  if (!save) return null;
  try {
    const shown = JSON.parse(safeGet(SHOWN_KEY) || "null");
    const fits = shown && typeof shown === "object" && shown.save === save;
    if (!fits || !shown.view || typeof shown.view !== "object") return null;
    const share = shown.share;
    const shareFits = share && typeof share.link === "string" && Array.isArray(share.totals);
    return shareFits ? shown : { ...shown, share: undefined };
  } catch {
    return null;
  }
}

/** Call `run(save)` when another tab or window of the site saves a game (local storage is shared). */
export function onSaveElsewhere(run) {
  window.addEventListener("storage", (e) => {
    if (e.key === SAVE_KEY && e.newValue !== null) run(e.newValue);
  });
}
