"""`deckwright build` keeps what each YAML file parsed to (model/kept_yaml.py), and `check` takes
it instead of parsing the same bytes again: the same data (types, key order, what aliases
share), the same output and exit status, the same `file:line:col` for a problem, and a note
that is not exactly what the build wrote, or is for other bytes, is a miss. `check` writes
nothing.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from deckwright.cli import main
from deckwright.model import kept_yaml, yamlparse, yamlsafe
from deckwright.model.load import Project, load_games

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted((ROOT / "cards").glob("*.yaml")) + sorted((ROOT / "playtest").glob("*/*.yaml"))


def same(a: Any, b: Any) -> bool:
    """Equal, with the same types and the same order of keys all the way down."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return (len(a) == len(b) and all(same(ka, kb) and same(va, vb)
                                         for (ka, va), (kb, vb) in zip(a.items(), b.items())))
    if type(a) is list:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b and repr(a) == repr(b)


def sharing(data: Any) -> list[int]:
    """For each list and mapping met in a walk (not into one met before), the number of the
    first place it was met: two data with the same result share their values alike."""
    first: dict[int, int] = {}
    out: list[int] = []

    def walk(value: Any) -> None:
        if type(value) not in (dict, list):
            return
        seen = first.get(id(value))
        out.append(len(first) if seen is None else seen)
        if seen is None:
            first[id(value)] = len(first)
            for child in (value.values() if type(value) is dict else value):
                walk(child)
    walk(data)
    return out


def kept_and_read(root: Path, name: str, raw: bytes) -> tuple[Any, Any]:
    """(what the loader parses `raw` to, what a note kept of it gives back, or MISS)."""
    data, _ = yamlsafe.parse_yaml(raw.decode("utf-8"), name)
    writer = kept_yaml.Notes(root, keeping=True)
    writer.remember(name, raw, data)
    writer.keep()
    return data, kept_yaml.Notes(root, keeping=False).lookup(name, raw)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_kept_data_is_the_parsed_data_of_every_bundled_file(path: Path, tmp_path: Path) -> None:
    raw = path.read_bytes()
    parsed, kept = kept_and_read(tmp_path, path.relative_to(ROOT).as_posix(), raw)
    assert kept is not kept_yaml.MISS
    assert same(kept, parsed)
    assert sharing(kept) == sharing(parsed)


CORNERS = {
    "keys that are not text": "7: a\ntrue: b\n~: c\n1.5: d\nname: e\n",
    "aliases and merges": ("base: &b {x: [1, 2], y: {z: 1}}\nmore: {<<: *b, w: 3}\n"
                           "again: *b\nlist: [*b, *b, {<<: [*b], x: 0}]\n"),
    "a shared mapping with number keys": "a: &a {1: x, 2: {3: y}}\nb: *a\nc: [*a]\n",
    "plain values": "i: -3\nf: 0.1\ne: 1e3\nneg0: -0.0\nt: yes\nn: null\ns: '7'\nempty: {}\nl: []\n",
    "a document that is one list": "- &x [1]\n- *x\n- {k: *x}\n",
}


@pytest.mark.parametrize("text", CORNERS.values(), ids=CORNERS.keys())
def test_kept_data_keeps_key_types_order_and_sharing(text: str, tmp_path: Path) -> None:
    parsed, kept = kept_and_read(tmp_path, "cards/x.yaml", text.encode())
    assert kept is not kept_yaml.MISS
    assert same(kept, parsed) and sharing(kept) == sharing(parsed)


NOT_JSON = {
    "a date": "d: 2024-01-01\n",
    "NaN": "x: .nan\n",
    "infinity": "x: [.inf]\n",
    "binary": "b: !!binary aGk=\n",
    "a set": "s: !!set {a, b}\n",
    "keys JSON writes alike": "~: a\n'null': b\n",
    "a date as a key": "2024-01-01: a\n",
}


@pytest.mark.parametrize("text", NOT_JSON.values(), ids=NOT_JSON.keys())
def test_data_json_cannot_carry_exactly_is_not_kept(text: str, tmp_path: Path) -> None:
    _, kept = kept_and_read(tmp_path, "cards/x.yaml", text.encode())
    assert kept is kept_yaml.MISS
    assert not (tmp_path / "build").exists()


SOURCE = b"base: &b {x: [1, 2], y: {deep: {er: 1}}}\nmore: {<<: *b, w: 3}\nn: {7: a}\n"


def note_of(root: Path) -> Path:
    return kept_yaml.Notes(root, False).note_path("cards/x.yaml")


