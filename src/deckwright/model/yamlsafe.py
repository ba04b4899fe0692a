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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

import yaml
from yaml.events import (AliasEvent, DocumentStartEvent, MappingEndEvent, MappingStartEvent,
                         ScalarEvent, SequenceEndEvent, SequenceStartEvent, StreamEndEvent)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .. import paths
from .errors import InputError, Path, Problem, format_path

#: Largest YAML file read (databases, playtests, layouts).
MAX_FILE_BYTES = 8 * 1024 * 1024
#: Upper bound on the number of values a document may expand to once aliases are followed.
MAX_EXPANDED_NODES = 500_000
#: Deepest nesting of lists and mappings (a database needs about 10).
MAX_DEPTH = 64
MERGE_TAG = "tag:yaml.org,2002:merge"

#: The loader class parsing uses: libyaml's when available (about 5x faster), same safe rules.
BASE_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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


def _mark(node: Node) -> tuple[int, int]:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def _duplicate_keys(node: Node, file: str, seen: set[int], path: Path = ()) -> list[Problem]:
    """Find keys written twice in one mapping (merge keys `<<` may be overridden on purpose)."""
    if id(node) in seen:
        return []
    seen.add(id(node))
    problems: list[Problem] = []
    if isinstance(node, MappingNode):
        first: dict[Any, Node] = {}
        for key, value in node.value:
            if isinstance(key, ScalarNode) and key.tag != MERGE_TAG:
                if key.value in first:
                    line, col = _mark(key)
                    problems.append(Problem(file, line, col, format_path(path + (key.value,)),
                                            f"duplicate key (first given on line {_mark(first[key.value])[0]})"))
                else:
                    first[key.value] = key
            key_name = key.value if isinstance(key, ScalarNode) else "?"
            problems += _duplicate_keys(value, file, seen, path + (key_name,))
    elif isinstance(node, SequenceNode):
        for index, child in enumerate(node.value):
            problems += _duplicate_keys(child, file, seen, path + (index,))
    return problems


def _record(node: Node, path: Path, marks: dict[Path, tuple[int, int]]) -> None:
    """Walk the (already merge-flattened) node tree alongside the data paths."""
    marks.setdefault(path, _mark(node))
    if isinstance(node, MappingNode):
        for key, value in node.value:
            if isinstance(key, ScalarNode):
                k: str | int = key.value
                marks.setdefault(path + (k,), _mark(key))
                # the value's own mark is better for scalars on the next line, keep the key's
                _record(value, path + (k,), marks)
    elif isinstance(node, SequenceNode):
        for index, child in enumerate(node.value):
            _record(child, path + (index,), marks)


class _Refused(Exception):
    """A limit was hit while composing; carries the mark and the message."""

    def __init__(self, node_mark: Any, message: str):
        super().__init__(message)
        self.mark, self.message = node_mark, message


def _scan(loader: Any) -> None:
    """Check the event stream against the limits before any node is built, iteratively.

    libyaml's composer (and PyYAML's) recurses once per nesting level and lets an alias point
    into the collection that is still being built (a recursive document). This pass counts the
    nesting depth and the number of values with aliases expanded (an anchored value's expanded
    size is the running total at its end less the total at its start), and refuses a document
    over the limits, a recursive alias, or a second document, at the event that crosses them.
    """
    anchors: dict[str, int] = {}  # anchor -> expanded size of its value
    open_anchors: list[tuple[str | None, int]] = []  # per open collection: (anchor, total at start)
    total = 0
    documents = 0
    get = loader.get_event
    while True:
        event = get()
        kind = event.__class__
        if kind is ScalarEvent:
            total += 1
            if event.anchor is not None:
                anchors[event.anchor] = 1
        elif kind is SequenceStartEvent or kind is MappingStartEvent:
            if len(open_anchors) >= MAX_DEPTH:
                raise _Refused(event.start_mark, f"nested more than {MAX_DEPTH} levels deep; refused")
            open_anchors.append((event.anchor, total))
            total += 1
        elif kind is SequenceEndEvent or kind is MappingEndEvent:
            anchor, start = open_anchors.pop()
            if anchor is not None:
                anchors[anchor] = total - start
        elif kind is AliasEvent:
            size = anchors.get(event.anchor)
            if size is None:
                if any(a == event.anchor for a, _ in open_anchors):
                    raise _Refused(event.start_mark, f"alias *{event.anchor} refers to a value "
                                                     f"that contains it (recursive aliases are not allowed)")
                raise _Refused(event.start_mark, f"alias *{event.anchor} has no anchor before it")
            total += size
        elif kind is DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _Refused(event.start_mark, "expected a single document in the file")
        elif kind is StreamEndEvent:
            return
        if total > MAX_EXPANDED_NODES:
            raise _Refused(event.start_mark,
                           f"more than {MAX_EXPANDED_NODES} values (counting each alias as the "
                           f"values it repeats); refused")


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
    """Parse YAML text safely, returning the data and the position of each value."""
    loader_class = loader_class or BASE_LOADER
    scanner = loader_class(text)
    loader = loader_class(text)
    try:
        try:
            _scan(scanner)
        finally:
            scanner.dispose()
        node = loader.get_single_node()
        if node is None:
            return None, Positions(name)
        duplicates = _duplicate_keys(node, name, set())
        if duplicates:
            raise InputError(duplicates)
        data = loader.construct_document(node)
    except _Refused as exc:
        line, col = (exc.mark.line + 1, exc.mark.column + 1) if exc.mark else (1, 1)
        raise InputError(Problem(name, line, col, "", f"YAML: {exc.message}")) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = (exc.problem or exc.context or "invalid YAML").strip()
        if isinstance(exc, yaml.constructor.ConstructorError):
            what = f"{what} (only plain YAML data is allowed)"
        raise InputError(Problem(name, line, col, "", f"YAML: {what}")) from None
    except yaml.YAMLError as exc:
        raise InputError(Problem(name, 1, 1, "", f"YAML: {exc}")) from None
    finally:
        loader.dispose()
    positions = Positions(name)
    _record(node, (), positions.marks)
    return data, positions


def load_yaml(path: FsPath, display: str | None = None) -> tuple[Any, Positions]:
    """Load one YAML file safely (size-limited, strict UTF-8), with each value's position."""
    name = display or str(path)
    return parse_yaml(decode_text(read_limited(path, name), name), name)
