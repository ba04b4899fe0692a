"""One term per concept: original-tcg's faces printed 戦闘力, 【常在】 and 【カウンター】 where its
book and glossary say パワー, ■永続 and ■対抗; `check` now refuses a face term the glossary does
not define, at the layout's line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deckwright.cli import main
from deckwright.model import Project, load_game
from deckwright.press.terms import avoided_in, avoided_words, face_term_problems, prose_term_problems

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


GAMES = ["bridge-over", "treasure-scramble", "super-page-one", "original-tcg", "ghost-couple"]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_shipped_book_or_face_prints_a_word_its_glossary_avoids(game_id: str) -> None:
    game = load_game(Project(ROOT), game_id)
    assert face_term_problems(game) + prose_term_problems(game) == []


def test_the_glossary_names_the_words_original_tcg_once_printed() -> None:
    game = load_game(Project(ROOT), "original-tcg")
    assert avoided_words(game) == {"戦闘力": "パワー", "常在": "永続"}


def test_check_refuses_an_avoided_word_unbracketed_on_a_face_and_in_the_book(
        tcg: Path, capsys) -> None:
    soldier = tcg / "templates" / "faces" / "original-tcg" / "soldier.yaml"
    lines = soldier.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if "labels.power" in line)
    column = lines[at].index("{{ labels.power }}") + 1
    lines[at] = lines[at].replace("{{ labels.power }}", "戦闘力")
    soldier.write_text("\n".join(lines) + "\n", encoding="utf-8")
    db = tcg / "cards" / "original-tcg.yaml"
    text = db.read_text(encoding="utf-8")
    rule = "      ダメージはカウンターで数える。"
    assert rule in text
    db.write_text(text.replace(rule, "      ダメージは常在のカウンターで数える。"), encoding="utf-8")
    rule_line = text[:text.index(rule)].count("\n") + 1
    assert main(["-C", str(tcg), "check", "original-tcg"]) == 2
    err = capsys.readouterr().err
    assert f"templates/faces/original-tcg/soldier.yaml:{at + 1}:{column}: terms:" in err
    assert "「戦闘力」" in err and "「パワー」" in err
    # the rule's body is a block scalar that starts on the line before its first sentence
    assert any(line.startswith(f"cards/original-tcg.yaml:{n}:") and "「常在」" in line
               and "「永続」" in line for line in err.splitlines() for n in (rule_line - 1, rule_line))


def test_an_avoided_word_inside_a_longer_term_is_that_term() -> None:
    terms = {"対抗", "強制対抗"}
    assert avoided_in("強制対抗を使う。対抗する。", {"対抗": "x"}, {"強制対抗"}) == [(8, "対抗")]
    assert avoided_in("強制対抗", {"対抗": "x"}, terms) == []
