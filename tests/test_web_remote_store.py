"""What a guest's page keeps per room (web/js/friendstore.js, run in Node): the tables shown before a reload
still count in the proof at the end (checked here by thousand.web_room.guest_verify, as the page's worker
does), and the identities of rooms joined are pruned."""

from __future__ import annotations

import json

import pytest
from rooms import HOST_REVEAL, hello, secret
from web_node import run_script

from thousand import web_room
from thousand.bots import decide, make_bot
from thousand.fairdeal import commitment
from thousand.room import Room
from thousand.rules import Rules

ROOM = "abcdefghjkmn"


def whole_game() -> list[str]:
    """Every message a room of two sends its guest (seat 1) in a game played to its end."""
    room = Room(ROOM, 2, "easy", Rules(), HOST_REVEAL)
    sent = [m for _, m in room.receive("p1", hello(1)) + room.start()]
    sent += [m for _, m in room.receive("p1", json.dumps({"t": "reveal", "value": secret(1)}))]
    bot = make_bot("easy")
    while not room.game.is_over:
        seat, move = room.game.to_move, str(decide(bot, room.game))
        msg = json.dumps({"t": "move", "move": move, "n": len(room.game.history)})
        out = room.play(move) if seat == 0 else room.receive("p1", msg)
        sent += [m for _, m in out]
    return [json.dumps(m, ensure_ascii=False, separators=(",", ":")) for m in sent]


# The guest sees the moves up to 30, its page reloads, it sees 31 to 60 and the last, and the record comes.
# `tamper`: the table after move 10 is not the true one; `damage`: the kept digest is damaged at the reload.
RELOAD = r"""
globalThis.window = globalThis;
const { RemoteGame } = await import(process.argv[2] + "/js/remote.js");
const messages = __MESSAGES__;
const identity = __IDENTITY__;
const views = messages.filter((m) => JSON.parse(m).t === "view");
const seat = messages.find((m) => JSON.parse(m).t === "seat");
const record = messages.find((m) => JSON.parse(m).t === "record");
const out = {};
for (const how of ["honest", "tamper", "damage"]) {
  store.clear();
  store.set("thousand.friend.__ROOM__", JSON.stringify(identity));
  const calls = [];
  const py = { call: async (...args) => { calls.push(args); return { ok: true, problems: [] }; } };
  const link = { send() {}, close() {} };
  const first = new RemoteGame({ py }, "__ROOM__");
  first.link = link;
  first.receive(seat);
  for (const text of messages.filter((m) => JSON.parse(m).t === "start")) first.receive(text);
  for (const text of views.filter((m) => JSON.parse(m).n <= 30)) {
    const msg = JSON.parse(text);
    if (how === "tamper" && msg.n === 10) msg.state.view.hand.reverse();
    first.receive(JSON.stringify(msg));
  }
  await first.log?.queue; // the digests written (the old page kept none)
  if (how === "damage") store.set("thousand.shown.__ROOM__", "{damaged");
  const again = new RemoteGame({ py }, "__ROOM__"); // the page reloaded: the room sends the seat and the table
  again.link = link;
  again.receive(seat);
  for (const text of views.filter((m) => JSON.parse(m).n > 30 && JSON.parse(m).n <= 60)) again.receive(text);
  again.receive(views[views.length - 1]);
  again.receive(record);
  while (!calls.some((c) => c[0] === "guest_verify")) await new Promise((r) => setTimeout(r, 5));
  out[how] = calls.find((c) => c[0] === "guest_verify").slice(1);
}
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def checked(tmp_path_factory) -> dict:
    """What guest_verify answers the page in each case of RELOAD."""
    identity = {"token": secret(101), "reveal": secret(1), "hostCommit": commitment(HOST_REVEAL), "name": "Guest"}
    script = (RELOAD.replace("__MESSAGES__", json.dumps(whole_game())).replace("__IDENTITY__", json.dumps(identity))
              .replace("__ROOM__", ROOM))
    calls = run_script(script, tmp_path_factory.mktemp("reload"))
    return {how: json.loads(web_room.guest_verify(*args))["problems"] for how, args in calls.items()}


def test_the_proof_after_a_reload_checks_the_tables_shown_before_it(checked):
    assert checked["honest"] == []
    # The page used to forget them: a false table shown before the reload went unseen.
    assert checked["tamper"] == ["a table shown before this page reloaded is not the one the record gives"]


def test_a_damaged_list_of_the_tables_shown_is_said_in_the_proof(checked):
    assert checked["damage"] == [
        "the tables shown before this page reloaded were not kept on this device: they are not checked"]


PRUNE = r"""
globalThis.window = globalThis;
let now = 100 * 86400000;
Date.now = () => now;
const { RemoteGame } = await import(process.argv[2] + "/js/remote.js");
const day = 86400000;
const friends = () => [...store.keys()].filter((k) => k.startsWith("thousand.friend.")).map((k) => k.slice(16)).sort();
const shown = () => [...store.keys()].filter((k) => k.startsWith("thousand.shown.")).map((k) => k.slice(15)).sort();
const me = (at) => JSON.stringify({ token: "1".repeat(32), reveal: "2".repeat(32), hostCommit: null, at });
const out = {};
// Kept from before rooms had a time (its game may be on in another tab), one damaged, one 31 days old, the
// current room's 40 days old, and the tables shown in an old room, in a kept one and in one with no identity.
store.set("thousand.friend.untimed", me(undefined));
store.set("thousand.friend.damaged", "{");
store.set("thousand.friend.old", me(now - 31 * day));
store.set("thousand.friend.recent", me(now - 29 * day));
store.set("thousand.friend.current", me(now - 40 * day));
store.set("thousand.shown.old", "{}");
store.set("thousand.shown.recent", "{}");
store.set("thousand.shown.orphan", "{}");
const guest = new RemoteGame({ py: {} }, "current");
out.first = { friends: friends(), shown: shown(), token: guest.me.token };
// Thirty rooms joined a minute apart: the 20 most recent are kept.
for (let i = 10; i < 40; i++) {
  now += 60000;
  new RemoteGame({ py: {} }, `room${i}`);
}
out.many = friends();
console.log(JSON.stringify(out));
"""


def test_the_rooms_joined_are_pruned(tmp_path):
    """Each room joined used to leave its identity on the device for ever."""
    out = run_script(PRUNE, tmp_path)
    assert out["first"] == {"friends": ["current", "recent", "untimed"], "shown": ["recent"], "token": "1" * 32}
    assert out["many"] == [f"room{i}" for i in range(20, 40)]