def tampered(root: Path, change) -> Any:
    """Keep SOURCE, change its note with `change(note as JSON) -> JSON or text`, read it back."""
    parsed, kept = kept_and_read(root, "cards/x.yaml", SOURCE)
    assert kept is not kept_yaml.MISS
    note = note_of(root)
    changed = change(json.loads(note.read_text(encoding="utf-8")))
    note.write_text(changed if isinstance(changed, str) else json.dumps(changed), encoding="utf-8")
    return kept_yaml.Notes(root, False).lookup("cards/x.yaml", SOURCE)


def deeper(n: int) -> Any:
    value: Any = 1
    for _ in range(n):
        value = [value]
    return value


TAMPERED = {
    "another key": lambda note: dict(note, key="0" * 64),
    "not JSON": lambda note: json.dumps(note)[:-5],
    "a field more": lambda note: dict(note, extra=1),
    "another format": lambda note: dict(note, format=2),
    "a repeat that contains itself": lambda note: dict(note, repeats=[[["base", "x"], ["base"]]]),
    "a repeat of a plain value": lambda note: dict(note, repeats=[[["base", "x", 0], ["more", "w"]]]),
    "a repeat to nowhere": lambda note: dict(note, repeats=[[["nowhere"], ["base"]]]),
    "a repeat that is not a pair": lambda note: dict(note, repeats=[{"base": 1}]),
    "keys of another mapping": lambda note: dict(note, keys=[[["n"], [7, 8]]]),
    "keys that are not the mapping's": lambda note: dict(note, keys=[[["n"], [8]]]),
    "keys that cannot be keys": lambda note: dict(note, keys=[[["n"], [[7]]]]),
    "nested deeper than YAML may be": lambda note: dict(note, data=dict(note["data"], x=deeper(70))),
    "more values than YAML may have": lambda note: dict(
        note, data=dict(note["data"], x=[[0] * 1000] * 600),
        repeats=[[["x", i], ["x", 0]] for i in range(1, 600)]),
}


@pytest.mark.parametrize("change", TAMPERED.values(), ids=TAMPERED.keys())
def test_a_note_not_as_the_build_wrote_it_is_a_miss(change, tmp_path: Path) -> None:
    assert tampered(tmp_path, change) is kept_yaml.MISS


def test_other_bytes_other_name_or_other_folder_is_a_miss(tmp_path: Path) -> None:
    kept_and_read(tmp_path, "cards/x.yaml", SOURCE)
    notes = kept_yaml.Notes(tmp_path, False)
    assert notes.lookup("cards/x.yaml", SOURCE) is not kept_yaml.MISS
    assert notes.lookup("cards/x.yaml", SOURCE.replace(b"w: 3", b"w: 4")) is kept_yaml.MISS
    assert notes.lookup("cards/x.yaml", SOURCE + b"\n") is kept_yaml.MISS
    assert notes.lookup("cards/y.yaml", SOURCE) is kept_yaml.MISS
    moved = tmp_path / "moved"
    shutil.copytree(tmp_path / "build", moved / "build")
    assert kept_yaml.Notes(moved, False).lookup("cards/x.yaml", SOURCE) is kept_yaml.MISS


def test_a_note_that_leads_out_of_the_project_is_a_miss(tmp_path: Path) -> None:
    project, elsewhere = tmp_path / "p", tmp_path / "elsewhere"
    project.mkdir()
    kept_and_read(elsewhere, "cards/x.yaml", SOURCE)
    note = note_of(project)
    note.parent.mkdir(parents=True)
    note.symlink_to(note_of(elsewhere))
    assert kept_yaml.Notes(project, False).lookup("cards/x.yaml", SOURCE) is kept_yaml.MISS


# --- the command line ---------------------------------------------------------------------------

@pytest.fixture
def built(mini_project: Path, capsys) -> Path:
    """`mini` with a playtest file, built (sheets only)."""
    (mini_project / "playtest" / "mini").mkdir(parents=True)
    (mini_project / "playtest" / "mini" / "more.yaml").write_text(
        "game: mini\nexamples:\n  - id: more\n    title: もう一枚\n    cards: [blue-2]\n"
        "    setup: {hands: {p1: [blue-2]}}\n    steps:\n      - do: p1 plays blue-2\n",
        encoding="utf-8")
    assert main(["-C", str(mini_project), "build", "--only", "pnp", "--paper", "a4"]) == 0
    capsys.readouterr()
    return mini_project


@pytest.fixture
def hits(monkeypatch) -> list[str]:
    """The files whose data came from a note, in order."""
    names: list[str] = []
    lookup = kept_yaml.Notes.lookup

    def counted(self: kept_yaml.Notes, name: str, raw: bytes) -> Any:
        found = lookup(self, name, raw)
        if found is not kept_yaml.MISS:
            names.append(name)
        return found

    monkeypatch.setattr(kept_yaml.Notes, "lookup", counted)
    return names


