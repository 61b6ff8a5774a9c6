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
