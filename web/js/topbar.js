// The top bar's tools. On a narrow screen they fold into a "Menu" button, so
// every tool stays reachable on a 360 px phone; choosing one folds them again.

import { $ } from "./dom.js";

export function initTopbar(tools) {
  const bar = document.querySelector(".topbar");
  const toggle = bar.querySelector('[data-ui="menu"]');
  const setOpen = (open) => {
    bar.classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => {
    const open = !bar.classList.contains("open");
    setOpen(open);
    if (open) $("tools").querySelector("button")?.focus();
  });
  for (const [ui, fn] of Object.entries(tools)) {
    bar.querySelector(`.tools [data-ui="${ui}"]`).addEventListener("click", () => {
      setOpen(false);
      fn();
    });
  }
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && bar.classList.contains("open")) {
      setOpen(false);
      toggle.focus();
    }
  });
  document.addEventListener("click", (e) => {
    if (bar.classList.contains("open") && !bar.contains(e.target)) setOpen(false);
  });
}
