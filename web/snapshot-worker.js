// Python from a memory snapshot, for the worker. Starting Python takes
// seconds; restoring the memory of an earlier start (Python running,
// thousand.web imported) takes a fraction of that. The snapshot is made in this
// browser after a normal start, kept in the origin's private file system (one
// file named by the site's build id), and never shipped: a new release (a new
// build id) never restores an old one.
//
// Pyodide's snapshot options are private. What this module relies on was read
// in the pinned runtime (314.0.8: pyodide.mjs and pyodide.asm.mjs; upstream
// src/js/pyodide.ts and src/js/snapshot.ts), so any other version starts
// normally until it is checked again (tests/test_page.py keeps
// VERIFIED_RUNTIME equal to the pin in web/package.json):
// - makeMemorySnapshot() works only if loadPyodide had {_makeSnapshot: true};
//   that option also wraps the `js` globals in a proxy that records access
//   paths, so the JS objects Python holds can be found again after a restore.
// - makeMemorySnapshot() copies the whole WebAssembly heap (about 30 MiB)
//   behind a header: a magic number and the runtime's own build id.
// - loadPyodide({_loadSnapshot}) takes the bytes or a promise of them, sizes
//   the memory to them and skips Python's start-up; it throws on a wrong magic
//   number or a snapshot of another runtime build. It keeps the very array it
//   is given (no copy) and reads it only after the module is made, which waits
//   for the public `fsInit` hook: so the bytes may be filled in while the
//   runtime's wasm is fetched, compiled and linked, if fsInit waits for them.
// - The file system is not in the heap: the standard library is mounted again,
//   site-packages starts empty, and the modules imported before live on in memory.
//
// The snapshot is stored without its zero pages (about half of the 30 MiB heap
// is zero), after the SHA-256 of what follows: reading, hashing and filling in
// the zeros is quicker than unpacking a gzip copy (6 MiB took about four times
// as long to read back as the whole heap), and the hash catches any damage,
// where Pyodide checks only the header. The file is read with a synchronous
// access handle, in this worker's thread: Cache Storage, used before, shares
// the browser's input and output with the runtime's own download, and a read
// made while the runtime loads took 0.6 s where alone it took 0.15 s.
//
// Tabs of the site share the folder, and two may start at the same moment. A
// snapshot is written under a name of its own (<build>.<random>.part) and moved
// onto <build> only once whole, so no tab ever reads half of one (a browser
// that cannot move files writes <build> in place, and the hash catches a write
// cut short); writing, moving and removing are done under one Web Lock, so one
// tab's clean-up never meets another's write. The clean-up removes only what is not this build's
// snapshot (other builds', and the parts of writes a closed tab left), and a
// damaged snapshot is dropped only if no tab has replaced it since it was read.

export const VERIFIED_RUNTIME = "314.0.8";
const DIR = "memory-snapshots";
const LOCK = "thousand:memory-snapshots";
const PART = ".part";
// Where releases before stop 21 kept it (Cache Storage): emptied when a snapshot is kept.
const OLD_CACHE = "memory-snapshots";

const PAGE = 65536;
const PACKED = 0x54534e31; // "1NST": the stored form below, version 1
const DIGEST = 32; // bytes of SHA-256 before it
const HEAD = DIGEST + 12; // the digest and pack()'s first three words

function usable(version, build) {
  return (
    version === VERIFIED_RUNTIME &&
    /^[\w.-]+$/.test(build || "") &&
    typeof self.navigator?.storage?.getDirectory === "function" &&
    typeof self.FileSystemFileHandle?.prototype?.createSyncAccessHandle === "function" &&
    typeof self.navigator.locks?.request === "function" &&
    Boolean(self.crypto?.subtle)
  );
}

async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

function isZero(heap, words, from, to) {
  const whole = Math.min(to, words.length * 4);
  for (let i = from >> 2; i < whole >> 2; i++) if (words[i] !== 0) return false;
  for (let i = Math.max(from, whole); i < to; i++) if (heap[i] !== 0) return false;
  return true;
}

/**
 * The heap as stored: little-endian 32-bit words [PACKED, heap length, n, then
 * the n indices of the pages that are not all zero, ascending], then those
 * pages in order (the last one as long as the heap leaves it).
 */
export function pack(heap) {
  const aligned = heap.byteOffset % 4 === 0 ? heap : heap.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length >> 2);
  const kept = [];
  for (let p = 0; p * PAGE < heap.length; p++) {
    if (!isZero(aligned, words, p * PAGE, Math.min(heap.length, (p + 1) * PAGE))) kept.push(p);
  }
  const head = 4 * (3 + kept.length);
  const size = kept.reduce((n, p) => n + Math.min(PAGE, heap.length - p * PAGE), head);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  [PACKED, heap.length, kept.length, ...kept].forEach((w, i) => view.setUint32(4 * i, w, true));
  let at = head;
  for (const p of kept) {
    const page = heap.subarray(p * PAGE, Math.min(heap.length, (p + 1) * PAGE));
    out.set(page, at);
    at += page.length;
  }
  return out;
}

