"""The state vocabulary on the toy game: chance and replay, clone, refusals, invariants, views,
the event log and the notation."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "engine"))
import toy  # noqa: E402

from deckwright.engine import CHANCE, RandomBot, TERMINAL, InvariantError, Refused, ReplayError  # noqa: E402
from deckwright.engine.fuzz import play_random  # noqa: E402


@pytest.fixture(scope="module")
def game():
    return toy.game()


def test_same_seed_same_game_other_seed_other_deal(game):
    a, b, c = game.new_state(3, seed=7), game.new_state(3, seed=7), game.new_state(3, seed=8)
    assert a.zones.piles == b.zones.piles
    assert a.zones.piles != c.zones.piles
    assert a.history[0][0] == CHANCE and a.history[0][1][0] == "shuffle"


def test_history_alone_replays_the_game(game):
    played = play_random(game, seed=0, players=3)
    assert played.state.is_over()
    assert any(p == CHANCE for p, _ in played.state.history[1:])  # a reshuffle mid-game
    again = game.replay(3, played.state.history)
    assert again.zones.piles == played.state.zones.piles
    assert again.sentences() == played.state.sentences()
    assert again.scores() == played.state.scores() and again.history == played.state.history


def test_replay_refuses_a_history_that_does_not_fit(game):
    played = play_random(game, seed=3)
    history = list(played.state.history)
    kind, pile, order = history[0][1]
    history[0] = (CHANCE, (kind, pile + 1, order))
    with pytest.raises(ReplayError):
        game.replay(2, history)


def test_clone_is_independent(game):
    s = game.new_state(2, seed=1)
    c = s.clone()
    before = ([p.copy() for p in s.zones.piles], s.turns.current, len(s.history), len(s.log))
    for _ in range(6):
        c.apply(c.legal_actions()[0])
    assert c.zones.piles != s.zones.piles
    assert ([p.copy() for p in s.zones.piles], s.turns.current, len(s.history), len(s.log)) == before
    assert c.game is s.game and c.game.catalogue is s.game.catalogue   # the database is shared
    # the RNG is cloned too: both draw the same future
    assert c.rng.random() == s.rng.random()


def test_refusals_give_the_rule_and_change_nothing(game):
    s = game.new_state(2, seed=2)
    history = list(s.history)
    other = 1 - s.current_player()
    with pytest.raises(Refused, match="順番ではない"):
        s.apply(s.legal_actions()[0], player=other)
    not_mine = s.zones.piles[game.HAND[other]][0]
    with pytest.raises(Refused, match="手札にない"):
        s.apply(not_mine)
    assert s.history == history


def test_invariants_catch_a_broken_move(game):
    s = game.new_state(2, seed=4)
    s.checking = True
    action = s.legal_actions()[0]
    original = type(s)._apply

    def broken(self, act):   # a rule that copies a card instead of moving it
        original(self, act)
        self.zones.piles[game.DISCARD].append(self.zones.piles[game.DECK][-1])

    s._apply = broken.__get__(s)
    with pytest.raises(InvariantError, match="is in both deck and discard"):
        s.apply(action)


def test_module_invariants_are_checked_too(game):
    s = game.new_state(2, seed=4)
    s.score[0] = -5
    s.over = True
    with pytest.raises(InvariantError, match="negative total score"):
        s.check()


def test_view_hides_what_a_player_may_not_see(game):
    s = game.new_state(3, seed=5)
    view = s.view(0)
    cat = game.catalogue
    assert view["zones"]["hand p1"] == [cat.ids[i] for i in s.zones.piles[game.HAND[0]]]
    assert view["zones"]["hand p2"] == {"count": 4, "shown": []}
    assert view["zones"]["deck"]["count"] == 26 - 13 and "top" not in view["zones"]["deck"]
    assert view["zones"]["discard"] == [cat.ids[s.zones.top(game.DISCARD)]]
    hidden = {cat.ids[i] for p in (1, 2) for i in s.zones.piles[game.HAND[p]]}
    shown = set(view["zones"]["hand p1"]) | set(view["zones"]["discard"])
    assert not (hidden - shown) & set(str(view).split("'"))  # no other card named anywhere
    two = game.new_state(2, seed=5).view(1)
    assert "hand p3" not in two["zones"]          # a seat not in play is not shown


def test_events_read_as_sentences(game):
    s = game.new_state(2, seed=9)
    s.apply(s.legal_actions()[-1])     # draw
    said = s.sentences()
    assert said[0].startswith("4 枚ずつ配り、") and said[-1] == "p1 が 1 枚引く。"


def test_notation_round_trips_for_every_legal_action(game):
    for seed in range(20):
        s = game.new_state(3, seed=seed)
        bot = RandomBot(seed)
        while not s.is_over():
            for action in s.legal_actions():
                text = s.action_to_string(action)
                assert s.parse_action(text) == (s.current_player(), action), text
            s.apply(bot.act(s))
        assert s.current_player() == TERMINAL
        with pytest.raises(Refused, match="終わっている"):
            s.apply(0)


def _seat_game(**kw):
    """The toy's duel: each player brings a deck of their own (the TCG way)."""
    return toy.rules().ToyDuel(toy.data(), **kw)


