// UI text from the locale files (web/locales/*.json). No text is hard-coded in
// the page code: t(key, args) fills "{name}" placeholders from args. A counted
// word is an object of plural forms ({"one": ..., "few": ..., "many": ...,
// "other": ...}, the categories of Intl.PluralRules for the language); t picks
// the form for args.n.

export const LOCALES = ["uk", "en", "ru", "pl"];
const STORE = "thousand.lang";

let strings = {};
let current = "uk";

export function pickLocale() {
  const saved = safeGet(STORE);
  if (LOCALES.includes(saved)) return saved;
  for (const lang of navigator.languages || [navigator.language || ""]) {
    const base = String(lang).toLowerCase().split("-")[0];
    if (LOCALES.includes(base)) return base;
  }
  return "uk";
}

export async function loadLocale(lang, remember = false) {
  // From the page's address, not this module's: the site ships its modules bundled (build.py).
  const response = await fetch(new URL(`locales/${lang}.json`, document.baseURI));
  if (!response.ok) throw new Error(`locale ${lang}: HTTP ${response.status}`);
  strings = await response.json();
  current = lang;
  document.documentElement.lang = lang;
  if (remember) safeSet(STORE, lang);
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
  document.title = t("app.title");
}

/** The person's texts, loaded before anything is shown: a request that failed once (a flaky network)
 * must not leave the page "starting" for good, so it is tried again; throws if it never succeeds. */
export async function loadTexts(tries = 3) {
  for (let tried = 1; ; tried++) {
    try {
      await loadLocale(pickLocale());
      return;
    } catch (err) {
      if (tried === tries) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500 * tried));
    }
  }
}

export function locale() {
  return current;
}

export function t(key, args = {}) {
  let text = strings[key];
  if (text && typeof text === "object") text = text[new Intl.PluralRules(current).select(Number(args.n))] ?? text.other;
  if (typeof text !== "string") return key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in args ? String(args[name]) : `{${name}}`));
}

export function has(key) {
  return key in strings;
}

export function safeGet(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function safeSet(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage may be unavailable (private mode); the game still works
  }
}

export function safeRemove(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // as above
  }
}
