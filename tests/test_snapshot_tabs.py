"""Two tabs and one stored memory snapshot (web/snapshot-worker.js), run in Node against a stand-in for
the origin's private file system that behaves as Chromium's does (checked in Chromium 156): a file open
for synchronous access is held by that tab alone, and while held it cannot be opened again, moved,
replaced or removed; a move replaces the file at its destination. Each storage call waits a turn, so two
tabs' calls interleave as they would. What a tab does must never take away the snapshot another tab has
just stored for the same build: neither a write of its own that fails, nor its clean-up, nor dropping a
damaged snapshot it read before the new one came."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

WORKER = Path(__file__).resolve().parent.parent / "web" / "snapshot-worker.js"

FAKE_STORAGE = r"""
const named = (name) => Object.assign(new Error(name), { name });
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
// A step of another tab to run before this one's next call to storage or to the lock (see `between`).
let cutIn = null;
async function wait() {
  await turn();
  const step = cutIn;
  cutIn = null;
  if (step) await step();
}
const fs = { failWrite: false, onClose: null };

class Folder {
  constructor() { this.entries = new Map(); }
  held() { return [...this.entries.values()].some((e) => (e instanceof Folder ? e.held() : e.held)); }
}

class FileHandle {
  constructor(dir, name) { this.dir = dir; this.name = name; }
  async createSyncAccessHandle() {
    await wait();
    const file = this.dir.entries.get(this.name);
    if (!file) throw named("NotFoundError");
    if (file.held) throw named("NoModificationAllowedError");
    file.held = true;
    let open = true;
    return {
      getSize: () => file.bytes.length,
      read(buffer, { at }) {
        const part = file.bytes.subarray(at, at + buffer.length);
        buffer.set(part);
        return part.length;
      },
      write(buffer, { at }) {
        if (fs.failWrite) throw named("QuotaExceededError");
        const grown = new Uint8Array(Math.max(file.bytes.length, at + buffer.length));
        grown.set(file.bytes);
        grown.set(buffer, at);
        file.bytes = grown;
        return buffer.length;
      },
      truncate(size) { file.bytes = file.bytes.slice(0, size); },
      flush() {},
      close() {
        if (!open) return;
        open = false;
        file.held = false;
        const then = fs.onClose;
        fs.onClose = null;
        then?.();
      },
    };
  }
  async getFile() {
    await wait();
    const file = this.dir.entries.get(this.name);
    return { arrayBuffer: async () => file.bytes.slice().buffer };
  }
  async move(dir, name) {
    await wait();
    const file = this.dir.entries.get(this.name);
    const there = dir.dir.entries.get(name);
    if (!file) throw named("NotFoundError");
    if (file.held || (there && there.held)) throw named("NoModificationAllowedError");
    this.dir.entries.delete(this.name);
    dir.dir.entries.set(name, file);
    this.dir = dir.dir;
    this.name = name;
  }
}

class DirHandle {
  constructor(dir) { this.dir = dir; }
  async getDirectoryHandle(name, { create = false } = {}) {
    await wait();
    if (!this.dir.entries.has(name)) {
      if (!create) throw named("NotFoundError");
      this.dir.entries.set(name, new Folder());
    }
    return new DirHandle(this.dir.entries.get(name));
  }
  async getFileHandle(name, { create = false } = {}) {
    await wait();
    if (!this.dir.entries.has(name)) {
      if (!create) throw named("NotFoundError");
      this.dir.entries.set(name, { bytes: new Uint8Array(0), held: false });
    }
    return new FileHandle(this.dir, name);
  }
  async removeEntry(name, { recursive = false } = {}) {
    await wait();
    const entry = this.dir.entries.get(name);
    if (!entry) throw named("NotFoundError");
    if (entry instanceof Folder ? entry.held() : entry.held) throw named("NoModificationAllowedError");
    if (entry instanceof Folder && entry.entries.size && !recursive) throw named("InvalidModificationError");
    this.dir.entries.delete(name);
  }
  async *keys() {
    await wait();
    yield* [...this.dir.entries.keys()];
  }
}

const root = new DirHandle(new Folder());
const queues = new Map();
globalThis.self = globalThis;
globalThis.FileSystemFileHandle = FileHandle;
globalThis.navigator = {
  storage: { getDirectory: async () => { await wait(); return root; } },
  locks: {
    async request(name, callback) {
      await wait();
      const before = queues.get(name) || Promise.resolve();
      const mine = before.then(() => callback({ name }));
      queues.set(name, mine.catch(() => {}));
      return mine;
    },
  },
};
"""

SCRIPT = FAKE_STORAGE + r"""
const { keepSnapshot, startPython, unpack, VERIFIED_RUNTIME } = await import(process.argv[1]);
const BUILD = "build-2";
const PAGE = 65536;
const options = { version: VERIFIED_RUNTIME, build: BUILD };

