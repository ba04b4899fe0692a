"""Safe YAML loading that remembers where every value came from.

Designers' files are untrusted data: only YAML's plain types are built (no Python tags), a key
given twice in one mapping is an error rather than a silent overwrite, and aliases are bounded so
that a "billion laughs" file is refused before it is expanded. Each value's line and column are
kept in a `Positions` map so validation errors can point at the exact field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .errors import InputError, Path, Problem, format_path

#: Upper bound on the number of nodes a document may expand to once aliases are followed.
MAX_EXPANDED_NODES = 500_000
MERGE_TAG = "tag:yaml.org,2002:merge"


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


def _expanded_size(root: Node) -> int:
    """Count nodes as if aliases were expanded, sharing work between repeated nodes."""
    memo: dict[int, int] = {}

    def size(node: Node) -> int:
        key = id(node)
        if key in memo:
            return memo[key]
        memo[key] = 1  # guards recursive aliases
        if isinstance(node, SequenceNode):
            total = 1 + sum(size(child) for child in node.value)
        elif isinstance(node, MappingNode):
            total = 1 + sum(size(k) + size(v) for k, v in node.value)
        else:
            total = 1
        memo[key] = min(total, MAX_EXPANDED_NODES + 1)
        return memo[key]

    return size(root)


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


class _Loader(yaml.SafeLoader):
    """SafeLoader: builds only plain data; Python object tags are refused."""


def load_yaml(path: FsPath, display: str | None = None) -> tuple[Any, Positions]:
    """Load one YAML file safely, returning the data and the position of each value."""
    name = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(Problem(name, 1, 1, "", f"not UTF-8 text ({exc.reason})")) from None
    except OSError as exc:
        raise InputError(Problem(name, 1, 1, "", f"cannot read file: {exc.strerror}")) from None
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, Positions(name)
        if _expanded_size(node) > MAX_EXPANDED_NODES:
            line, col = _mark(node)
            raise InputError(Problem(name, line, col, "",
                                     f"aliases expand to more than {MAX_EXPANDED_NODES} values; refused"))
        duplicates = _duplicate_keys(node, name, set())
        if duplicates:
            raise InputError(duplicates)
        data = loader.construct_document(node)
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
