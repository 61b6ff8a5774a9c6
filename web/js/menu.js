// The two dialogs of the top bar's menu: "New game" (players, level, rules from
// rulesmenu.js; it asks before it ends a game in progress) and "Settings" (speed,
// forced moves, language), which never touches the game.

import { closeDialog, openDialog, stillOpen } from "./dialogs.js";
import { h } from "./dom.js";
import { loadLocale, locale, LOCALES, t } from "./i18n.js";
import { newGame, pump } from "./play.js";
import { rulesFields } from "./rulesmenu.js";
import { LEVELS, PLAYER_COUNTS, saveSettings, settings, SPEEDS } from "./settings.js";
import { readSave, readShown } from "./saves.js";
import { S } from "./state.js";
import { render } from "./table.js";
import { gameLine } from "./words.js";

function selectField(name, options, value, onchange) {
  const node = h("select", { name, "data-ui": `set-${name}`, onchange: (e) => onchange(e.target.value) });
  for (const [val, label] of options) node.append(h("option", { value: val, selected: val === value, text: label }));
  return h("label", { class: "field" }, h("span", { text: t(`settings.${name}`) }), node);
}

const inProgress = (st) => Boolean(st && st.view && st.view.phase !== "over");

/** What a new game ends: the game on the table when it is the person's own (saved) game or a game
 * with friends, and the saved game behind the table (the daily, the first game and a game with friends
 * leave the save alone, but a new game replaces it). Null when nothing would be lost. */
function atStake() {
  const source = S.source || {};
  // A table stopped for another tab is not the saved game: that is the other tab's.
  if (source.saves && !S.stale) return inProgress(S.st) ? { st: S.st, key: "new.confirm" } : null;
  const saved = readShown();
  const behind = inProgress(saved) || Boolean(readSave() && !saved); // a save not drawn yet counts
  if (source.local && inProgress(S.st)) {
    return behind ? { st: saved, key: "new.confirm_friends_saved" } : { st: S.st, key: "new.confirm" };
  }
  return behind ? { st: saved, key: "new.confirm_saved" } : null;
}

/** The question before a new game that ends one in progress: `then` runs if the person confirms. */
function confirmBox(stake, then) {
  return h("div", { class: "confirm", "data-ui": "confirm-new", hidden: true },
    h("p", { class: "message", text: t(stake ? stake.key : "new.confirm") }),
    h("p", { class: "hint", "data-ui": "confirm-game", text: stake && stake.st ? gameLine(stake.st) : "" }),
    h("div", { class: "actions dialog-actions" },
      h("button", { type: "button", class: "primary danger", "data-ui": "confirm-start", onclick: then,
        text: t("new.discard") }),
      h("button", { type: "button", "data-ui": "keep-playing", onclick: closeDialog, text: t("new.keep") })));
}

function startNew() {
  closeDialog();
  newGame();
}

/** "Play again" under a finished game: a new game, after asking if it would replace a saved game. */
export function playAgain() {
  const stake = atStake();
  if (!stake) {
    newGame();
    return;
  }
  const box = confirmBox(stake, startNew);
  box.hidden = false;
  openDialog(t("new.title"), box);
  box.querySelector("[data-ui='keep-playing']").focus();
}

/** The fields of a new game: players, bot level, and the rules (a preset, then each
 * setting, drawn from Python's answers: see rulesmenu.js), saved as the person's settings. */
export function playerFields(python) {
  const st = settings;
  const rules = h("div", { class: "rules-box", "data-ui": "rules-box" });
  rulesFields(python).then((fields) => rules.replaceChildren(...(fields ? [fields] : [])));
  return [
    selectField("players", PLAYER_COUNTS.map((n) => [n, n]), st.players, (x) => { st.players = x; saveSettings(); }),
    selectField("level", LEVELS.map((l) => [l, t(`level.${l}`)]), st.level, (x) => { st.level = x; saveSettings(); }),
    rules,
  ];
}

/** The New game dialog; `python` answers about the rules. */
export function showNewGame(python) {
  const stake = atStake();
  const box = confirmBox(stake, startNew);
  const startButton = h("button", {
    type: "button", class: "primary", "data-ui": "start-new", text: t("settings.start"),
    onclick: () => {
      if (!stake) {
        startNew();
        return;
      }
      startButton.hidden = true;
      box.hidden = false;
      box.querySelector("[data-ui='keep-playing']").focus();
    },
  });
  openDialog(t("new.title"),
    h("div", { class: "fields" }, ...playerFields(python)),
    startButton, box);
}

export function showSettings() {
  const st = settings;
  const dialog = openDialog(t("settings.title"),
    h("div", { class: "fields" },
      selectField("speed", Object.keys(SPEEDS).map((k) => [k, t(`speed.${k}`)]), st.speed,
        (x) => { st.speed = x; saveSettings(); }),
      h("label", { class: "field check" },
        h("input", { type: "checkbox", "data-ui": "set-auto", checked: st.autoForced,
          onchange: (e) => { st.autoForced = e.target.checked; saveSettings(); pump(); } }),
        h("span", { text: t("settings.auto") })),
      selectField("lang", LOCALES.map((l) => [l, t(`lang.${l}`)]), locale(), async (x) => {
        await loadLocale(x, true);
        render();
        if (!stillOpen(dialog)) return; // closed meanwhile
        showSettings(); // in the new language, and focus back on the language
        document.querySelector('#dialog [data-ui="set-lang"]').focus();
      })),
    h("p", { class: "hint", text: t("settings.keys") }));
}
