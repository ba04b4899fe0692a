"""YAML loading: libyaml and the pure-Python loader give the same data and positions, under the
same limits, without recursion."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
import yaml

from deckwright.model import InputError
from deckwright.model import yamlparse, yamlsafe
from deckwright.model.yamlsafe import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted([*ROOT.glob("cards/*.yaml"), *ROOT.glob("playtest/*/*.yaml"),
                  *ROOT.glob("templates/faces/**/*.yaml"),
                  *ROOT.glob("src/deckwright/templates/faces/*.yaml")])
LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


def test_libyaml_is_used_when_pyyaml_has_it() -> None:
    assert yaml.__with_libyaml__, "PyYAML without libyaml: check would be 5x slower"
    assert yamlparse.BASE_LOADER is yaml.CSafeLoader


@pytest.mark.parametrize("path", BUNDLED, ids=[str(p.relative_to(ROOT)) for p in BUNDLED])
def test_c_and_pure_loaders_agree_on_data_and_every_position(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    c_data, c_where = parse_yaml(text, path.name, yaml.CSafeLoader)
    py_data, py_where = parse_yaml(text, path.name, yaml.SafeLoader)
    assert c_data == py_data == yaml.safe_load(text)
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
    text = CORNERS[case]
    data, where = parse_yaml(text, "t.yaml", loader)
    full, full_where = yamlparse._full(text, "t.yaml", loader)
    assert _ordered(data) == _ordered(full)
    assert list(where.marks.items()) == list(full_where.marks.items())


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


def test_random_documents_read_the_same_by_both_readers() -> None:
    """Seeded documents full of merges, aliases and scalars of every type (about a third read
    by the one pass, the rest errors or unusual): the same data, positions or problems."""
    for seed in range(300):
        rng = random.Random(seed)
        anchors: list[str] = []
        text = "".join(f"k{i}: {_random_value(rng, 0, anchors)}\n" for i in range(rng.randint(1, 6)))
        assert _outcome(parse_yaml, text) == _outcome(yamlparse._full, text), text
