"""Response windows: who may respond now, in what order, and how it resolves, for every game.

A game opens a `Window` with one of four presets and reads `window.current` as the deciding
player while it is open; each asked player either `respond`s with an item of the game's choosing
(a card, a declaration) or `pass_`es. When the window closes, `resolution()` gives the responses
in the order they take effect. These four are the only response orders in deckwright; a game that
needs another adds a preset here (docs/engine.md, section 4, has the table of which game uses
which).

- `Window.clockwise(turns, start, only=..., resolve_from=...)`: each active player (or each of
  `only`) is asked once, clockwise from `start`. Responses resolve in declaration order, or
  clockwise from the seat `resolve_from` when given (treasure-scramble: asked from the
  flipper's left round to the flipper, resolved "always clockwise from the player who flipped").
  `first_wins=True` closes at the first response.
- `Window.stack(turns, about, by)`: a LIFO counter stack (original-tcg). `about` is the item
  answered, played by `by`. The first right to respond goes to the turn player (`first=` to
  change it); after every response the right goes to the next player after the responder; the
  window closes when every active player has passed in a row (so a player may answer their own
  item), and the stack resolves newest first. Answers go against `top()`.
- `Window.holders(turns, holders, start)`: only the players who hold a trigger are asked, in
  play order from `start` (super-page-one's Q and J windows). By default the first to respond
  wins and closes the window.
- `Window.rechecking(turns, start)`: every active player in play order from `start` may act,
  but who can act is asked again before each player's turn to decide, because an earlier
  answer changes it (super-page-one's Dobon / Revolution / K kick-back after the table
  settles). The game calls `ask_next(can_act)` after opening and after each answer; players
  who cannot act (or went out meanwhile) are passed over without a decision.

Passing is always the game's own action (`State.pass_action()`), so the example harness can
pass for a player the script does not name (`auto_pass: true`, docs/format.md).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from .turns import TurnOrder


class Window:
    __slots__ = ("kind", "about", "queue", "responses", "active", "passes", "first_wins",
                 "resolve_from", "seats", "_current")

    def __init__(self, kind: str, about: Any, queue: list[int], active: list[int],
                 first_wins: bool, *, seats: int = 0, resolve_from: int = -1):
        self.kind = kind
        self.about = about
        self.queue = queue            # players still to be asked, next first
        self.responses: list[tuple[int, Any]] = []
        self.active = active          # players taking part (stack: the priority rotation)
        self.passes = 0               # stack: passes in a row since the last response
        self.first_wins = first_wins
        self.seats = seats            # table size, for a clockwise resolution order
        self.resolve_from = resolve_from
        self._current = queue[0] if queue else None

    # --- presets ------------------------------------------------------------------------

    @classmethod
    def clockwise(cls, turns: TurnOrder, start: int, *, include_start: bool = True,
                  about: Any = None, first_wins: bool = False, only: Iterable[int] | None = None,
                  resolve_from: int | None = None) -> "Window":
        """Each active player (of `only`, when given) once, clockwise from `start`; resolution
        in declaration order, or clockwise from the seat `resolve_from`."""
        order = turns.clockwise_from(start, include=include_start)
        if only is not None:
            wanted = set(only)
            order = [p for p in order if p in wanted]
        return cls("clockwise", about, order, order.copy(), first_wins, seats=turns.players,
                   resolve_from=-1 if resolve_from is None else resolve_from)

    @classmethod
    def stack(cls, turns: TurnOrder, about: Any, by: int, *, first: int | None = None) -> "Window":
        """A counter stack on `about` (played by `by`): the first right goes to the turn player
        (or `first`), then to the next player after each responder; it closes when everyone
        passed in a row."""
        order = turns.in_play_order_from(turns.current if first is None else first)
        window = cls("stack", about, order[:1], order, False)
        window.responses.append((by, about))
        return window

    @classmethod
    def holders(cls, turns: TurnOrder, holders: Iterable[int], start: int, *,
                about: Any = None, first_wins: bool = True) -> "Window":
        wanted = set(holders)
        if len(wanted) == 1:   # the commonest case, without listing every seat
            (only,) = wanted
            seat = int(only) if only in range(turns.players) else -1
            order = [seat] if seat >= 0 and not turns.out[seat] else []
        else:
            order = [p for p in turns.in_play_order_from(start) if p in wanted]
        return cls("holders", about, order, order.copy(), first_wins)

    @classmethod
    def rechecking(cls, turns: TurnOrder, start: int, *, about: Any = None,
                   leave_out: Iterable[int] = ()) -> "Window":
        """Every active player in play order from `start` (but `leave_out`), each asked only if
        they can still act when their moment comes: call `ask_next(can_act)` to find who."""
        skip = set(leave_out)
        order = turns.in_play_order_from(start)   # a new list
        if skip:
            order = [p for p in order if p not in skip]
        return cls("rechecking", about, order, order.copy(), False)

    def clone(self) -> "Window":
        new = Window.__new__(Window)
        new.kind, new.about, new.first_wins = self.kind, self.about, self.first_wins
        new.queue, new.responses = self.queue.copy(), self.responses.copy()
        new.active, new.passes, new._current = self.active, self.passes, self._current
        new.seats, new.resolve_from = self.seats, self.resolve_from
        return new

    # --- deciding -----------------------------------------------------------------------

    @property
    def current(self) -> int | None:
        """The player who must respond or pass now; None once the window is closed."""
        return self._current

    @property
    def closed(self) -> bool:
        return self._current is None

    def waiting(self) -> list[int]:
        """The players still to decide, the current one first (for a harness message); a stack
        lists the players whose pass it still needs; a rechecking window only the current one
        (whether the others will be asked depends on what happens first)."""
        if self._current is None:
            return []
        if self.kind == "rechecking":
            return [self._current]
        if self.kind == "stack":
            i = self.active.index(self._current)
            ring = self.active[i:] + self.active[:i]
            return ring[:len(self.active) - self.passes]
        return [self._current] + [p for p in self.queue[1:] if p != self._current]

    def top(self) -> Any:
        """The newest item: what a stack response answers."""
        return self.responses[-1][1] if self.responses else self.about

    def ask_next(self, can_act: Callable[[int], bool], out: Iterable[int] = ()) -> int | None:
        """A rechecking window: pass over queued players who cannot act now (or are in `out`),
        and ask the first who can; None (closed) when nobody is left."""
        gone = set(out)
        queue = self.queue
        while queue and (queue[0] in gone or not can_act(queue[0])):
            queue.pop(0)
        self._current = queue[0] if queue else None
        return self._current

    def close(self) -> None:
        """End the window now (a response that ends the moment, such as a kick-back)."""
        self.queue.clear()
        self._current = None

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
        self._next()

    def pass_(self, player: int) -> None:
        self._check(player)
        if self.kind == "stack":
            self.passes += 1
            if self.passes >= len(self.active):
                self._current = None
            else:
                self._current = self._after(player)
            return
        self.queue.pop(0)
        self._next()

    def resolution(self) -> list[tuple[int, Any]]:
        """(player, item) in the order they take effect: a stack newest first (including
        `about`); a clockwise window with `resolve_from` clockwise from that seat; the other
        presets in declaration order."""
        if self.kind == "stack":
            return self.responses[::-1]
        if self.resolve_from >= 0:
            first, n = self.resolve_from, self.seats
            return sorted(self.responses, key=lambda r: (r[0] - first) % n)
        return list(self.responses)

    def _next(self) -> None:
        # a rechecking window's next in line is only a candidate until the game's ask_next
        self._current = self.queue[0] if self.queue else None

    def _after(self, player: int) -> int:
        i = self.active.index(player)
        return self.active[(i + 1) % len(self.active)]

    def _check(self, player: int) -> None:
        if self._current is None:
            raise ValueError("the response window is closed")
        if player != self._current:
            raise ValueError(f"p{player + 1} may not answer now; p{self._current + 1} decides")
