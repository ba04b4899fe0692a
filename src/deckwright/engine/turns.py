"""Turn order: seats 0..n-1 played in a direction, with skips, extra turns and players out.

`advance()` is the one place the next player is chosen, so every game gets direction changes,
"skip the next player", "this player takes another turn" and eliminated players right the same
way; `advance(to=p)` hands the turn to one player (an attack's target answers on their own
turn), and `on_skip` is told each player a skip passes over (what a game logs). Clockwise means ascending seat numbers (p1, p2, p3, ...).
"""

from __future__ import annotations

from typing import Callable

CLOCKWISE = 1
COUNTERCLOCKWISE = -1


class TurnOrder:
    __slots__ = ("players", "current", "direction", "skips", "extra", "out")

    def __init__(self, players: int, first: int = 0):
        self.players = players
        self.current = first
        self.direction = CLOCKWISE
        self.skips = [0] * players   # turns each player will lose when next reached
        self.extra = [0] * players   # extra turns each player takes after the current one
        self.out = [False] * players  # players no longer taking turns (finished, eliminated)

    def clone(self) -> "TurnOrder":
        new = TurnOrder.__new__(TurnOrder)
        new.players, new.current, new.direction = self.players, self.current, self.direction
        new.skips, new.extra, new.out = self.skips.copy(), self.extra.copy(), self.out.copy()
        return new

    def following(self, player: int | None = None) -> int:
        """The next seat after `player` (default: current) in play direction, not counting
        skips; players who are out are passed over. Returns `player` if nobody else is in."""
        p = self.current if player is None else player
        for _ in range(self.players):
            p = (p + self.direction) % self.players
            if not self.out[p]:
                return p
        return self.current if player is None else player

    def advance(self, to: int | None = None,
                on_skip: Callable[[int], None] | None = None) -> int:
        """End the current turn: an extra turn first, then the next seat that is not skipped
        (`on_skip(p)` for each turn a skip costs); with `to`, that player's turn, as it is."""
        if to is not None:
            self.current = to
            return to
        cur = self.current
        if self.extra[cur] and not self.out[cur]:
            self.extra[cur] -= 1
            return cur
        p = (cur + self.direction) % self.players
        if not self.out[p] and not self.skips[p]:   # the common case, without a call
            self.current = p
            return p
        # following(cur) without a call (a seat after a player out, in a game that goes on
        # without them, is the next commonest case)
        n, step, out = self.players, self.direction, self.out
        while out[p] and p != cur:
            p = (p + step) % n
        for _ in range(self.players * 4):
            if not self.skips[p]:
                break
            self.skips[p] -= 1
            if on_skip is not None:
                on_skip(p)
            p = self.following(p)
        self.current = p
        return p

    def reverse(self) -> None:
        self.direction = -self.direction

    def skip(self, player: int, times: int = 1) -> None:
        """`player` loses their next `times` turn(s)."""
        self.skips[player] += times

    def skip_next(self, times: int = 1) -> int:
        """The next player in play direction loses a turn; returns who."""
        p = self.following()
        self.skip(p, times)
        return p

    def extra_turn(self, player: int | None = None, times: int = 1) -> None:
        self.extra[self.current if player is None else player] += times

    def knock_out(self, player: int) -> None:
        self.out[player] = True

    def active(self) -> list[int]:
        out = self.out
        return [p for p in range(self.players) if not out[p]]

    def clockwise_from(self, player: int, *, include: bool = True) -> list[int]:
        """Seats in clockwise (ascending) order starting at `player`, players out left out."""
        return self._seats_from(player, 1, include)

    def in_play_order_from(self, player: int, *, include: bool = True) -> list[int]:
        """Seats in the current play direction starting at `player`."""
        return self._seats_from(player, self.direction, include)

    def _seats_from(self, player: int, step: int, include: bool) -> list[int]:
        """Every seat once, `step` at a time from `player`, players out left out (a loop
        rather than comprehensions: response windows ask for this every time they open)."""
        n, out = self.players, self.out
        p = player % n
        seats = [p] if include and not out[p] else []
        for _ in range(n - 1):
            p = (p + step) % n
            if not out[p]:
                seats.append(p)
        return seats
