"""The memory snapshot's stored form (web/snapshot-worker.js pack/unpack), run in
Node: the heap comes back byte for byte (also into a heap made beforehand, as
the worker does while the runtime loads), zero pages are not stored, and bytes
that are not a packed heap are refused (the worker then starts Python normally)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

WORKER = Path(__file__).resolve().parent.parent / "web" / "snapshot-worker.js"

SCRIPT = """
const { pack, unpack } = await import(process.argv[1]);
const PAGE = 65536;
// A heap of 10 pages and 3 bytes: pages 0, 4 and 7 hold data, the tail holds one byte.
const heap = new Uint8Array(10 * PAGE + 3);
heap[0] = 1; heap[4 * PAGE + 100] = 7; heap[8 * PAGE - 1] = 9; heap[10 * PAGE + 2] = 5;
const stored = pack(heap);
const back = unpack(stored);
const same = back.length === heap.length && back.every((b, i) => b === heap[i]);
// pack() of a view that is not word-aligned.
const wide = new Uint8Array(heap.length + 1);
wide.set(heap, 1);
const offset = unpack(pack(wide.subarray(1)));
const sameOffset = offset.every((b, i) => b === heap[i]);
// Into a zero-filled heap of the right length, made before the bytes were read.
const given = new Uint8Array(heap.length);
const into = unpack(stored, given) === given && given.every((b, i) => b === heap[i]);
const refused = (bytes) => { try { unpack(bytes); return false; } catch { return true; } };
const swapped = stored.slice();
new DataView(swapped.buffer).setUint32(12, 7, true); // page indices 7, 4, 7: not ascending
console.log(JSON.stringify({
  same, sameOffset, into, storedBytes: stored.length, heapBytes: heap.length,
  empty: pack(new Uint8Array(4 * PAGE)).length,
  refused: {
    zeros: refused(new Uint8Array(stored.length)),
    truncated: refused(stored.subarray(0, stored.length - 1)),
    longer: refused(new Uint8Array([...stored, 0])),
    short: refused(stored.subarray(0, 8)),
    swapped: refused(swapped),
    wrongLength: (() => {
      try { unpack(stored, new Uint8Array(heap.length + PAGE)); return false; } catch { return true; }
    })(),
  },
}));
"""


def test_the_stored_snapshot_is_the_heap_without_its_zero_pages():
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed")
    got = json.loads(subprocess.run([node, "--input-type=module", "-e", SCRIPT, str(WORKER)],
                                    capture_output=True, text=True, check=True).stdout)
    assert got["same"] and got["sameOffset"] and got["into"]
    # Three full pages and the 3-byte tail, behind a header of 3 words and 4 page numbers.
    assert got["storedBytes"] == 4 * 7 + 3 * 65536 + 3
    assert got["empty"] == 12
    assert got["refused"] == {"zeros": True, "truncated": True, "longer": True, "short": True, "swapped": True,
                               "wrongLength": True}
