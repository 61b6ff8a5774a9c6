// The first game step by step: a prepared deal (thousand/tutorial.py) against
// scripted opponents, with a coach mark above the table at every step. The
// person makes every move; Python refuses any other legal move than the one
// the script expects and names the step, whose explanation the coach shows.
//
// Nothing of the tutorial is saved: its source keeps nothing, so the person's
// saved game stays as it was, and leaving the tutorial (at any time) opens it
// again (or a new game when there is none).

import { $, h } from "./dom.js";
import { locale, t } from "./i18n.js";
import { backToOwnGame, halt, pump, resumeLeft, start } from "./play.js";
import { rulesUrl } from "./rules.js";
import { readSave } from "./saves.js";
import { S } from "./state.js";
import { bindTable, handlers } from "./table.js";

/** The tutorial as a source of states and moves (see source.js). */
class TutorialGame {
  constructor(python) {
    this.py = python;
    this.begun = false; // the others wait until the person has read the first note
    this.saves = false;
  }

  begin() {
    return this.py.call("tutorial");
  }

  async play(id) {
    // A new try takes the last explanation away at once (a wrong one brings it back).
    if (T.why) {
      T.why = null;
      update();
    }
    const reply = await this.py.call("play", id);
    if (!reply.ok && reply.error.key === "tutorial.wrong") showWhy(reply.error.args.step);
    return reply;
  }

  othersToMove(st) {
    return this.begun && Boolean(st && st.bot_to_move);
  }

  next() {
    return this.py.call("bot_step");
  }

  keep() {
    // the tutorial never touches the saved game
  }
}

const T = {
  home: null, // the source of the person's own games while the tutorial runs
  tableContinue: null, // the table's "Continue" outside the tutorial
  coach: null, // the coach's element
  after: 0, // which of the marks after the deal is on show
  why: null, // the step whose explanation is on show after another move was tried
  shown: "", // what the coach shows, so an unchanged note is not redrawn (nor read out again)
  observer: null,
};

/** Start (or restart) the tutorial; the person's own game stays saved. */
export async function startTutorial() {
  if (!S.ready || S.source.local) return; // not over a game with friends: it would leave them waiting
  $("offer")?.remove();
  const source = new TutorialGame((T.home || S.source).py);
  halt(); // a bot's move on its way belongs to the game being left
  const gen = S.gen;
  const reply = await source.begin();
  if (gen !== S.gen) return; // another game was opened meanwhile: it replaced the tutorial's deal
  if (!reply.ok) {
    resumeLeft();
    return;
  }
  if (!T.home) {
    T.home = S.source;
    T.tableContinue = handlers.continueDeal;
    // "Continue" under the deal's result goes to the tutorial's last note, not to a deal 2.
    bindTable({ continueDeal: () => { T.after = reply.tutorial.after.length - 1; update(); } });
    T.observer = new MutationObserver(update);
    T.observer.observe(document.body, { attributes: true, attributeFilter: ["data-turn", "data-legal"] });
    for (const id of ["panel", "hand"]) T.observer.observe($(id), { childList: true });
  }
  S.source = source;
  Object.assign(T, { after: 0, why: null, shown: "" });
  document.body.dataset.tutorial = "1";
  T.coach?.remove();
  T.coach = h("section", { class: "coach", "data-ui": "coach", "aria-label": t("tutorial.title"),
    "aria-live": "polite" });
  document.querySelector(".topbar").after(T.coach);
  await start(reply);
  update();
}

/** Leave the tutorial: back to the saved game, or a new game. */
export async function leaveTutorial() {
  if (!T.home) return;
  halt();
  S.source = T.home;
  bindTable({ continueDeal: T.tableContinue });
  T.observer.disconnect();
  T.coach.remove();
  Object.assign(T, { home: null, tableContinue: null, coach: null, observer: null });
  delete document.body.dataset.tutorial;
  for (const node of document.querySelectorAll(".coach-target")) node.classList.remove("coach-target");
  await backToOwnGame();
}

