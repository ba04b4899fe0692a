"""deckwright.api: a project's games played from Python, as docs/api.md shows (its code blocks
are run here, in order, on the project `deckwright new fox --rules` makes)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deckwright import api
from deckwright.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def fox(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("api")
    assert main(["-C", str(root), "new", "fox", "--rules"]) == 0
    return root / "fox"


@pytest.fixture(scope="module")
def game(fox: Path) -> api.Game:
    return api.load(api.open_project(fox), "fox")


def test_the_guides_notebook_runs_as_written(fox: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 4
    monkeypatch.chdir(fox.parent)
    names: dict = {}
    for block in blocks:
        exec(compile(block, "docs/api.md", "exec"), names)
    assert names["first"].steps() and names["first"].result.over
    assert sum(names["wins"].values()) == 200


def test_the_projects_games_and_bots(fox: Path, game: api.Game) -> None:
    assert api.games(api.open_project(fox)) == ["fox"]
    assert api.bot_names(game) == ["random", "greedy", "ismcts"]
    searched = api.play(game, 1, bots=("ismcts:8", "greedy"), seed=3)[0]
    assert searched.bots == ("ismcts:8", "greedy") and searched.result.over


def test_the_same_call_plays_the_same_games(game: api.Game) -> None:
    one = api.play(game, 5, bots=("random", "greedy"), seed=3)
    two = api.play(game, 5, bots=("random", "greedy"), seed=3)
    assert [p.history for p in one] == [p.history for p in two]
    assert [p.seed for p in one] == [3, 4, 5, 6, 7]
    assert [p.history for p in api.play(game, 1, bots=("random", "greedy"), seed=4)] == \
        [one[1].history]
    assert one[0].bots == ("random", "greedy")


def test_a_games_history_states_steps_and_replay_agree(game: api.Game) -> None:
    played = api.play(game, 3, bots=("greedy",), players=3, seed=11)
    for p in played:
        assert p.result.over and len(p.final.scores()) == 3
        states = list(p.states())
        assert len(states) == p.result.decisions + 1 == len(p.steps()) + 1
        assert states[0] is not states[1] and not states[0].is_over() and states[-1].is_over()
        # each step, read back on the state before it, is the decision that was taken
        decisions = [a for who, a in p.history if who != api.CHANCE]
        for state, text, action in zip(states, p.steps(), decisions):
            assert state.parse_action(text) == (state.current_player(), action)
        again = api.replay(game, p.players, p.history)
        assert again.scores() == p.final.scores() and again.zones.where == p.final.zones.where
        assert p.result.winner == p.final.winner()


def test_bad_requests_are_usage_errors(fox: Path, game: api.Game) -> None:
    with pytest.raises(api.UsageError, match="unknown bot genius"):
        api.play(game, 1, bots=("genius",))
    with pytest.raises(api.UsageError):
        api.play(game, 1, players=9)
    (fox / "cards" / "owl.yaml").write_text(
        (fox / "cards" / "fox.yaml").read_text(encoding="utf-8").replace("  id: fox ", "  id: owl ", 1)
        .split("\nexamples:")[0] + "\n", encoding="utf-8")
    try:
        with pytest.raises(api.UsageError, match="no rules module for owl"):
            api.load(api.open_project(fox), "owl")
    finally:
        (fox / "cards" / "owl.yaml").unlink()
    with pytest.raises(api.ReplayError):
        api.replay(game, 2, [(0, ("nonsense",)), (-1, ("shuffle", 0, ()))])


def test_the_errors_a_script_catches_are_exported() -> None:
    from deckwright.engine import SetupError
    assert api.SetupError is SetupError
    assert {"SetupError", "InputError", "UsageError", "NotationError", "ReplayError",
            "Refused", "RulesImportError"} <= set(api.__all__)
    assert all(hasattr(api, name) for name in api.__all__)
