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


def test_stack_gives_the_first_right_to_the_turn_player_and_resolves_newest_first():
    turns = TurnOrder(2)
    w = Window.stack(turns, about="A", by=0)
    assert w.current == 0 and w.top() == "A"   # the turn player, even on their own item
    w.pass_(0)
    w.respond(1, "B")          # B counters A
    assert w.current == 0 and w.top() == "B"
    w.respond(0, "C")          # C counters B
    assert w.current == 1
    w.pass_(1)
    assert not w.closed and w.current == 0     # the last responder may answer their own C
    w.pass_(0)
    assert w.closed            # everyone passed in a row
    assert [item for _, item in w.resolution()] == ["C", "B", "A"]


def test_stack_first_right_follows_the_turn_not_the_player_who_opened_it():
    turns = TurnOrder(2)
    turns.current = 1
    w = Window.stack(turns, about="A", by=0)
    assert w.current == 1
    assert Window.stack(turns, about="A", by=0, first=0).current == 0


def test_stack_with_three_players_needs_everyone_to_pass_in_a_row():
    w = Window.stack(TurnOrder(3), about="A", by=0)
    w.pass_(0)
    w.pass_(1)
    assert not w.closed and w.current == 2
    w.respond(2, "B")
    assert w.waiting() == [0, 1, 2]
    w.pass_(0)
    w.pass_(1)
    assert not w.closed and w.current == 2 and w.waiting() == [2]
    w.pass_(2)
    assert w.closed and [i for _, i in w.resolution()] == ["B", "A"]


def test_clockwise_can_resolve_from_another_seat_and_ask_only_some():
    turns = TurnOrder(4)
    w = Window.clockwise(turns, start=2, only={0, 2, 3}, resolve_from=1)
    asked = []
    while not w.closed:
        asked.append(w.current)
        w.respond(w.current, f"card{w.current}")
    assert asked == [2, 3, 0]                       # from seat 3, p2 has no card
    assert [p for p, _ in w.resolution()] == [2, 3, 0]
    w = Window.clockwise(turns, start=2, resolve_from=0)
    for p in (2, 3, 0, 1):
        w.respond(p, "x")
    assert [p for p, _ in w.resolution()] == [0, 1, 2, 3]   # clockwise from p1, not as asked


def test_rechecking_asks_again_who_can_act_before_each_player():
    turns = TurnOrder(4)
    can = {1: False, 2: True, 3: False, 0: True}
    w = Window.rechecking(turns, start=1, leave_out=[0])
    assert w.ask_next(lambda p: can[p]) == 2        # p2 cannot act now: passed over
    assert w.waiting() == [2]                       # p4 only maybe, later
    can[3] = True                                   # p3's answer changed the table for p4
    w.respond(2, "snap")
    assert w.ask_next(lambda p: can[p]) == 3
    w.pass_(3)
    assert w.ask_next(lambda p: can[p]) is None and w.closed   # p1 was left out
    assert w.resolution() == [(2, "snap")]


def test_rechecking_skips_players_who_went_out_meanwhile():
    w = Window.rechecking(TurnOrder(3), start=0)
    assert w.ask_next(lambda p: True, out=[0]) == 1


def test_waiting_names_who_still_has_to_decide():
    w = Window.holders(TurnOrder(4), holders={1, 3}, start=0)
    assert w.waiting() == [1, 3]
    w.pass_(1)
    assert w.waiting() == [3]


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
    c.respond(0, "B")
    assert w.current == 0 and w.top() == "A" and len(w.responses) == 1
