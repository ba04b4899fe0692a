"""The games bundled with deckwright, from any folder: a project's own database first, then the
bundled one (as rules modules and layouts are found); outputs in the folder worked in; and
`deckwright new NAME --from GAME`, a project that is a copy of a bundled game under a new id.
(tests/test_wheel.py does the same from an installed wheel; here the bundled games are the
repository's own folders, as in an editable install.)"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest
import yaml

from deckwright.app import registry as rules
from deckwright.cli import main
from deckwright.copy_game import _as_project_module
from deckwright.model import Project, load_game
from deckwright.model import bundled

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ["bridge-over", "ghost-couple", "original-tcg", "super-page-one", "treasure-scramble"]


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    assert ROOT not in tmp_path.resolve().parents
    return tmp_path


def test_the_bundled_games_are_the_repositorys_own_folders_in_a_checkout() -> None:
    assert bundled.root() == ROOT and bundled.game_ids() == BUNDLED


def test_a_projects_own_database_comes_before_the_bundled_one(
        outside: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = outside / "house"
    (project / "cards").mkdir(parents=True)
    text = (ROOT / "cards" / "treasure-scramble.yaml").read_text(encoding="utf-8")
    assert "\n  title: トレジャースクランブル\n" in text
    (project / "cards" / "treasure-scramble.yaml").write_text(
        text.replace("\n  title: トレジャースクランブル\n", "\n  title: 我が家の宝探し\n"),
        encoding="utf-8")

    own = load_game(Project(project), "treasure-scramble")
    assert own.db.game.title == "我が家の宝探し" and not own.project.bundled
    other = load_game(Project(project), "ghost-couple")   # not in the project: the bundled one
    assert other.project.bundled and other.project.root == ROOT
    assert other.path == ROOT / "cards" / "ghost-couple.yaml"
    assert other.out_dir == project / "build" / "ghost-couple"   # built here, not there

    assert main(["-C", str(project), "games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("treasure-scramble "))
    assert lines[at].split()[1] == "cards/treasure-scramble.yaml"
    assert lines[at + 1].split() == ["not", "used:", "cards/treasure-scramble.yaml", "(bundled)"]
    assert not any(line.startswith("ghost-couple ") for line in lines)   # not the project's
    assert main(["-C", str(project), "games", "--all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    ghost = next(line for line in lines if line.startswith("ghost-couple "))
    assert ghost.split()[1:3] == ["cards/ghost-couple.yaml", "(bundled)"]

    # a command without game names works on the project's own games only
    assert main(["-C", str(project), "check"]) == 0
    assert "1 game(s)" in capsys.readouterr().out


def test_a_projects_rules_module_plays_a_bundled_database(
        outside: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (outside / "rules").mkdir()
    (outside / "rules" / "treasure_scramble.py").write_text(
        "from deckwright.rules import register\n"
        "from deckwright.rules.treasure_scramble import TreasureScramble\n\n\n"
        "class HouseScramble(TreasureScramble):\n    pass\n\n\nregister(HouseScramble)\n",
        encoding="utf-8")
    assert main(["-C", str(outside), "playtest", "treasure-scramble"]) == 0
    captured = capsys.readouterr()
    examples = len(load_game(Project(ROOT), "treasure-scramble").all_examples())
    assert captured.out.splitlines()[-1] == f"{examples} passed, 0 failed"
    assert ("note: treasure-scramble: using rules/treasure_scramble.py (project), not "
            "deckwright.rules.treasure_scramble (bundled)") in captured.err
    assert sorted(p.name for p in outside.iterdir()) == ["rules"]   # playtest writes nothing


def test_an_unknown_game_names_the_projects_games_and_the_bundled_ones(
        mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-C", str(mini_project), "check", "nope"]) == 2
    assert capsys.readouterr().err.strip() == (
        "deckwright: error: no game 'nope' in cards (games: mini; bundled with deckwright: "
        f"{', '.join(BUNDLED)})")


@pytest.mark.parametrize("game_id", BUNDLED)
def test_new_from_copies_a_bundled_game_under_a_new_id(outside: Path, game_id: str) -> None:
    assert main(["-C", str(outside), "new", "fox", "--from", game_id]) == 0
    fox = outside / "fox"
    data = yaml.safe_load((fox / "cards" / "fox.yaml").read_text(encoding="utf-8"))
    source = yaml.safe_load((ROOT / "cards" / f"{game_id}.yaml").read_text(encoding="utf-8"))
    assert data == {**source, "game": {**source["game"], "id": "fox"}}
    editions = sorted(p.name.replace(game_id, "fox") for p in (ROOT / "cards").glob(f"{game_id}.*.yaml"))
    assert sorted(p.name for p in (fox / "cards").iterdir()) == sorted(["fox.yaml", *editions])
    assert sorted(p.name for p in (fox / "playtest").iterdir()) == ["fox"]
    layouts = sorted(p.name for p in (ROOT / "templates" / "faces" / game_id).iterdir())
    assert sorted(p.name for p in (fox / "templates" / "faces" / "fox").iterdir()) == layouts
    # its rules: the project's module registers "fox", and only that
    registered = rules.games(Project(fox))
    assert registered["fox"].origin.kind == "project"
    assert registered[game_id].origin.kind == "bundled"
    rules.forget(fox)


def test_a_project_from_a_bundled_game_checks_and_playtests(
        outside: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-C", str(outside), "new", "hunt", "--from", "treasure-scramble",
                 "--title", 'Hunt "Two"']) == 0
    assert "made" in capsys.readouterr().out
    hunt = outside / "hunt"
    title = yaml.safe_load((hunt / "cards" / "hunt.yaml").read_text(encoding="utf-8"))["game"]["title"]
    assert title == 'Hunt "Two"'
    assert main(["-C", str(hunt), "playtest"]) == 0
    examples = len(load_game(Project(ROOT), "treasure-scramble").all_examples())
    assert capsys.readouterr().out.splitlines()[-2] == f"hunt: {examples} passed, 0 failed"
    rules.forget(hunt)


def test_new_from_refuses_what_is_not_a_bundled_game_and_leaves_nothing(
        outside: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-C", str(outside), "new", "fox", "--from", "nope"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"deckwright: error: --from nope: not a game bundled with deckwright (bundled games: "
        f"{', '.join(BUNDLED)})")
    assert list(outside.iterdir()) == []
    with pytest.raises(SystemExit) as stop:
        main(["-C", str(outside), "new", "fox", "--from", "ghost-couple", "--rules"])
    assert stop.value.code == 2 and "not allowed with argument" in capsys.readouterr().err
    assert list(outside.iterdir()) == []


def test_a_copied_module_imports_deckwright_absolutely_and_plays_the_new_id() -> None:
    source = '''"""x"""
from ...engine import (Game,
                       State)
from .. import register
from . import cards
from .state import Lively

def later():
    from ...model.schema import Card
    return Card

FACTS = GameFacts(title="超ページワン", game_id="old-game", other="old-game")
'''
    text, renamed = _as_project_module(source, "deckwright.rules.old_game",
                                       "deckwright.rules.old_game", "old-game", "new")
    assert renamed == 1
    assert text == source.replace("from ...engine import", "from deckwright.engine import") \
        .replace("from .. import register", "from deckwright.rules import register") \
        .replace("from ...model.schema", "from deckwright.model.schema") \
        .replace('game_id="old-game"', 'game_id="new"')
    ast.parse(text)


def test_a_bundled_game_records_nothing_into_deckwrights_files() -> None:
    from deckwright.live import record
    from deckwright.live.table import Seat, Table

    data = load_game(Project(ROOT), "super-page-one")
    table = Table(rules.rules_for("super-page-one")(data), 2, [Seat("random")] * 2, seed=1)
    with pytest.raises(record.RecordError, match="deckwright new NAME --from super-page-one"):
        record.save(table, None, 0, "x")


def test_new_from_copies_the_spreadsheets_a_database_names(
        outside: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tree = outside / "tree"
    (tree / "cards").mkdir(parents=True)
    (tree / "cards" / "tiny.yaml").write_text(
        "game:\n  id: tiny   # the id\n  title: Tiny\ncards_from: [cards/tiny.xlsx#Cards, "
        "sheets/more.csv]\n", encoding="utf-8")
    (tree / "cards" / "tiny.xlsx").write_bytes(b"PK\x03\x04 a workbook")
    (tree / "sheets").mkdir()
    (tree / "sheets" / "more.csv").write_text("id,name\nx,X\n", encoding="utf-8")
    monkeypatch.setattr(bundled, "root", lambda: tree)
    assert main(["-C", str(outside), "new", "big", "--from", "tiny"]) == 0
    big = outside / "big"
    assert (big / "cards" / "big.yaml").read_text(encoding="utf-8").startswith(
        "game:\n  id: big   # the id\n  title: Tiny\n")
    assert (big / "cards" / "tiny.xlsx").read_bytes() == b"PK\x03\x04 a workbook"
    assert (big / "sheets" / "more.csv").read_text(encoding="utf-8") == "id,name\nx,X\n"
    assert not (big / "rules").exists()   # a game without a rules module: none to copy
