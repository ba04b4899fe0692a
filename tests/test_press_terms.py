"""One term per concept: original-tcg's faces printed 戦闘力, 【常在】 and 【カウンター】 where its
book and glossary say パワー, ■永続 and ■対抗; `check` now refuses a face term the glossary does
not define, at the layout's line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deckwright.cli import main
from deckwright.model import Project, load_game
from deckwright.press.terms import face_term_problems

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def tcg(tmp_path: Path) -> Path:
    (tmp_path / "cards").mkdir()
    shutil.copy(ROOT / "cards" / "original-tcg.yaml", tmp_path / "cards")
    shutil.copytree(ROOT / "templates" / "faces" / "original-tcg",
                    tmp_path / "templates" / "faces" / "original-tcg")
    return tmp_path


def test_the_shipped_faces_print_the_glossarys_words(tcg: Path) -> None:
    game = load_game(Project(tcg), "original-tcg")
    terms = {t.term for t in game.db.glossary}
    assert {"パワー", "対抗", "強制対抗", "永続", "ルール"} <= terms
    assert face_term_problems(game) == []


def test_check_refuses_a_face_term_the_glossary_does_not_define(tcg: Path, capsys) -> None:
    soldier = tcg / "templates" / "faces" / "original-tcg" / "soldier.yaml"
    lines = soldier.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if "labels.power" in line)
    lines[at] = lines[at].replace("{{ labels.power }}", "【常在】 戦闘力")
    soldier.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["-C", str(tcg), "check", "original-tcg"]) == 2
    err = capsys.readouterr().err
    assert f"templates/faces/original-tcg/soldier.yaml:{at + 1}:" in err
    assert "「常在」" in err and "glossary" in err