def test_seat_decks_give_each_seat_its_own_cards():
    game = _seat_game(seat_decks=["ones", "ones"])
    assert game.seat_decks == ({"red-1": 3, "blue-1": 3}, {"red-1": 3, "blue-1": 3})
    assert len(game.catalogue) == 12
    # copies 1-3 of each card are seat 1's, copies 4-6 seat 2's
    seats = {game.catalogue.ref(i): s for i, s in enumerate(game.seat_of)}
    assert seats["red-1#3"] == 0 and seats["red-1#4"] == 1 and seats["blue-1#6"] == 1
    state = game.blank_state(2)
    owner = state.deal_seat_decks(game.HAND)
    assert owner == list(game.seat_of)      # identical decks: no chance over who plays which
    for p in (0, 1):
        assert sorted(game.catalogue.ref(i) for i in state.zones.piles[game.HAND[p]]) == sorted(
            r for r, s in seats.items() if s == p)


def test_seat_decks_default_to_the_chosen_deck_and_the_next_one():
    game = _seat_game(deck="ones")
    assert game.seat_decks[0] == {"red-1": 3, "blue-1": 3}
    assert sum(game.seat_decks[1].values()) == 26        # the standard deck for seat 2
    state = game.blank_state(2, seed=3)
    owner = state.deal_seat_decks(game.HAND)
    assert state.history[0][0] == CHANCE and state.history[0][1][0] == "index"
    swapped = state.history[0][1][1]
    assert len(state.zones.piles[game.HAND[swapped]]) == 6   # whoever got the small deck
    assert owner.count(swapped) == 6


def test_examples_of_a_game_without_seat_decks_keep_one_catalogue(game):
    assert game.seat_decks == () and set(game.seat_of) == {0}


@pytest.mark.parametrize("players", (2, 3))
def test_random_games_with_every_window_keep_the_invariants(players):
    """Steal (stack), Gift (clockwise from a seat) and Call (rechecking) in real games: the
    windows always close, every card stays in one zone, the game ends."""
    game = toy.rules().ToyMatch(toy.data(), "windows")
    opened = set()
    for seed in range(60):
        played = play_random(game, seed=seed, players=players, check=True)
        assert played.state.is_over()
        opened |= set(played.state.log.kinds()) & {"counter", "gift", "snap", "steal"}
    assert opened == {"counter", "gift", "snap", "steal"}


def test_a_duel_with_seat_decks_plays_to_the_end():
    game = _seat_game(seat_decks=["ones", "standard"])
    for seed in range(20):
        played = play_random(game, seed=seed, players=2, check=True)
        assert played.state.is_over()
    state = game.new_state(2, seed=1)
    sizes = sorted(len(state.zones.piles[game.HAND[p]]) for p in (0, 1))
    assert sizes == [6, 26]          # whichever seat chance gave the small deck
