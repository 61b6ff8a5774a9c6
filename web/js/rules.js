// Links into the rules pages (rules/<lang>.html, built from RULES*.md by
// build_site.py, with the English headings' anchors in every language), and
// the link from a dimmed card's reason to its rule, next to the status line.

import { $, h } from "./dom.js";
import { locale, t } from "./i18n.js";

// The languages of the rules pages (RULES.md and RULES.<lang>.md); others read English.
export const RULES_LANGS = ["en", "uk"];
// Each reason a card may not be played: the anchor of its rule and the link's text.
export const RULE_LINKS = {
  "reason.follow": { anchor: "playing-the-tricks", text: "rule_link.follow" },
  "reason.trump": { anchor: "playing-the-tricks", text: "rule_link.trump" },
  "reason.beat": { anchor: "playing-the-tricks", text: "rule_link.beat" },
};

export function rulesUrl(anchor = "") {
  const lang = RULES_LANGS.includes(locale()) ? locale() : "en";
  return `rules/${lang}.html${anchor ? `#${anchor}` : ""}`;
}

/** Show the link to the rule behind a reason ({key, ...} from the view), or hide it for null. */
export function showRuleLink(reason) {
  let link = $("rule-link");
  const rule = reason && RULE_LINKS[reason.key];
  if (!rule) {
    if (link) link.hidden = true;
    return;
  }
  if (!link) {
    link = h("a", { class: "rule-link", id: "rule-link", "data-ui": "rule-link", target: "_blank", rel: "noopener" });
    $("status").after(link);
  }
  link.href = rulesUrl(rule.anchor);
  link.textContent = t(rule.text);
  link.hidden = false;
}
