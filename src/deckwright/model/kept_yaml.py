"""A build's notes of what each YAML file it read parsed to, so `check` need not parse it again.

Parsing is most of what loading a project costs, far more than validating the parsed data.
A `deckwright build` that went through keeps, for every YAML file it read (databases,
editions, playtests), the data the file parsed to in
`build/.deckwright/yaml/<hash of the file's name>.json`, under a SHA-256 of everything that
data follows from: the file's bytes and the name it is shown by, deckwright's version and the
code of its model (the loader and its limits), the versions of Python, PyYAML and libyaml and
the loader used, and the project's folder. `deckwright check` (and the next build), reading a
file whose bytes give the same key, takes the kept data instead of parsing; everything after
parsing (validation, cross-references, every other check) runs as always. So a note can only
ever stand for a parse of identical bytes by identical code: any edit to the file, or to
deckwright, is a miss, and the file is parsed and reported as it always was. Layouts are not
kept: every region's line is wanted as soon as one is loaded.

The positions of the values (for `file:line:col` in a message) are not kept: they are parsed
from the same bytes, held in memory, the first time anything asks for one (`Reparsed`), which a
clean check of the bundled games never does.

Values YAML can give but JSON cannot carry exactly (dates, binary, NaN) are not kept: such a
file is parsed every time. The note lists beside the data the mappings whose keys are not text
(`7:` is a number) with their keys, and where a value appears again (a YAML alias, a `<<`
merge's values are one object in the parsed data), so the kept data is equal to the parsed
data, key types, order and sharing included.

A build folder of a shared project is untrusted. A note is read only inside the project, up to
a size limit; anything not exactly the shape `keep` writes, a key that does not match, a
repeat that does not resolve, or data over the YAML loader's own limits (nesting depth, number
of values counting repeats) is a miss. A note whose key matches is believed, as faces.json and
verdicts.json are: whoever can write build/ can change what it says, but the data still goes
through every validation. `check` reads notes and never writes them.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path as FsPath
from typing import Any

from .. import manifest, paths
from .errors import Path

#: Where the notes go, under the project's build folder.
NOTES_DIR = (paths.BUILD_DIR_NAME, manifest.RECORD_DIR, "yaml")
FORMAT = 1
#: A note's largest size: the data of an 8 MiB YAML file, which merges may repeat.
MAX_BYTES = 32 * 1024 * 1024
#: The code parsed data follows from (the loader and its limits, the file reading in paths.py,
#: which the model imports: `manifest.code_parts`).
CODE = ("model",)

_CONTAINERS = (dict, list)


class _Malformed(ValueError):
    """Not what `keep` writes, or over the loader's limits."""


