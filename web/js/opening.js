// What the page opens: a link, the saved game, or a new game. A saved game is
// never overwritten until the person has chosen: a link (good or bad) opened
// while a game is saved asks first, and dismissing any question keeps the
// saved game.

import { isDailyLink, receiveLink } from "./daily.js";
import { ask, showMessage } from "./dialogs.js";
import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { badJoinLink, joinQuery, joinRoom, resumeHosting } from "./lobby.js";
import { NEWER, newGame, savedGame, start } from "./play.js";
import { S } from "./state.js";
import { errorText, gameLine } from "./words.js";

function clearQuery() {
  if (location.search) history.replaceState(null, "", location.pathname);
}

/** Continue the saved game, or start a new one if there is none. */
async function continueOrNew(saved) {
  if (saved === NEWER) return; // this page is older than the save: it asks to be updated
  clearQuery();
  if (saved && (await start(await S.source.restore(saved.save)))) return;
  await newGame();
}

export async function openFirstGame() {
  if (S.wantNew) { // confirmed while the page started (over its drawing): it wins over a link or a room
    await newGame();
    return;
  }
  const query = location.search;
  const room = joinQuery(query);
  if (room) { // a friend's room: the saved game stays as it is
    document.body.dataset.ready = "1";
    await joinRoom(room);
    return;
  }
  if (room === false) {
    document.body.dataset.ready = "1";
    badJoinLink(async () => continueOrNew(await savedGame()));
    return;
  }
  if ((!query || query === "?") && (await resumeHosting())) return; // the host's page reloaded mid-game
  const gen = S.gen;
  const saved = await savedGame();
  if (gen !== S.gen) return; // a new game was confirmed meanwhile: it is the game the page opens
  if (saved === NEWER) return; // the query stays: the updated page opens it
  if (!query || query === "?") {
    if (saved) await start(saved.reply);
    else await newGame();
    return;
  }
  if (isDailyLink(query)) { // a daily result: checked into the table of the day, the saved game untouched
    await continueOrNew(saved);
    await receiveLink(query);
    return;
  }
  const link = await S.source.fromLink(query);
  // Nothing is shown or saved yet: the person chooses first.
  document.body.dataset.ready = "1";
  $("center").replaceChildren();
  const keep = {
    ui: saved ? "keep-save" : "fresh",
    text: saved ? t("open.keep") : t("message.fresh"),
    run: () => continueOrNew(saved),
    safe: true,
  };
  if (!link.ok) {
    showMessage(t("message.bad_link", { detail: errorText(link.error) }), keep);
    return;
  }
  const inProgress = saved && saved.reply.view.phase !== "over";
  if (!inProgress) {
    await start(link, { clearQuery: true, isNew: true });
    return;
  }
  ask(t("open.title"), [t("open.text"), t("open.saved", { game: gameLine(saved.reply) })], [
    { ...keep, primary: true },
    { ui: "open-link", text: t("open.link"), run: async () => {
      clearQuery();
      await start(await S.source.fromLink(query), { isNew: true });
    } },
  ]);
}
