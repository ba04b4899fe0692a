"""Response windows on their own: the three ordering presets and their resolution order."""

from __future__ import annotations

import pytest

from deckwright.engine import TurnOrder, Window


def test_clockwise_from_the_flipper_asks_everyone_once_in_seat_order():
    turns = TurnOrder(4)
    w = Window.clockwise(turns, start=0, about="gold-coin")
    asked = []
    for p, answer in [(0, None), (1, "suction-a"), (2, "suction-b"), (3, "suction-c")]:
        assert w.current == p
        asked.append(p)
        w.respond(p, answer) if answer else w.pass_(p)
    assert w.closed and asked == [0, 1, 2, 3]
    assert [p for p, _ in w.resolution()] == [1, 2, 3]   # declaration order: p4 resolves last


def test_clockwise_ignores_play_direction_and_can_start_elsewhere():
    turns = TurnOrder(4)
    turns.reverse()
    w = Window.clockwise(turns, start=2, include_start=False)
    order = []
    while not w.closed:
        order.append(w.current)
        w.pass_(w.current)
    assert order == [3, 0, 1]


def test_first_wins_closes_at_the_first_response():
    w = Window.clockwise(TurnOrder(3), start=0, first_wins=True)
    w.pass_(0)
    w.respond(1, "nullify")
    assert w.closed and w.resolution() == [(1, "nullify")]


def test_stack_alternates_priority_and_resolves_newest_first():
    turns = TurnOrder(2)
    w = Window.stack(turns, about="A", by=0)
    assert w.current == 1 and w.top() == "A"
    w.respond(1, "B")          # B counters A
    assert w.current == 0 and w.top() == "B"
    w.respond(0, "C")          # C counters B
    assert w.current == 1
    w.pass_(1)
    assert w.closed            # everyone but the last responder passed
    assert [item for _, item in w.resolution()] == ["C", "B", "A"]


def test_stack_with_three_players_needs_both_others_to_pass():
    w = Window.stack(TurnOrder(3), about="A", by=0)
    w.pass_(1)
    assert not w.closed and w.current == 2
    w.respond(2, "B")
    w.pass_(0)
    assert not w.closed and w.current == 1
    w.pass_(1)
    assert w.closed and [i for _, i in w.resolution()] == ["B", "A"]


def test_holders_asks_only_trigger_holders_in_play_order():
    turns = TurnOrder(4)
    turns.reverse()
    w = Window.holders(turns, holders={1, 3}, start=0)
    assert w.current == 3          # counterclockwise from p1: p4 before p2
    w.pass_(3)
    w.respond(1, "dobon")
    assert w.closed and w.resolution() == [(1, "dobon")]


def test_holders_with_nobody_is_closed_at_once():
    assert Window.holders(TurnOrder(3), holders=[], start=0).closed


def test_only_the_asked_player_may_answer():
    w = Window.clockwise(TurnOrder(3), start=0)
    with pytest.raises(ValueError, match="p2 may not answer now; p1 decides"):
        w.respond(1, "x")
    for p in range(3):
        w.pass_(p)
    with pytest.raises(ValueError, match="closed"):
        w.pass_(0)


def test_clone_is_independent():
    w = Window.stack(TurnOrder(2), about="A", by=0)
    c = w.clone()
    c.respond(1, "B")
    assert w.current == 1 and w.top() == "A" and len(w.responses) == 1
