// The loading bar while Python starts, and the offer to switch to a new release.

import { $, h } from "./dom.js";
import { has, t } from "./i18n.js";

let shown = 0;
let held = false; // the text stays as it is: the table is drawn already

function showProgress(fraction) {
  shown = Math.max(shown, fraction);
  const percent = String(Math.round(shown * 100));
  $("progress-bar").style.transform = `scaleX(${shown})`;
  $("progress").setAttribute("aria-valuenow", percent);
}

/** The worker's progress report: a stage name (a locale key under load.) and a fraction. */
export function progress(stage, fraction) {
  if (!held && has(`load.${stage}`)) $("loading-text").textContent = t(`load.${stage}`);
  showProgress(fraction);
}

/** A slow, honest creep of the bar while the runtime downloads and compiles; returns a stop function. */
export function creep() {
  const timer = setInterval(() => showProgress(Math.min(0.85, shown + 0.02)), 250);
  return () => clearInterval(timer);
}

/** The saved table is drawn while Python starts: the loading box (taken out of
 * the table before it was drawn) becomes a small "starting" mark where the
 * turn is usually told, saying so in the person's words. */
export function showStartingMark(box) {
  held = true;
  box.classList.add("starting");
  box.setAttribute("role", "status");
  $("table").append(box);
  $("loading-text").textContent = t("load.resume");
}

/** The table answers now: the mark goes. */
export function hideStartingMark() {
  if ($("loading")?.classList.contains("starting")) $("loading").remove();
}

/** The locale's texts could not be loaded: the page's own words (index.html) say so. */
export function noTexts() {
  $("loading-text").hidden = true;
  $("progress").hidden = true;
  $("loading-no-texts").hidden = false;
}

export function loadFailed(message) {
  $("loading-text").textContent = t("load.failed", { message });
}

/** Switch to the newest release now: the one waiting, or one the server has (asked for here);
 * without a service worker, or with nothing newer to be found (offline), the page just reloads. */
export async function updateNow() {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => null);
  await registration?.update().catch(() => null); // offline: nothing newer is found
  const worker = registration && (registration.waiting || registration.installing);
  if (!worker || !navigator.serviceWorker.controller) {
    location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
  const activate = () => {
    if (worker.state === "installed") worker.postMessage({ type: "skip-waiting" });
    else if (worker.state === "redundant") location.reload(); // its install failed: the old page again
  };
  worker.addEventListener("statechange", activate);
  activate();
}

/** A new release waits in the background; offer to switch now (the game is saved). */
export function offerUpdate(registration) {
  if (!registration) return; // service workers blocked (a browser setting, or a test)
  const offer = (worker) => {
    if (!worker || !navigator.serviceWorker.controller || $("update")) return;
    const bar = h("div", { class: "update", id: "update", role: "status" },
      h("span", { text: t("update.ready") }),
      h("button", { type: "button", class: "primary", "data-ui": "update", text: t("update.reload"), onclick: () => {
        navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
        worker.postMessage({ type: "skip-waiting" });
      } }));
    document.body.append(bar);
  };
  offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
}
