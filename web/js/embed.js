// Embed mode (?embed=1&rec=<record>&at=<n>, or a share link's p, s, l, r and
// at=<n>): only the table, for a rules site's live example that the reader
// plays on. It never reads or writes the saved game, keeps no statistics and
// registers no service worker (app.js). Python validates the whole query;
// a bad one gets a message, and nothing of the URL is put in the page as HTML.

import { showMessage } from "./dialogs.js";
import { $, h } from "./dom.js";
import { t } from "./i18n.js";
import { halt, start } from "./play.js";
import { LocalGame } from "./source.js";
import { S } from "./state.js";
import { bindTable } from "./table.js";
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
    return this.py.call("embed", this.query);
  }

  keep() {
    // an example is never saved
  }
}

/** Show the example (again): its position, then the bots play on with the reader. */
export async function openEmbed() {
  halt(); // "Start again": a bot's move on its way would land in the example started afresh
  const reply = await S.source.open();
  if (!reply.ok) {
    document.body.dataset.ready = "1";
    $("center").replaceChildren();
    showMessage(t("embed.bad_link", { detail: errorText(reply.error) }));
    return;
  }
  bindTable({ playAgain: openEmbed });
  if (!$("embed-again")) {
    document.body.append(h("button", { type: "button", class: "embed-again", id: "embed-again", "data-ui": "embed-again", onclick: openEmbed, text: t("embed.again") }));
  }
  await start(reply);
}
