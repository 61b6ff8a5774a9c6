// The score sheet (пулька) and the last trick, each in the dialog.

import { $, h, toast } from "./dom.js";
import { openDialog } from "./dialogs.js";
import { t } from "./i18n.js";
import { S } from "./state.js";
import { cardNode, entryNode } from "./table.js";
import { noteText, rowText, seatName } from "./words.js";

export function showSheet() {
  if (!S.st) return;
  const v = S.st.view;
  const n = v.players;
  const head = h("tr", {}, h("th", { text: t("sheet.deal") }));
  for (let s = 0; s < n; s++) head.append(h("th", { text: seatName(s) }));
  const body = h("tbody");
  v.sheet.rows.forEach((row, i) => {
    const tr = h("tr", { class: `row-${row.kind}` }, h("th", { scope: "row" },
      h("span", { class: "row-no", text: String(i + 1) }), " ", h("span", { class: "row-what", text: rowText(row) }),
      ...(row.notes || []).map((note) => h("span", { class: "row-note", text: noteText(note) }))));
    row.entries.forEach((e, s) => tr.append(h("td", { class: s === row.declarer ? "declarer" : "" }, ...entryNode(e))));
    body.append(tr);
  });
  const foot = h("tfoot");
  const totals = h("tr", {}, h("th", { text: t("sheet.totals") }));
  const dashes = h("tr", {}, h("th", { text: t("sheet.dashes") }));
  const once = h("tr", {}, h("th", { text: t("sheet.once") }));
  for (let s = 0; s < n; s++) {
    totals.append(h("td", { class: "total" }, String(v.sheet.totals[s]),
      v.sheet.barrel[s] ? h("span", { class: "barrel-mark", text: t("sheet.barrel_mark") }) : null));
    dashes.append(h("td", { text: String(v.sheet.dashes[s]) }));
    once.append(h("td", { class: "once" },
      h("span", { class: v.sheet.can_fall[s] ? "yes" : "no",
        text: t(v.sheet.can_fall[s] ? "sheet.fall_yes" : "sheet.fall_no") }),
      h("span", { class: v.sheet.can_write_off[s] ? "yes" : "no",
        text: t(v.sheet.can_write_off[s] ? "sheet.wo_yes" : "sheet.wo_no") })));
  }
  foot.append(totals, dashes, once);
  // A box that scrolls: in the Tab order and named, so that the keyboard reaches its first deals.
  const wrap = h("div", { class: "sheet-wrap", "data-ui": "sheet-scroll", tabindex: "0", role: "region",
    "aria-label": t("sheet.title") },
    h("table", { class: "sheet", "data-ui": "sheet-table" }, h("thead", {}, head), body, foot));
  const hints = S.st.hints
    ? h("p", { class: "hints-used", "data-ui": "sheet-hints", text: t("sheet.hints", { n: S.st.hints }) })
    : "";
  openDialog(t("sheet.title"), wrap, hints, h("p", { class: "hint", text: t("sheet.legend") }));
  wrap.scrollTop = wrap.scrollHeight; // the latest rows first; names and totals stay pinned
}

export function showLastTrick() {
  if (!S.st) return;
  const v = S.st.view;
  // Before the new deal's first trick, the last trick is the one that ended the deal before.
  const last = v.last_trick || (v.trick.length === 0 && v.last_deal ? v.last_deal.last_trick : null);
  if (!last) {
    toast(t("last.none"));
    return;
  }
  const row = h("div", { class: "last-trick", "data-ui": "last-trick-cards" });
  for (const { seat, card } of last.cards) {
    row.append(h("figure", {}, cardNode(card), h("figcaption", { text: seatName(seat) })));
  }
  openDialog(t("last.title"), row, h("p", { text: t("last.winner", { name: seatName(last.winner) }) }));
}
