// The person's table settings, kept in local storage. Anything read back is
// checked against the known values, so a tampered store falls back to defaults.

import { safeGet, safeSet } from "./i18n.js";

const SETTINGS_KEY = "thousand.settings";

export const SPEEDS = {
  slow: { bot: 1300, trick: 1400, anim: 320 },
  normal: { bot: 750, trick: 900, anim: 200 },
  fast: { bot: 300, trick: 450, anim: 140 },
  instant: { bot: 0, trick: 0, anim: 0 },
};
export const LEVELS = ["easy", "medium", "hard"];
export const PLAYER_COUNTS = ["2", "3", "4"];
// A rules code (thousand.rules): letters, digits and dashes. Python checks it in full
// when a game starts, and the New game dialog shows the rules it names.
const RULES_CODE = /^[a-z0-9-]{1,120}$/;

const DEFAULTS = { speed: "normal", autoForced: false, players: "3", level: "medium", rules: "std" };

function load() {
  const out = { ...DEFAULTS };
  try {
    const saved = JSON.parse(safeGet(SETTINGS_KEY) || "{}");
    if (saved && typeof saved === "object") {
      if (saved.speed in SPEEDS) out.speed = saved.speed;
      if (typeof saved.autoForced === "boolean") out.autoForced = saved.autoForced;
      if (PLAYER_COUNTS.includes(saved.players)) out.players = saved.players;
      if (LEVELS.includes(saved.level)) out.level = saved.level;
      if (typeof saved.rules === "string" && RULES_CODE.test(saved.rules)) out.rules = saved.rules;
    }
  } catch {
    // unreadable settings: the defaults
  }
  return out;
}

export const settings = load();

export function speed() {
  return SPEEDS[settings.speed];
}

export function applySpeed() {
  document.documentElement.style.setProperty("--anim", `${speed().anim}ms`);
}

// A save writes every setting: without this, a setting changed in another tab (or window) would be put
// back by this tab's next save, even by opening the New game dialog, from what it read when it opened.
globalThis.addEventListener?.("storage", (e) => {
  if (e.key !== SETTINGS_KEY && e.key !== null) return; // null: the whole storage was cleared
  Object.assign(settings, load());
  applySpeed();
});

export function saveSettings() {
  safeSet(SETTINGS_KEY, JSON.stringify(settings));
  applySpeed();
}
