// The lobby of a game with friends: the host picks the game and sends the
// room's link; a guest opens it, types a name and takes a seat; the host sees
// who is there and starts (bots take the empty seats). Names are the guests' own
// text: shown as text only, never as markup.

import { ROOM_PATTERN } from "./connection.js";
import { ask, closeDialog, openDialog, showMessage, whenDismissed } from "./dialogs.js";
import { $, h, toast } from "./dom.js";
import { safeGet, safeSet, t } from "./i18n.js";
import { playerFields } from "./menu.js";
import { HostGame, readRoomSave } from "./host.js";
import { backToOwnGame, halt, resumeLeft, start } from "./play.js";
import { RemoteGame } from "./remote.js";
import { readSave } from "./saves.js";
import { settings } from "./settings.js";
import { copier } from "./share.js";
import { S } from "./state.js";
import { errorText } from "./words.js";

const MAX_NAME = 20;

/** The room named by a join link's query, null if the query is no join link,
 * or false if it is a malformed one. */
export function joinQuery(query) {
  const params = new URLSearchParams(query);
  if (!params.has("join")) return null;
  const room = params.get("join");
  return [...params.keys()].length === 1 && ROOM_PATTERN.test(room) ? room : false;
}

/** Make a game with friends the page's source (the top bar then offers no daily and no second room). */
function enter(source, role) {
  halt(); // a bot's move on its way belongs to the game being left
  $("offer")?.remove(); // the first visit's offer of the first game: not over a game with friends
  S.source = source;
  document.body.dataset.friends = role;
}

function leave(options) {
  if (S.source.local) {
    S.source.close(options);
    S.source = S.source.local;
  }
  delete document.body.dataset.friends;
  delete document.body.dataset.room;
}

/** A room that could not be opened: the game on the table (stopped by enter()) goes on. */
function backOut() {
  leave();
  resumeLeft();
}

/** Leave the game with friends for the person's own game: the saved one, or else a new one. */
function leaveToOwnGame() {
  leave();
  backToOwnGame();
}

/** The button that leaves a room that failed or ended: back to the saved game, or a new one. */
const ownGame = () => ({ ui: "fresh", text: t(readSave() ? "message.back" : "message.fresh"), run: leaveToOwnGame });

function seatList(lobby, mine) {
  return h("ol", { class: "room-seats", "data-ui": "room-seats" }, lobby.seats.map((s, i) => {
    const who = i === mine ? t("seat.you")
      : s.kind === "host" ? t("friends.host")
        : s.kind === "guest" ? s.name
          : s.kind === "bot" ? t("friends.bot") : t("friends.open");
    const away = s.kind === "guest" && !s.here ? ` (${t("friends.away")})` : "";
    return h("li", { "data-ui": `room-seat-${i}`, "data-kind": s.kind, text: who + away });
  }));
}

// ------------------------------------------------------------------ the host

/** The host's first step: the game's players, bot level and rules (`python` answers about the rules). */
export function showFriends(python) {
  openDialog(t("friends.title"), h("p", { class: "hint", text: t("friends.intro") }),
    h("div", { class: "fields" }, ...playerFields(python)),
    h("button", { type: "button", class: "primary", "data-ui": "open-room", text: t("friends.open_room"),
      onclick: openRoom }));
}

async function openRoom() {
  leave();
  const host = new HostGame(S.source);
  enter(host, "host");
  openDialog(t("friends.title"), h("p", { class: "message", "data-ui": "opening", text: t("friends.opening") }));
  whenDismissed(leaveToOwnGame); // closed while the room opens: the room is not opened
  let reply;
  try {
    reply = await host.open(settings.players, settings.level, settings.rules);
  } catch (err) {
    if (host.closed) return;
    backOut();
    showMessage(t("friends.no_server", { detail: err.type || err.message }));
    return;
  }
  if (host.closed) return;
  if (!reply.ok) {
    backOut();
    showMessage(errorText(reply.error));
    return;
  }
  hostLobby(host, reply);
}

function hostLobby(host, reply) {
  let shown = false;
  const draw = (st) => {
    if (S.source !== host) return;
    if (st.view) {
      if (!shown) {
        shown = true;
        closeDialog();
        start(st, { clearQuery: true, isNew: true });
      }
      return;
    }
    const room = st.room;
    const url = `${location.origin}${location.pathname}?join=${room.room}`;
    const input = h("input", { type: "text", readonly: true, value: url, "data-ui": "room-link", class: "share-link",
      "aria-label": t("friends.link") });
    const copy = copier(input, url);
    const waiting = room.phase !== "lobby";
    openDialog(t("friends.room"),
      h("p", { text: t("friends.send_link") }), input,
      h("button", { type: "button", "data-ui": "copy-room", onclick: copy, text: t("share.copy") }),
      seatList(room, 0),
      h("p", { class: "hint", "data-ui": "room-bots",
        text: t("friends.bots_fill", { n: room.seats.filter((s) => s.kind === "open").length }) }),
      waiting ? h("p", { class: "hint", "data-ui": "room-waiting", text: t("friends.revealing") })
        : h("button", { type: "button", class: "primary", "data-ui": "room-start", text: t("friends.start"),
          onclick: () => host.start() }));
    whenDismissed(() => {
      if (!shown) leaveToOwnGame();
    });
  };
  host.onRoom = draw;
  draw(reply);
}

