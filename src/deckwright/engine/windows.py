"""Response windows: a moment when players other than the turn player may answer, or pass.

A game opens a `Window` with one of three ordering presets and reads `window.current` as the
deciding player while it is open; each asked player either `respond`s with an item of the
game's choosing (a card, a declaration) or `pass_`es. When the window closes, `resolution()`
gives the responses in the order they take effect.

- `Window.clockwise(turns, start)`: each active player is asked once, clockwise from `start`
  (treasure-scramble's interrupts "resolved clockwise from the flipping player"). Responses
  resolve in declaration order. `first_wins=True` closes at the first response.
- `Window.stack(turns, about, by)`: a LIFO stack with alternating priority (original-tcg's
  counters). `about` is the item answered, played by `by`; priority passes to the next player
  after every response; once every player but the last responder has passed in a row, the
  window closes and the stack resolves newest first. Answers go against `top()`.
- `Window.holders(turns, holders, start)`: only the players who hold a trigger are asked, in
  play order from `start` (super-page-one's Dobon, bridge-over's defence cards). By default the
  first to respond wins and closes the window.
"""

from __future__ import annotations

from typing import Any, Iterable

from .turns import TurnOrder


class Window:
    __slots__ = ("kind", "about", "queue", "responses", "active", "passes", "first_wins",
                 "_current")

    def __init__(self, kind: str, about: Any, queue: list[int], active: list[int],
                 first_wins: bool):
        self.kind = kind
        self.about = about
        self.queue = queue            # players still to be asked, next first
        self.responses: list[tuple[int, Any]] = []
        self.active = active          # players taking part (stack: the priority rotation)
        self.passes = 0               # stack: passes in a row since the last response
        self.first_wins = first_wins
        self._current = queue[0] if queue else None

    # --- presets ------------------------------------------------------------------------

    @classmethod
    def clockwise(cls, turns: TurnOrder, start: int, *, include_start: bool = True,
                  about: Any = None, first_wins: bool = False) -> "Window":
        order = turns.clockwise_from(start, include=include_start)
        return cls("clockwise", about, order, order.copy(), first_wins)

    @classmethod
    def stack(cls, turns: TurnOrder, about: Any, by: int) -> "Window":
        order = turns.in_play_order_from(by)
        window = cls("stack", about, order[1:] or [by], order, False)
        window.responses.append((by, about))
        return window

    @classmethod
    def holders(cls, turns: TurnOrder, holders: Iterable[int], start: int, *,
                about: Any = None, first_wins: bool = True) -> "Window":
        wanted = set(holders)
        order = [p for p in turns.in_play_order_from(start) if p in wanted]
        return cls("holders", about, order, order.copy(), first_wins)

    def clone(self) -> "Window":
        new = Window.__new__(Window)
        new.kind, new.about, new.first_wins = self.kind, self.about, self.first_wins
        new.queue, new.responses = self.queue.copy(), self.responses.copy()
        new.active, new.passes, new._current = self.active, self.passes, self._current
        return new

    # --- deciding -----------------------------------------------------------------------

    @property
    def current(self) -> int | None:
        """The player who must respond or pass now; None once the window is closed."""
        return self._current

    @property
    def closed(self) -> bool:
        return self._current is None

    def top(self) -> Any:
        """The newest item: what a stack response answers."""
        return self.responses[-1][1] if self.responses else self.about

    def respond(self, player: int, item: Any) -> None:
        self._check(player)
        self.responses.append((player, item))
        if self.kind == "stack":
            self.passes = 0
            self._current = self._after(player)
            return
        self.queue.pop(0)
        if self.first_wins:
            self.queue.clear()
        self._current = self.queue[0] if self.queue else None

    def pass_(self, player: int) -> None:
        self._check(player)
        if self.kind == "stack":
            self.passes += 1
            if self.passes >= len(self.active) - 1:
                self._current = None
            else:
                self._current = self._after(player)
            return
        self.queue.pop(0)
        self._current = self.queue[0] if self.queue else None

    def resolution(self) -> list[tuple[int, Any]]:
        """(player, item) in the order they take effect: a stack newest first (including
        `about`), the other presets in declaration order."""
        if self.kind == "stack":
            return self.responses[::-1]
        return list(self.responses)

    def _after(self, player: int) -> int:
        i = self.active.index(player)
        return self.active[(i + 1) % len(self.active)]

    def _check(self, player: int) -> None:
        if self._current is None:
            raise ValueError("the response window is closed")
        if player != self._current:
            raise ValueError(f"p{player + 1} may not answer now; p{self._current + 1} decides")
