"""The YAML parsers behind `yamlsafe.parse_yaml`: PyYAML (libyaml's `CSafeLoader` when PyYAML
was built with it, else the pure-Python `SafeLoader`) under the safe-loading rules.

A plain document is read in one pass over the parser's events (`_OnePass`), which checks the
limits, refuses duplicate keys, builds the data (`<<` merges included) and records the
positions together; anything else, and every error, goes to the full loader (`_full`), whose
data, positions and messages the one pass reproduces exactly. This module is imported only
when a file is parsed: `check` of a project a build kept notes for parses nothing (kept_yaml.py),
and importing PyYAML is a good part of its start-up.

Merge keys are deckwright's own, in both readers, whatever the installed PyYAML does with them
(its merge order has changed between releases, and 6.0.4 lets the last of a list win for keys
longer than one character): YAML 1.1's merge type, https://yaml.org/type/merge.html.
`<<: *m` merges one mapping, `<<: [*a, *b]` several; a key of the mapping itself overrides a
merged one, and of the merged mappings the earlier in the list wins. Several `<<` keys in one
mapping read as one list in the order written (the first wins). The merged mapping is what the
merged value holds (its own merges done, its own keys over them). Key order: the merged keys
first, in the order they first appear going through the list, then the mapping's own keys;
a key the mapping overrides keeps its merged place. A value's position (for a message about
it) is where the value that counts is written.

Limits are deckwright's too: when the parser refuses a document itself (libyaml refuses
nesting deeper than its own limit, further than deckwright's 64 levels), the text before that
point is checked against deckwright's limits, and a limit crossed there is what is reported.
"""

from __future__ import annotations

from typing import Any, Iterator

import yaml
from yaml.events import (AliasEvent, DocumentStartEvent, MappingEndEvent, MappingStartEvent,
                         ScalarEvent, SequenceEndEvent, SequenceStartEvent, StreamEndEvent)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .errors import InputError, Path, Problem, format_path
from .yamlsafe import MAX_DEPTH, MAX_EXPANDED_NODES, MAX_FIELD_CHARS, MERGE_TAG, STR_TAG, Positions

VALUE_TAG = "tag:yaml.org,2002:value"
YAML_TAGS = "tag:yaml.org,2002:"
MAPPING_TAG = YAML_TAGS + "map"
SEQUENCE_TAG = YAML_TAGS + "seq"

#: The loader class parsing uses: libyaml's when available (about 5x faster), same safe rules.
BASE_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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
    """Check the event stream against the limits before any node is built (`_checked`)."""
    for _ in _checked(loader):
        pass


def _checked(loader: Any) -> Iterator[Any]:
    """The loader's events up to the end of the stream, checked against the limits, iteratively.

    libyaml's composer (and PyYAML's) recurses once per nesting level and lets an alias point
    into the collection that is still being built (a recursive document). This pass counts the
    nesting depth, the length of each value and the number of values with aliases expanded (an anchored value's expanded
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
            if len(event.value) > MAX_FIELD_CHARS:
                raise _Refused(event.start_mark, f"a value of {len(event.value)} characters, "
                                                 f"more than {MAX_FIELD_CHARS}; refused")
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
        yield event


def parse(text: str, name: str, loader_class: type | None = None) -> tuple[Any, Positions]:
    """`yamlsafe.parse_yaml`: the one pass, else the full loader."""
    loader_class = loader_class or BASE_LOADER
    try:
        return _OnePass(text, name, loader_class).run()
    except Exception:  # noqa: BLE001 - not a plain document: the full loader decides and says
        return _full(text, name, loader_class)


def _full(text: str, name: str, loader_class: type) -> tuple[Any, Positions]:
    """Limits on the event stream first (`_scan`), then PyYAML's composer and constructor,
    duplicate keys and positions each in a walk of the node tree."""
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
        _check_values(node, loader, set())
        _merge(node, loader, set())
        data = loader.construct_document(node)
    except _Refused as exc:
        raise _refusal(exc, name) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        try:
            _limits_before(text, loader_class, mark)
        except _Refused as refused:
            raise _refusal(refused, name) from None
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


def _refusal(exc: _Refused, name: str) -> InputError:
    line, col = (exc.mark.line + 1, exc.mark.column + 1) if exc.mark else (1, 1)
    return InputError(Problem(name, line, col, "", f"YAML: {exc.message}"))


def _limits_before(text: str, loader_class: type, mark: Any) -> None:
    """Raise `_Refused` when the text before where the parser refused the document crosses one
    of deckwright's limits: the parser's scanner reads ahead (a flow collection may be a key),
    so libyaml's own nesting limit can stop it before deckwright's counting has seen level 65.
    Whatever the parser says about the text cut short there is not the document's problem."""
    if mark is None or not mark.index:
        return
    loader = loader_class(text[:mark.index])
    try:
        _scan(loader)
    except yaml.YAMLError:
        pass
    finally:
        loader.dispose()