/** The room's name could not be registered again after a reload (no network, or the old registration
 * lingers), or it is registered again: say so. Meanwhile the game goes on (bots play for the away). */
function roomLine(reachable, why) {
  document.body.dataset.room = reachable ? "online" : "offline";
  toast(reachable ? t("friends.online") : t("friends.offline", { detail: why }));
}

/** The page was the host of a game in progress: open its room again (guests reconnect). */
export async function resumeHosting() {
  const save = readRoomSave();
  if (!save) return false;
  const host = new HostGame(S.source);
  enter(host, "host");
  host.onLine = roomLine;
  let reply;
  try {
    reply = await host.resume(save);
  } catch (err) {
    reply = { ok: false, error: { key: "room.bad_id", args: {}, text: err.message } };
  }
  if (host.closed) return true; // left meanwhile (a new game): that game is what the page opens
  if (!reply.ok) {
    // Damaged (its save is removed), hosted in another tab, or the worker failed (the save is kept):
    // the page opens the person's own game.
    leave({ forget: false });
    if (reply.error.key === "room.elsewhere") toast(errorText(reply.error));
    return false;
  }
  if (reply.view) {
    await start(reply);
  } else {
    hostLobby(host, reply);
  }
  return true;
}

// ------------------------------------------------------------------ a guest

/** Open a join link: reach the room, ask for a name (unless this device sat here before). */
export async function joinRoom(room) {
  performance.mark("thousand-join"); // bench/friends.py times the join from here
  leave();
  const guest = new RemoteGame(S.source, room);
  enter(guest, "guest");
  openDialog(t("friends.title"), h("p", { class: "message", "data-ui": "joining", text: t("friends.joining") }));
  whenDismissed(leaveToOwnGame); // closed while it connects: the connection stops
  guest.on = {
    lobby: (lobby) => guestLobby(guest, lobby),
    table: (state) => {
      whenDismissed(null); // the lobby closes for the table: the room stays
      closeDialog();
      start(state);
    },
    proof: (problems) => {
      if (!problems.length) toast(t("friends.proof_ok"));
      else showMessage(t("friends.proof_bad", { detail: problems.join("; ") }));
      document.body.dataset.proof = problems.length ? "bad" : "ok";
    },
    error: (error) => {
      // During the game an error answers a move, and the game goes on; but a seat taken by this person's
      // other tab (this one was asleep, and the link was opened again) leaves this table with no seat.
      if (guest.started && error.key !== "room.other_tab") toast(errorText(error));
      else showMessage(errorText(error), ownGame());
    },
    gone: () => showMessage(t("friends.host_gone"), ownGame()),
    away: (long) => hostAway(guest, long),
    back: () => {
      document.body.dataset.room = "online";
      toast(t("friends.host_back"));
    },
  };
  try {
    await guest.reach();
  } catch (err) {
    if (guest.closed) return;
    const key = err.type === "peer-unavailable" ? "friends.no_room" : "friends.no_server";
    showMessage(t(key, { detail: err.type || err.message }), ownGame());
    return;
  }
  if (guest.closed) return;
  if (guest.me.me.name) {
    await guest.hello(guest.me.me.name); // this device sat here: take the seat back
    return;
  }
  const name = h("input", { type: "text", maxlength: MAX_NAME, "data-ui": "friend-name", class: "share-link",
    value: safeGet("thousand.name") || "", "aria-label": t("friends.name") });
  let taking = false; // a second click would send a second hello on the same link
  const take = async () => {
    const text = name.value.trim().slice(0, MAX_NAME);
    if (!text) {
      name.focus();
      return;
    }
    if (taking) return;
    taking = true;
    safeSet("thousand.name", text);
    guest.me.me.name = text;
    guest.me.save();
    await guest.hello(text);
  };
  openDialog(t("friends.title"), h("label", { class: "field" }, h("span", { text: t("friends.name") }), name),
    h("button", { type: "button", class: "primary", "data-ui": "take-seat", text: t("friends.take_seat"),
      onclick: take }));
  whenDismissed(leaveToOwnGame);
  name.focus();
}

/** The link to the host is lost: said at once, and again with a way to leave once the host has been away
 * long (the page keeps trying: the host's room is saved on its device, and the table comes back with it). */
function hostAway(guest, long) {
  if (S.source !== guest) return;
  document.body.dataset.room = "offline";
  if (!long) {
    toast(t("friends.host_lost"));
    return;
  }
  ask(t("message.title"), [t("friends.host_away")], [
    { ui: "keep-waiting", text: t("friends.keep_waiting"), primary: true, safe: true, run: () => {} },
    ownGame(),
  ]);
}

function guestLobby(guest, lobby) {
  if (guest.started || S.source !== guest) return;
  openDialog(t("friends.room"), seatList(lobby, guest.seat),
    h("p", { class: "hint", "data-ui": "room-waiting", text: t("friends.wait_host") }));
  whenDismissed(leaveToOwnGame);
}

/** A join link that is not one: say so and keep what the page had. */
export function badJoinLink(then) {
  showMessage(t("friends.bad_link"), { ui: "fresh", text: t("message.fresh"), run: then });
}
