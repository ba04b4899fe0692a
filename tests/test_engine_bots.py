"""Bots and whole-game play on the toy game: determinism, greedy beating random, fuzz errors."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "engine"))
import toy  # noqa: E402

from deckwright.engine import GreedyBot, RandomBot  # noqa: E402
from deckwright.engine.fuzz import RunawayGame, StuckGame, fuzz, play, play_random  # noqa: E402


@pytest.fixture(scope="module")
def game():
    return toy.game()


def test_random_games_are_deterministic_for_a_seed(game):
    a = play_random(game, seed=42, players=3)
    b = play_random(game, seed=42, players=3)
    c = play_random(game, seed=43, players=3)
    assert a.state.history == b.state.history and a.state.sentences() == b.state.sentences()
    assert a.state.history != c.state.history


def test_random_bot_only_takes_legal_actions(game):
    state = game.new_state(2, seed=1)
    bot = RandomBot(5)
    for _ in range(30):
        if state.is_over():
            break
        action = bot.act(state)
        assert state.refusal(action) is None
        state.apply(action)


def test_greedy_bot_beats_the_random_bot(game):
    wins = 0
    for seed in range(100):
        bots = [GreedyBot(seed), RandomBot(seed)] if seed % 2 == 0 else [RandomBot(seed), GreedyBot(seed)]
        played = play(game, bots, seed=seed)
        wins += played.state.winner() == (seed % 2)
    assert wins >= 65, wins


def test_greedy_bot_uses_the_module_hook(game, monkeypatch):
    state = game.new_state(2, seed=3)
    draw = state.legal_actions()[-1]
    monkeypatch.setattr(type(state), "greedy_value",
                        lambda self, a: 1.0 if a == draw else 0.0)
    assert GreedyBot(0).act(state) == draw


def test_fuzz_plays_games_to_the_end_with_invariants(game):
    report = fuzz(game, 50)
    assert report.broken is None and report.games == 50 and report.decisions > 50


def test_fuzz_reports_a_game_that_never_ends(game, monkeypatch):
    monkeypatch.setattr(type(game), "facts", type(game).facts.__class__(
        **{**type(game).facts.__dict__, "max_decisions": 3}))
    with pytest.raises(RunawayGame, match="no end after 3 decisions"):
        play_random(game, seed=0)


def test_fuzz_reports_a_stuck_game(game, monkeypatch):
    monkeypatch.setattr(type(game.new_state(2)), "legal_actions", lambda self: [])
    with pytest.raises(StuckGame, match="no legal action"):
        play_random(game, seed=0, check=True)