def _tag_name(tag: str) -> str:
    return "!!" + tag[len(YAML_TAGS):] if tag.startswith(YAML_TAGS) else tag


#: The kind of node each of YAML's own types is written as (the rest are scalars).
_KINDS = {YAML_TAGS + "seq": SequenceNode, YAML_TAGS + "omap": SequenceNode,
          YAML_TAGS + "pairs": SequenceNode, YAML_TAGS + "map": MappingNode,
          YAML_TAGS + "set": MappingNode}


def _check_values(node: Node, loader: Any, done: set[int]) -> None:
    """Refuse, in deckwright's words, what is not plain YAML data: a tag of no YAML type
    (`!!python/...`, a local `!tag`), a value written as another kind of node than its tag's
    (`!!set [1]`), `<<` or `=` as a value, and a scalar that is not what its tag says:
    `2024-13-45` looks like a date, `!!int abc` is told to be a number (PyYAML would raise a
    bare ValueError for either). An `=` key is text (YAML's value key, not deckwright's)."""
    if id(node) in done:
        return
    done.add(id(node))
    tag = node.tag
    if tag in (MERGE_TAG, VALUE_TAG):
        raise _Refused(node.start_mark, f"{node.value!r} is a YAML key, not a value; "
                                        f"quote it to mean text")
    if tag is None or tag not in loader.yaml_constructors:
        raise _Refused(node.start_mark, f"tag {_tag_name(str(tag))} is not allowed "
                                        f"(only plain YAML data is allowed)")
    kind = _KINDS.get(tag, MappingNode if tag == MAPPING_TAG else
                      SequenceNode if tag == SEQUENCE_TAG else ScalarNode)
    if not isinstance(node, kind):
        raise _Refused(node.start_mark, f"tag {_tag_name(tag)} is written as a {kind.id}, "
                                        f"not a {node.id}")
    if isinstance(node, ScalarNode):
        if tag != STR_TAG:
            try:
                loader.construct_object(node)
            except yaml.YAMLError:
                raise
            except Exception:   # noqa: BLE001 - each type's constructor fails its own way
                raise _Refused(node.start_mark,
                               f"{node.value!r} is not a valid {_tag_name(tag)} "
                               f"(quote a text that only looks like one)") from None
        return
    if isinstance(node, SequenceNode):
        for child in node.value:
            _check_values(child, loader, done)
        return
    for key, value in node.value:
        if key.tag == VALUE_TAG:
            key.tag = STR_TAG
        if not isinstance(key, ScalarNode):
            raise _Refused(key.start_mark, f"a {key.id} as a key is not allowed (only plain "
                                           f"YAML data is allowed)")
        if key.tag != MERGE_TAG:
            _check_values(key, loader, done)
        _check_values(value, loader, done)


def _key_of(key: Node, loader: Any) -> Any:
    """What a key node is as a key of the data (`yes` and `1` are one key), for merging."""
    if isinstance(key, ScalarNode):
        if key.tag in (STR_TAG, VALUE_TAG):
            return key.value
        return loader.construct_object(key)
    return ("a node", id(key))


