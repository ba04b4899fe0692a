"""bridge-over's rules module beyond its examples: dealing, the notation, the inlined hot path,
hidden information, scoring, the stalemate rule and whole seeded games.

The rulebook examples themselves run in tests/test_examples.py (every registered game)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.engine import CHANCE, GreedyBot, Refused
from deckwright.engine.bots import RandomBot
from deckwright.engine.fuzz import play, play_random
from deckwright.engine.setup import build_state, game_for_example
from deckwright.model import Example, GameData, Project, load_game
from deckwright.app.registry import rules_for
from deckwright.rules.bridge_over.cards import (ALMIGHTY_BASE, C_ALMIGHTY, C_DEFENCE, DRAW,
                                                KIND_OF, KINDS)
from deckwright.rules.bridge_over.state import AFTER_DRAW, TURN

ROOT = Path(__file__).resolve().parent.parent
DECKS = ("azumanga-basic", "azumanga-full", "windia-full")


@pytest.fixture(scope="module")
def data() -> GameData:
    return load_game(Project(ROOT), "bridge-over")


@pytest.fixture(scope="module")
def games(data: GameData) -> dict:
    cls = rules_for("bridge-over")
    return {deck: cls(data, deck) for deck in DECKS}


def walk(game, seed: int, players: int, steps: int = 400):
    """States of one seeded random game (at most `steps`), each before its decision."""
    state = game.new_state(players, seed)
    bots = [RandomBot(seed * 10 + p) for p in range(players)]
    for _ in range(steps):
        if state.is_over():
            return
        yield state
        state.apply(bots[state.current_player()].act(state), check=False)


def scripted(game_cls, data: GameData, setup: dict, variant: str | None = None):
    example = Example(id="t", title="t", setup=setup, variant=variant)
    return build_state(game_for_example(game_cls, data, example), example)


def test_deal_gives_seven_each_and_flips_a_number(games: dict) -> None:
    game = games["azumanga-full"]
    for seed in range(20):
        state = game.new_state(4, seed)
        assert [len(state.hand(p)) for p in range(4)] == [7, 7, 7, 7]
        top = state.zones.top(game.DISCARD)
        card = game.catalogue.card(top)
        assert card.category == "number" and len(card.colors) == 1
        assert state.actual_colour() == card.colors[0]
        assert state.zones.size(game.DECK) == 144 - 28 - 1


def test_notation_round_trips_for_every_legal_action(games: dict) -> None:
    seen = set()
    for deck, game in games.items():
        for seed in range(6):
            for state in walk(game, seed, 2 + seed % 3, steps=150):
                p = state.current_player()
                for action in state.legal_actions():
                    text = state.action_to_string(action)
                    assert state.parse_action(text) == (p, action), text
                    seen.add(text.split()[1])
    assert {"plays", "names", "draws", "passes", "accepts"} <= seen


def test_inlined_turn_actions_agree_with_the_rule_checks(games: dict) -> None:
    """The hot path (`legal_actions` on a turn) and `_main_problem` (refusal reasons) say the same."""
    checked = 0
    for game in games.values():
        f = game.f
        for seed in range(8):
            for state in walk(game, seed, 3):
                if state.phase not in (TURN, AFTER_DRAW):
                    continue
                p = state.current_player()
                legal = set(state.legal_actions())
                for c in state.hand(p):
                    if f.cat[c] in (C_DEFENCE, C_ALMIGHTY):
                        continue
                    assert (c in legal) == (state._main_problem(p, c, f.kind[c], False) is None)
                    if c not in legal:
                        assert state.refusal(c)
                    checked += 1
    assert checked > 1000


def test_draw_is_refused_while_a_card_can_be_played(games: dict, data: GameData) -> None:
    state = scripted(type(games["azumanga-basic"]), data, {
        "players": 2, "hands": {"p1": ["red-1", "blue-2"], "p2": ["green-3"]},
        "deck": ["yellow-4"], "discard": ["red-5"]})
    with pytest.raises(Refused, match="引けない"):
        state.apply(DRAW)
    state.apply(state.parse_action("p1 plays red-1")[1])
    assert state.current_player() == 1


def test_almighty_stands_for_every_allowed_kind_of_its_edition(games: dict) -> None:
    kinds = {KINDS[k] for k in games["windia-full"].f.almighty_kinds}
    assert {"wild-direct-draw-5", "block", "reflect", "curse", "shot-draw-2", "reset",
            "wild-number-chain", "chain", "haunted-shield"} <= kinds
    assert not kinds & {"number", "fifteen", "bind", "clear", "amplify", "all-draw-1", "search",
                        "almighty"}


def test_almighty_names_a_colour_whatever_it_stands_for(games: dict, data: GameData) -> None:
    state = scripted(type(games["windia-full"]), data, {
        "players": 3, "hands": {"p1": ["almighty", "red-1"], "p2": ["blue-1"], "p3": ["green-1"]},
        "deck": ["yellow-1", "yellow-2"], "discard": ["blue-5"]}, variant="windia")
    state.apply(ALMIGHTY_BASE + KIND_OF["skip"])
    assert state.action_to_string(state.legal_actions()[0]).startswith("p1 names")
    state.apply(state.parse_action("p1 names yellow")[1])
    assert state.actual_colour() == "yellow" and state.current_player() == 2


def test_penalty_counts_public_cards_and_clear(games: dict, data: GameData) -> None:
    state = scripted(type(games["azumanga-full"]), data, {
        "players": 3,
        "hands": {"p1": ["red-9", "wild", "bind"], "p2": ["fifteen-red-blue", "block"], "p3": []},
        "public": {"p1": ["amplify", "all-draw-1"], "p2": ["clear"], "p3": ["bind#2"]},
        "deck": ["yellow-1"], "discard": ["red-5"]})
    assert [state.penalty(p) for p in range(3)] == [9 + 20 + 40, 15 + 30, 0]


def test_stalemate_ends_the_round_without_a_winner(games: dict, data: GameData) -> None:
    state = scripted(type(games["azumanga-basic"]), data, {
        "players": 2, "hands": {"p1": ["blue-1", "blue-2"], "p2": ["green-1"]},
        "deck": [], "discard": ["red-5"]})
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["p1 passes"]
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.is_over() and state.winner() == 1   # the lower penalty (1 against 3)
    assert state.scores() == [3, 1] and state.returns() == [-3.0, -1.0]


def test_hands_are_hidden_in_views(games: dict) -> None:
    state = games["azumanga-basic"].new_state(2, 5)
    view = state.view(0)
    assert len(view["zones"]["hand p1"]) == 7
    assert view["zones"]["hand p2"] == {"count": 7, "shown": []}
    top = state.zones.top(state.game.DISCARD)
    assert view["zones"]["discard"] == {"count": 1, "top": state.card_label(top)}
    assert view["colour"] == state.actual_colour() and view["attack"] is None


@pytest.mark.parametrize("deck", DECKS)
def test_seeded_random_games_end_with_invariants(games: dict, deck: str) -> None:
    game = games[deck]
    for seed in range(40):
        played = play_random(game, seed, players=2 + seed % 5, check=True)
        state = played.state
        assert state.is_over()
        winner = state.winner()
        if state.out_player >= 0:
            assert winner == state.out_player and not state.hand(winner)
        assert sum(state.zones.size(i) for i in range(1, len(state.zones.piles))) == len(game.catalogue)


def test_greedy_bots_finish_and_replay_is_exact(games: dict) -> None:
    game = games["windia-full"]
    for seed in range(5):
        played = play(game, [GreedyBot(seed + p) for p in range(3)], seed=seed, check=True)
        again = game.replay(3, played.state.history)
        assert again.zones.piles == played.state.zones.piles
        assert again.scores() == played.state.scores()
        assert again.sentences() == played.state.sentences()
    assert any(p == CHANCE for p, _ in played.state.history)


def test_every_refusal_has_a_reason(games: dict) -> None:
    """Any decision outside `legal_actions()` is refused with a Japanese reason, never a crash."""
    from deckwright.rules.bridge_over import cards as c
    refused = 0
    for game in games.values():
        for seed in range(3):
            for state in walk(game, seed, 3, steps=120):
                p = state.current_player()
                pool = list(state.hand(p)) + [c.DRAW, c.PASS, c.STOP, c.ACCEPT, c.REDRAW, c.KEEP,
                                              c.NAME_BASE, c.CHOOSE_BASE, c.TARGET_BASE + p,
                                              c.ALMIGHTY_BASE + c.KIND_OF["bind"]]
                pool += [c.DISCARD_BASE + x for x in state.hand(p)]
                legal = set(state.legal_actions())
                for action in pool:
                    if action not in legal:
                        reason = state.refusal(action)
                        assert reason and isinstance(reason, str)
                        refused += 1
    assert refused > 1000
