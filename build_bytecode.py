"""The wheel's bytecode, compiled by the Python that runs it: Pyodide's.

A first visit imports ``thousand.web`` in the browser, and Python compiles
every module of the game from source first: about 70-100 ms of the first
start (measured in Node: the import took 166-197 ms from source, about 100 ms
from bytecode). The runtime's Python (3.14) is not the one building the site
(3.11 here), so the bytecode is made by the pinned Pyodide itself, under Node,
and added to the wheel as ``thousand/**/__pycache__/<name>.cpython-314.pyc``.

The files are "unchecked hash" pycs (PEP 552): Python uses them without
comparing them with the sources' times, which an unpacked archive does not
keep; they come from the same sources in the same build, so they cannot be
stale. Only the runtime whose cache tag they carry ever reads them (CPython
3.11 looks for ``cpython-311``), and a wheel without them works the same,
only slower to import.

The rewritten wheel is deterministic: entries in a fixed order with the
earliest zip date, and RECORD lists each added file with its hash and size.
"""

from __future__ import annotations

import base64
import hashlib
import subprocess
import tempfile
import zipfile
from pathlib import Path

# Run by Node: the pinned Pyodide compiles the sources in a host folder
# mounted into its file system. argv: pyodide's folder, the sources' folder.
COMPILE_JS = """
import { pathToFileURL } from "node:url";
const [indexDir, hostDir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(indexDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: indexDir + "/" });
pyodide.mountNodeFS("/src", hostDir);
const tag = pyodide.runPython(`
import compileall, py_compile, sys
ok = compileall.compile_dir("/src", quiet=1, workers=1,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("compileall failed")
sys.implementation.cache_tag
`);
process.stdout.write(tag);
"""

ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def add_bytecode(wheel: Path, pyodide_dir: Path, node: str) -> list[str]:
    """Compile the wheel's modules with the Pyodide in ``pyodide_dir`` and add the
    bytecode to ``wheel`` in place; returns the names added."""
    with zipfile.ZipFile(wheel) as z:
        infos = z.infolist()
        contents = {info.filename: z.read(info) for info in infos}
    record = next(name for name in contents if name.endswith(".dist-info/RECORD"))
    sources = sorted(name for name in contents if name.endswith(".py"))
    with tempfile.TemporaryDirectory(prefix="thousand-pyc-") as tmp:
        root = Path(tmp)
        for name in sources:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(contents[name])
        script = root / "compile.mjs"
        script.write_text(COMPILE_JS, encoding="utf-8")
        done = subprocess.run([node, str(script), str(pyodide_dir.resolve()), str(root)],
                              capture_output=True, text=True)
        if done.returncode:
            raise SystemExit(f"compiling the wheel's bytecode in Pyodide failed:\n{done.stderr}")
        tag = done.stdout.strip()
        added = {}
        for name in sources:
            path = Path(name)
            pyc = path.parent / "__pycache__" / f"{path.stem}.{tag}.pyc"
            data = (root / pyc).read_bytes()
            added[pyc.as_posix()] = data
    lines = contents[record].decode().splitlines()
    lines = [line for line in lines if not line.startswith(f"{record},")]
    lines += [record_line(name, data) for name, data in sorted(added.items())] + [f"{record},,"]
    contents[record] = ("\n".join(lines) + "\n").encode()
    with zipfile.ZipFile(wheel, "w") as z:
        for info in infos:
            if info.filename != record:
                z.writestr(info, contents[info.filename])
        for name, data in sorted(added.items()):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
        record_info = next(info for info in infos if info.filename == record)
        z.writestr(record_info, contents[record])
    return sorted(added)
