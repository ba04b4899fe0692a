"""The bundled games' rollout policies (`Game.rollout_action`, docs/engine.md) read only what the
player to move may see: at a real position and at the same position with the cards that player
cannot place dealt again (engine/leak.py's `alternative`), the policy makes the same choice for
the same RNG. ghost-couple's greedy value, which looks at the face-down card a turn would show,
fails this; its memory bot, the policy it gives, must not."""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import islice
from pathlib import Path

import pytest

from deckwright.engine.leak import positions
from deckwright.model import Project, load_game
from deckwright.rules import rules_for

ROOT = Path(__file__).resolve().parent.parent
#: game -> positions compared (the first of a random game's, where the seat has hidden cards)
POLICIES = {"ghost-couple": 40, "original-tcg": 12}


@lru_cache(maxsize=None)
def game(game_id: str):
    return rules_for(game_id, str(ROOT))(load_game(Project(ROOT), game_id))


def choices(game_id: str, policy) -> tuple[int, int]:
    """(positions compared, positions where `policy` chose differently in the other deal)."""
    compared = differ = 0
    for seed in range(2):
        found = positions(game(game_id), 2, seed, random.Random(seed))
        for pos in islice(found, POLICIES[game_id]):
            if pos.alternative.legal_actions() != pos.actions:
                continue          # the deal changed what is legal: nothing to compare
            compared += 1
            picks = {repr(policy(state, list(pos.actions), random.Random(7)))
                     for state in (pos.state, pos.alternative)}
            differ += len(picks) > 1
    return compared, differ


@pytest.mark.parametrize("game_id", sorted(POLICIES))
def test_the_rollout_policy_chooses_from_what_its_player_sees(game_id):
    compared, differ = choices(game_id, game(game_id).rollout_action)
    assert compared >= 10 and differ == 0


def test_a_policy_that_reads_the_face_down_field_is_told_apart():
    """The check above can fail: ghost-couple's greedy value reads the cards a turn shows."""
    def greedy(state, actions, rng):
        values = [state.greedy_value(a) for a in actions]
        return actions[values.index(max(values))]
    compared, differ = choices("ghost-couple", greedy)
    assert differ > 0


def test_original_tcg_judges_a_cut_rollout_by_what_is_face_up():
    """`OriginalTcg.judge_rollout` (docs/engine.md): the same judgement when the cards a player
    cannot place are dealt again; the player with more health left or more power on the field
    is judged the likelier winner, and the two chances make 1."""
    g = game("original-tcg")
    found = list(islice(positions(g, 2, 0, random.Random(0)), 12))
    assert all(g.judge_rollout(pos.state) == g.judge_rollout(pos.alternative) for pos in found)
    state = found[-1].state.clone()
    state.counters[0] = 0
    before = g.judge_rollout(state)
    assert sum(before) == pytest.approx(1.0)
    state.counters[0] = 8                       # p1 has taken eight damage counters
    hurt = g.judge_rollout(state)
    assert hurt[0] < before[0] and hurt[1] > before[1]
