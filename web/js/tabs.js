// Two tabs (or windows) of the site share one saved game. When another tab saves a move, the game
// on this tab's table is out of date, and a move made here would overwrite the other tab's: so this
// tab stops and says so, at once (a storage event) or at the latest when it would save over the other
// tab's game (LocalGame.keep sees a save it did not write). It stays stopped until the person
// continues here, which opens the latest save (closing the message does the same), or opens another
// game. Games that are not the saved one (the daily, the first game, a game with friends) read the
// save only when they are left, and go on.

import { ask } from "./dialogs.js";
import { t } from "./i18n.js";
import { backToOwnGame, halt } from "./play.js";
import { onSaveElsewhere } from "./saves.js";
import { S } from "./state.js";

function stop() {
  halt(); // nothing more is played or saved here
  S.stale = stop; // a click on the stopped table asks again (the question may have been replaced)
  ask(t("tabs.title"), [t("tabs.text")], [
    { ui: "play-here", text: t("tabs.here"), primary: true, safe: true, run: playHere },
  ]);
}

function playHere() {
  S.stale = null; // chosen: the question does not come back when its dialog closes
  backToOwnGame();
}

/** Watch the saved game of `own` (the person's LocalGame) for another tab's moves. */
export function watchOtherTabs(own) {
  own.onConflict = stop;
  onSaveElsewhere((save) => {
    if (!S.ready || S.source !== own || !S.st || S.st.save === save) return;
    stop();
  });
}
