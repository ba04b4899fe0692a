"""The bots' heuristics read only what the player to move may know: at a real position and at
the same position with the cards that player cannot place dealt again (engine/leak.py's
`alternative`: the same history, so the same observation), a policy makes the same choice for
the same RNG. Checked for every game's greedy bot (`State.greedy_value`, played at the table
and by `simulate`) and for the rollout policies the games give the search
(`Game.rollout_action`), over every bundled game and the UNO project. A policy that reads the
hidden cards is told apart in every game, so the check can fail."""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import islice
from pathlib import Path

import pytest

from deckwright.engine.bots import GreedyBot
from deckwright.engine.leak import positions
from deckwright.model import Project, load_game
from deckwright.rules import rules_for

ROOT = Path(__file__).resolve().parent.parent
#: game -> the folder of its project (the bundled games are the repository's)
GAMES = {"super-page-one": ROOT, "bridge-over": ROOT, "treasure-scramble": ROOT,
         "ghost-couple": ROOT, "original-tcg": ROOT, "uno": ROOT / "tests" / "fixtures" / "uno"}
#: the games with a rollout policy of their own
POLICIES = ("ghost-couple", "original-tcg", "uno")
#: positions compared per seed (the first of a random game's where the seat has hidden cards)
PER_SEED = 40


@lru_cache(maxsize=None)
def game(game_id: str):
    root = GAMES[game_id]
    return rules_for(game_id, str(root))(load_game(Project(root), game_id))


def choices(game_id: str, policy) -> tuple[int, int]:
    """(positions compared, positions where `policy` chose differently in the other deal)."""
    compared = differ = 0
    for seed in range(2):
        found = positions(game(game_id), 2, seed, random.Random(seed))
        for pos in islice(found, PER_SEED):
            if pos.alternative.legal_actions() != pos.actions:
                continue          # the deal changed what is legal: nothing to compare
            compared += 1
            picks = {repr(policy(state, list(pos.actions), random.Random(7)))
                     for state in (pos.state, pos.alternative)}
            differ += len(picks) > 1
    return compared, differ


def greedy(state, actions, rng):
    """The engine's greedy bot (a fresh one each time: its ties are broken alike)."""
    return GreedyBot(7).choose(state, actions)


def peeking(state, actions, rng):
    """A policy that leaks: it picks by where every card is, the hidden ones included."""
    return actions[hash(tuple(state.zones.where)) % len(actions)]


def turning_a_face_down_couple(state, actions, rng):
    """ghost-couple's greedy bot before it was made fair: turn the face-down card that
    completes a couple, read straight off the field."""
    couples = state.game.card_facts.couples
    pool = set(state.face_up_cards()) | set(state.hand(state.current_player()))
    for action in actions:
        if action[0] == "turn" and couples[state.field[action[1]]] & pool:
            return action
    return greedy(state, actions, rng)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_greedy_bot_chooses_from_what_its_player_knows(game_id):
    compared, differ = choices(game_id, greedy)
    assert compared >= 20 and differ == 0, (compared, differ)


@pytest.mark.parametrize("game_id", POLICIES)
def test_the_rollout_policy_chooses_from_what_its_player_sees(game_id):
    compared, differ = choices(game_id, game(game_id).rollout_action)
    assert compared >= 20 and differ == 0, (compared, differ)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_policy_that_reads_the_hidden_cards_is_told_apart(game_id):
    compared, differ = choices(game_id, peeking)
    assert differ >= compared // 4, (compared, differ)


def test_a_greedy_that_reads_the_face_down_field_is_told_apart():
    """ghost-couple's old greedy rule (the bug of issue 31) fails the check above."""
    compared, differ = choices("ghost-couple", turning_a_face_down_couple)
    assert differ > 0, (compared, differ)


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
