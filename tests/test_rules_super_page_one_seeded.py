"""super-page-one plays the same seeded games whatever its hot paths look like, and its
running tallies and the screens read from them agree with the hands after every decision.

Its per-decision code is written for speed (inlined moves, screens over the running hand
tallies before a window is opened, legal actions without a call per card), and every such
change must keep each seeded game decision for decision. These digests were taken from the
plainer code before those changes: the history (every decision and chance outcome), the event
log and the scores of seeded random games at every player count, and every legal-action list,
in order, met by random and greedy bots. A change that alters one game, one event or the order
of one legal-action list changes a digest.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from deckwright.engine import GreedyBot, RandomBot
from deckwright.engine.fuzz import play, play_random
from deckwright.engine.state import InvariantError
from deckwright.model import Project, load_game
from deckwright.app.registry import rules_for
from deckwright.rules.super_page_one.state import SuperPageOneState

ROOT = Path(__file__).resolve().parent.parent
SEEDS = 40

#: players -> sha256 of the seeded random games' histories, event logs and scores
GAMES = {
    2: "8c033f68ccde2f73033bd815afcc9d97c7e86daf2d1a22892725f1ceeec69d7a",
    3: "604ccdb8ae05ff6e864a1f9921d62a63a58c3e68368f6a5991db2b69bbabe5d1",
    4: "869a24cea31917d39666442fa0a100ad202bf7adf1ce1eee60c3d1c08882a916",
    5: "ca43640055c7729bcd83a4e8050a1cd0c995439d48740c40adb9007edb6f9e0d",
    6: "b1b4f4168bf9e6aaf7be7a6478f22bf09366fc260b946efb2acb36c116863dc4",
}
#: players -> sha256 of every (deciding player, legal actions) met by random and greedy bots
LEGAL = {
    2: "e611264d0644fbd031a252a09e59441de59849668d39b0b3ddb943f204d10c38",
    4: "a04fc8e15dc05d475e9c71067e13b949f7bcc5c562c112b43d0ca65fc253a3d7",
    6: "fc519a90dc9ca8a321c0c8fb7020eed6bb2306e1a1c4f61e3701b0c04f509aef",
}


@pytest.fixture(scope="module")
def game():
    return rules_for("super-page-one")(load_game(Project(ROOT), "super-page-one"))


def games_digest(game, players: int) -> str:
    digest = hashlib.sha256()
    for seed in range(SEEDS):
        state = play_random(game, seed, players=players, log=True).state
        digest.update(repr(state.history).encode())
        digest.update(repr(state.log.entries).encode())
        digest.update(repr(state.scores()).encode())
    return digest.hexdigest()


def legal_digest(game, players: int) -> str:
    digest = hashlib.sha256()
    for seed in range(SEEDS // 4):
        for bot in (RandomBot, GreedyBot):
            state = game.new_state(players, seed)
            bots = [bot(seed * 7 + p) for p in range(players)]
            while not state.is_over():
                me = state.current_player()
                digest.update(repr((me, state.legal_actions())).encode())
                state.apply(bots[me].act(state), check=False)
    return digest.hexdigest()


@pytest.mark.parametrize("players", sorted(GAMES))
def test_seeded_random_games_are_the_pinned_ones(game, players: int) -> None:
    assert games_digest(game, players) == GAMES[players]


@pytest.mark.parametrize("players", sorted(LEGAL))
def test_legal_actions_are_the_pinned_ones_in_order(game, players: int) -> None:
    assert legal_digest(game, players) == LEGAL[players]


# --- the running tallies and the screens read from them, checked against the hands ---------

def checked_games(game, seeds: range, players: int = 4) -> None:
    """Seeded random games with invariants checked after every decision: the running tallies,
    the Ks each player may kick back with and who could echo or cancel the effect under way
    are compared with a fresh look at the hands (`SuperPageOneState.invariants`)."""
    for seed in seeds:
        play(game, [RandomBot(seed * 10 + p) for p in range(players)], seed=seed,
             players=players, check=True, log=False)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_running_tallies_and_screens_agree_with_the_hands_after_every_decision(
        game, players: int) -> None:
    checked_games(game, range(30), players)


def test_a_tally_that_drifts_from_the_hand_is_caught(game) -> None:
    state = game.new_state(4, seed=2)
    state.check()
    state.tallies.numbers[1][state.game.hand_shape.key[state.hand(1)[0]]] += 1
    with pytest.raises(InvariantError, match="running tally of p2"):
        state.check()


def test_a_kick_back_screen_that_disagrees_with_the_hand_is_caught(game, monkeypatch) -> None:
    monkeypatch.setattr(SuperPageOneState, "can_kick", lambda self, p: False)
    with pytest.raises(InvariantError, match="may kick back with differ"):
        checked_games(game, range(30))


def test_a_cancel_screen_that_disagrees_with_the_hands_is_caught(game, monkeypatch) -> None:
    monkeypatch.setattr(game, "cancel_mask", (0,) * len(game.cancel_mask))
    with pytest.raises(InvariantError, match="could echo or cancel differ"):
        checked_games(game, range(30))


def test_a_clone_copies_the_rules_slots_and_plays_on_alike(game) -> None:
    """The rules keep their own attributes in `__slots__`; `clone()` copies those too."""
    state = game.new_state(4, seed=5)
    bot = RandomBot(5)
    for _ in range(60):
        state.apply(bot.act(state), check=False)
    copy = state.clone()
    assert copy.tallies is not state.tallies and copy.by is not state.by
    assert copy.tallies.numbers[0] is not state.tallies.numbers[0]
    assert (copy.phase, copy.pending, copy.finished, copy.by) == \
        (state.phase, state.pending, state.finished, state.by)
    before = (state.legal_actions(), list(state.history), dict(state.by),
              repr((state.tallies.packed, state.tallies.numbers)))
    copy.apply(copy.legal_actions()[0], check=False)
    assert (state.legal_actions(), list(state.history), dict(state.by),
            repr((state.tallies.packed, state.tallies.numbers))) == before
    # from one position, the same decisions lead to the same game
    first, second = state.clone(), state.clone()
    for one in (first, second):
        picks = RandomBot(9)
        while not one.is_over():
            one.apply(picks.act(one), check=True)
    assert first.history == second.history and first.finished == second.finished
