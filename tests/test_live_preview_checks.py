"""`deckwright serve` after a save: the page lists what `check` would refuse (a face that no
longer fits) with the preview drawn as it is, only the faces whose inputs changed are planned
again, and a change to the game section (palette, categories) redraws the faces that show it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deckwright.cli import main
from deckwright.live.preview import Preview
from deckwright.model import Project

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "press"
DB = "cards/pressdemo.yaml"
LONG = "とても長い説明文が続く。" * 60


@pytest.fixture
def project(tmp_path):
    dest = tmp_path / "proj"
    shutil.copytree(FIXTURE, dest)
    return dest


def _edit(project: Path, old: str, new: str) -> Path:
    db = project / DB
    text = db.read_text(encoding="utf-8")
    assert old in text
    db.write_text(text.replace(old, new, 1), encoding="utf-8")
    return db


def _check_lines(project: Path, capsys) -> list[str]:
    capsys.readouterr()
    assert main(["-C", str(project), "check"]) == 2
    return capsys.readouterr().err.strip().splitlines()


def test_a_face_that_no_longer_fits_is_listed_as_check_lists_it(project, capsys):
    preview = Preview(Project(project))
    assert preview.problems == []
    db = _edit(project, "{{ 7*7 }} は計算されない。", LONG)
    preview.reload([db])

    lines = _check_lines(project, capsys)
    assert any("card 'twin' (face): text does not fit" in line for line in lines)
    assert preview.problems == lines
    # the preview is the edited one, not the last good one: the designer sees the overflow
    view = preview.games["pressdemo"]
    assert view.data.card("twin").text == LONG
    assert view.faces.png("twin").startswith(b"\x89PNG")

    _edit(project, LONG, "短い。")
    preview.reload([db])
    assert preview.problems == []


def test_an_example_not_in_the_notation_is_listed_too(tmp_path, capsys):
    """A designer's game with a rules module: a misspelt verb is the line `check` prints."""
    run = subprocess.run([sys.executable, "-m", "deckwright", "new", "fox", "--rules"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    fox = tmp_path / "fox"
    preview = Preview(Project(fox))
    assert preview.problems == []
    db = fox / "cards" / "fox.yaml"
    text = db.read_text(encoding="utf-8")
    assert "do: p1 plays red-2" in text
    db.write_text(text.replace("do: p1 plays red-2", "do: p1 plyas red-2", 1), encoding="utf-8")
    preview.reload([db])
    lines = _check_lines(fox, capsys)
    assert len(lines) == 1 and lines[0].startswith("cards/fox.yaml:")
    assert preview.problems == lines


def test_serve_starts_on_a_project_build_would_refuse(project, capsys):
    """Nothing keeps the preview from drawing a face that does not fit, so it starts and lists
    it; a file that does not load still stops the command with its one-line error."""
    _edit(project, "{{ 7*7 }} は計算されない。", LONG)
    preview = Preview(Project(project))
    assert preview.problems == _check_lines(project, capsys)
    assert preview.games["pressdemo"].data.card("twin").text == LONG


def test_unchanged_cards_keep_their_plans(project):
    preview = Preview(Project(project))
    faces = preview.games["pressdemo"].faces
    before = {c.id: faces.press.planned(c.id) for c in faces.game.db.cards}
    assert all(before.values())   # the page's check planned every face once
    db = _edit(project, "{{ 7*7 }} は計算されない。", "{{ 7*7 }} は計算されないまま。")
    preview.reload([db])
    faces = preview.games["pressdemo"].faces
    after = {c.id: faces.press.planned(c.id) for c in faces.game.db.cards}
    assert after["twin"] is not before["twin"]
    assert all(after[k] is before[k] for k in before if k != "twin")


def test_a_palette_change_redraws_the_faces_that_show_it(project):
    preview = Preview(Project(project))
    faces = preview.games["pressdemo"].faces
    stamp, png = faces.stamp("knight"), faces.png("knight")
    db = _edit(project, 'red: {name: 赤, hex: "#d0312d"}', 'red: {name: 赤, hex: "#10a040"}')
    preview.reload([db])
    faces = preview.games["pressdemo"].faces
    assert faces.stamp("knight") != stamp
    assert faces.png("knight") != png
