// Python from a memory snapshot, for the worker. Starting Python takes
// seconds; restoring the memory of an earlier start (Python running,
// thousand.web imported) takes a fraction of that. The snapshot is made in this
// browser after a normal start, kept in Cache Storage under the site's build
// id, and never shipped: a new release (a new build id) never restores an old one.
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
//   number or a snapshot of another runtime build.
// - The file system is not in the heap: the standard library is mounted again,
//   site-packages starts empty, and the modules imported before live on in memory.
//
// The snapshot is stored without its zero pages (about half of the 30 MiB heap
// is zero), with the SHA-256 of what is stored beside it: reading, hashing and
// filling in the zeros is quicker than unpacking a gzip copy (6 MiB took about
// four times as long to read back as the whole heap), and the hash catches
// any damage, where Pyodide checks only the header.

export const VERIFIED_RUNTIME = "314.0.8";
// Not "thousand-…": the service worker deletes those caches on every update.
const CACHE = "memory-snapshots";
const DIGEST = "x-sha256";

const PAGE = 65536;
const PACKED = 0x54534e31; // "1NST": the stored form below, version 1

const slot = (build) => new URL(`memory-snapshot/${build}`, self.location.href).href;

function usable(version, build) {
  return version === VERIFIED_RUNTIME && Boolean(build) && "caches" in self && Boolean(self.crypto?.subtle);
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

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

/** The heap back from pack()'s bytes; throws on anything else. */
export function unpack(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const word = (i) => view.getUint32(4 * i, true);
  if (bytes.length < 12 || word(0) !== PACKED) throw new Error("not a packed snapshot");
  const length = word(1);
  const n = word(2);
  if (12 + 4 * n > bytes.length || length > 2 ** 32 - PAGE) throw new Error("damaged snapshot");
  const heap = new Uint8Array(length);
  let at = 12 + 4 * n;
  let last = -1;
  for (let i = 0; i < n; i++) {
    const p = word(3 + i);
    const size = Math.min(PAGE, length - p * PAGE);
    if (p <= last || size <= 0 || at + size > bytes.length) throw new Error("damaged snapshot");
    heap.set(bytes.subarray(at, at + size), p * PAGE);
    at += size;
    last = p;
  }
  if (at !== bytes.length) throw new Error("damaged snapshot");
  return heap;
}

/** The heap from the stored bytes, once their hash is checked; rejects if they are damaged. */
async function intact(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if ((await sha256(bytes)) !== response.headers.get(DIGEST)) throw new Error("damaged snapshot");
  return unpack(bytes);
}

async function stored(build) {
  try {
    return (await (await caches.open(CACHE)).match(slot(build))) || null;
  } catch {
    return null; // storage refused (a browser setting): start normally
  }
}

async function forget() {
  try {
    await caches.delete(CACHE);
  } catch {
    // nothing stored, or storage refused: nothing to forget
  }
}

/**
 * Start Python: from this build's snapshot when there is one, else normally.
 * `runtime` is a promise of Pyodide's module (pyodide.mjs): the snapshot is
 * looked up while it loads. After a restore, `check(pyodide)` must throw if
 * Python is not as expected; any failure (unreadable or damaged data, another
 * runtime, a failed check) drops the snapshot and starts Python normally.
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
  const [{ loadPyodide }, response] = await Promise.all([runtime, stored(build)]);
  let why = "none";
  if (response) {
    try {
      const bytes = intact(response); // read while the runtime loads
      bytes.then(() => mark("snapshot-read"), () => {}); // seen by loadPyodide; no stray "uncaught"
      const pyodide = await loadPyodide({ indexURL, _loadSnapshot: bytes });
      mark("loaded");
      check(pyodide);
      return { pyodide, boot: "snapshot", why: "stored" };
    } catch {
      why = "corrupt";
      await forget();
    }
  }
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  mark("loaded");
  return { pyodide, boot: "start", why };
}

/**
 * Keep a snapshot of this Python for the next visit, replacing any other.
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
    const headers = { "content-type": "application/octet-stream", [DIGEST]: await sha256(stored) };
    await forget(); // an old build's snapshot goes
    await (await caches.open(CACHE)).put(slot(build), new Response(stored, { headers }));
    return { saved: true, held, ms: performance.now() - t0, bytes: memory.length, stored: stored.length };
  } catch (err) {
    await forget(); // nothing half-stored is ever restored
    const why = err && err.name === "QuotaExceededError" ? "quota" : "failed";
    return { saved: false, why, ms: performance.now() - t0 };
  }
}