def check(root: Path, capsys) -> tuple[int, str, str]:
    status = main(["-C", str(root), "check"])
    out = capsys.readouterr()
    return status, out.out, out.err


def snapshot(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_mtime_ns, p.read_bytes())
            for p in sorted(folder.rglob("*")) if p.is_file()}


def without_notes(root: Path, tmp_path: Path) -> Path:
    """A copy of the project whose build kept no parsed YAML."""
    other = tmp_path / "without"
    shutil.copytree(root, other)
    shutil.rmtree(other / "build" / ".deckwright" / "yaml")
    return other


def test_check_after_a_build_parses_no_file_and_says_the_same(built: Path, hits: list[str],
                                                             tmp_path: Path, capsys) -> None:
    notes = sorted((built / "build" / ".deckwright" / "yaml").glob("*.json"))
    assert len(notes) == 2   # the database and the playtest file
    before = snapshot(built / "build")
    kept = check(built, capsys)
    assert kept[0] == 0 and "1 game(s) valid" in kept[1]
    assert hits == ["cards/mini.yaml", "playtest/mini/more.yaml"]
    assert snapshot(built / "build") == before   # check writes nothing
    hits.clear()
    assert check(without_notes(built, tmp_path), capsys) == kept
    assert hits == []


@pytest.mark.parametrize("old, new, field, message", [
    ("    copies: 2\n", "    copies: -1\n", "cards[0].copies", "expected a whole number >= 0"),
    ("    category: number\n    colors: [blue]\n", "    category: numbr\n    colors: [blue]\n",
     "cards[1].category", "unknown category 'numbr'"),
    ("  - id: blue-2\n", "  - id: blue-2\n    coppies: 1\n", "cards[1].coppies",
     "unknown field (did you mean copies?)"),
])
def test_an_edit_after_a_build_is_reported_at_its_line(built: Path, tmp_path: Path, capsys,
                                                       old: str, new: str, field: str,
                                                       message: str) -> None:
    db = built / "cards" / "mini.yaml"
    text = db.read_text(encoding="utf-8")
    assert text.count(old) == 1
    db.write_text(text.replace(old, new), encoding="utf-8")
    changed = [s for s in new.splitlines() if s not in old.splitlines()][0]
    line = text.replace(old, new).splitlines().index(changed) + 1
    status, out, err = check(built, capsys)
    assert status == 2 and out == ""
    assert err.startswith(f"cards/mini.yaml:{line}:"), err
    assert f": {field}: {message}" in err
    assert check(without_notes(built, tmp_path), capsys) == (status, out, err)


def test_a_problem_found_after_loading_is_located_in_kept_data(built: Path, hits: list[str],
                                                               tmp_path: Path, capsys) -> None:
    """Art that became unreadable after a build, the database's bytes as kept: the card is
    named at its line, found by parsing the kept bytes only now."""
    db = built / "cards" / "mini.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace(
        "    points: 1\n", "    points: 1\n    art: art/red.png\n"), encoding="utf-8")
    (built / "art").mkdir()
    shutil.copy(ROOT / "tests" / "fixtures" / "press" / "art" / "knight.png",
                built / "art" / "red.png")
    assert main(["-C", str(built), "build", "--only", "pnp", "--paper", "a4"]) == 0
    capsys.readouterr()
    (built / "art" / "red.png").write_bytes(b"\x89PNG\r\n\x1a\n not really")
    hits.clear()
    status, out, err = check(built, capsys)
    assert status == 2 and "cards/mini.yaml" in hits
    line = db.read_text(encoding="utf-8").splitlines().index("    art: art/red.png") + 1
    assert err.startswith(f"cards/mini.yaml:{line}:"), err
    assert "cards[0].art: card 'red-1' (face)" in err
    assert check(without_notes(built, tmp_path), capsys) == (status, out, err)


def test_examples_are_located_from_kept_data(built: Path, hits: list[str]) -> None:
    with kept_yaml.notes(built):
        kept = load_games(Project(built))[0]
    assert hits == ["cards/mini.yaml", "playtest/mini/more.yaml"]
    fresh = load_games(Project(built))[0]
    for mine, theirs in zip(kept.all_examples(), fresh.all_examples()):
        assert mine[0] == theirs[0]
        for path in [(), ("steps",), ("steps", 0), ("setup", "hands", "p1", 0), ("nowhere", 3)]:
            assert mine[1].locate(*path) == theirs[1].locate(*path) is not None