/** A heap of three pages, told apart by `mark`, as a tab's Python might be after its start. */
function heap(mark) {
  const out = new Uint8Array(3 * PAGE);
  out[0] = 0x31; out[PAGE + 7] = mark; out[3 * PAGE - 1] = mark;
  return out;
}
const tab = (mark) => ({ makeMemorySnapshot: () => heap(mark) });

async function folder() {
  try { return (await root.getDirectoryHandle("memory-snapshots")).dir; } catch { return null; }
}
/** The folder's names, and the mark of the heap stored as this build's snapshot (null: none, or damaged). */
async function stored() {
  const dir = await folder();
  if (!dir) return { names: [], mark: null };
  const names = [...dir.entries.keys()].sort();
  const file = dir.entries.get(BUILD);
  let mark = null;
  if (file) {
    const body = file.bytes.subarray(32);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
    if (digest.every((b, i) => b === file.bytes[i])) mark = unpack(body)[PAGE + 7];
  }
  return { names, mark };
}
async function put(name, bytes) {
  const dir = await root.getDirectoryHandle("memory-snapshots", { create: true });
  await dir.getFileHandle(name, { create: true });
  dir.dir.entries.get(name).bytes = bytes;
}
async function reset() {
  await root.removeEntry("memory-snapshots", { recursive: true }).catch(() => {});
}
/** Python's runtime, as startPython uses it: a snapshot it is given must hold a heap (not zeros). */
const runtime = Promise.resolve({
  async loadPyodide(options) {
    await turn();
    if (options._loadSnapshot) {
      await options.fsInit();
      if (options._loadSnapshot[0] !== 0x31) throw new Error("not a snapshot");
    }
    return tab(9);
  },
});
const boot = () => startPython(runtime, { indexURL: "/", ...options, check: () => {} });
const out = {};

// Tab A stores its snapshot; then tab B's write fails (no room): A's stays, and so does nothing else.
await keepSnapshot(tab(1), options);
await put("build-1", new Uint8Array(10)); // an old build's snapshot
await put(`${BUILD}.0123.part`, new Uint8Array(10)); // a part a tab closed while writing left
fs.failWrite = true;
out.failed = { b: (await keepSnapshot(tab(2), options)).why };
fs.failWrite = false;
out.failed.after = await stored();

// Tab B reads a damaged snapshot; before it drops it, tab A stores a new one: A's stays.
await reset();
await keepSnapshot(tab(1), options);
(await folder()).entries.get(BUILD).bytes[40 + 2 * PAGE] ^= 0x5a; // the hash no longer fits
let a = null;
fs.onClose = () => { cutIn = async () => { a = await keepSnapshot(tab(3), options); }; };
out.dropped = { b: (await boot()).why, a: a && a.saved, after: await stored() };
out.dropped.next = (await boot()).why; // and the next visit restores it

// Two tabs keep theirs at the same moment, a third reading the one before: one whole snapshot stays.
await reset();
await keepSnapshot(tab(1), options);
const both = await Promise.all([keepSnapshot(tab(4), options), keepSnapshot(tab(5), options)]);
out.both = { saved: both.map((r) => r.saved), after: await stored() };
const reading = (await (await root.getDirectoryHandle("memory-snapshots")).getFileHandle(BUILD));
const held = await reading.createSyncAccessHandle();
const whileRead = await keepSnapshot(tab(6), options);
held.close();
out.read = { saved: whileRead.saved, after: await stored() };

// A browser that cannot move files: the snapshot is written in place, replaced whole, and restored.
await reset();
delete FileHandle.prototype.move;
const first = (await keepSnapshot(tab(7), options)).saved;
const second = (await keepSnapshot(tab(8), options)).saved;
out.inPlace = { saved: [first, second], after: await stored(), next: (await boot()).why };
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def got() -> dict:
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed")
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT, str(WORKER)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_a_failed_write_leaves_the_snapshot_another_tab_stored(got):
    """Only the other builds' snapshot and the stale part are cleaned up; the current build's stays."""
    assert got["failed"] == {"b": "quota", "after": {"names": ["build-2"], "mark": 1}}


def test_a_damaged_snapshot_replaced_meanwhile_is_not_dropped(got):
    assert got["dropped"] == {"b": "corrupt", "a": True, "after": {"names": ["build-2"], "mark": 3},
                              "next": "stored"}


def test_two_tabs_keeping_at_once_leave_one_whole_snapshot(got):
    both = got["both"]
    assert True in both["saved"] and both["after"]["names"] == ["build-2"]
    assert both["after"]["mark"] in [mark for mark, saved in zip((4, 5), both["saved"]) if saved]


def test_a_snapshot_being_read_is_not_replaced_under_the_reader(got):
    """The snapshot stored before (whichever of the two tabs' writes came last) is the one still there."""
    assert got["read"] == {"saved": False, "after": got["both"]["after"]}


def test_a_browser_that_cannot_move_files_writes_the_snapshot_in_place(got):
    """Snapshots needed FileSystemHandle.move after the two-tab fix: a browser without it lost the quick start."""
    assert got["inPlace"] == {"saved": [True, True], "after": {"names": ["build-2"], "mark": 8}, "next": "stored"}
