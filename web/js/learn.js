// The "More" menu (the first game step by step, the rules, what's new,
// statistics), the "new" mark after a release, and the welcome on the first visit.
//
// The rules and what's new are static pages built from RULES*.md and
// CHANGELOG.md (build_site.py); BUILD.news changes with CHANGELOG.md.

import { BUILD } from "../build-info.js";
import { closeDialog, openDialog } from "./dialogs.js";
import { h } from "./dom.js";
import { safeGet, safeSet, t } from "./i18n.js";
import { rulesUrl } from "./rules.js";
import { readSave } from "./saves.js";
import { S } from "./state.js";
import { showStats } from "./stats.js";
import { offerTutorial, startTutorial } from "./tutorial.js";

const NEWS_KEY = "thousand.news";
const VISITED_KEY = "thousand.visited";

function newsUnseen() {
  return Boolean(BUILD.news) && safeGet(NEWS_KEY) !== BUILD.news;
}

function markNews() {
  document.querySelector('.topbar [data-ui="more"]').classList.toggle("has-news", newsUnseen());
}

function item(ui, text, attrs, ...extra) {
  return h("li", {}, h(attrs.href ? "a" : "button", { class: "more-item", "data-ui": ui, ...attrs }, text, ...extra));
}

/** The "More" dialog: pages open in a new tab, so the game stays as it is. */
export function showMore() {
  const page = { target: "_blank", rel: "noopener" };
  const mark = newsUnseen() ? h("span", { class: "new-mark", "data-ui": "new-mark", text: t("more.new_mark") }) : null;
  const readNews = () => {
    safeSet(NEWS_KEY, BUILD.news);
    markNews();
    mark?.remove();
  };
  openDialog(t("more.title"), h("ul", { class: "more-list" },
    // Not over a game with friends: the tutorial would leave it without a word.
    S.ready && !S.source.local
      ? item("tutorial", t("more.tutorial"), { type: "button", onclick: () => { closeDialog(); startTutorial(); } })
      : null,
    item("rules", t("more.rules"), { href: rulesUrl(), ...page }),
    item("news", t("more.news"), { href: "news.html", ...page, onclick: readNews }, mark),
    item("stats", t("more.stats"), { type: "button", onclick: showStats })));
}

/**
 * Open the first game (`opening`), then mark what's new and, on the first
 * visit, offer the tutorial (saying that a game saved before stays as it is).
 */
export async function welcome(opening) {
  const hadGame = Boolean(readSave());
  await opening();
  if (!safeGet(VISITED_KEY)) {
    safeSet(VISITED_KEY, "1");
    safeSet(NEWS_KEY, BUILD.news); // a newcomer has nothing to catch up on
    if (!S.source.local) offerTutorial(hadGame); // not over a game with friends (a join link)
  }
  markNews();
}
