"""Turn order on its own: direction, skips, extra turns, players out."""

from __future__ import annotations

from deckwright.engine import COUNTERCLOCKWISE, TurnOrder


def seq(t: TurnOrder, n: int) -> list[int]:
    return [t.advance() for _ in range(n)]


def test_clockwise_then_reversed():
    t = TurnOrder(4)
    assert seq(t, 5) == [1, 2, 3, 0, 1]
    t.reverse()
    assert t.direction == COUNTERCLOCKWISE and seq(t, 3) == [0, 3, 2]


def test_skip_next_and_skip_twice():
    t = TurnOrder(4)
    assert t.skip_next() == 1
    assert seq(t, 2) == [2, 3]
    t.skip(1, times=2)
    assert seq(t, 6) == [0, 2, 3, 0, 2, 3]   # p2 loses its next two turns
    assert seq(t, 2) == [0, 1] and t.skips == [0, 0, 0, 0]


def test_extra_turn_comes_before_the_next_player():
    t = TurnOrder(3)
    t.extra_turn()
    assert seq(t, 3) == [0, 1, 2]


def test_players_out_are_passed_over_everywhere():
    t = TurnOrder(4, first=0)
    t.knock_out(1)
    assert seq(t, 3) == [2, 3, 0]
    assert t.following(0) == 2 and t.active() == [0, 2, 3]
    assert t.clockwise_from(3) == [3, 0, 2]
    t.reverse()
    assert t.in_play_order_from(0, include=False) == [3, 2]


def test_two_player_skip_gives_the_same_player_again():
    t = TurnOrder(2)
    t.skip_next()
    assert seq(t, 2) == [0, 1]


def test_clone_is_independent():
    t = TurnOrder(3)
    c = t.clone()
    c.skip(2)
    c.reverse()
    c.advance()
    assert t.skips == [0, 0, 0] and t.direction == 1 and t.current == 0
