// The saved game: one record in local storage, written after every move.
// Nothing here overwrites it behind the person's back: a new game or a link
// replaces it only once the person has chosen to (see app.js and dialogs).

import { safeGet, safeRemove, safeSet } from "./i18n.js";

const SAVE_KEY = "thousand.save";

export function readSave() {
  return safeGet(SAVE_KEY);
}

export function writeSave(save) {
  safeSet(SAVE_KEY, save);
}

export function clearSave() {
  safeRemove(SAVE_KEY);
}
