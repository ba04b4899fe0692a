"""Ordered zones: piles of card instances (deck, hands, discard, public areas) and grids.

A pile is a plain list of instance ints with the top at the end (`pile[-1]`), so drawing is
`pop()` and playing is `append()`. A grid is a fixed-length list of cells, EMPTY where vacant.
`Zones.where[inst]` is the pile each instance is in; `move` keeps both in step, and
`problems()` is the invariant "every card instance in exactly one zone".

Zone 0 is always `box`: cards not in play (the rest of the box for an example, removed cards).
"""

from __future__ import annotations

from itertools import repeat

from .facts import ZoneSpec

EMPTY = -1
BOX = 0
BOX_SPEC = ZoneSpec("box", visibility="hidden")


class Layout:
    """Zone specs unrolled into piles: `(name, owner)` -> pile index. Shared, never copied.

    Per-player zones get a pile for each of `seats` (the game's maximum players), so a zone's
    index is the same whatever the number of players and a module can compute its indices once
    (`Game.zone`). Seats beyond `players` stay empty and are not shown.
    """

    def __init__(self, specs: tuple[ZoneSpec, ...], players: int, seats: int | None = None):
        self.players = players
        seats = max(players, seats or players)
        entries: list[tuple[ZoneSpec, int | None]] = [(BOX_SPEC, None)]
        for spec in specs:
            if spec.name == "box":
                raise ValueError("zone name 'box' is reserved by the engine")
            if spec.per_player:
                entries += [(spec, p) for p in range(seats)]
            else:
                entries.append((spec, None))
        self.specs: tuple[ZoneSpec, ...] = tuple(s for s, _ in entries)
        self.owner: tuple[int | None, ...] = tuple(o for _, o in entries)
        self.index: dict[tuple[str, int | None], int] = {
            (s.name, o): i for i, (s, o) in enumerate(entries)}
        self.grid: tuple[bool, ...] = tuple(s.grid is not None for s in self.specs)

    def __len__(self) -> int:
        return len(self.specs)

    def of(self, name: str, player: int | None = None) -> int:
        """The pile index of a zone: `of("deck")`, `of("hand", 0)`."""
        try:
            return self.index[(name, player)]
        except KeyError:
            who = "" if player is None else f" of p{player + 1}"
            raise KeyError(f"no zone {name!r}{who}") from None

    def has(self, name: str) -> bool:
        return any(s.name == name for s in self.specs)

    def per_player(self, name: str) -> tuple[int, ...]:
        """The pile index of a per-player zone for each seat: `HAND = layout.per_player("hand")`."""
        return tuple(self.of(name, p) for p in range(self.players))

    def in_play(self, pile: int) -> bool:
        """False for the piles of seats beyond this game's players."""
        owner = self.owner[pile]
        return owner is None or owner < self.players

    def label(self, pile: int) -> str:
        owner = self.owner[pile]
        return self.specs[pile].name + ("" if owner is None else f" p{owner + 1}")


