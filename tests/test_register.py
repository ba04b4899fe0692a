"""One register per book: bridge-over's rules said です・ます while its ruling boxes said である.
A Japanese book keeps the register `game.register` names (plain when absent), and `check`
refuses a sentence of rules, rulings or examples in the other, at the database's line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deckwright.cli import main
from deckwright.model import Project, load_game
from deckwright.press.register import register, register_problems, sentence_register

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["bridge-over", "treasure-scramble", "super-page-one", "original-tcg", "ghost-couple"]
RULING = "      Escort を出したら追加カードを1枚続けなければならない。"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_shipped_book_keeps_one_register(game_id: str) -> None:
    game = load_game(Project(ROOT), game_id)
    assert register(game) == "plain"
    assert register_problems(game) == []


def test_the_english_edition_has_no_register_to_keep() -> None:
    game = load_game(Project(ROOT), "super-page-one", language="en")
    assert register(game) is None and register_problems(game) == []


def test_a_sentence_is_told_by_its_last_predicate() -> None:
    assert sentence_register("山札の下に入れます(Q&A④)。") == "polite"
    assert sentence_register("出せません。") == "polite"
    assert sentence_register("各自5枚ずつ配る。") == "plain"
    assert sentence_register("勝ち抜けである。") == "plain"
    assert sentence_register("処理はC・B・Aの順。") is None  # a noun ends it: either register


@pytest.fixture
def bridge(tmp_path: Path) -> Path:
    (tmp_path / "cards").mkdir()
    shutil.copy(ROOT / "cards" / "bridge-over.yaml", tmp_path / "cards")
    return tmp_path


def _line_of(text: str, fragment: str) -> int:
    return text[:text.index(fragment)].count("\n") + 1


def test_check_refuses_a_polite_ruling_in_a_plain_book(bridge: Path, capsys) -> None:
    db = bridge / "cards" / "bridge-over.yaml"
    text = db.read_text(encoding="utf-8")
    assert RULING in text
    db.write_text(text.replace(RULING, "      Escort を出したら追加カードを1枚続けます。"),
                  encoding="utf-8")
    assert main(["-C", str(bridge), "check", "bridge-over"]) == 2
    err = capsys.readouterr().err.splitlines()
    # the ruling's text is a folded scalar whose key is on the line before its sentences
    wrong = [line for line in err if "です・ます" in line]
    assert len(wrong) == 1
    assert wrong[0].startswith(f"cards/bridge-over.yaml:{_line_of(text, RULING) - 1}:")
    assert "rulings.0.text" in wrong[0] and "game.register: plain" in wrong[0]


def test_a_polite_book_refuses_its_plain_rulings(bridge: Path, capsys) -> None:
    db = bridge / "cards" / "bridge-over.yaml"
    text = db.read_text(encoding="utf-8")
    db.write_text(text.replace("  language: ja\n", "  language: ja\n  register: polite\n", 1),
                  encoding="utf-8")
    game = load_game(Project(bridge), "bridge-over")
    found = register_problems(game)
    assert {p.path.split(".")[0] for p in found} == {"rules", "rulings", "examples"}
    assert all("game.register: polite" in p.message for p in found)
    assert main(["-C", str(bridge), "check", "bridge-over"]) == 2
