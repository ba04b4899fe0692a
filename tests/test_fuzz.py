"""Seeded random-bot games per registered game, invariants checked after every decision.

The same code path as `deckwright fuzz GAME` (`engine.fuzz.fuzz`): a game must end within its
`max_decisions`, never leave its decider without a legal action, keep every card instance in
exactly one zone, give one score per player and pass its own invariants. Player counts cycle
through the game's range. Games are discovered like tests/test_examples.py; the toy game of
tests/fixtures/engine is fuzzed too, so the engine's own loop is covered even before any game.
200 games per game by default (a quick run); 2000 with `--long` (or DECKWRIGHT_LONG=1), or any
number with DECKWRIGHT_FUZZ_GAMES.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from deckwright.engine.fuzz import fuzz, notate
from deckwright.model import Project, load_game
from deckwright.app.registry import RulesImportError, rules_for

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "engine"))
import toy  # noqa: E402

PROJECT = Project(Path(__file__).resolve().parents[1])
#: conftest.py: the games are dealt out to the workers one by one, the slowest first
XDIST_SPREAD = True


@pytest.fixture(scope="module")
def games(long_run: bool) -> int:
    """How many games each fuzz run plays."""
    return int(os.environ.get("DECKWRIGHT_FUZZ_GAMES") or (2000 if long_run else 200))


def _games() -> list:
    found = [pytest.param(None, id="toymatch")]
    for game_id in PROJECT.game_ids():
        try:
            if rules_for(game_id) is not None:
                found.append(pytest.param(game_id, id=game_id))
        except RulesImportError:
            found.append(pytest.param(game_id, id=game_id))   # fails below with the error
    return found


@pytest.mark.parametrize("game_id", _games())
def test_random_games_end_with_invariants_holding(game_id, games):
    if game_id is None:
        game = toy.game()
    else:
        game = rules_for(game_id)(load_game(PROJECT, game_id))
    report = fuzz(game, games)
    broken = report.broken
    if broken is not None:
        moves = notate(game, broken.players, broken.history)
        pytest.fail(f"{game.id} seed {broken.seed} ({broken.players} players): {broken.error}\n"
                    f"replay: deckwright fuzz {game.id} --seed {broken.seed} --games 1 "
                    f"--players {broken.players}\nlast decisions: {moves[-10:]}")
    assert report.games == games
