"""Safe YAML loading that remembers where every value came from.

Designers' files are untrusted data: only YAML's plain types are built (no Python tags), a key
given twice in one mapping is an error rather than a silent overwrite, and the input is bounded
before anything is built from it: file size, nesting depth, and the number of values the
document expands to once aliases are followed (counted while the node tree is composed, without
recursion, so a "billion laughs" file or a recursive alias is refused at once). Each value's line
and column are kept in a `Positions` map so validation errors can point at the exact field.

Parsing uses libyaml (`yaml.CSafeLoader`) when PyYAML was built with it, else the pure-Python
`SafeLoader`; both give the same data and the same line/column positions (a test compares them
on every bundled file), and the limits are checked on either's event stream.

A plain document (every bundled file; no explicit tags or complex keys) is read in one pass over
the parser's events, which checks the limits, refuses duplicate keys, builds the data (`<<`
merges included) and records the positions together: about twice as fast as composing PyYAML's
node tree, constructing from it and walking it twice more. Anything else, and every error, goes
to that full loader, so messages and positions of bad input are its own; tests compare the two
readers' data, key order and positions on every bundled file and on the corner cases.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path as FsPath
from typing import Any

from .. import paths
from . import kept_yaml
from .errors import InputError, Path, Problem

#: Largest YAML file read (databases, playtests, layouts).
MAX_FILE_BYTES = 8 * 1024 * 1024
#: Upper bound on the number of values a document may expand to once aliases are followed.
MAX_EXPANDED_NODES = 500_000
#: Deepest nesting of lists and mappings (a database needs about 10).
MAX_DEPTH = 64
#: Longest value (a name, a text, a rules section's body) in characters, in YAML and in every
#: cell of a sheet: the longest bundled one is under 600; a 1 MB name took 84 s to fit.
MAX_FIELD_CHARS = 20_000
MERGE_TAG = "tag:yaml.org,2002:merge"
STR_TAG = "tag:yaml.org,2002:str"


@dataclass
class Positions:
    """Maps a data path such as ('cards', 3, 'copies') to its (line, column), 1-based."""

    file: str
    marks: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def locate(self, path: Path) -> tuple[int, int]:
        """Position of the longest prefix of `path` that the file actually has."""
        for end in range(len(path), -1, -1):
            mark = self.marks.get(tuple(path[:end]))
            if mark is not None:
                return mark
        return (1, 1)

    def problem(self, path: Path, field_path: str, message: str) -> Problem:
        line, col = self.locate(path)
        return Problem(self.file, line, col, field_path, message)


def decode_text(data: bytes, name: str) -> str:
    """UTF-8 text; a bad byte is reported at its own line and column."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1:].decode("utf-8", errors="replace")) + 1
        raise InputError(Problem(name, line, col, "",
                                 f"not UTF-8 text (byte 0x{data[exc.start]:02x}: {exc.reason})")) from None


def read_limited(path: FsPath, name: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """A project file's bytes, refusing files over `limit` before reading them."""
    try:
        return paths.read_bytes(path, None, "file", limit)
    except paths.UnsafePath as exc:
        raise InputError(Problem(name, 1, 1, "", str(exc))) from None


def parse_yaml(text: str, name: str, loader_class: type | None = None) -> tuple[Any, Positions]:
    """Parse YAML text safely, returning the data and the position of each value.

    A plain document (no explicit tags, no complex keys, no problem) is read in one pass over
    the parser's events (`_OnePass`); anything else, and every error, is left to the full
    loader (`_full`), whose data, positions and messages the one pass reproduces exactly (a
    test compares the two on every bundled file and on the corner cases). PyYAML is imported
    here, at the first file parsed (yamlparse.py)."""
    from .yamlparse import parse
    return parse(text, name, loader_class)


#: A PyYAML extension that links a libyaml of the system (whose version its own files do not fix)
#: names it: `libyaml-0.so.2`.
_SHARED_LIBYAML = re.compile(rb"libyaml[-\w.]*\.(?:so|dylib|dll)")


@lru_cache(maxsize=1)
def loader_version() -> str:
    """What a kept parse follows from besides deckwright's model code: PyYAML's files, byte
    for byte (its version, its loaders, and the libyaml built into its extension), read
    without importing PyYAML, which `check` of a project whose notes all match never needs.
    When its extension links a libyaml of the system instead (a distribution's build), those
    files do not fix libyaml's version: PyYAML is imported and asked for its version, the
    loader it parses with and libyaml's."""
    from importlib.util import find_spec

    from .. import manifest

    spec = find_spec("yaml")
    folders = list(spec.submodule_search_locations or []) if spec else []
    if len(folders) == 1:
        key = manifest.Key()
        for file in sorted(FsPath(folders[0]).iterdir()):
            if file.is_file() and not file.name.endswith(".pyc"):
                data = file.read_bytes()
                if not file.name.endswith(".py") and _links_libyaml(data):
                    break
                key.add(file.name, data)
        else:
            return f"PyYAML files {key.hexdigest()}"
    from .yamlparse import BASE_LOADER, yaml
    libyaml = ""
    if BASE_LOADER is getattr(yaml, "CSafeLoader", None):
        from yaml import _yaml   # type: ignore[attr-defined]
        libyaml = f" libyaml {_yaml.get_version_string()}"
    return f"PyYAML {yaml.__version__} {BASE_LOADER.__name__}{libyaml}"


def _links_libyaml(data: bytes) -> bool:
    """Whether a file names a shared libyaml (`find` first: a whole extension is scanned fast)."""
    at = data.find(b"libyaml")
    while at != -1:
        if _SHARED_LIBYAML.match(data, at):
            return True
        at = data.find(b"libyaml", at + 1)
    return False


def load_yaml(path: FsPath, display: str | None = None,
              kept: bool = True) -> tuple[Any, Positions]:
    """Load one YAML file safely (size-limited, strict UTF-8), with each value's position.

    Within `kept_yaml.notes` (check, build), a file a build parsed before from the same bytes
    with the same code gives the data kept then, and its positions are parsed only if asked
    for; `kept=False` for a file whose positions are always wanted (a layout's regions)."""
    name = display or str(path)
    raw = read_limited(path, name)
    notes = kept_yaml.active() if kept else None
    if notes is not None:
        data = notes.lookup(name, raw)
        if data is not kept_yaml.MISS:
            return data, Positions(name, kept_yaml.Reparsed(raw, name))  # type: ignore[arg-type]
    data, where = parse_yaml(decode_text(raw, name), name)
    if notes is not None:
        notes.remember(name, raw, data)
    return data, where