function showWhy(step) {
  T.why = step;
  update();
}

function button(ui, text, onclick, primary = false) {
  return h("button", { type: "button", class: primary ? "primary" : "", "data-ui": ui, onclick, text });
}

/** What the coach says now: [step, text, progress, buttons]. */
function note() {
  const c = S.st.tutorial;
  if (!S.source.begun) {
    return ["intro", t("tutorial.intro"), "", [button("tutorial-begin", t("tutorial.begin"), () => {
      S.source.begun = true;
      update();
      pump();
    }, true)]];
  }
  if (c.done) {
    const step = c.after[T.after];
    if (T.after < c.after.length - 1) {
      return [step, t(`tutorial.${step}`), "",
        [button("tutorial-next", t("tutorial.next"), () => { T.after++; update(); }, true)]];
    }
    const back = readSave() ? t("tutorial.back") : t("tutorial.play");
    return [step, t(`tutorial.${step}`), "", [button("tutorial-end", back, leaveTutorial, true),
      button("tutorial-again", t("tutorial.again"), startTutorial)]];
  }
  if (document.body.dataset.turn !== "you") return ["watch", t("tutorial.watch"), "", []];
  return [c.step, t(`tutorial.${c.step}`), t("tutorial.progress", { n: c.n, of: c.of }), []];
}

/** Redraw the coach if its note changed, and point at the expected move. */
function update() {
  if (!T.coach || !S.st || !S.st.tutorial) return;
  const [step, text, progress, buttons] = note();
  if (T.why && T.why !== S.st.tutorial.step) T.why = null; // the explanation lasts until the step is made
  const key = `${step}|${T.why}|${T.after}|${S.source.begun}|${locale()}`;
  if (key !== T.shown) {
    T.shown = key;
    T.coach.replaceChildren(...[
      h("div", { class: "coach-head" },
        h("strong", { text: t("tutorial.title") }),
        progress ? h("span", { class: "coach-progress", "data-ui": "coach-progress", text: progress }) : null),
      h("p", { class: "coach-text", "data-ui": "coach-text", "data-step": step, text }),
      T.why ? h("p", { class: "coach-why", "data-ui": "coach-why", role: "alert" },
        h("strong", { text: t("tutorial.not_quite") }), " ", t(`tutorial.${T.why}.why`)) : null,
      h("div", { class: "coach-actions" }, buttons,
        h("a", { class: "coach-rules", "data-ui": "tutorial-rules", href: rulesUrl(), target: "_blank", rel: "noopener",
          text: t("tutorial.rules") }),
        button("tutorial-leave", t("tutorial.leave"), leaveTutorial)),
    ].filter(Boolean));
  }
  pointAt(document.body.dataset.turn === "you" && S.source.begun ? S.st.tutorial.expected : null);
}

/** Mark where the expected move is made: its button, else the card (or stepper) that leads to it. */
function pointAt(move) {
  for (const node of document.querySelectorAll(".coach-target")) node.classList.remove("coach-target");
  if (!move) return;
  const card = move[0] === "g" ? move.slice(1, 3) : move[0] === "m" ? move.slice(1) : move;
  const target = document.querySelector(`[data-action="${move}"]`)
    || (move[0] === "c"
      ? $("panel").querySelector('[data-ui="raise-more"]')
      : $("hand").querySelector(`[data-card="${card}"]`));
  target?.classList.add("coach-target");
}

/** The first visit's offer, as a bar that blocks nothing; it says a saved game stays. */
export function offerTutorial(hadGame) {
  const bar = h("div",
    { class: "offer", id: "offer", "data-ui": "offer", role: "region", "aria-label": t("tutorial.title") },
    h("p", { text: t("offer.text") }),
    hadGame ? h("p", { class: "hint", text: t("offer.saved") }) : null,
    h("div", { class: "actions" },
      button("offer-yes", t("offer.yes"), startTutorial, true),
      button("offer-no", t("offer.no"), () => bar.remove())));
  document.querySelector(".topbar").after(bar);
}
