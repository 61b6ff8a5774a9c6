"""The host's side of a game with friends (web/js/host.js), run in Node with a stand-in worker and
links: the wait before a bot takes a dropped friend's seat, and a resumed room out of reach. (The
e2e tests see drops through the heartbeat, too coarse to time this.)"""

from __future__ import annotations

import pytest

from web_node import run_script

SCRIPT = r"""
store.set("thousand.grace", "400");  // the grace, in ms (the page reads it once, on import)
const { HostGame } = await import(process.argv[2] + "/js/host.js");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const link = (id) => ({ id, send() {}, close() {} });

function room() {
  const calls = [];
  const py = { call: async (fn, ...args) => { calls.push([fn, ...args]); return { ok: true, out: [] }; } };
  const host = new HostGame({ py });
  const drop = (id, seat) => { // a friend's link to `seat` opens, then drops
    const l = link(id);
    host.adopt(l);
    host.seats.set(id, seat);
    l.onClose();
  };
  const released = () => calls.filter((c) => c[0] === "room_release").map((c) => c[1]);
  return { host, drop, released, calls };
}

const out = {};
// Dropped, back and dropped again 200 ms later: the whole grace counts from the second drop.
const twice = room();
twice.drop("a", 1);
await sleep(200);
twice.drop("b", 1);
await sleep(350);  // 550 ms after the first drop, 350 after the second
out.twice_early = twice.released();
await sleep(450);
out.twice_late = twice.released();
// Two seats dropped at once: each is released on its own.
const two = room();
two.drop("a", 1);
two.drop("b", 2);
await sleep(700);
out.two = two.released().sort();
// The host left meanwhile (a new game): no seat is released.
const left = room();
left.drop("a", 1);
left.host.close();
await sleep(700);
out.left = left.released();
out.dropped = left.calls.filter((c) => c[0] === "room_drop").map((c) => c[1]);

// A host's page back (resume): the signaling server cannot be reached (here the PeerJS script never
// loads). The room is kept, the page is told once, and the guests' grace starts at once only in a
// game under way; in the lobby it waits until the room can be reached again.
globalThis.navigator = {};  // no Web Locks in Node: one tab
globalThis.document = {
  baseURI: "http://localhost/",
  createElement: () => ({ remove() {} }),
  head: { append: (script) => setTimeout(() => script.onerror(), 0) },
};
for (const phase of ["lobby", "play"]) {
  const r = room();
  const seats = [{ kind: "host" }, { kind: "guest", name: "Оля" }, { kind: "bot" }];
  const reply = { ok: true, save: "R", room: { room: "abcdefghjkmn", seats } };
  if (phase === "play") reply.view = {};
  r.host.py.call = async (fn, ...args) => {
    r.calls.push([fn, ...args]);
    return fn === "room_resume" ? reply : { ok: true };
  };
  const told = [];
  r.host.onLine = (...args) => told.push(args);
  const resumed = await r.host.resume("R");
  await sleep(700);
  out[phase] = { ok: resumed.ok, released: r.released(), told, saved: store.get("thousand.room") };
  r.host.closed = true;  // stop its retries
}
process.stdout.write(JSON.stringify(out));
process.exit(0);  // the closed host's goodbye timer need not run
"""


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return run_script(SCRIPT, tmp_path_factory.mktemp("host"))


def test_a_friend_who_drops_again_gets_the_whole_grace_from_the_last_drop(run):
    assert run["twice_early"] == []  # the first drop's timer would have fired at 400 ms
    assert run["twice_late"] == ["1"]  # once, not twice


def test_each_dropped_seat_is_released_after_the_grace(run):
    assert run["two"] == ["1", "2"]


def test_no_seat_is_released_once_the_host_has_left(run):
    assert run["dropped"] == ["a"] and run["left"] == []


def test_a_resumed_room_out_of_reach_is_kept_and_the_page_told_once(run):
    for phase in ("lobby", "play"):
        assert run[phase]["ok"] is True and run[phase]["saved"] == "R"
        assert run[phase]["told"] == [[False, "peerjs"]]


def test_the_grace_of_a_resumed_room_starts_at_once_only_in_a_game_under_way(run):
    assert run["play"]["released"] == ["1"]  # the host plays on: a bot takes the away friend's seat
    assert run["lobby"]["released"] == []  # in the lobby the seat waits until the room is reachable


FINISHED = r"""
let now = 1e12;
Date.now = () => now;
const { HostGame, readRoomSave } = await import(process.argv[2] + "/js/host.js");
const host = new HostGame({ py: {} });
host.owns = true;  // this tab holds the room
const out = {};
host.keep({ ok: true, save: "PLAYING", view: { phase: "play" } });
host.keep({ ok: true, save: "OVER", view: { phase: "over" } });
now += 59 * 60000;  // the host's page reloads within the hour after the end
out.soon = readRoomSave();
host.keep({ ok: true, save: "OVER", view: { phase: "over" } });  // the resumed room, saved again
now += 2 * 60000;  // the hour counts from the end, not from the reload
out.late = readRoomSave();
out.left = [...store.keys()].filter((k) => k.startsWith("thousand.room"));
// A finished room left for a new game: nothing of it stays.
host.keep({ ok: true, save: "OVER", view: { phase: "over" } });
host.close();
out.closed = [...store.keys()].filter((k) => k.startsWith("thousand.room"));
process.stdout.write(JSON.stringify(out));
process.exit(0);  // the closed host's goodbye timer need not run
"""


def test_a_finished_room_opens_again_with_the_page_for_an_hour(tmp_path):
    """The host's page reloaded after the game's end opens the finished room again, so that a guest who
    reconnects or asks again gets the proof: its save (every secret of the deal) was thrown away at the end."""
    out = run_script(FINISHED, tmp_path)
    assert out["soon"] == "OVER"
    assert out["late"] is None and out["left"] == []
    assert out["closed"] == []