class Notes:
    """The notes of one project in one run: looked up when a YAML file is loaded (unless not
    `reading`), and with `keeping`, the parses made in this run remembered for `keep`."""

    def __init__(self, root: FsPath, keeping: bool, reading: bool = True):
        self.root = FsPath(root).resolve()
        self.keeping = keeping
        self.reading = reading
        self.parsed: dict[str, str] = {}   # name -> its note

    def key(self, name: str, raw: bytes) -> str:
        from .yamlsafe import loader_version
        return manifest.Key(("format", str(FORMAT)), ("code", manifest.code_version(CODE)),
                            ("python", sys.version), ("yaml", loader_version()),
                            ("project", str(self.root)),
                            ("name", name), ("bytes", raw)).hexdigest()

    def note_path(self, name: str) -> FsPath:
        return self.root.joinpath(*NOTES_DIR, hashlib.sha256(name.encode()).hexdigest()[:32] + ".json")

    def lookup(self, name: str, raw: bytes) -> Any:
        """The data `raw` (shown as `name`) parsed to, as kept; `MISS` when there is no
        note for exactly these bytes, or it is not sound (or notes are not read)."""
        if not self.reading:
            return MISS
        try:
            top = manifest.read_kept(self.note_path(name), self.root, "parsed YAML", MAX_BYTES)
            if (type(top) is not dict or set(top) != {"format", "key", "data", "repeats", "keys"}
                    or top["format"] != FORMAT or top["key"] != self.key(name, raw)):
                return MISS
            data = top["data"]
            _restore(data, top["repeats"], top["keys"])
            _within_limits(data)
        except (paths.UnsafePath, UnicodeDecodeError, ValueError, RecursionError):
            return MISS   # _Malformed and JSONDecodeError are ValueErrors
        return data

    def remember(self, name: str, raw: bytes, data: Any) -> None:
        """Note what `raw` parsed to, now (the loaders add to the data they are given, e.g. a
        spreadsheet's cards), when JSON carries it exactly."""
        if not self.keeping:
            return
        try:
            repeats, keys = _form_of(data)
            text = json.dumps({"format": FORMAT, "key": self.key(name, raw), "data": data,
                               "repeats": repeats, "keys": keys},
                              ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        except (_Malformed, ValueError, RecursionError):
            return   # not kept: the file is parsed every time
        if len(text.encode()) <= MAX_BYTES:
            self.parsed[name] = text

    def keep(self) -> None:
        """Write the notes of this run's parses, and remember no more. The build calls it
        once it went through (a failed build keeps nothing)."""
        for name, text in self.parsed.items():
            target = self.note_path(name)
            try:
                paths.check_output(target)   # no folder on the way is a link out of the project
                manifest.write_kept(target, text)
            except (OSError, paths.UnsafePath):
                pass   # not kept: the next run parses the file
        self.parsed.clear()
        self.keeping = False


#: What `Notes.lookup` returns when it has nothing for the bytes (None is a YAML document).
MISS = object()
_active: Notes | None = None


def active() -> Notes | None:
    return _active


@contextmanager
def notes(root: FsPath, keeping: bool = False, reading: bool = True) -> Iterator[Notes]:
    """Within the block, loading a YAML file of the project at `root` takes its kept data
    when a note matches (unless not `reading`: `build --force`); with `keeping`, the parses
    are remembered for `Notes.keep`."""
    global _active
    previous, _active = _active, Notes(root, keeping, reading)
    try:
        yield _active
    finally:
        _active = previous


# --- the JSON form ----------------------------------------------------------------------------
#
# The data is written as JSON, with two lists beside it, both naming places in the data by
# their path in the JSON (mapping keys as JSON writes them, list indices):
# - `repeats`: [place, place first seen] for each list or mapping met again (an alias);
# - `keys`: [place, its keys] for each mapping with a key that is not text (YAML's `7:`),
#   whose keys JSON writes as text ("7").

_KEY_TYPES = (str, int, bool, float, type(None))


def _json_key(key: Any) -> str:
    """The text JSON writes for a mapping key (json.dumps's own conversion)."""
    if type(key) is str:
        return key
    if type(key) is float and (key != key or key in (float("inf"), float("-inf"))):
        raise _Malformed("a key JSON cannot write")
    return json.dumps(key)


def _form_of(data: Any) -> tuple[list[list[Path]], list[list[Any]]]:
    """`repeats` and `keys` for `data` (see above); raises _Malformed for a value or key that
    JSON does not carry exactly."""
    first: dict[int, list] = {}
    repeats: list[list[Path]] = []
    keys: list[list[Any]] = []

    def walk(value: Any, where: list) -> None:
        kind = type(value)
        if kind is dict or kind is list:
            seen = first.get(id(value))
            if seen is not None:
                repeats.append([where, seen])
                return
            first[id(value)] = where
            if kind is dict:
                written = [_json_key(k) if type(k) in _KEY_TYPES else _no_key(k) for k in value]
                if len(set(written)) != len(written):
                    raise _Malformed("two keys JSON writes alike")
                if any(type(k) is not str for k in value):
                    keys.append([where, list(value)])
                for k, v in zip(written, value.values()):
                    walk(v, where + [k])
            else:
                for i, v in enumerate(value):
                    walk(v, where + [i])
        elif not (value is None or kind is str or kind is int or kind is bool or kind is float):
            raise _Malformed(f"a {kind.__name__} value")

    walk(data, [])
    return repeats, keys


def _no_key(key: Any) -> str:
    raise _Malformed(f"a {type(key).__name__} key")


def _restore(data: Any, repeats: Any, keys: Any) -> None:
    """Make each repeated place the same object as its first, and give the mappings listed
    in `keys` their keys, as `_form_of` listed them."""
    if type(repeats) is not list or type(keys) is not list:
        raise _Malformed("repeats or keys")
    retyped = []
    for pair in keys:   # found before any place changes
        if type(pair) is not list or len(pair) != 2 or type(pair[1]) is not list:
            raise _Malformed("keys")
        mapping = _at(data, pair[0])
        if type(mapping) is not dict or len(mapping) != len(pair[1]) or any(
                type(k) not in _KEY_TYPES or _json_key(k) != w for k, w in zip(pair[1], mapping)):
            raise _Malformed("keys that are not the mapping's")
        retyped.append((mapping, pair[1]))
    for pair in repeats:
        if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not list or not pair[0]:
            raise _Malformed("repeat")
        where, seen = pair
        source = _at(data, seen)
        parent = _at(data, where[:-1])
        last = where[-1]
        if type(_at(parent, [last])) not in _CONTAINERS or type(source) not in _CONTAINERS:
            raise _Malformed("a repeat of a plain value")
        parent[last] = source
    for mapping, typed in retyped:   # in place: a repeated mapping stays one object
        values = list(mapping.values())
        mapping.clear()
        mapping.update(zip(typed, values))


def _at(data: Any, where: Any) -> Any:
    if type(where) is not list:
        raise _Malformed("a place")
    for part in where:
        if type(data) is dict and type(part) is str and part in data:
            data = data[part]
        elif type(data) is list and type(part) is int and 0 <= part < len(data):
            data = data[part]
        else:
            raise _Malformed("a place that is not in the data")
    return data


def _within_limits(data: Any) -> None:
    """The loader's own limits, on the data with its repeats (so a note can hold nothing a
    YAML file could not): nesting depth, values counted through every repeat, and the
    length of each value. A repeat
    that contains itself exceeds the depth."""
    from .yamlsafe import MAX_DEPTH, MAX_EXPANDED_NODES, MAX_FIELD_CHARS
    count = 0

    def walk(value: Any, depth: int) -> None:
        nonlocal count
        if depth > MAX_DEPTH:
            raise _Malformed("nested too deep")
        children = value.values() if type(value) is dict else value
        count += len(children)
        if count > MAX_EXPANDED_NODES:
            raise _Malformed("too many values")
        for child in children:
            if type(child) is dict or type(child) is list:
                walk(child, depth + 1)
            elif type(child) is str and len(child) > MAX_FIELD_CHARS:
                raise _Malformed("a value too long")

    if type(data) is dict or type(data) is list:
        walk(data, 1)


class Reparsed(Mapping):
    """The positions of a kept file's values, parsed from its bytes when first asked for."""

    def __init__(self, raw: bytes, name: str):
        self._raw, self._name = raw, name
        self._marks: dict[Path, tuple[int, int]] | None = None

    @property
    def marks(self) -> dict[Path, tuple[int, int]]:
        if self._marks is None:
            from .yamlsafe import decode_text, parse_yaml
            self._marks = parse_yaml(decode_text(self._raw, self._name), self._name)[1].marks
            self._raw = b""
        return self._marks

    def __getitem__(self, path: Path) -> tuple[int, int]:
        return self.marks[path]

    def get(self, path: Path, default: Any = None) -> Any:
        return self.marks.get(path, default)

    def __iter__(self) -> Iterator[Path]:
        return iter(self.marks)

    def __len__(self) -> int:
        return len(self.marks)
