"""The project's own sources keep lines to at most 120 characters, so that a
diff reads side by side. Locale JSON is exempt (a sentence is one line), and so
is what is installed or built (node_modules, dist/)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 120
# Folder -> the kinds of file in it that are the project's own source.
SOURCES = {
    "web": ("*.js", "*.mjs", "*.html", "*.css"),
    "thousand": ("*.py",),
    "tests": ("*.py",),
    "e2e": ("*.py",),
    "bench": ("*.py",),
}
SKIPPED_DIRS = {"node_modules", "locales", "__pycache__"}


def source_files() -> list[Path]:
    files = list(ROOT.glob("*.py"))
    for folder, patterns in SOURCES.items():
        for pattern in patterns:
            files += [path for path in (ROOT / folder).rglob(pattern)
                      if not SKIPPED_DIRS & set(path.relative_to(ROOT).parts)]
    return sorted(set(files))


def long_lines(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    name = path.relative_to(ROOT).as_posix()
    return [f"{name}:{number} ({len(line)} chars)" for number, line in enumerate(lines, 1) if len(line) > LIMIT]


def test_the_walk_finds_each_kind_of_source():
    names = {path.relative_to(ROOT).as_posix() for path in source_files()}
    assert {"build.py", "web/index.html", "web/styles.css", "web/sw.js", "web/js/table.js",
            "thousand/game.py", "thousand/bots/__init__.py", "tests/test_source_style.py", "e2e/conftest.py"} <= names
    assert not any("node_modules" in name or name.startswith("web/locales/") for name in names)


def test_no_source_line_is_longer_than_120_characters():
    found = [entry for path in source_files() for entry in long_lines(path)]
    assert not found, f"{len(found)} lines over {LIMIT} characters:\n" + "\n".join(found)