def test_a_note_for_other_bytes_or_broken_is_parsed_again(built: Path, hits: list[str],
                                                         tmp_path: Path, capsys) -> None:
    folder = built / "build" / ".deckwright" / "yaml"
    for note in folder.glob("*.json"):
        text = note.read_text(encoding="utf-8")
        note.write_text(text.replace('"key":"', '"key":"0') if "mini.yaml" not in text
                        else text[: len(text) // 2], encoding="utf-8")
    kept = check(built, capsys)
    assert hits == []
    assert kept == check(without_notes(built, tmp_path), capsys)
    assert kept[0] == 0


def test_a_failed_build_keeps_no_note(mini_project: Path, capsys) -> None:
    (mini_project / "templates" / "faces" / "mini").mkdir(parents=True)
    (mini_project / "templates" / "faces" / "mini" / "number.yaml").write_text(
        "extends: generic\nregions:\n  name:\n    sise: 9\n", encoding="utf-8")
    assert main(["-C", str(mini_project), "build", "--only", "pnp", "--paper", "a4"]) == 2
    capsys.readouterr()
    assert not (mini_project / "build" / ".deckwright" / "yaml").exists()


def test_the_notes_do_not_leave_the_command(mini_project: Path, capsys) -> None:
    assert main(["-C", str(mini_project), "check"]) == 0
    capsys.readouterr()
    assert kept_yaml.active() is None


def test_check_of_a_built_project_loads_neither_jinja_nor_reportlab(built: Path) -> None:
    """With everything kept, no face is planned and no template compiled: the libraries that
    plan and draw stay unloaded (the time itself is a figure for bench/build_bench.py)."""
    from test_build_startup import loaded_after
    out, modules = loaded_after("-C", str(built), "check")
    assert "1 game(s) valid" in out
    assert "deckwright.model.load" in modules
    assert not {"jinja2", "reportlab", "deckwright.press.face"} & modules
    shutil.rmtree(built / "build")
    _, modules = loaded_after("-C", str(built), "check")
    assert {"jinja2", "reportlab", "deckwright.press.face"} <= modules


def test_build_force_parses_every_file_again(built: Path, hits: list[str], capsys) -> None:
    """`build --force` rebuilds from the files themselves, not from what an earlier build (or
    whoever shared the folder) kept, and keeps its own parses for the next run."""
    notes = built / "build" / ".deckwright" / "yaml"
    assert main(["-C", str(built), "build", "--only", "pnp", "--paper", "a4"]) == 0
    assert hits == ["cards/mini.yaml", "playtest/mini/more.yaml"]   # an ordinary build reads them
    hits.clear()
    assert len(list(notes.glob("*.json"))) == 2
    assert main(["-C", str(built), "build", "--only", "pnp", "--paper", "a4", "--force"]) == 0
    capsys.readouterr()
    assert hits == [] and len(list(notes.glob("*.json"))) == 2
    assert check(built, capsys)[0] == 0 and hits == ["cards/mini.yaml", "playtest/mini/more.yaml"]


def fake_pyyaml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the installed PyYAML's files, which the key's loader part is read from."""
    import importlib.util
    import yaml
    folder = tmp_path / "yaml"
    shutil.copytree(Path(yaml.__file__).parent, folder,
                    ignore=shutil.ignore_patterns("__pycache__"))
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: (
        importlib.util.spec_from_file_location("yaml", folder / "__init__.py",
                                               submodule_search_locations=[str(folder)])
        if name == "yaml" else real(name, *a)))
    return folder


def test_a_note_follows_pyyaml_byte_for_byte(tmp_path: Path, monkeypatch) -> None:
    """The key's loader part is PyYAML's files (read, not imported): one byte of any of them
    changed is another key; an extension that links the system's libyaml, whose version those
    files do not fix, makes the key name the versions PyYAML itself reports, as before."""
    import yaml
    version = yamlsafe.loader_version.__wrapped__
    folder = fake_pyyaml(tmp_path, monkeypatch)
    first = version()
    assert first.startswith("PyYAML files ") and version() == first
    (folder / "reader.py").write_bytes((folder / "reader.py").read_bytes() + b"\n")
    assert version().startswith("PyYAML files ") and version() != first
    (folder / "_yaml.so").write_bytes(b"\x7fELF\0\0libyaml-0.so.2\0libc.so.6\0")
    linked = version()
    assert not linked.startswith("PyYAML files ") and version() == linked
    monkeypatch.setattr(yaml, "__version__", yaml.__version__ + ".post1")
    assert version() != linked
    if yaml.__with_libyaml__:
        another = version()
        monkeypatch.setattr(yaml._yaml, "get_version_string", lambda: "0.0.0-other")
        assert version() != another
