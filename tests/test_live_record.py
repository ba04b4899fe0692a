"""Recording a played position as an example, for every bundled game whose module writes its
state back as a setup: the example is built from the setup, replays the decisions and ends in
the position reached."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from deckwright.engine.script import run_example
from deckwright.live import record
from deckwright.live.table import Seat, Table
from deckwright.model import Example, Project, load_game
from deckwright.rules import rules_for

ROOT = Path(__file__).resolve().parents[1]
RECORDABLE = ["bridge-over", "ghost-couple", "super-page-one", "treasure-scramble"]


def played(game_id: str, decisions: int, seed: int = 3) -> Table:
    data = load_game(Project(ROOT), game_id)
    game = rules_for(game_id, Project(ROOT))(data)
    n = game.facts.min_players
    table = Table(game, n, [Seat("random") for _ in range(n)], seed=seed)
    while len(table.decisions) < decisions and not table.state.is_over():
        table.bot_step()
    return table


@pytest.mark.parametrize("game_id", RECORDABLE)
def test_a_mid_game_turn_start_records_and_replays(game_id):
    table = played(game_id, 30)
    points = record.start_points(table)
    mid = [n for n in points if 0 < n < len(table.decisions)]
    assert mid, f"{game_id}: no turn start after the deal could be written as a setup"
    example = record.example_from(table, mid[-1], "From the middle", "recorded-middle")
    plain = lambda t: re.sub(r"#\d+", "", t)  # noqa: E731 - copies of a card are alike
    assert [plain(s.do) for s in example.steps] == [plain(d.text) for d in table.decisions[mid[-1]:]]
    outcome = run_example(type(table.game), table.game.data, example)
    assert outcome.passed, outcome.detail
    assert example.expect["hands"] == record.expect_of(table.state)["hands"]


def test_a_position_inside_a_response_window_is_refused():
    table = played("super-page-one", 60, seed=5)
    points = set(record.start_points(table))
    inside = [n for n in range(len(table.decisions)) if n not in points
              and not table.state_at(n).is_over()]
    assert inside
    with pytest.raises(record.RecordError):
        record.example_from(table, inside[0], "x", "x")


def test_saved_examples_accumulate_in_one_file(tmp_path):
    table = played("super-page-one", 12, seed=8)
    start = record.start_points(table)[-1]
    first = record.save(table, tmp_path, start, "Same title")
    second = record.save(table, tmp_path, start, "Same title")
    assert first[1] == "recorded-same-title" and second[1] == "recorded-same-title-2"
    doc = yaml.safe_load(first[0].read_text(encoding="utf-8"))
    assert doc["game"] == "super-page-one"
    assert [e["id"] for e in doc["examples"]] == ["recorded-same-title", "recorded-same-title-2"]
    for raw in doc["examples"]:
        assert run_example(type(table.game), table.game.data, Example.model_validate(raw)).passed
