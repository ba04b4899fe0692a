"""The JSON Schemas an editor uses: in sync, documented, and accepting the project's real files."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from deckwright.cli import main
from deckwright.cli.schema import SCHEMAS, json_schema, write_schemas

ROOT = Path(__file__).resolve().parent.parent
LINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")


def properties(schema: dict, where: str = "") -> list[tuple[str, dict]]:
    """Every property of every object in a schema, with a readable location."""
    found = []
    for name, sub in schema.get("properties", {}).items():
        found.append((f"{where}.{name}", sub))
        found += properties(sub, f"{where}.{name}")
    for key in ("$defs",):
        for name, sub in schema.get(key, {}).items():
            found += properties(sub, name)
    for key in ("anyOf", "oneOf"):
        for i, sub in enumerate(schema.get(key, [])):
            found += properties(sub, f"{where}|{i}")
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        found += properties(extra, f"{where}.*")
    return found


def test_committed_schemas_are_in_sync(tmp_path: Path) -> None:
    written = write_schemas(tmp_path / "schema")
    assert sorted(p.name for p in written) == sorted(SCHEMAS)
    for path in written:
        committed = ROOT / "schema" / path.name
        assert committed.read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), \
            "run: make schema"


@pytest.mark.parametrize("kind", ["database", "playtest", "layout"])
def test_every_field_has_a_description_and_an_example(kind: str) -> None:
    props = properties(json_schema(kind))
    assert len(props) > {"database": 100, "playtest": 15, "layout": 25}[kind]
    missing = [where for where, sub in props if "description" not in sub or "examples" not in sub]
    assert missing == []
    Draft202012Validator.check_schema(json_schema(kind))


def test_closed_sets_are_enums() -> None:
    db = json_schema("database")["$defs"]
    assert db["Theme"]["properties"]["page"]["enum"] == ["a5", "a4"]
    assert db["RuleSection"]["properties"]["kind"]["enum"][0] == "overview"
    assert db["Card"]["properties"]["origin"]["enum"] == ["designer", "project"]
    layout = json_schema("layout")
    assert layout["properties"]["vary_by"]["enum"] == ["card", "colors"]
    text = layout["properties"]["regions"]["additionalProperties"]["anyOf"][4]
    assert text["title"] == "text region"
    assert text["properties"]["align"]["enum"] == ["center", "left", "right"]


def _files() -> list[tuple[Path, str]]:
    out = [(p, "edition.schema.json" if "." in p.stem else "deckwright.schema.json")
           for p in sorted((ROOT / "cards").glob("*.yaml"))]
    out += [(p, "playtest.schema.json") for p in sorted((ROOT / "playtest").glob("*/*.yaml"))]
    out += [(p, "layout.schema.json") for p in sorted((ROOT / "templates" / "faces").rglob("*.yaml"))]
    builtin = ROOT / "src" / "deckwright" / "templates" / "faces"
    out += [(p, "layout.schema.json") for p in sorted(builtin.glob("*.yaml"))]
    return out


@pytest.mark.parametrize("path,schema", _files(), ids=lambda v: getattr(v, "name", v))
def test_each_file_points_at_its_schema_and_passes_it(path: Path, schema: str) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = LINE.match(first)
    assert match, f"{path}: first line must be the yaml-language-server line"
    target = (path.parent / match.group(1)).resolve()
    assert target == ROOT / "schema" / schema
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    validator = Draft202012Validator(json.loads(target.read_text(encoding="utf-8")))
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
    assert errors == []


def test_the_schema_rejects_what_the_loader_rejects() -> None:
    validator = Draft202012Validator(json_schema("layout"))
    bad = {"regions": {"name": {"kind": "text", "text": "x", "sise": 9}}}
    assert not validator.is_valid(bad)
    playtest = Draft202012Validator(json_schema("playtest"))
    assert playtest.is_valid({"game": "mini", "examples": [{"id": "a", "title": "A"}]})
    assert not playtest.is_valid({"game": "mini", "examples": []})


def test_cli_writes_the_schemas_into_the_project(tmp_path: Path, capsys) -> None:
    assert main(["-C", str(tmp_path), "schema", "--write"]) == 0
    assert sorted(p.name for p in (tmp_path / "schema").iterdir()) == sorted(SCHEMAS)
    assert capsys.readouterr().out.count("wrote ") == len(SCHEMAS)
    assert main(["-C", str(tmp_path), "schema", "--kind", "layout"]) == 0
    assert json.loads(capsys.readouterr().out) == json_schema("layout")


def test_a_new_project_points_every_file_at_a_schema_it_was_given(tmp_path: Path) -> None:
    assert main(["-C", str(tmp_path), "new", "fox", "--rules"]) == 0
    root = tmp_path / "fox"
    assert sorted(p.name for p in (root / "schema").iterdir()) == sorted(SCHEMAS)
    files = [*(root / "cards").glob("*.yaml"), *(root / "templates").rglob("*.yaml"),
             *(root / "playtest").rglob("*.yaml")]
    assert len(files) >= 3
    for path in files:
        text = path.read_text(encoding="utf-8")
        match = LINE.match(text.splitlines()[0])
        assert match, path
        target = (path.parent / match.group(1)).resolve()
        assert target.parent == root / "schema" and target.is_file(), path
        validator = Draft202012Validator(json.loads(target.read_text(encoding="utf-8")))
        assert [e.message for e in validator.iter_errors(yaml.safe_load(text))] == [], path
