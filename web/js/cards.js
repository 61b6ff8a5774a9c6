// Card art: small SVGs generated here (the project's own drawing). Suits differ
// by shape, not only by colour: heart, diamond, spade with a stem, three-lobed club.

const NS = "http://www.w3.org/2000/svg";

// Suit outlines on a 100 x 100 box.
const SUIT_PATHS = {
  h: "M50 90C22 68 4 50 4 31C4 16 15 6 28 6C38 6 46 12 50 22C54 12 62 6 72 6C85 6 96 16 96 31C96 50 78 68 50 90Z",
  d: "M50 3L90 50L50 97L10 50Z",
  s: "M50 4C78 28 96 44 96 61C96 75 86 83 74 83C65 83 58 79 54 72C55 82 59 89 67 95H33C41 89 45 82 46 72"
    + "C42 79 35 83 26 83C14 83 4 75 4 61C4 44 22 28 50 4Z",
  c: "M50 6A19 19 0 0 1 66 36A19 19 0 1 1 55 68C56 80 60 88 68 95H32C40 88 44 80 45 68A19 19 0 1 1 34 36"
    + "A19 19 0 0 1 50 6Z",
};

export const SUIT_SYMBOLS = { s: "♠", c: "♣", d: "♦", h: "♥" };

function el(name, attrs = {}) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** A suit shape as its own small SVG (for badges and text). */
export function suitIcon(suit, title) {
  const svg = el("svg", { viewBox: "0 0 100 100", class: `suit-icon suit-${suit}`, role: "img" });
  if (title) {
    const t = el("title");
    t.textContent = title;
    svg.append(t);
  }
  svg.append(el("path", { d: SUIT_PATHS[suit] }));
  return svg;
}

function pip(suit, x, y, size, flip = false) {
  const s = size / 100;
  const transform = flip
    ? `translate(${x + size / 2} ${y + size / 2}) rotate(180) translate(${-size / 2} ${-size / 2}) scale(${s})`
    : `translate(${x} ${y}) scale(${s})`;
  return el("path", { d: SUIT_PATHS[suit], transform });
}

/**
 * The face of a card ("Ah", "Ts", ...). rankLabels maps notation ranks to the
 * locale's letters (e.g. uk: J->В, Q->Д, K->К, A->Т).
 */
export function cardFace(card, rankLabels) {
  const rank = card[0];
  const suit = card[1];
  const label = rankLabels[rank] || rank;
  const svg = el("svg", { viewBox: "0 0 60 84", class: `card-art suit-${suit}`, "aria-hidden": "true" });
  svg.append(el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: "card-bg" }));
  for (const flip of [false, true]) {
    const g = el("g", flip ? { transform: "rotate(180 30 42)" } : {});
    const text = el("text", { x: 7.5, y: 15, class: "card-rank", "text-anchor": "middle" });
    text.textContent = label;
    g.append(text, pip(suit, 3, 18, 9));
    svg.append(g);
  }
  if (rank === "J" || rank === "Q" || rank === "K") {
    svg.append(el("rect", { x: 14, y: 14, width: 32, height: 56, rx: 3, class: "card-frame" }));
    const big = el("text", { x: 30, y: 41, class: "card-court", "text-anchor": "middle" });
    big.textContent = label;
    svg.append(big, pip(suit, 22, 46, 16));
  } else if (rank === "A") {
    svg.append(pip(suit, 14, 26, 32));
  } else {
    // Nine: 4 + 1 + 4 pips; ten: 4 + 2 + 4. Pips of the lower half point down.
    const size = 10;
    const spots = [];
    for (const cx of [21, 39]) for (const cy of [16, 32, 52, 68]) spots.push([cx, cy]);
    if (rank === "9") spots.push([30, 42]);
    else spots.push([30, 24], [30, 60]);
    for (const [cx, cy] of spots) svg.append(pip(suit, cx - size / 2, cy - size / 2, size, cy > 42));
  }
  return svg;
}

/** The back of a card: a lattice of small diamonds. */
export function cardBack() {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-art card-back-art", "aria-hidden": "true" });
  svg.append(el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: "back-bg" }));
  svg.append(el("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, class: "back-frame" }));
  for (let y = 10; y <= 74; y += 8) {
    for (let x = 10 + ((y / 8) % 2) * 4; x <= 50; x += 8) {
      svg.append(el("path", { d: `M${x} ${y - 3}L${x + 3} ${y}L${x} ${y + 3}L${x - 3} ${y}Z`, class: "back-dot" }));
    }
  }
  return svg;
}
