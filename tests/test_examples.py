"""Every example of every game with a rules module, as one test each.

Games and examples are discovered: a new `src/deckwright/rules/<game>.py` or a new example in
`cards/<game>.yaml` or `playtest/<game>/*.yaml` shows up here without editing this file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.engine.script import run_example
from deckwright.model import InputError, Project, load_game
from deckwright.app.registry import RulesImportError, rules_for

PROJECT = Project(Path(__file__).resolve().parents[1])


def _cases() -> list:
    cases = []
    for game_id in PROJECT.game_ids():
        try:
            game_cls = rules_for(game_id)
        except RulesImportError as exc:
            cases.append(pytest.param(game_id, None, str(exc), id=f"{game_id}/rules-module"))
            continue
        if game_cls is None:
            continue
        try:
            data = load_game(PROJECT, game_id)
        except InputError as exc:
            cases.append(pytest.param(game_id, None, str(exc), id=f"{game_id}/database"))
            continue
        cases += [pytest.param(game_id, (game_cls, data, ex), "", id=f"{game_id}/{ex.id}")
                  for _, ex in data.all_examples()]
    return cases


@pytest.mark.parametrize(("game_id", "case", "problem"), _cases())
def test_example(game_id, case, problem):
    assert case is not None, f"{game_id} cannot be played: {problem}"
    game_cls, data, example = case
    outcome = run_example(game_cls, data, example)
    log = "\n".join(f"  {i}. {s}" for i, s in enumerate(outcome.log, 1))
    assert outcome.passed, f"{outcome.detail}\nevent log:\n{log}"


#: Rule ids the engine itself uses, besides the ids of a game's rules sections and rulings.
ENGINE_RULES = {"not-your-turn", "game-over", "not-now", "not-in-hand"}


def _rule_ids(data, game_cls) -> set[str]:
    """The ids a refusal may cite: the game's rules sections and rulings, the reason ids of its
    module's `REASONS` table (translated by id), and the engine's own."""
    ids = {r.id for r in data.db.rulings} | set(game_cls.state_class.REASONS)
    todo = list(data.db.rules)
    while todo:
        section = todo.pop()
        ids.add(section.id)
        todo += section.sections
    return ids | ENGINE_RULES


@pytest.mark.parametrize(("game_id", "case", "problem"),
                         _cases())
def test_every_refusal_cites_a_rule_of_its_game(game_id, case, problem):
    """So that `because:` can match any refusal and a translation can find it by id."""
    assert case is not None, problem
    game_cls, data, example = case
    outcome = run_example(game_cls, data, example)
    known = _rule_ids(data, game_cls)
    for n, reason, rule in outcome.refusals:
        assert rule in known, f"step {n}: {reason!r} cites {rule!r}, not a rule of {game_id}"
