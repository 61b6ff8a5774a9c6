// Keyboard play: arrows walk the hand, letters press the main buttons.

import { $ } from "./dom.js";
import { askHint } from "./hint.js";
import { S } from "./state.js";
import { showLastTrick, showSheet } from "./sheet.js";

function clickAction(selector) {
  const node = document.querySelector(selector);
  if (node && !node.disabled) node.click();
}

/** Focus the next enabled button `selector` finds: a choice Enter then makes (which talon; a fall or a
 * write-off, once a game and not to be made by a stray key). */
function focusNext(selector) {
  const nodes = [...document.querySelectorAll(selector)].filter((node) => !node.disabled);
  if (nodes.length) nodes[(nodes.indexOf(document.activeElement) + 1) % nodes.length].focus();
}

export function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if ($("dialog").open) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
  const hand = [...$("hand").querySelectorAll(".hand-card")];
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    if (!hand.length) return;
    const inHand = hand.indexOf(document.activeElement);
    const from = inHand >= 0 ? inHand : S.focus;
    const to = inHand < 0 ? from : (from + (event.key === "ArrowRight" ? 1 : -1) + hand.length) % hand.length;
    S.focus = to;
    hand.forEach((node, i) => node.setAttribute("tabindex", i === to ? "0" : "-1"));
    hand[to].focus();
    event.preventDefault();
    return;
  }
  const key = event.key.toLowerCase();
  if (key === "p") clickAction('[data-action="p"]');
  else if (key === "b") clickAction('#panel [data-action^="b"]');
  else if (key === "k") clickAction('#panel .act-contract.primary');
  else if (key === "t") focusNext("#center .talon[data-action]");
  else if (key === "f") focusNext('#panel [data-action="f"]');
  else if (key === "w") focusNext('#panel [data-action="w"]');
  else if (key === "l") showLastTrick();
  else if (key === "s") showSheet();
  else if (key === "h") askHint();
  else if (key === "n" || (key === "enter" && S.summary && !hand.includes(target))) clickAction('[data-ui="continue"]');
}
