"""YAML loading: libyaml and the pure-Python loader give the same data and positions, under the
same limits, without recursion; merge keys as YAML 1.1's merge type says
(https://yaml.org/type/merge.html), whatever the installed PyYAML does with them."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
import yaml

from deckwright.model import InputError
from deckwright.model import yamlparse, yamlsafe
from deckwright.model.yamlsafe import parse_yaml
from yaml.nodes import SequenceNode

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted([*ROOT.glob("cards/*.yaml"), *ROOT.glob("playtest/*/*.yaml"),
                  *ROOT.glob("templates/faces/**/*.yaml"),
                  *ROOT.glob("src/deckwright/templates/faces/*.yaml")])
LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


def test_libyaml_is_used_when_pyyaml_has_it() -> None:
    assert yaml.__with_libyaml__, "PyYAML without libyaml: check would be 5x slower"
    assert yamlparse.BASE_LOADER is yaml.CSafeLoader


class SpecLoader(yaml.SafeLoader):
    """The merge type read straight from https://yaml.org/type/merge.html, on constructed data
    (PyYAML's own `flatten_mapping` is never called): the mapping's own keys override merged
    ones; of a list of merged mappings, the earlier wins; several `<<` keys are one list in the
    order written. Key order: merged keys as they first appear, then the mapping's own."""

    def construct_mapping(self, node, deep=False):
        merged: dict = {}
        own: dict = {}
        for key, value in node.value:
            if key.tag == yamlparse.MERGE_TAG:
                for source in value.value if isinstance(value, SequenceNode) else [value]:
                    for k, v in self.construct_mapping(source, deep=True).items():
                        merged.setdefault(k, v)
            else:
                k = key.value if key.tag == yamlparse.VALUE_TAG else self.construct_object(key, deep=True)
                own[k] = self.construct_object(value, deep=deep)
        merged.update(own)
        return merged


def spec_load(text: str) -> object:
    return yaml.load(text, Loader=SpecLoader)


@pytest.mark.parametrize("path", BUNDLED, ids=[str(p.relative_to(ROOT)) for p in BUNDLED])
def test_c_and_pure_loaders_agree_on_data_and_every_position(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    c_data, c_where = parse_yaml(text, path.name, yaml.CSafeLoader)
    py_data, py_where = parse_yaml(text, path.name, yaml.SafeLoader)
    assert c_data == py_data == spec_load(text)
    assert _ordered(c_data) == _ordered(spec_load(text))
    assert c_where.marks == py_where.marks
    assert len(c_where.marks) > 1


def _ordered(value: object) -> object:
    """The data with every mapping's key order and every value's type made comparable."""
    if isinstance(value, dict):
        return [(k, _ordered(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_ordered(v) for v in value]
    return (type(value).__name__, value)


CORNERS = {
    "merge": "base: &b {id: x, n: 1, c: [red]}\none: {<<: *b, id: y, c: [blue]}\n",
    "merge after own keys": "b: &b {id: x, n: 1}\no: {id: y, <<: *b, m: 2}\n",
    "merge list, first wins": "a: &a {k: 1, p: a}\nb: &b {k: 2, q: b}\nc: {<<: [*a, *b], r: 3}\n",
    "merge of a merged anchor": "a: &a {k: 1}\nb: &b {<<: *a, j: 2}\nc:\n  - {<<: *b, i: 3}\n",
    "inline merge": "c: {<<: {k: 1, l: [1, 2]}, m: 2}\n",
    "two merge keys": "a: &a {k: 1}\nb: &b {k: 2, j: 1}\nc:\n  <<: *a\n  <<: *b\n  x: 0\n",
    "aliases": "s: &s text\nl: &l [1, {a: 2}]\nm: &m {a: [3]}\nuse: [*s, *l, *m, {x: *m}]\n",
    "scalar types": "i: 0x1f\nf: 1.5e3\nb: yes\nn: ~\nd: 2024-01-02\nt: 2024-01-02 10:00:00\n"
                    "q: '12'\n1: int key\nnull: null key\ninf: .inf\nempty:\n",
    "block text": "a: |\n  line\n  line\nb: >-\n  folded\n  text\n",
    "scalar document": "just text\n",
    "empty document": "---\n",
    "nothing": "",
    "comments only": "# nothing here\n",
    "explicit tags": "a: !!str 12\nb: !!float 1\nc: !!set {x, y}\nd: !!binary aGk=\n",
    "aliased key": "k: &k key\n*k : 2\n",
    "value key": "=: 1\n",
}
WRONG = {
    "duplicate anchor": "a: &x 1\nb: &x 2\nc: *x\n",
    "merge of a scalar": "m: {<<: 1}\n",
    "merge of a list": "l: &l [1, 2]\nm: {<<: *l}\n",
    "complex key": "? [a, b]\n: 1\n",
    "duplicate key": "a: 1\nb: {c: 1, c: 2}\na: 3\n",
    "python tag": "a: !!python/name:os.system\n",
    "bad merge": "m: {<<: [1]}\n",
    "syntax": "a: [1, 2\nb: 3\n",
}


@pytest.mark.parametrize("path", BUNDLED, ids=[str(p.relative_to(ROOT)) for p in BUNDLED])
def test_the_one_pass_reader_gives_the_full_loaders_data_and_positions(path: Path) -> None:
    """`parse_yaml` reads a plain document in one pass over the events; the full loader
    (composer, constructor, tree walks) must agree on data, key order and every position."""
    text = path.read_text(encoding="utf-8")
    fast, fast_where = yamlparse._OnePass(text, path.name, yamlparse.BASE_LOADER).run()
    full, full_where = yamlparse._full(text, path.name, yamlparse.BASE_LOADER)
    assert _ordered(fast) == _ordered(full)
    assert list(fast_where.marks.items()) == list(full_where.marks.items())


@pytest.mark.parametrize("loader", LOADERS, ids=lambda l: l.__name__)
@pytest.mark.parametrize("case", sorted(CORNERS))
def test_corner_cases_read_as_the_full_loader_reads_them(case: str, loader: type) -> None:
    """The one pass and the full loader agree, and both read merges as the spec does."""
    text = CORNERS[case]
    data, where = parse_yaml(text, "t.yaml", loader)
    full, full_where = yamlparse._full(text, "t.yaml", loader)
    assert _ordered(data) == _ordered(full) == _ordered(spec_load(text))
    assert list(where.marks.items()) == list(full_where.marks.items())


#: https://yaml.org/type/merge.html's example, its keys also spelt long (PyYAML 6.0.4 lets the
#: last of a merge list win for keys of more than one character, the first for one character).
MERGE_SPEC = """\
- &CENTER { x: 1, y: 2 }
- &LEFT { x: 0, y: 2 }
- &BIG { r: 10 }
- &SMALL { r: 1 }
- &WIDE { width: 3, height: 1 }
- &TALL { width: 1, height: 3, depth: 2 }
- # Explicit keys
  x: 1
  y: 2
  r: 10
  label: center/big
- # Merge one map
  << : *CENTER
  r: 10
  label: center/big
- # Merge multiple maps
  << : [ *CENTER, *BIG ]
  label: center/big
- # Override
  << : [ *BIG, *LEFT, *SMALL ]
  x: 1
  label: center/big
- # long keys: the earlier in the list wins
  << : [ *WIDE, *TALL ]
- # two merge keys: one list in the order written
  << : *WIDE
  << : *TALL
  depth: 5
- # merged before the mapping's own keys whatever the order written
  label: first
  << : *TALL
  width: 7
"""


class LastWinsLoader(yaml.SafeLoader):
    """A PyYAML whose own merging lets the last mapping of a list win (as 6.0.4 does for long
    keys): deckwright must not follow it."""

    def flatten_mapping(self, node):
        for key, value in node.value:
            if key.tag == yamlparse.MERGE_TAG and isinstance(value, SequenceNode):
                value.value.reverse()
        super().flatten_mapping(node)


@pytest.mark.parametrize("loader", LOADERS + [LastWinsLoader], ids=lambda l: l.__name__)
@pytest.mark.parametrize("reader", ["one pass", "full"])
def test_merge_keys_follow_the_yaml_merge_spec(loader: type, reader: str) -> None:
    read = parse_yaml if reader == "one pass" else yamlparse._full
    data, where = read(MERGE_SPEC, "t.yaml", loader)
    center_big = [("x", 1), ("y", 2), ("r", 10), ("label", "center/big")]
    assert [list(m.items()) for m in data[6:8]] == [center_big, center_big]
    assert list(data[8].items()) == [("x", 1), ("y", 2), ("r", 10), ("label", "center/big")]
    assert list(data[9].items()) == [("r", 10), ("x", 1), ("y", 2), ("label", "center/big")]
    assert list(data[10].items()) == [("width", 3), ("height", 1), ("depth", 2)]
    assert list(data[11].items()) == [("width", 3), ("height", 1), ("depth", 5)]
    assert list(data[12].items()) == [("width", 7), ("height", 3), ("depth", 2), ("label", "first")]
    # a message about a merged value points where the value that counts is written
    assert where.locate((10, "width")) == (5, 11)     # *WIDE's, not *TALL's
    assert where.locate((10, "depth")) == (6, 32)
    assert where.locate((12, "width")) == (32, 3)     # its own, not *TALL's
    assert where.locate((12, "height")) == (6, 21)
    assert where.locate((12, "label")) == (30, 3)
    assert where.locate((9, "x")) == (21, 3)


@pytest.mark.parametrize("loader", LOADERS, ids=lambda l: l.__name__)
@pytest.mark.parametrize("case", sorted(WRONG))
def test_bad_yaml_gets_the_full_loaders_problems(case: str, loader: type) -> None:
    with pytest.raises(InputError) as fast:
        parse_yaml(WRONG[case], "t.yaml", loader)
    with pytest.raises(InputError) as full:
        yamlparse._full(WRONG[case], "t.yaml", loader)
    assert [str(p) for p in fast.value.problems] == [str(p) for p in full.value.problems]


def test_positions_point_at_the_value_on_both_loaders() -> None:
    text = "a:\n  b: [1, {c: ゲーム, d: 2}]\n  e: |\n    x\n"
    for loader in LOADERS:
        _, where = parse_yaml(text, "t.yaml", loader)
        assert where.locate(("a", "b", 1, "d")) == (2, 19)  # characters, not UTF-8 bytes
        assert where.locate(("a", "e")) == (3, 3)


BAD = {
    "recursive alias": ("a: &x [1, [2, *x]]\n", r"t.yaml:1:15: YAML: alias \*x refers to a value that contains it"),
    "recursive mapping": ("a: &m {b: *m}\n", r"t.yaml:1:11: YAML: alias \*m refers"),
    "1000 deep": ("[" * 1000 + "]" * 1000, r"t.yaml:1:65: YAML: nested more than 64 levels deep"),
    "1000 deep block": ("".join("  " * i + "k:\n" for i in range(1000)),
                        r"t.yaml:65:129: YAML: nested more than 64 levels deep"),
    # libyaml reads a key's flow collection ahead and refuses past its own 1000 levels first
    "1001 deep after a key": ("x: " + "[" * 1001 + "]" * 1001,
                              r"^t.yaml:1:67: YAML: nested more than 64 levels deep; refused$"),
    "python object": ("!!python/object:os.system {}\n", r"only plain YAML data is allowed"),
    "second document": ("a: 1\n---\nb: 2\n", r"t.yaml:2:1: YAML: expected a single document"),
}


@pytest.mark.parametrize("loader", LOADERS, ids=lambda l: l.__name__)
@pytest.mark.parametrize("case", sorted(BAD))
def test_refusals_are_one_located_problem_without_recursion(case: str, loader: type) -> None:
    import re
    text, expected = BAD[case]
    with pytest.raises(InputError) as info:
        parse_yaml(text, "t.yaml", loader)
    (problem,) = info.value.problems
    assert re.search(expected, str(problem)), str(problem)


class StrictParser(yaml.SafeLoader):
    """A parser with a nesting limit of its own (100 levels), noticed while reading ahead, as
    libyaml does past 1000: it refuses a long document at its first event."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self.refuse_at = stream.find("[" * 101)

    def get_event(self):
        if self.refuse_at >= 0:
            mark = yaml.Mark("t.yaml", self.refuse_at + 100, 0, self.refuse_at + 100, None, None)
            raise yaml.scanner.ScannerError("while reading ahead", mark, "too deep for me", mark)
        return super().get_event()


def test_deckwrights_limit_is_reported_whichever_layer_notices_first() -> None:
    with pytest.raises(InputError) as info:
        parse_yaml("a: 1\nb: " + "[" * 300 + "]" * 300 + "\n", "t.yaml", StrictParser)
    assert str(info.value) == "t.yaml:2:67: YAML: nested more than 64 levels deep; refused"
    with pytest.raises(InputError) as info:   # within deckwright's limit: the parser's problem
        parse_yaml("a: [" + "[" * 40 + "}", "t.yaml", StrictParser)
    assert str(info.value).startswith("t.yaml:1:45: YAML: ")


BAD_VALUES = {
    "a: 2024-13-45\n": "t.yaml:1:4: YAML: '2024-13-45' is not a valid !!timestamp "
                        "(quote a text that only looks like one)",
    "a: {2024-02-30: x}\n": "t.yaml:1:5: YAML: '2024-02-30' is not a valid !!timestamp "
                            "(quote a text that only looks like one)",
    "a: !!int abc\n": "t.yaml:1:4: YAML: 'abc' is not a valid !!int (quote a text that only looks like one)",
    "a: !!bool maybe\n": "t.yaml:1:4: YAML: 'maybe' is not a valid !!bool (quote a text that only looks like one)",
    "a: !local 1\n": "t.yaml:1:4: YAML: tag !local is not allowed (only plain YAML data is allowed)",
    "a: !!set [1]\n": "t.yaml:1:4: YAML: tag !!set is written as a mapping, not a sequence",
    "a: <<\n": "t.yaml:1:4: YAML: '<<' is a YAML key, not a value; quote it to mean text",
    "? [a, b]\n: 1\n": "t.yaml:1:3: YAML: a sequence as a key is not allowed (only plain YAML data is allowed)",
    "m: {<<: [{a: 1}, 2]}\n": "t.yaml:1:18: YAML: `<<` merges a mapping or a list of mappings, not a scalar",
}


@pytest.mark.parametrize("loader", LOADERS, ids=lambda l: l.__name__)
@pytest.mark.parametrize("text", sorted(BAD_VALUES))
def test_values_that_are_not_plain_data_are_one_problem_in_deckwrights_words(text: str, loader: type) -> None:
    """A date that is no date was a ValueError's traceback; a foreign tag was PyYAML's words."""
    with pytest.raises(InputError) as info:
        parse_yaml(text, "t.yaml", loader)
    assert str(info.value) == BAD_VALUES[text]


def test_two_million_items_refused_fast_with_a_true_message(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("[" + "1," * 1_999_999 + "1]\n")
    assert path.stat().st_size > 3_900_000
    start = time.process_time()
    with pytest.raises(InputError) as info:
        yamlsafe.load_yaml(path, "big.yaml")
    assert time.process_time() - start < 10  # was 55 s and 1.5 GB
    assert "more than 500000 values" in str(info.value)
    assert "alias" not in str(info.value).split("(")[0]  # not blamed on aliases it does not have


def test_non_utf8_byte_reported_where_it_is(tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    path.write_bytes("a: 1\nb: ゲーム".encode() + b"\xff\n")
    with pytest.raises(InputError) as info:
        yamlsafe.load_yaml(path, "t.yaml")
    assert str(info.value) == "t.yaml:2:7: not UTF-8 text (byte 0xff: invalid start byte)"


def test_oversized_file_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    with open(path, "wb") as fh:
        fh.truncate(yamlsafe.MAX_FILE_BYTES + 1)
    with pytest.raises(InputError) as info:
        yamlsafe.load_yaml(path, "t.yaml")
    assert str(info.value) == f"t.yaml:1:1: file is {yamlsafe.MAX_FILE_BYTES + 1} bytes; the limit is {yamlsafe.MAX_FILE_BYTES}"


SCALARS = ["a", "yes", "No", "~", "null", "1", "0x1F", "1_000", "1.5", ".inf", "2024-01-02",
           "'q'", '"d"', "ゲーム", "-", "=", "<<", "x y", "190:20:30", "0o17", "+1", "''"]


def _random_value(rng: random.Random, depth: int, anchors: list[str]) -> str:
    """Flow YAML mixing the types, anchors, aliases and `<<` merges (of one alias or a list)."""
    if depth > 3 or rng.random() < 0.35:
        if anchors and rng.random() < 0.15:
            return "*" + rng.choice(anchors)
        text = rng.choice(SCALARS)
    elif rng.random() < 0.5:
        items = []
        for key in rng.sample(["id", "n", "c", "<<", "k", "1", "yes", "x"], rng.randint(0, 4)):
            if key != "<<":
                items.append(f"{key}: {_random_value(rng, depth + 1, anchors)}")
            elif anchors:
                names = [f"*{rng.choice(anchors)}" for _ in range(rng.randint(1, 3))]
                items.append(f"<<: {names[0] if len(names) == 1 else '[' + ', '.join(names) + ']'}")
        text = "{" + ", ".join(items) + "}"
    else:
        text = "[" + ", ".join(_random_value(rng, depth + 1, anchors)
                               for _ in range(rng.randint(0, 4))) + "]"
    if rng.random() < 0.2:
        anchors.append(f"a{len(anchors)}")
        return f"&{anchors[-1]} {text}"
    return text


def _outcome(read, text: str) -> object:
    try:
        data, where = read(text, "t.yaml", yamlparse.BASE_LOADER)
    except InputError as exc:
        return str(exc)
    return _ordered(data), list(where.marks.items())


def _spec_outcome(text: str) -> object:
    try:
        return _ordered(spec_load(text))
    except Exception:  # noqa: BLE001 - a document deckwright refuses
        return None


def test_random_documents_read_the_same_by_both_readers() -> None:
    """Seeded documents full of merges, aliases and scalars of every type (about a third read
    by the one pass, the rest errors or unusual): the same data, positions or problems."""
    for seed in range(300):
        rng = random.Random(seed)
        anchors: list[str] = []
        text = "".join(f"k{i}: {_random_value(rng, 0, anchors)}\n" for i in range(rng.randint(1, 6)))
        outcome = _outcome(parse_yaml, text)
        assert outcome == _outcome(yamlparse._full, text), text
        if not isinstance(outcome, str):
            assert outcome[0] == _spec_outcome(text), text