class Zones:
    """Where every card instance is. Cheap to clone: a list of int lists."""

    __slots__ = ("layout", "piles", "where", "shown")

    def __init__(self, layout: Layout, count: int):
        self.layout = layout
        self.piles: list[list[int]] = []
        for spec in layout.specs:
            self.piles.append([EMPTY] * (spec.grid[0] * spec.grid[1]) if spec.grid else [])
        self.piles[BOX] = list(range(count))
        self.where: list[int] = [BOX] * count
        #: Instances turned face up inside a hidden zone (a flipped grid card); views show them.
        self.shown: set[int] = set()

    def clone(self) -> "Zones":
        new = Zones.__new__(Zones)
        new.layout = self.layout
        new.piles = [pile.copy() for pile in self.piles]
        new.where = self.where.copy()
        new.shown = self.shown.copy()
        return new

    # --- moving cards ---------------------------------------------------------------------

    def _take(self, inst: int) -> None:
        src = self.where[inst]
        pile = self.piles[src]
        if self.layout.grid[src]:
            pile[pile.index(inst)] = EMPTY
        elif pile and pile[-1] == inst:
            pile.pop()
        else:
            pile.remove(inst)

    def move(self, inst: int, dst: int, *, bottom: bool = False) -> None:
        """Move an instance from wherever it is onto the top (or bottom) of pile `dst`."""
        self._take(inst)
        if bottom:
            self.piles[dst].insert(0, inst)
        else:
            self.piles[dst].append(inst)
        self.where[inst] = dst

    def place(self, inst: int, grid: int, cell: int) -> None:
        """Put an instance into an empty cell of a grid zone."""
        if self.piles[grid][cell] != EMPTY:
            raise ValueError(f"cell {cell} of {self.layout.label(grid)} is not empty")
        self._take(inst)
        self.piles[grid][cell] = inst
        self.where[inst] = grid

    def draw(self, src: int, dst: int) -> int:
        """Move the top instance of `src` onto `dst`; returns it, or EMPTY when `src` is empty."""
        pile = self.piles[src]
        if not pile:
            return EMPTY
        inst = pile.pop()
        self.piles[dst].append(inst)
        self.where[inst] = dst
        return inst

    def move_all(self, src: int, dst: int, *, keep_top: int = 0) -> None:
        """Move every card of `src` (but its top `keep_top`) onto `dst`, keeping their order."""
        pile = self.piles[src]
        cut = len(pile) - keep_top
        moving, self.piles[src] = pile[:cut], pile[cut:]
        self.piles[dst].extend(moving)
        where = self.where
        for inst in moving:
            where[inst] = dst

    # --- reading ------------------------------------------------------------------------

    def top(self, pile: int) -> int:
        """The top instance of a pile, or EMPTY."""
        p = self.piles[pile]
        return p[-1] if p else EMPTY

    def cards(self, pile: int) -> list[int]:
        """The instances in a pile (grid: occupied cells only), bottom first."""
        if self.layout.grid[pile]:
            return [i for i in self.piles[pile] if i != EMPTY]
        return self.piles[pile]

    def size(self, pile: int) -> int:
        return len(self.cards(pile)) if self.layout.grid[pile] else len(self.piles[pile])

    def consistent(self) -> bool:
        """The fast form of the invariant (checked after every decision in fuzz runs): the
        piles hold every instance exactly once and `where` agrees. Loops run in C; only when
        this fails does `problems()` look for the details."""
        located: dict[int, int] = {}
        total = 0
        grid = self.layout.grid
        for index, pile in enumerate(self.piles):
            located.update(zip(pile, repeat(index)))
            total += len(pile) - (pile.count(EMPTY) if grid[index] else 0)
        located.pop(EMPTY, None)
        n = len(self.where)
        return total == n == len(located) and list(map(located.get, range(n))) == self.where

    def problems(self) -> list[str]:
        """Invariant: every instance is in exactly one zone, and `where` says which."""
        try:
            if self.consistent():
                return []
        except (IndexError, TypeError):
            pass
        seen: dict[int, int] = {}
        out: list[str] = []
        count = len(self.where)
        for index, pile in enumerate(self.piles):
            for inst in pile:
                if inst == EMPTY and self.layout.grid[index]:
                    continue
                if not 0 <= inst < count:
                    out.append(f"{self.layout.label(index)} holds {inst!r}, not a card instance")
                elif inst in seen:
                    out.append(f"card {inst} is in both {self.layout.label(seen[inst])} "
                               f"and {self.layout.label(index)}")
                else:
                    seen[inst] = index
                    if self.where[inst] != index:
                        out.append(f"card {inst} is in {self.layout.label(index)} but recorded "
                                   f"in {self.layout.label(self.where[inst])}")
        missing = count - len(seen)
        if missing:
            lost = sorted(set(range(count)) - seen.keys())
            out.append(f"{missing} card(s) in no zone: {lost[:10]}")
        return out
