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


def test_seat_orders_and_advance_match_their_plain_definitions_whoever_is_out():
    """`in_play_order_from`, `clockwise_from` and `advance` are written for speed; for every
    table of 1-6 seats, every set of players out, both directions and every skip pattern they
    give what the plain definitions give (every seat in turn, players out left out; the next
    seat by `following`, then past skipped players)."""
    from itertools import product

    def plain_order(t: TurnOrder, player: int, step: int, include: bool) -> list[int]:
        seats = [(player + k * step) % t.players for k in range(t.players)]
        return [p for p in seats[0 if include else 1:] if not t.out[p]]

    def plain_advance(t: TurnOrder) -> int:
        p = t.following(t.current)
        for _ in range(t.players * 4):
            if not t.skips[p]:
                break
            t.skips[p] -= 1
            p = t.following(p)
        t.current = p
        return p

    for n in range(1, 7):
        for out, step in product(product([False, True], repeat=n), (1, -1)):
            t = TurnOrder(n)
            t.out, t.direction = list(out), step
            for player, include in product(range(n), (True, False)):
                assert t.in_play_order_from(player, include=include) == \
                    plain_order(t, player, step, include)
                assert t.clockwise_from(player, include=include) == \
                    plain_order(t, player, 1, include)
            for cur, skips in product(range(n), product([0, 1], repeat=n)):
                a, b = t.clone(), t.clone()
                a.current = b.current = cur
                a.skips, b.skips = list(skips), list(skips)
                assert (a.advance(), a.skips) == (plain_advance(b), b.skips)


def test_advance_tells_each_skip_and_hands_the_turn_to_one_player() -> None:
    """The one place turn order moves: a game logs the skips it is told of (treasure-scramble's
    Time Skip), and an attack's target gets the turn as it is (bridge-over)."""
    from deckwright.engine.turns import TurnOrder

    turns, skipped = TurnOrder(4), []
    turns.skip(1)
    turns.skip(2)
    assert turns.advance(on_skip=skipped.append) == 3 and skipped == [1, 2]
    assert turns.skips == [0, 0, 0, 0]
    turns.skip(1)
    assert turns.advance(to=1) == 1 and turns.current == 1 and turns.skips[1] == 1


def test_phases_say_what_is_asked_and_which_decisions_are_open() -> None:
    from deckwright.engine.phases import Phase, Phases

    phases = Phases(Phase("start", "first draw", ("draw",)),
                    Phase("act", "take or end", ("take", "end")),
                    refusal="now: {asks}", rule="turn")
    assert phases[1] is phases["act"] and phases.names == ("start", "act")
    assert phases.phase_of("end") == "act" and phases.phase_of("fly") is None
    reason = phases.refusal("start")
    assert str(reason) == "now: first draw" and reason.rule == "turn"


def test_a_game_refuses_a_decision_of_another_phase_with_what_is_asked() -> None:
    """ghost-couple: taking a couple before the turn's draw names the draw, citing rule turn."""
    from pathlib import Path

    from deckwright.app.registry import rules_for
    from deckwright.model import Project, load_game

    root = Path(__file__).resolve().parent.parent
    game = rules_for("ghost-couple")(load_game(Project(root), "ghost-couple"))
    state = game.new_state(2, 0)
    assert state.phase == "start"
    reason = state.refusal(("end",), state.current_player())
    assert str(reason) == "まず山札から1枚引く" and reason.rule == "turn"
