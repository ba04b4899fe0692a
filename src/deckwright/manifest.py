"""Which outputs of a build target belong together, and what they were built from.

Every build target of a game (pnp sheets, calibration, PNGs, TTS, rulebook, ...) keeps a record
in `build/<game>/.deckwright/<target>.json`: the key of its inputs (a SHA-256 over the database,
layouts, templates, fonts, art, options and deckwright's own code), and for each output file its
SHA-256, optionally its own key (a PNG is keyed by its card's face alone), and once it is in
place its size and modification time.

A target is rebuilt in one transaction (see `Target.commit`):

1. every output is written to a hidden temporary file (`atomic.staging`);
2. the record is written with the new key and the new files' hashes, but no sizes or times;
3. the temporary files are renamed into place; outputs the target no longer makes are removed;
4. the record is written again with the sizes and times of the files now in place.

So the key is on disk before any output is exposed, never after. A build killed anywhere leaves
either the old record and the old files (steps 1-2), or a record whose hashes the files on disk
must match (steps 2-4): `Target.fresh` checks every file by size and time when the record has
them and by hash when it does not, so a mix of old and new files is never taken as current,
whatever the inputs are reverted to. The temporary files of a killed build are removed by
`atomic.clean_temps` at the start of the next one.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from . import __version__, paths
from .atomic import Stage, unstaged, write_text

RECORD_DIR = ".deckwright"
_PACKAGE = Path(__file__).resolve().parent
_CHUNK = 1 << 20


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(_CHUNK):
            h.update(chunk)
    return h.hexdigest()


def art_row(file: Path) -> list[Any]:
    """[size, mtime_ns, sha256] of an art file, as the records that list art keep it."""
    st = file.stat()
    return [st.st_size, st.st_mtime_ns, sha256_file(file)]


def art_unchanged(file: Path, row: list[Any]) -> bool:
    """`file` is as `art_row` saw it: the same size and time, or else the same bytes."""
    try:
        st = file.stat()
    except OSError:
        return False
    return (st.st_size, st.st_mtime_ns) == (row[0], row[1]) or sha256_file(file) == row[2]


def read_kept(file: Path, root: Path, what: str, limit: int) -> Any:
    """The JSON a build kept at `file` (build/ of a shared project is untrusted): read only
    inside `root`, up to `limit` bytes, without NaN or Infinity. Raises ValueError (a
    JSONDecodeError, UnicodeDecodeError), RecursionError or paths.UnsafePath otherwise."""
    return json.loads(paths.read_bytes(file, [root], what, limit), parse_constant=_no_constant)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} in JSON")


def write_kept(file: Path, text: str | None) -> None:
    """Write (or, for None, remove) a kept JSON file at once, outside any staging. A link a
    shared build/ came with is replaced, never written through; a folder or a device in its
    place is not ours to remove, so nothing is kept."""
    if file.is_symlink():
        file.unlink()
    if file.exists() and not file.is_file():
        return
    if text is None:
        file.unlink(missing_ok=True)
        return
    with unstaged():
        write_text(file, text)


class Key:
    """A SHA-256 fed with labelled parts, so that no two different inputs run together."""

    def __init__(self, *parts: tuple[str, bytes | str]):
        self._h = hashlib.sha256()
        for label, data in parts:
            self.add(label, data)

    def add(self, label: str, data: bytes | str) -> "Key":
        raw = data.encode() if isinstance(data, str) else data
        self._h.update(label.encode() + b"\0" + len(raw).to_bytes(8, "big") + raw)
        return self

    def add_file(self, label: str, path: Path) -> "Key":
        return self.add(label, path.read_bytes() if path.is_file() else b"\0missing")

    def add_tree(self, label: str, folder: Path) -> "Key":
        """Every file under `folder` (names and contents), in a stable order."""
        for path in tree_files(folder):
            self.add_file(f"{label}:{path.relative_to(folder).as_posix()}", path)
        return self

    def add_json(self, label: str, value: Any) -> "Key":
        return self.add(label, json.dumps(value, sort_keys=True, ensure_ascii=False, default=str))

    def hexdigest(self) -> str:
        return self._h.hexdigest()


def tree_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and not p.name.endswith(".pyc"))


#: The parts of deckwright (modules or folders of the package) that make every drawn output...
PRESS_CODE = ("press",)
#: ... and the example verdicts (the bundled rules are imported by name, not by an import
#: statement). A key takes these and every part they import, to the end (`code_parts`): a
#: module that press starts to import is in the press key without a word here.
ENGINE_CODE = ("app", "engine", "rules")
#: The package's data folders, by the part that reads what they hold (no import names them).
_READS = {"press": ("templates",), "i18n.py": ("locale",)}
#: The words before ` import ` in `from .x import`, `from .. import`, `from deckwright.x import`
#: (the module, relative or absolute), and in `import deckwright.x` (nothing).
_FROM = re.compile(rb"from[ \t]+(\.*)(deckwright(?![\w])\.?)?([\w.]*)")
_COMMENT = re.compile(rb"#[^\n]*")


@lru_cache(maxsize=None)
def code_version(parts: tuple[str, ...] = PRESS_CODE) -> str:
    """deckwright's version and a hash of the named parts of its code and of every part they
    import (`code_parts`): an edit to any of them, not only a release, makes the outputs built
    with them out of date, while e.g. an engine change leaves the card PNGs alone. The same
    code gives the same key wherever the package is installed."""
    k = Key(("version", __version__))
    for part in code_parts(parts):
        k.add(part, _part(part)[0])
    return k.hexdigest()


@lru_cache(maxsize=None)
def code_parts(roots: tuple[str, ...]) -> tuple[str, ...]:
    """`roots`, the package's `__init__.py` and every part of the package their modules import,
    directly or not, with the data folders those parts read; sorted. A part is a top-level
    module (`paths.py`) or folder (`model`): importing anything of a folder takes all of it,
    since a package may load its modules by name (`model/__init__.py` does)."""
    seen: set[str] = set()
    todo = ["__init__.py", *roots]
    while todo:
        part = todo.pop()
        if part not in seen and (_PACKAGE / part).exists():
            seen.add(part)
            todo += [*_part(part)[1], *_READS.get(part, ())]
    return tuple(sorted(seen))


@lru_cache(maxsize=None)
def _part(part: str) -> tuple[str, frozenset[str]]:
    """One part of deckwright's code: a hash of its files (names and contents) and the other
    parts its modules import; read once a process however many keys name it (`check` keys
    press, engine and model code, which share `model` and `locale`)."""
    path = _PACKAGE / part
    files = tree_files(path) if path.is_dir() else [path]
    k = Key()
    imported: set[str] = set()
    for file in files:
        data = file.read_bytes()
        k.add(f"{part}:{file.relative_to(path).as_posix()}" if path.is_dir() else part, data)
        if file.suffix == ".py":
            imported |= _imported_parts(data, file.relative_to(_PACKAGE).parts[:-1])
    return k.hexdigest(), frozenset(imported - {part})


def _imported_parts(source: bytes, package: tuple[str, ...]) -> set[str]:
    """The top-level parts of deckwright that `source`, a module of the (sub)package `package`,
    imports. Found by the text of its import statements, which is quick: one quoted in a
    string only adds a part to a key, never leaves one out."""
    found: set[str] = set()
    for opening in (b"from .", b"from deckwright", b"import deckwright."):
        at = source.find(opening)
        while at != -1:
            if not source[source.rfind(b"\n", 0, at) + 1:at].strip():   # it starts a line
                found |= _statement(source, at, package)
            at = source.find(opening, at + len(opening))
    parts = _top_parts()
    return {parts.get(name, "__init__.py") for name in found}


def _statement(source: bytes, at: int, package: tuple[str, ...]) -> set[str]:
    """The top-level names of deckwright the import statement at `at` takes: `import
    deckwright.x`, or `from M import ...` where M is relative or `deckwright[.x]`, in a module
    of the (sub)package `package`."""
    if source.startswith(b"import", at):
        return {n.split(".")[1] for n in _names(source, at + 7) if n.startswith("deckwright.")}
    names = source.find(b" import ", at)
    m = _FROM.fullmatch(source[at:names].strip()) if names != -1 else None
    if m is None:
        return set()
    dots, absolute, module = len(m.group(1)), m.group(2), m.group(3).decode()
    if dots and not absolute and dots - 1 <= len(package):
        base = [*package[:len(package) - dots + 1], *filter(None, module.split("."))]
    elif absolute and not dots:
        base = list(filter(None, module.split(".")))
    else:
        return set()                               # another package's module
    return {base[0]} if base else set(_names(source, names + 8))


def _names(source: bytes, at: int) -> list[str]:
    """The names an import statement lists from `at`: `a, b as c` or `(a,\n b,  # ...\n)`."""
    end = source.find(b")" if source.startswith(b"(", at) else b"\n", at)
    text = _COMMENT.sub(b"", source[at:end if end != -1 else None]).strip(b"( \t\r\n\\")
    return [n.split()[0].decode() for n in text.split(b",") if n.strip()]


@lru_cache(maxsize=None)
def _top_parts() -> dict[str, str]:
    """The top-level names of the package and their parts: `paths` -> `paths.py`, `model` ->
    `model`; a name missing (`__version__`, defined by the package itself) is `__init__.py`."""
    return {p.stem if p.suffix == ".py" else p.name: p.name for p in _PACKAGE.iterdir()
            if p.is_dir() or p.suffix == ".py"}


@dataclass
class Output:
    sha256: str
    key: str | None = None
    size: int | None = None
    mtime_ns: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


@dataclass
class Record:
    key: str
    outputs: dict[str, Output] = field(default_factory=dict)   # path relative to the game folder
    extra: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"key": self.key, "outputs": {k: o.as_json() for k, o in sorted(self.outputs.items())},
                "extra": self.extra}


class Target:
    """One target's record for one game's build folder (`root` = build/<game>)."""

    def __init__(self, root: Path, name: str):
        self.root = root
        self.name = name
        self.path = root / RECORD_DIR / f"{name}.json"
        self.record = self._load()

    def _load(self) -> Record | None:
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
            return Record(raw["key"], {k: Output(**o) for k, o in raw["outputs"].items()},
                          raw.get("extra", {}))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def _in_place(self, rel: str, out: Output) -> bool:
        """The file on disk is the one the record names (by size and time, else by hash)."""
        try:
            st = (self.root / rel).stat()
        except OSError:
            return False
        if out.size is not None and out.mtime_ns is not None:
            return st.st_size == out.size and st.st_mtime_ns == out.mtime_ns
        return st.st_size == (out.size if out.size is not None else st.st_size) and \
            sha256_file(self.root / rel) == out.sha256

    def fresh(self, key: str) -> bool:
        """True when the last build of this target was made from exactly these inputs and every
        one of its outputs is in place, unchanged."""
        rec = self.record
        if rec is None or rec.key != key:
            return False
        return all(self._in_place(rel, out) for rel, out in rec.outputs.items())

    def unit_outputs(self, key: str) -> list[Path]:
        """The outputs last made under the per-output key `key`, if there are some and every one
        of them is in place; else []."""
        if self.record is None:
            return []
        found = [(rel, out) for rel, out in self.record.outputs.items() if out.key == key]
        if not found or not all(self._in_place(rel, out) for rel, out in found):
            return []
        return [self.root / rel for rel, _ in found]

    def recorded_hash(self, rel: str) -> str | None:
        """The SHA-256 of output `rel` when the file in place is the one recorded, else None."""
        out = self.record.outputs.get(rel) if self.record else None
        return out.sha256 if out is not None and self._in_place(rel, out) else None

    def files(self) -> list[Path]:
        return [self.root / rel for rel in sorted(self.record.outputs)] if self.record else []

    def commit(self, key: str, stage: Stage, *, keys: Mapping[Path, str] | None = None,
               kept: Iterable[Path] = (), extra: Mapping[str, Any] | None = None) -> list[Path]:
        """Put the staged files in place as this target's outputs (with `kept`, earlier outputs
        still current); returns the files written. See the module docstring for the order."""
        keys = keys or {}
        outputs: dict[str, Output] = {}
        for path in kept:
            rel = self._rel(path)
            assert self.record is not None and rel in self.record.outputs, rel
            outputs[rel] = self.record.outputs[rel]
        written = list(stage.files)
        for target, tmp in stage.files.items():
            outputs[self._rel(target)] = Output(sha256_file(tmp), keys.get(target))
        new = Record(key, outputs, dict(extra or {}))
        self._write(new)                      # 2. the key before the outputs
        stage.expose()                        # 3. the outputs
        old = set(self.record.outputs) if self.record else set()
        for rel in sorted(old - set(outputs)):
            (self.root / rel).unlink(missing_ok=True)
        for rel, out in outputs.items():      # 4. sizes and times for the quick check
            st = (self.root / rel).stat()
            out.size, out.mtime_ns = st.st_size, st.st_mtime_ns
        self._write(new)
        self.record = new
        return written

    def forget(self) -> None:
        """Drop the record (its outputs are no longer vouched for)."""
        self.path.unlink(missing_ok=True)
        self.record = None

    def _rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    def _write(self, record: Record) -> None:
        with unstaged():   # the record is written at once, even while outputs are staged
            write_text(self.path, json.dumps(record.as_json(), indent=1, sort_keys=True) + "\n")