/**
 * The heap back from pack()'s bytes, into `heap` (zero-filled, of the heap's
 * length) when given; throws on anything else.
 */
export function unpack(bytes, heap = null) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const word = (i) => view.getUint32(4 * i, true);
  if (bytes.length < 12 || word(0) !== PACKED) throw new Error("not a packed snapshot");
  const length = word(1);
  const n = word(2);
  if (12 + 4 * n > bytes.length || length > 2 ** 32 - PAGE) throw new Error("damaged snapshot");
  if (heap && heap.length !== length) throw new Error("damaged snapshot");
  const out = heap || new Uint8Array(length);
  let at = 12 + 4 * n;
  let last = -1;
  for (let i = 0; i < n; i++) {
    const p = word(3 + i);
    const size = Math.min(PAGE, length - p * PAGE);
    if (p <= last || size <= 0 || at + size > bytes.length) throw new Error("damaged snapshot");
    out.set(bytes.subarray(at, at + size), p * PAGE);
    at += size;
    last = p;
  }
  if (at !== bytes.length) throw new Error("damaged snapshot");
  return out;
}

async function folder(create = false) {
  return (await navigator.storage.getDirectory()).getDirectoryHandle(DIR, { create });
}

/** The first bytes of an open file: its digest and pack()'s first words (fewer if it is shorter). */
function headOf(handle) {
  const head = new Uint8Array(HEAD);
  return head.subarray(0, handle.read(head, { at: 0 }));
}

/**
 * The stored snapshot of this build, open for reading: {handle, head, length}
 * (the heap's length, from the file's head), or null when there is none,
 * storage is refused, or another tab holds the file. The caller closes the handle.
 */
async function open(build) {
  let handle;
  try {
    handle = await (await (await folder()).getFileHandle(build)).createSyncAccessHandle();
  } catch {
    return null;
  }
  let head = new Uint8Array(0);
  let length = 0;
  try {
    head = headOf(handle);
    const view = new DataView(head.buffer, head.byteOffset, head.length);
    if (head.length === HEAD && view.getUint32(DIGEST, true) === PACKED) length = view.getUint32(DIGEST + 4, true);
  } catch {
    handle.close(); // unreadable: as damaged (closing again later is allowed)
  }
  return { handle, head, length: length > 0 && length <= 2 ** 32 - PAGE ? length : 0 };
}

/**
 * Fill `heap` from the open file once its hash is checked, and close it;
 * rejects if the bytes are damaged, and then leaves the heap all zeros (so a
 * runtime already given it refuses it: no magic number).
 */
async function fill({ handle }, heap) {
  try {
    let bytes, digest;
    try {
      bytes = new Uint8Array(handle.getSize() - DIGEST);
      digest = new Uint8Array(DIGEST);
      if (handle.read(digest, { at: 0 }) !== DIGEST || handle.read(bytes, { at: DIGEST }) !== bytes.length) {
        throw new Error("damaged snapshot");
      }
    } finally {
      handle.close();
    }
    if (!same(await sha256(bytes), digest)) throw new Error("damaged snapshot");
    unpack(bytes, heap);
  } catch (err) {
    heap.fill(0);
    throw err;
  }
}

/** Run `fn(dir)` on the folder (made if need be) while no other tab writes, moves or removes in it. */
function locked(fn) {
  return navigator.locks.request(LOCK, async () => fn(await folder(true)));
}

/**
 * This build's snapshot, found damaged when read (its first bytes were
 * `head`), is removed: unless another tab has stored a new one since.
 */
async function drop(build, head) {
  try {
    await locked(async (dir) => {
      const handle = await (await dir.getFileHandle(build)).createSyncAccessHandle();
      let now;
      try {
        now = headOf(handle);
      } finally {
        handle.close();
      }
      if (same(now, head)) await dir.removeEntry(build);
    });
  } catch {
    // gone already, storage refused, or another tab reads it: nothing to drop now
  }
}

/**
 * Under the lock: every entry but this build's snapshot goes, i.e. other
 * builds' snapshots and parts that a tab closed while writing left (no other
 * write is under way). One in use (a tab of an older release reads it) stays
 * until a later visit.
 */
async function tidy(dir, build) {
  const names = [];
  for await (const name of dir.keys()) if (name !== build) names.push(name);
  for (const name of names) await dir.removeEntry(name, { recursive: true }).catch(() => {});
}

