// The page's entry point: it only wires the modules under js/ together and
// opens the first game (a link, the saved game, or a new one). A saved game is
// drawn at once, before Python is ready (preview.js).

import { watchDialog } from "./js/dialogs.js";
import { toast } from "./js/dom.js";
import { EmbedGame, embedQuery, openEmbed } from "./js/embed.js";
import { loadTexts, t } from "./js/i18n.js";
import { onKey } from "./js/keyboard.js";
import { initDaily, reviewWhich, showDaily } from "./js/daily.js";
import { showMore, welcome } from "./js/learn.js";
import { showFriends } from "./js/lobby.js";
import { creep, loadFailed, noTexts, offerUpdate, progress } from "./js/loading.js";
import { playAgain, showNewGame, showSettings } from "./js/menu.js";
import { openFirstGame } from "./js/opening.js";
import { act, continueDeal } from "./js/play.js";
import { endPreview, showPreview } from "./js/preview.js";
import { sharedPython } from "./js/python.js";
import { showReview } from "./js/review.js";
import { applySpeed } from "./js/settings.js";
import { share } from "./js/share.js";
import { showLastTrick, showSheet } from "./js/sheet.js";
import { afterFirstGame, markBoot } from "./js/snapshot.js";
import { LocalGame } from "./js/source.js";
import { S } from "./js/state.js";
import { bindTable } from "./js/table.js";
import { watchOtherTabs } from "./js/tabs.js";
import { initTopbar } from "./js/topbar.js";

bindTable({ act, continueDeal, playAgain });

// Python holds the person's game only once the first game is open: a review asked for over the
// drawing of the saved game waits for it (it said "no game has started").
let firstGameOpen;
const opened = new Promise((resolve) => { firstGameOpen = resolve; });
const afterOpening = (python) => ({ call: async (...args) => { await opened; return python.call(...args); } });

async function boot() {
  applySpeed();
  // A bug should never pass silently: tell the person (the console keeps the details).
  window.addEventListener("unhandledrejection", () => toast(t("error.crash")));
  // Python is by far the longest wait: its worker started before these modules loaded.
  const python = sharedPython(); // started by js/early.js as the page opened
  python.onProgress = progress;
  python.ready.catch(() => {}); // reported below, once the texts are loaded
  const embed = embedQuery(); // only the table: no menu, no saved game, no service worker
  if (embed) document.body.dataset.embed = "1";
  const own = embed ? null : new LocalGame(python); // the person's own, saved games
  S.source = embed ? new EmbedGame(python, embed) : own;
  initDaily(python, S.source);
  try {
    await loadTexts();
  } catch {
    noTexts(); // without them nothing can be said in the person's words, nor played
    return;
  }
  if (!embed) showPreview();
  document.addEventListener("keydown", onKey);
  watchDialog();
  initTopbar({ new: () => showNewGame(python), friends: () => showFriends(python), share, "last-trick": showLastTrick,
    sheet: showSheet, settings: showSettings,
    daily: () => showDaily(), review: () => showReview(afterOpening(python), reviewWhich()), more: showMore });
  const stopCreep = creep();
  try {
    markBoot(await python.ready);
  } catch (err) {
    stopCreep();
    loadFailed(err.message);
    return;
  }
  stopCreep();
  S.ready = true;
  if (embed) {
    await openEmbed();
    firstGameOpen();
    return;
  }
  watchOtherTabs(own);
  // Registered once Python runs, so the service worker's precache of the whole
  // site does not compete with the first load.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("./sw.js").then(offerUpdate, () => { /* offline use is optional */ });
  }
  try {
    await welcome(openFirstGame);
  } finally {
    endPreview();
    firstGameOpen();
  }
  afterFirstGame(python);
}

boot();
