// The one modal dialog of the page, and the messages and questions shown in it.
// A question never decides by itself: closing it (×, Esc) takes the choice
// marked as the safe one, which never discards a game.

import { $, h } from "./dom.js";
import { t } from "./i18n.js";
import { S } from "./state.js";

let onDismiss = null; // what closing the open dialog without a choice does
let shown = 0; // counts the contents shown, so that a slow task can tell whether its dialog is still up

/** Show a dialog; returns its number for stillOpen(). */
export function openDialog(title, ...content) {
  const dialog = $("dialog");
  const body = $("dialog-body");
  onDismiss = null;
  shown++;
  // New contents in the open dialog remove the focused button: focus stays in the dialog (on Close).
  const inside = dialog.open && (body.contains(document.activeElement) || document.activeElement === document.body);
  body.replaceChildren(
    h("div", { class: "dialog-head" },
      h("h2", { text: title }),
      h("button", { type: "button", class: "close", "data-ui": "close", "aria-label": t("ui.close"),
        onclick: closeDialog, text: "×" })),
    ...content,
  );
  if (!dialog.open) dialog.showModal();
  else if (inside) body.querySelector('[data-ui="close"]').focus();
  return shown;
}

/** Is dialog number `n` still the one on screen (neither closed nor replaced by another)? */
export function stillOpen(n) {
  return n === shown && $("dialog").open;
}

export function closeDialog() {
  const dialog = $("dialog");
  if (dialog.open) dialog.close();
}

/** What closing the open dialog without a choice does (a lobby leaves its room). */
export function whenDismissed(run) {
  onDismiss = run;
}

/** Called once by app.js: closing without a choice runs the dialog's safe choice. */
export function watchDialog() {
  $("dialog").addEventListener("close", () => {
    const run = onDismiss;
    onDismiss = null;
    if (run) run();
    else if (S.stale) S.stale(); // the table stopped for another tab: its question comes back (tabs.js)
  });
}

/**
 * A question with buttons. choices: [{ui, text, run, primary, safe}]; the
 * choice marked `safe` also runs when the dialog is closed without choosing.
 */
export function ask(title, paragraphs, choices) {
  const safe = choices.find((c) => c.safe) || null;
  const buttons = choices.map((c) => h("button", {
    type: "button",
    class: c.primary ? "primary" : "",
    "data-ui": c.ui,
    onclick: () => {
      onDismiss = null;
      closeDialog();
      c.run();
    },
    text: c.text,
  }));
  openDialog(title,
    ...paragraphs.map((p) => (typeof p === "string" ? h("p", { class: "message", "data-ui": "message", text: p }) : p)),
    h("div", { class: "actions dialog-actions" }, buttons));
  onDismiss = safe ? safe.run : null;
}

/** A message; `action` adds one button {ui, text, run}, which closing the message also runs. */
export function showMessage(text, action = null) {
  if (!action) {
    openDialog(t("message.title"), h("p", { class: "message", "data-ui": "message", text }));
    return;
  }
  ask(t("message.title"), [text], [{ ...action, primary: true, safe: true }]);
}
