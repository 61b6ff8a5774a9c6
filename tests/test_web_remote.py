"""A guest's side of a game with friends (web/js/remote.js) in Node: a join link opened where the
browser refuses storage (site data blocked, private browsing, a full storage) still takes a seat."""

from __future__ import annotations

from web_node import run_script

SCRIPT = r"""
globalThis.window = globalThis;
const refuse = () => { throw new DOMException("The operation is insecure.", "SecurityError"); };
globalThis.localStorage = { getItem: refuse, setItem: refuse, removeItem: refuse };
globalThis.sessionStorage = { getItem: refuse, setItem: refuse, removeItem: refuse };
const { RemoteGame } = await import(process.argv[2] + "/js/remote.js");
const out = {};
try {
  const guest = new RemoteGame({ py: {} }, "abcdefghjkmn");
  guest.me.me.hostCommit = "0".repeat(64);
  guest.me.save(); // the host's commitment, kept: in memory only here
  out.made = /^[0-9a-f]{32}$/.test(guest.me.token) && /^[0-9a-f]{32}$/.test(guest.me.tab);
} catch (err) {
  out.made = String(err);
}
console.log(JSON.stringify(out));
"""


def test_a_join_link_takes_a_seat_where_storage_throws(tmp_path):
    assert run_script(SCRIPT, tmp_path) == {"made": True}


CHECK = r"""
globalThis.window = globalThis;
const { RemoteGame } = await import(process.argv[2] + "/js/remote.js");
const { sha256Hex } = await import(process.argv[2] + "/js/connection.js");
const calls = [];
const py = { call: async (...args) => { calls.push(args); return { ok: true, problems: [] }; } };
const guest = new RemoteGame({ py }, "abcdefghjkmn");
const sent = [];
guest.link = { send: (text) => sent.push(JSON.parse(text)), close() {} };
const host = "a".repeat(64);
guest.receive(JSON.stringify({ t: "seat", v: 1, seat: 1, commit: host, lobby: {} }));
const commits = [host, await sha256Hex(guest.me.reveal), null];
guest.receive(JSON.stringify({ t: "start", commits }));
while (!sent.some((m) => m.t === "reveal")) await new Promise((r) => setTimeout(r, 5));
// A second start (a rejoin before the game) names seat 2 too: the first is what counts.
guest.receive(JSON.stringify({ t: "start", commits: [host, commits[1], "b".repeat(64)] }));
await new Promise((r) => setTimeout(r, 20));
guest.receive(JSON.stringify({ t: "record", record: "x", commits: [], reveals: [] }));
const again = new RemoteGame({ py }, "abcdefghjkmn"); // the page reloaded before the end
again.seat = 1;
await again.check("{}");
while (calls.length < 2) await new Promise((r) => setTimeout(r, 5));
const started = calls.map((c) => c[0] === "guest_verify" && JSON.parse(c[6] ?? "null"));
console.log(JSON.stringify({ commits, started }));
"""


def test_the_proof_is_checked_against_the_commitments_sent_at_the_start(tmp_path):
    """The guest keeps every seat's commitment as the host first sent it (before its own reveal, and over
    a reload) and checks the record's against them: a host could else give a bot's seat a reveal picked
    after the guests' and so pick the cards (thousand.web_room.verify)."""
    out = run_script(CHECK, tmp_path)
    assert out["started"] == [out["commits"], out["commits"]]


LATE = r"""
globalThis.window = globalThis;
const { Link } = await import(process.argv[2] + "/js/connection.js");
const handlers = {};
const conn = { connectionId: "c1", on: (event, fn) => { handlers[event] = fn; }, send() {}, close() {} };
const link = new Link(conn);
const heard = [];
link.onMessage = (text) => heard.push(text);
handlers.data('{"t":"lobby"}');
link.close();
handlers.data('{"t":"view"}'); // arrives after its owner left the link
console.log(JSON.stringify({ heard }));
"""


def test_a_link_left_hears_nothing_more(tmp_path):
    """A message that comes in after the page has closed its link (left the room, or a new link taken in
    its place) is dropped: it reached the room's handlers as if the link were still in use."""
    assert run_script(LATE, tmp_path) == {"heard": ['{"t":"lobby"}']}


REJOIN = r"""
globalThis.window = globalThis;
const { RemoteGame } = await import(process.argv[2] + "/js/remote.js");
const guest = new RemoteGame({ py: {} }, "abcdefghjkmn");
const sent = [];
const link = () => ({ send: (text) => sent.push(JSON.parse(text)), close() {} });
const seat = JSON.stringify({ t: "seat", v: 1, seat: 1, commit: "a".repeat(64), lobby: {} });
const view = (n) => JSON.stringify({ t: "view", n, state: { ok: true, human: 1, view: { to_move: 1, legal: [] } } });
guest.link = link();
guest.receive(seat);
guest.receive(view(4));
guest.take(); // the first table, as the page shows it
// The host's page reloaded: the guest reached it again, and its hello is on its way (reach() took the link).
guest.seatedHere = false;
guest.link = link();
const answer = guest.play("b120");
await new Promise((r) => setTimeout(r, 10));
const early = sent.filter((m) => m.t === "move");
guest.receive(seat); // the host's answer to the hello: the seat, then the table as it is now
guest.receive(view(5));
const table = await answer;
const moved = guest.play("p"); // on the table the seat came with, a move goes to the host
const late = sent.filter((m) => m.t === "move");
guest.receive(view(6));
await moved;
console.log(JSON.stringify({ early, late, table: table.ok }));
"""


def test_a_move_made_while_reconnecting_waits_for_the_seat(tmp_path):
    """A guest's move made after its page reached the host again but before the host seated it there would
    be refused with "take a seat first" (and its table would flash back to the same moves): it is not sent,
    and the table the seat comes with answers it; the next move goes out as usual."""
    out = run_script(REJOIN, tmp_path)
    assert out == {"early": [], "late": [{"t": "move", "move": "p", "n": 5}], "table": True}
