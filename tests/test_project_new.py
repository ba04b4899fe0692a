"""A designer's own game, end to end: `deckwright new --rules` in a folder outside this
repository, then check, build, playtest, fuzz and simulate with the project's own rules module;
and the scaffold's refusals and "nothing here" messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import Workbook
from pypdf import PdfReader

from deckwright.cli import main
from deckwright.cli.new import SCAFFOLD
from deckwright.cli.schema import render as schema_text

ROOT = Path(__file__).resolve().parent.parent


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A temporary folder that is not inside the repository (so nothing is found by accident)."""
    assert ROOT not in tmp_path.resolve().parents
    return tmp_path


def test_new_rules_project_checks_builds_playtests_fuzzes_and_simulates(
        outside: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-C", str(outside), "new", "fox", "--rules"]) == 0
    fox = outside / "fox"
    assert "cd fox && deckwright check" in capsys.readouterr().out
    database = (fox / "cards" / "fox.yaml").read_text(encoding="utf-8")
    assert database.startswith("# yaml-language-server: $schema=../schema/deckwright.schema.json")
    assert (fox / "schema" / "deckwright.schema.json").read_text(encoding="utf-8") == schema_text()
    assert (fox / "templates" / "faces" / "fox" / "number.yaml").is_file()
    assert (fox / "templates" / "faces" / "fox" / "back.yaml").is_file()
    assert 'game_id="fox"' in (fox / "rules" / "fox.py").read_text(encoding="utf-8")

    # a card added through a spreadsheet (docs/format.md, "Cards from a spreadsheet")
    book = Workbook()
    book.active.title = "More"
    book.active.append(["id", "name", "category", "colors", "rank", "points", "copies"])
    book.active.append(["blue-4", "Four", "number", "blue", 4, 4, 1])
    book.save(fox / "cards" / "more.xlsx")
    database = database.replace("total: 27,", "total: 28,").replace(
        "\ndecks:\n", "\ncards_from: cards/more.xlsx#More\ndecks:\n")
    (fox / "cards" / "fox.yaml").write_text(database, encoding="utf-8")

    assert main(["-C", str(fox), "check"]) == 0
    out = capsys.readouterr().out
    assert "28 cards (stated 28)" in out and "rules/fox.py (project)" in out

    assert main(["-C", str(fox), "playtest", "-v"]) == 0
    out = capsys.readouterr().out
    assert "ok   fox/match-colour" in out and "ok   fox/last-card-wins" in out
    assert "p1 wins with 4 points." in out               # the engine's shared sentences
    assert "p2 draws a card from the deck." in out
    assert out.rstrip().endswith("2 passed, 0 failed")

    assert main(["-C", str(fox), "build", "--only", "pnp,rulebook", "--paper", "a4"]) == 0
    captured = capsys.readouterr()
    assert "unverified" not in captured.err
    sheets = pdf_text(fox / "build" / "fox" / "pnp-a4.pdf")
    assert "Three" in sheets and "Worth 3 points in a loser's hand." in sheets
    assert "Four" in sheets   # the spreadsheet's card
    rulebook = pdf_text(fox / "build" / "fox" / "rulebook.pdf")
    assert "Playing by colour" in rulebook and "Emptying your hand" in rulebook
    assert "Example 1 Playing by colour verified" not in " ".join(rulebook.split())
    proof = pdf_text(fox / "build" / "fox" / "rulebook-proof.pdf")   # the engine's verdicts
    assert "Example 1 Playing by colour verified" in " ".join(proof.split())
    assert "0 not matching, 0 not verified" in " ".join(proof.split())

    assert main(["-C", str(fox), "fuzz", "fox", "--games", "150"]) == 0
    assert "fox: 150 games (2-4 players, seeds 0-149)" in capsys.readouterr().out
    assert main(["-C", str(fox), "fuzz", "fox", "--players", "7"]) == 2
    assert "fox is for 2-4 players, not 7" in capsys.readouterr().err

    stats_path = outside / "stats.json"
    assert main(["-C", str(fox), "simulate", "fox", "--games", "80", "--workers", "1",
                 "--no-pdf", "--json", str(stats_path)]) == 0
    stats = json.loads(stats_path.read_text(encoding="utf-8"))
    assert stats["games"] == 80 and stats["finished"] + stats["stalled"] == 80
    assert sum(seat["wins"] for seat in stats["seats"]) >= stats["finished"] > 0
    assert (fox / "build" / "fox" / "balance.html").is_file()


def test_fuzz_reports_the_first_break_with_seed_and_a_replayable_history(
        outside: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-C", str(outside), "new", "mole", "--rules"]) == 0
    rules = outside / "mole" / "rules" / "mole.py"
    source = rules.read_text(encoding="utf-8")
    # a designer's mistake: an invariant that real games break (a hand may grow past 6 cards)
    source = source.replace(
        "if any(s < 0 for s in self.score):",
        "if any(len(self.zones.piles[h]) > 6 for h in self.game.HAND[:self.players]):")
    rules.write_text(source.replace('yield "a negative score"', 'yield "a hand of 7 cards"'),
                     encoding="utf-8")
    capsys.readouterr()
    assert main(["-C", str(outside / "mole"), "fuzz", "mole", "--games", "300"]) == 1
    out = capsys.readouterr().out
    assert "BROKEN mole seed " in out and "a hand of 7 cards" in out
    seed = int(out.split("BROKEN mole seed ")[1].split()[0])
    players = int(out.split("--players ")[1].split()[0])
    assert f"replay: deckwright fuzz mole --seed {seed} --games 1 --players {players}" in out
    history = (outside / "mole" / "build" / "mole" / f"fuzz-seed-{seed}.txt").read_text("utf-8")
    moves = [line for line in history.splitlines() if line[:1].isdigit()]
    assert moves and all(" plays " in m or m.endswith((" draws", " passes")) for m in moves)
    assert moves[-1].endswith(" draws") and f"broke at decision {len(moves)}: " in out
    # the printed command replays the same game to the same break
    assert main(["-C", str(outside / "mole"), "fuzz", "mole", "--seed", str(seed), "--games", "1",
                 "--players", str(players)]) == 1
    again = (outside / "mole" / "build" / "mole" / f"fuzz-seed-{seed}.txt").read_text("utf-8")
    assert again == history


def test_fuzz_names_the_line_of_a_rules_module_that_raises(
        outside: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-C", str(outside), "new", "newt", "--rules"]) == 0
    rules = outside / "newt" / "rules" / "newt.py"
    source = rules.read_text(encoding="utf-8")
    rules.write_text(source.replace('self.log.add("reshuffle")', 'raise KeyError("reshuffle")'),
                     encoding="utf-8")
    line = source[:source.index('self.log.add("reshuffle")')].count("\n") + 1
    capsys.readouterr()
    assert main(["-C", str(outside / "newt"), "fuzz", "newt", "--games", "300"]) == 1
    out = capsys.readouterr().out
    assert "KeyError: 'reshuffle'" in out and f"raised at rules/newt.py:{line}" in out
    assert out.splitlines()[-2].endswith(" draws")   # the decision that needed a reshuffle


def test_examples_without_a_rules_module(outside: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-C", str(outside), "new", "owl"]) == 0
    owl = outside / "owl"
    assert not (owl / "rules").exists()
    assert main(["-C", str(owl), "playtest"]) == 0   # no examples yet: nothing to verify
    with open(owl / "cards" / "owl.yaml", "a", encoding="utf-8") as db:
        db.write((SCAFFOLD / "examples.yaml").read_text(encoding="utf-8"))
    capsys.readouterr()
    assert main(["-C", str(owl), "playtest"]) == 1
    out = capsys.readouterr().out
    assert "owl: 2 example(s) not yet verified: no rules module for owl: add rules/owl.py" in out
    assert main(["-C", str(owl), "build", "--only", "png"]) == 0
    assert "unverified" not in capsys.readouterr().err   # no rulebook, so nothing printed unverified
    assert main(["-C", str(owl), "build", "--only", "rulebook"]) == 0
    err = capsys.readouterr().err
    assert "warning: owl: 2 example(s) will be printed unverified; no rules module for owl" in err
    assert main(["-C", str(owl), "fuzz", "owl"]) == 2
    assert "owl cannot be fuzzed: no rules module for owl: add rules/owl.py" in capsys.readouterr().err


def test_new_never_overwrites_and_checks_the_name(outside: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    (outside / "fox").mkdir()
    (outside / "fox" / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["-C", str(outside), "new", "fox", "--rules"]) == 2
    assert f"{outside / 'fox'}: already exists" in capsys.readouterr().err
    assert [p.name for p in (outside / "fox").iterdir()] == ["notes.txt"]
    assert main(["-C", str(outside), "new", "Fox Game"]) == 2
    assert "a project name is its game id" in capsys.readouterr().err
    assert sorted(p.name for p in outside.iterdir()) == ["fox"]   # no temporary folder left
    (outside / "empty").mkdir()
    assert main(["-C", str(outside), "new", "empty"]) == 0   # an empty folder is fine


@pytest.mark.parametrize("make, where, what", [
    (lambda d: None, "nowhere", "no such folder"),
    (lambda d: (d / "nowhere").mkdir(), "nowhere", "not a deckwright project (it has no cards/"),
    (lambda d: (d / "nowhere" / "cards").mkdir(parents=True), "nowhere/cards",
     "no game databases (cards/<game>.yaml)"),
])
@pytest.mark.parametrize("command", [["check"], ["build"], ["playtest"], ["fuzz", "fox"],
                                     ["simulate", "fox"], ["games"]])
def test_nothing_here_names_the_folder_and_suggests_new(
        outside: Path, capsys: pytest.CaptureFixture[str], make, where: str, what: str,
        command: list[str]) -> None:
    make(outside)
    code = main(["-C", str(outside / "nowhere"), *command])
    err = capsys.readouterr().err
    if command == ["games"] and what != "no such folder":   # lists the installed games
        assert code == 0
        return
    assert code == 2
    assert err.count("\n") == 1 and f"{outside / where}: {what}" in err
    assert "deckwright new NAME" in err