/** Under the lock: this build's snapshot stored whole (`stored` after its `digest`), or an error, nothing changed.
 * Where files cannot be moved (a browser without `move`), it is written in place, still under the lock: a
 * failed write removes it, and one cut short (the tab closed) leaves a snapshot whose hash fails, dropped at
 * the next start; both only cost that next start its speed. */
async function store(dir, build, digest, stored) {
  const moves = typeof self.FileSystemFileHandle.prototype.move === "function";
  const name = moves ? `${build}.${crypto.randomUUID()}${PART}` : build;
  const file = await dir.getFileHandle(name, { create: true });
  try {
    const handle = await file.createSyncAccessHandle(); // fails while a tab reads it
    try {
      handle.truncate(0);
      if (handle.write(digest, { at: 0 }) !== DIGEST || handle.write(stored, { at: DIGEST }) !== stored.length) {
        throw new Error("short write");
      }
      handle.flush();
    } finally {
      handle.close();
    }
    if (moves) await file.move(dir, build); // replaces the one before; fails while a tab reads it
  } catch (err) {
    await dir.removeEntry(name).catch(() => {}); // a part, or a snapshot half replaced (not one a tab reads)
    throw err;
  }
}

/**
 * Start Python: from this build's snapshot when there is one, else normally.
 * `runtime` is a promise of Pyodide's module (pyodide.mjs): the snapshot is
 * looked up while it loads. After a restore, `check(pyodide)` must throw if
 * Python is not as expected; any failure (unreadable or damaged data, another
 * runtime, a failed check) drops the snapshot and starts Python normally.
 * The runtime's wasm is fetched, compiled and linked while the snapshot is
 * read and checked: its length is stored beside it, so the memory can be
 * made first and filled in (see the notes at the top).
 * `mark(stage)` is told when a stage ends: "snapshot-read" (checked bytes),
 * "loaded" (loadPyodide resolved).
 * Resolves to {pyodide, boot: "snapshot" | "start", why: "stored" | "none" | "corrupt" | "unsupported"}.
 */
export async function startPython(runtime, { indexURL, version, build, check, mark = () => {} }) {
  if (!usable(version, build)) {
    const { loadPyodide } = await runtime;
    const pyodide = await loadPyodide({ indexURL });
    mark("loaded");
    return { pyodide, boot: "start", why: "unsupported" };
  }
  const [{ loadPyodide }, file] = await Promise.all([runtime, open(build)]);
  let why = "none";
  if (file) {
    try {
      if (!file.length) throw new Error("damaged snapshot");
      const heap = new Uint8Array(file.length);
      let filled;
      const loading = loadPyodide({
        indexURL,
        _loadSnapshot: heap,
        fsInit: () => filled.catch(() => {}), // the module is made only once the heap is filled (or wiped)
      });
      // The file is read once loadPyodide has asked for its own files (the
      // read holds this thread), and before the runtime is made (fsInit).
      filled = new Promise((resolve) => setTimeout(resolve, 0)).then(() => fill(file, heap));
      filled.then(() => mark("snapshot-read"), () => {}); // awaited below; no stray "uncaught"
      const pyodide = await loading;
      await filled; // a damaged snapshot rejects here, if the runtime had not refused it already
      mark("loaded");
      check(pyodide);
      return { pyodide, boot: "snapshot", why: "stored" };
    } catch {
      file.handle.close(); // if it was never read (closing twice is allowed)
      why = "corrupt";
      await drop(build, file.head);
    }
  }
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  mark("loaded");
  return { pyodide, boot: "start", why };
}

/**
 * Keep a snapshot of this Python for the next visit, replacing this build's
 * (another tab's, made at the same time) and removing other builds'.
 * Only after a normal start by startPython. Python is held only while its
 * memory is copied (`held`, in ms); hashing and storing the copy run while
 * calls go on. Resolves to {saved, why?, held?, ms, bytes?}; it never throws.
 */
export async function keepSnapshot(pyodide, { version, build }) {
  const t0 = performance.now();
  if (!usable(version, build)) return { saved: false, why: "unsupported", ms: 0 };
  try {
    const memory = pyodide.makeMemorySnapshot();
    const held = performance.now() - t0;
    const stored = pack(memory);
    const digest = await sha256(stored);
    await locked(async (dir) => {
      await tidy(dir, build); // other builds' snapshots go, and parts left by closed tabs
      await store(dir, build, digest, stored);
    });
    if ("caches" in self) await caches.delete(OLD_CACHE).catch(() => {});
    return { saved: true, held, ms: performance.now() - t0, bytes: memory.length, stored: stored.length };
  } catch (err) {
    // Nothing half-stored is ever restored: a write that failed left its part only, removed.
    const why = err && err.name === "QuotaExceededError" ? "quota" : "failed";
    return { saved: false, why, ms: performance.now() - t0 };
  }
}
