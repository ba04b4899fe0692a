"""YAML loading: libyaml and the pure-Python loader give the same data and positions, under the
same limits, without recursion."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import yaml

from deckwright.model import InputError
from deckwright.model import yamlsafe
from deckwright.model.yamlsafe import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted([*ROOT.glob("cards/*.yaml"), *ROOT.glob("playtest/*/*.yaml"),
                  *ROOT.glob("templates/faces/**/*.yaml"),
                  *ROOT.glob("src/deckwright/templates/faces/*.yaml")])
LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


def test_libyaml_is_used_when_pyyaml_has_it() -> None:
    assert yaml.__with_libyaml__, "PyYAML without libyaml: check would be 5x slower"
    assert yamlsafe.BASE_LOADER is yaml.CSafeLoader


@pytest.mark.parametrize("path", BUNDLED, ids=[str(p.relative_to(ROOT)) for p in BUNDLED])
def test_c_and_pure_loaders_agree_on_data_and_every_position(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    c_data, c_where = parse_yaml(text, path.name, yaml.CSafeLoader)
    py_data, py_where = parse_yaml(text, path.name, yaml.SafeLoader)
    assert c_data == py_data == yaml.safe_load(text)
    assert c_where.marks == py_where.marks
    assert len(c_where.marks) > 1


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