def _pairs_held(node: MappingNode, loader: Any) -> list[tuple[Node, Node]]:
    """The pairs of a merged-in mapping (its own merges done) as its data holds them: a key
    written twice in two spellings (`yes`, `1`) once, at its first place, with its last value."""
    held: dict[Any, tuple[Node, Node]] = {}
    for key, value in node.value:
        known = held.get(_key_of(key, loader))
        held[_key_of(key, loader)] = (known[0] if known else key, value)
    return list(held.values())


def _merge(node: Node, loader: Any, done: set[int]) -> None:
    """Do every `<<` of the node tree in place, as the module's docstring says, before PyYAML's
    constructor sees it (which then finds no merge key to treat its own way)."""
    if id(node) in done:
        return
    done.add(id(node))
    if isinstance(node, SequenceNode):
        for child in node.value:
            _merge(child, loader, done)
        return
    if not isinstance(node, MappingNode):
        return
    sources: list[MappingNode] = []
    own: list[tuple[Node, Node]] = []
    merges = False
    for key, value in node.value:
        _merge(key, loader, done)
        _merge(value, loader, done)
        if key.tag != MERGE_TAG:
            own.append((key, value))
            continue
        merges = True
        items = value.value if isinstance(value, SequenceNode) else [value]
        for item in items:
            if not isinstance(item, MappingNode):
                raise _Refused(item.start_mark, f"`<<` merges a mapping or a list of mappings, "
                                                f"not a {item.id}")
            sources.append(item)
    if not merges:
        return
    merged: dict[Any, tuple[Node, Node]] = {}
    for source in sources:
        for key, value in _pairs_held(source, loader):
            merged.setdefault(_key_of(key, loader), (key, value))
    added = []
    for key, value in own:   # the mapping's own key takes the merged one's place
        known = _key_of(key, loader)
        if known in merged:
            merged[known] = (key, value)
        else:
            added.append((key, value))
    node.value = list(merged.values()) + added


class _Unusual(Exception):
    """What the one pass leaves to the full loader: an explicit tag, a complex or aliased key,
    a duplicate key or anchor, a merge of anything but mappings."""


class _Open:
    """A mapping or sequence being read: its value, its data path, where its position entries
    start, and (mappings) its pairs so far."""

    __slots__ = ("value", "path", "start", "anchor", "pairs", "merged", "key", "keep", "seen",
                 "keys", "merging")

    def __init__(self, mapping: bool, path: Path, start: int, anchor: str | None,
                 keep: bool = False, merging: bool = False):
        self.value: Any = {} if mapping else []
        self.path, self.start, self.anchor = path, start, anchor
        #: (key as written, key, key's mark, value, first entry, end of entries) per own pair
        #: of a mapping; None for a sequence
        self.pairs: list[tuple[Any, Any, tuple[int, int], Any, int, int]] | None = \
            [] if mapping else None
        #: pairs merged in with `<<`, in relative form (see `_OnePass.relative_pairs`)
        self.merged: list[tuple[Any, Any, tuple[int, int], Any, list]] | None = None
        #: the pending key (as written, key, mark, first entry) or None when a key is next
        self.key: tuple[Any, Any, tuple[int, int], int] | None = None
        self.keep = keep          # its pairs are merged into the mapping that holds it
        self.merging = merging    # a sequence of mappings merged with `<<`
        self.seen: set[Any] = set()   # keys as written
        self.keys: set[Any] = set()   # keys as read


