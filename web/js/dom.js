// Small DOM helpers shared by every module of the page. Text always goes in as
// text (textContent), never as HTML: nothing a link or a peer sends can run.

export const $ = (id) => document.getElementById(id);

/** h("button", {class, text, onclick, "data-x": 1}, ...children): an element. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k.startsWith("data-")) node.setAttribute(k, v === true ? "" : String(v));
    else if (k in node && typeof v !== "string") node[k] = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

/** Draw `box` anew with `draw()`; keyboard focus on one of its buttons stays on the button
 * drawn in its place (the same data-action or data-ui), where it would fall to the page. */
export function redraw(box, draw) {
  const was = box.contains(document.activeElement) ? document.activeElement : null;
  draw();
  if (!was || box.contains(was)) return;
  const { action, ui } = was.dataset;
  const same = action ? `[data-action="${CSS.escape(action)}"]` : ui ? `[data-ui="${CSS.escape(ui)}"]` : null;
  if (same) box.querySelector(same)?.focus();
}

export const delay = (ms) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

let toastTimer = null;

/** A short message at the bottom of the page that goes away by itself. */
export function toast(text) {
  const node = $("toast");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (node.hidden = true), 3500);
}
