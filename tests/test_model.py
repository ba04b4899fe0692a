"""The model: loading, the exact error message of each error class, safety limits."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deckwright.cli import main
from deckwright.model import InputError, Project, load_game

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "mini"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "p")
    return tmp_path / "p"


def write(project: Path, text: str) -> None:
    (project / "cards" / "mini.yaml").write_text(text, encoding="utf-8")


def original() -> str:
    return (FIXTURE / "cards" / "mini.yaml").read_text(encoding="utf-8")


def errors(project: Path) -> list[str]:
    with pytest.raises(InputError) as info:
        load_game(Project(project), "mini")
    return [str(p) for p in info.value.problems]


def line_of(text: str, needle: str, nth: int = 0) -> int:
    lines = [i + 1 for i, line in enumerate(text.splitlines()) if needle in line]
    return lines[nth]


def test_fixture_loads_with_deck_contents() -> None:
    game = load_game(Project(FIXTURE), "mini")
    assert game.deck_contents(game.default_deck) == {"red-1": 2, "blue-2": 3}
    assert game.card("red-1#2").name == "1"


def test_wrong_type_names_file_line_column_and_field(project: Path) -> None:
    text = original().replace("copies: 2", "copies: -1")
    write(project, text)
    line = line_of(text, "copies: -1")
    assert errors(project) == [f"cards/mini.yaml:{line}:5: cards[0].copies: expected a whole number >= 0"]


def test_text_for_number_is_the_same_message(project: Path) -> None:
    write(project, original().replace("copies: 3", "copies: three"))
    (msg,) = errors(project)
    assert msg.endswith("cards[1].copies: expected a whole number >= 0")


def test_unknown_key(project: Path) -> None:
    text = original().replace("    rank: 2\n", "    rank: 2\n    colour: blue\n")
    write(project, text)
    assert errors(project) == [f"cards/mini.yaml:{line_of(text, 'colour: blue')}:5: cards[1].colour: unknown field (did you mean colors?)"]


def test_missing_field(project: Path) -> None:
    text = original().replace('    name: "2"\n', "")
    write(project, text)
    assert errors(project) == [f"cards/mini.yaml:{line_of(text, '- id: blue-2')}:5: cards[1].name: required field is missing"]


def test_duplicate_id(project: Path) -> None:
    text = original().replace("- id: blue-2", "- id: red-1")
    write(project, text)
    msgs = errors(project)
    assert f"cards/mini.yaml:{line_of(text, '- id: red-1', 1)}:5: cards[1].id: duplicate id 'red-1' (first used by cards[0])" in msgs


def test_duplicate_yaml_key(project: Path) -> None:
    text = original().replace("  title: ミニ\n", "  title: ミニ\n  title: ミニ2\n")
    write(project, text)
    first = line_of(text, "title: ミニ")
    assert errors(project) == [f"cards/mini.yaml:{first + 1}:3: game.title: duplicate key (first given on line {first})"]


def test_deck_naming_unknown_card(project: Path) -> None:
    text = original().replace("    select: {sets: [basic]}\n", "    select: {sets: [basic]}\n    cards: {green-3: 1}\n")
    write(project, text)
    assert errors(project) == [f"cards/mini.yaml:{line_of(text, 'green-3')}:13: decks[0].cards.green-3: unknown card 'green-3'"]


def test_deck_total_differs(project: Path) -> None:
    text = original().replace("total: 5", "total: 6")
    write(project, text)
    assert errors(project) == [f"cards/mini.yaml:{line_of(text, 'total: 6')}:5: decks[0].total: deck has 5 cards but its stated total is 6"]


def test_example_naming_unknown_card(project: Path) -> None:
    text = original().replace("[red-1#2]", "[red-9]")
    write(project, text)
    assert errors(project) == [f"cards/mini.yaml:{line_of(text, 'red-9')}:17: examples[0].setup.discard[0]: unknown card 'red-9'"]


def test_all_errors_reported_at_once(project: Path) -> None:
    write(project, original().replace("copies: 2", "copies: -1").replace("    rank: 2\n", "    rank: 2\n    colour: blue\n"))
    assert len(errors(project)) == 2


def test_python_tags_refused(project: Path) -> None:
    write(project, 'game: !!python/object/apply:os.system ["echo pwned"]\n')
    (msg,) = errors(project)
    assert msg == ("cards/mini.yaml:1:7: YAML: tag !!python/object/apply:os.system is not allowed "
                   "(only plain YAML data is allowed)")


def test_billion_laughs_refused_quickly(project: Path) -> None:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i-1}"] * 10) + "]")
    write(project, "\n".join(lines) + "\n")
    (msg,) = errors(project)
    assert "more than 500000 values (counting each alias" in msg


def test_cli_exit_status_2_and_no_traceback(project: Path) -> None:
    write(project, original().replace("copies: 2", "copies: -1"))
    proc = subprocess.run([sys.executable, "-m", "deckwright", "-C", str(project), "check"],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines()[0].endswith("cards[0].copies: expected a whole number >= 0")


def test_cli_check_prints_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-C", str(FIXTURE), "check"]) == 0
    out = capsys.readouterr().out
    assert "5 cards (stated 5) [default]" in out and "0 designer, 1 project" in out



def test_example_naming_unknown_deck(project: Path) -> None:
    text = original().replace("    title: 赤を出す\n", "    title: 赤を出す\n    deck: jumbo\n")
    write(project, text)
    (msg,) = errors(project)
    assert msg == f"cards/mini.yaml:{line_of(text, 'deck: jumbo')}:5: examples[0].deck: unknown deck 'jumbo' (known: standard)"


def test_example_plays_the_deck_it_names() -> None:
    from deckwright.engine.setup import example_deck
    game = load_game(Project(ROOT), "bridge-over")
    example = game.db.examples[0].model_copy(update={"deck": "windia-basic", "variant": None})
    assert example_deck(game, example).id == "windia-basic"
    assert example_deck(game, example.model_copy(update={"deck": None})).id == game.default_deck.id


def test_atomic_outputs_are_readable_like_plain_files(tmp_path: Path) -> None:
    import os
    from deckwright.atomic import write_text
    old = os.umask(0o022)
    try:
        write_text(tmp_path / "out" / "a.html", "x")
    finally:
        os.umask(old)
    assert (tmp_path / "out" / "a.html").stat().st_mode & 0o777 == 0o644
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["a.html"]  # no temp file left