class _OnePass:
    """Data and positions of a plain document in one pass over the parser's events, with the
    limits of `_scan` checked on the way. Positions are gathered as (path, mark) entries in the
    order `_record` walks the merge-flattened tree, and the first entry of a path wins, as
    there; a mapping with `<<` keys is reordered when it closes, merged pairs first."""

    def __init__(self, text: str, name: str, loader_class: type):
        self.name = name
        self.loader = loader_class(text)
        self.entries: list[tuple[Path, tuple[int, int]]] = []
        self.open: list[_Open] = []
        #: anchor -> (value, its entries relative to it, its pairs in relative form or None)
        self.anchors: dict[str, tuple[Any, list, list | None]] = {}
        self.root: Any = None
        resolvers = self.loader.yaml_implicit_resolvers
        if None in resolvers or self.loader.yaml_path_resolvers:
            raise _Unusual("a loader with resolvers of its own")
        self.resolvers = {first: tuple(found) for first, found in resolvers.items()}

    def run(self) -> tuple[Any, Positions]:
        try:
            documents = self._events()
        finally:
            self.loader.dispose()
        positions = Positions(self.name)
        if documents:
            marks = positions.marks
            setdefault = marks.setdefault
            for path, mark in self.entries:
                setdefault(path, mark)
        return self.root, positions

    def _events(self) -> int:
        """Read the stream (the limits as `_full` checks them); the number of documents."""
        documents = 0
        scalar, start, end, alias = self._scalar, self._start, self._end, self._alias
        for event in _checked(self.loader):
            kind = event.__class__
            if kind is ScalarEvent:
                scalar(event)
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                start(event, kind is MappingStartEvent)
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                end()
            elif kind is AliasEvent:
                alias(event)
            elif kind is DocumentStartEvent:
                documents += 1
        return documents

    # --- where a value goes ------------------------------------------------------------------

    def _place(self, anchor: str | None) -> tuple[Path, bool]:
        """The data path of the value starting now, and whether it is a key; a value of a `<<`
        key is placed nowhere (its pairs are merged instead)."""
        if anchor is not None and anchor in self.anchors:
            raise _Unusual("duplicate anchor")
        if not self.open:
            return (), False
        parent = self.open[-1]
        if parent.pairs is None:   # a sequence
            return parent.path + (len(parent.value),), False
        if parent.key is None:
            return parent.path, True
        return parent.path + (parent.key[0],), False

    def _scalar(self, event: Any) -> None:
        tag = event.tag
        if tag is not None and tag != "!":
            raise _Unusual("explicit tag")
        raw = event.value
        if event.implicit[0]:   # plain: the resolvers PyYAML tries for its first character
            tag = STR_TAG
            for candidate, pattern in self.resolvers.get(raw[:1], ()):
                if pattern.match(raw):
                    tag = candidate
                    break
        else:
            tag = STR_TAG
        start_mark = event.start_mark
        mark = (start_mark.line + 1, start_mark.column + 1)
        anchor = event.anchor
        if anchor is not None and anchor in self.anchors:
            raise _Unusual("duplicate anchor")
        parent = self.open[-1] if self.open else None
        if parent is not None and parent.pairs is not None and parent.key is None:
            self._key(raw, tag, mark)
            return
        if tag == STR_TAG:
            value: Any = raw
        elif tag == MERGE_TAG or tag == VALUE_TAG:
            raise _Unusual("merge or value tag as a value")
        else:
            value = self.loader.yaml_constructors[tag](
                self.loader, ScalarNode(tag, raw, start_mark, event.end_mark))
        start = len(self.entries)
        if parent is None:
            self.entries.append(((), mark))
        elif parent.pairs is None:   # an item of a sequence
            self.entries.append((parent.path + (len(parent.value),), mark))
        # a mapping's value: the key's entry is there first and wins, as in `_record`
        if anchor is not None:
            self.anchors[anchor] = (value, [((), mark)], None)
        self._done(value, start)

    def _key(self, raw: Any, tag: str, mark: tuple[int, int]) -> None:
        parent = self.open[-1]
        if tag == VALUE_TAG:
            raise _Unusual("value key")
        start = len(self.entries)
        if tag == MERGE_TAG:
            parent.key = (raw, MERGE_TAG, mark, start)
            return
        if raw in parent.seen:
            raise _Unusual("duplicate key")
        parent.seen.add(raw)
        key = raw if tag == STR_TAG else \
            self.loader.yaml_constructors[tag](self.loader, ScalarNode(tag, raw))
        if key in parent.keys:
            raise _Unusual("one key written two ways")
        parent.keys.add(key)
        self.entries.append((parent.path + (raw,), mark))
        parent.key = (raw, key, mark, start)

    def _start(self, event: Any, mapping: bool) -> None:
        if event.tag is not None and event.tag != "!":
            raise _Unusual("explicit tag")
        path, is_key = self._place(event.anchor)
        if is_key:
            raise _Unusual("complex key")
        parent = self.open[-1] if self.open else None
        merge_value = parent is not None and (
            parent.merging or (parent.key is not None and parent.key[1] is MERGE_TAG))
        start = len(self.entries)
        self.entries.append((path, (event.start_mark.line + 1, event.start_mark.column + 1)))
        if not mapping and parent is not None and parent.merging:
            raise _Unusual("a sequence in a merge list")
        self.open.append(_Open(mapping, path, start, event.anchor, keep=merge_value,
                               merging=merge_value and not mapping))

    def _end(self) -> None:
        frame = self.open.pop()
        value = frame.value
        pairs = None
        if frame.pairs is not None:   # a mapping
            if frame.merged or frame.keep or frame.anchor is not None:
                pairs = self.relative_pairs(frame)
            if frame.merged:
                self._flatten(frame, pairs)   # type: ignore[arg-type]
            else:
                for _, key, _, item, _, _ in frame.pairs:
                    value[key] = item
        if frame.anchor is not None:
            if frame.merging:
                raise _Unusual("an anchored list of merged mappings")
            cut = len(frame.path)
            self.anchors[frame.anchor] = (
                value, [(p[cut:], m) for p, m in self.entries[frame.start:]], pairs)
        self._done(value, frame.start, pairs)

    def _alias(self, event: Any) -> None:
        value, entries, pairs = self.anchors[event.anchor]
        path, is_key = self._place(None)
        if is_key:
            raise _Unusual("aliased key")
        start = len(self.entries)
        parent = self.open[-1] if self.open else None
        merging = parent is not None and (
            parent.merging or (parent.key is not None and parent.key[1] is MERGE_TAG))
        if merging and pairs is None:
            raise _Unusual("merging a value that is not a mapping")
        if not merging:
            self.entries.extend([(path + p, m) for p, m in entries])
        self._done(value, start, pairs)

    def _done(self, value: Any, start: int, pairs: list | None = None) -> None:
        """A value is complete: put it in its parent (or make it the document)."""
        if not self.open:
            self.root = value
            return
        parent = self.open[-1]
        if parent.pairs is None:   # a sequence
            if parent.merging:     # one mapping of a `<<: [...]` list
                if pairs is None:
                    raise _Unusual("merging a value that is not a mapping")
                del self.entries[start:]
            parent.value.append(pairs if parent.merging else value)
            return
        raw, key, mark, key_start = parent.key   # type: ignore[misc]
        parent.key = None
        if key is MERGE_TAG:
            del self.entries[key_start:]
            if isinstance(value, list) and pairs is None:   # a list of mappings, in order
                merged = [pair for one in value for pair in one]
            elif pairs is not None:
                merged = pairs
            else:
                raise _Unusual("merging a value that is not a mapping")
            parent.merged = (parent.merged or []) + merged
            return
        parent.pairs.append((raw, key, mark, value, key_start, len(self.entries)))

    # --- merges -------------------------------------------------------------------------------

    def relative_pairs(self, frame: _Open) -> list:
        """The mapping's pairs as a `<<` merges them (`_pairs_held` of the full loader), one per
        key: its merged pairs (of a key merged more than once, the first), then its own, a key
        it overrides taking the merged pair's place: (key as written, key, key's mark, value,
        the value's entries relative to the key's path)."""
        held: dict[Any, tuple] = {}
        for pair in frame.merged or []:
            held.setdefault(pair[1], pair)
        cut = len(frame.path) + 1
        for raw, key, mark, value, first, end in frame.pairs:
            rel = [(p[cut:], m) for p, m in self.entries[first + 1:end]]
            held[key] = (raw, key, mark, value, rel)
        return list(held.values())

    def _flatten(self, frame: _Open, pairs: list) -> None:
        """Data and entries of a mapping with `<<`, from its pairs as merged (`relative_pairs`),
        in the order `_record` walks the full loader's merged node."""
        base = frame.path
        region = [self.entries[frame.start]]
        data: dict[Any, Any] = {}
        for raw, key, mark, value, rel in pairs:
            path = base + (raw,)
            region.append((path, mark))
            region.extend([(path + p, m) for p, m in rel])
            data[key] = value
        del self.entries[frame.start:]
        self.entries.extend(region)
        frame.value.update(data)
