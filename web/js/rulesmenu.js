// The rules part of the New game dialog: a preset (uk, ru, pl) and then every
// setting on its own. Everything about the rules comes from Python
// (thousand.web.rules_catalog, rules_of, rules_code): the settings, their values,
// the presets and the code a choice makes. This module only draws them.

import { h } from "./dom.js";
import { has, t } from "./i18n.js";
import { saveSettings, settings } from "./settings.js";

let catalog = null; // thousand.web.rules_catalog's reply, asked once

async function loadCatalog(python) {
  if (!catalog) {
    const reply = await python.call("rules_catalog");
    if (reply.ok) catalog = reply;
  }
  return catalog;
}

/** A setting's name in the person's language (the English label from Python if the locale lacks it). */
function settingLabel(setting) {
  const key = `rule.${setting.name}`;
  return has(key) ? t(key) : setting.label;
}

/** The name of a preset, or of rules no preset matches. */
export function presetName(preset) {
  return t(`preset.${preset || "custom"}`);
}

/** The fields for the rules, filled in from the rules of `settings.rules`; each
 * change stores the new rules code in the settings (the next new game's rules).
 * Resolves to null when Python cannot answer (the dialog then offers no rules). */
export async function rulesFields(python) {
  const cat = await loadCatalog(python);
  if (!cat) return null;
  let current = await python.call("rules_of", settings.rules);
  if (!current.ok) current = await python.call("rules_of", "std"); // stored rules this version does not know
  if (!current.ok) return null;
  const values = { ...current.values };
  const code = h("p", { class: "hint rules-code", "data-ui": "rules-code" });
  const preset = h("select", { name: "preset", "data-ui": "set-preset" });
  const inputs = new Map();

  function show(reply) {
    settings.rules = reply.code;
    saveSettings();
    code.textContent = t("rules.code", { code: reply.code });
    preset.replaceChildren(...[...cat.presets.map((p) => p.name), ...(reply.preset ? [] : [null])].map((name) =>
      h("option", { value: name || "", selected: name === reply.preset, text: presetName(name) })));
  }

  async function change(name, value) {
    values[name] = value;
    const reply = await python.call("rules_code", JSON.stringify(values));
    if (reply.ok) show(reply);
  }

  preset.onchange = () => {
    const chosen = cat.presets.find((p) => p.name === preset.value);
    if (!chosen) return;
    Object.assign(values, chosen.values);
    for (const [name, input] of inputs) {
      if (input.type === "checkbox") input.checked = values[name];
      else input.value = String(values[name]);
    }
    show({ code: chosen.code, preset: chosen.name });
  };

  const fields = cat.settings.map((s) => {
    if (s.type === "bool") {
      const input = h("input", { type: "checkbox", name: s.name, "data-ui": `set-rule-${s.name}`,
        checked: values[s.name], onchange: (e) => change(s.name, e.target.checked) });
      inputs.set(s.name, input);
      return h("label", { class: "field check" }, input, h("span", { text: settingLabel(s) }));
    }
    const input = h("select", { name: s.name, "data-ui": `set-rule-${s.name}`,
      onchange: (e) => change(s.name, Number(e.target.value)) });
    for (const v of s.values) {
      input.append(h("option", { value: String(v), selected: v === values[s.name], text: String(v) }));
    }
    inputs.set(s.name, input);
    return h("label", { class: "field" }, h("span", { text: settingLabel(s) }), input);
  });
  show(current);
  return h("div", { class: "rules-fields" },
    h("label", { class: "field" }, h("span", { text: t("settings.preset") }), preset),
    h("details", { class: "rules-details", "data-ui": "rules-details" },
      h("summary", { text: t("settings.each_rule") }), h("div", { class: "fields" }, ...fields)),
    code);
}

/** The table's rules chip: the preset's name, or "custom"; nothing for the house rules. */
export function rulesChip(view) {
  if (view.rules === "std") return null;
  return h("span", { class: "chip rules-chip", "data-ui": "rules-chip", title: t("rules.code", { code: view.rules }),
    text: t("rules.chip", { name: presetName(view.rules_preset) }) });
}
