// Embed mode (?embed=1&rec=<record>&at=<n>, or a share link's p, s, l, r and
// at=<n>): only the table, for a rules site's live example that the reader
// plays on. It never reads or writes the saved game, keeps no statistics and
// registers no service worker (app.js). Python validates the whole query;
// a bad one gets a message, and nothing of the URL is put in the page as HTML.
//
// A share link's example has the bots play up to 100 moves first: seconds of
// work. Its start is drawn at once, and Python plays the moves a few per call
// (thousand/web_embed.py), the table and the status following, with the reader's
// controls off (body[data-setup] holds the moves played) until the position is reached.

import { showMessage } from "./dialogs.js";
import { $, h } from "./dom.js";
import { t } from "./i18n.js";
import { halt, start } from "./play.js";
import { setInert } from "./preview.js";
import { LocalGame } from "./source.js";
import { S } from "./state.js";
import { bindTable, render } from "./table.js";
import { errorText } from "./words.js";

/** The page's query if it asks for embed mode, else null. */
export function embedQuery() {
  return new URLSearchParams(location.search).has("embed") ? location.search : null;
}

/** The example of an embed link: a game in this browser that is never saved. */
export class EmbedGame extends LocalGame {
  constructor(python, query) {
    super(python);
    this.query = query;
    this.saves = false;
  }

  open() {
    return this.py.call("embed_start", this.query);
  }

  /** A few more of the bots' moves toward the example's position (reply.setup names the run). */
  setUp(run) {
    return this.py.call("embed_step", run);
  }

  keep() {
    // an example is never saved
  }
}

/** Draw a state on the way to the example's position: no move can be made on it. */
function showSetup(reply) {
  S.st = reply;
  S.setup = reply.setup;
  document.body.dataset.setup = String(reply.setup.move);
  setInert(true);
  render();
}

function endSetup() {
  S.setup = null;
  delete document.body.dataset.setup;
  setInert(false);
}

function badLink(reply) {
  endSetup();
  document.body.dataset.ready = "1";
  $("center").replaceChildren();
  showMessage(t("embed.bad_link", { detail: errorText(reply.error) }));
}

/** Show the example (again): its position, then the bots play on with the reader. */
export async function openEmbed() {
  halt(); // "Start again": a bot's move on its way (or a step of the setup) would land in the example started afresh
  const gen = S.gen;
  let reply = await S.source.open();
  if (gen !== S.gen) return; // started again meanwhile: that call draws the example
  if (!reply.ok) {
    badLink(reply);
    return;
  }
  bindTable({ playAgain: openEmbed });
  if (!$("embed-again")) {
    document.body.append(h("button", { type: "button", class: "embed-again", id: "embed-again",
      "data-ui": "embed-again", onclick: openEmbed, text: t("embed.again") }));
  }
  while (reply.ok && reply.setup) {
    showSetup(reply);
    reply = await S.source.setUp(reply.setup.run);
    if (gen !== S.gen) return; // this run's reply: the new run draws its own
  }
  if (!reply.ok) {
    badLink(reply);
    return;
  }
  endSetup();
  await start(reply);
}
