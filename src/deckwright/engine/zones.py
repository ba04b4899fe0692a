"""Ordered zones: piles of card instances (deck, hands, discard, public areas) and grids.

A pile is a plain list of instance ints with the top at the end (`pile[-1]`), so drawing is
`pop()` and playing is `append()`. A grid is a fixed-length list of cells, EMPTY where vacant.
`Zones.where[inst]` is the pile each instance is in; `move` keeps both in step, and
`problems()` is the invariant "every card instance in exactly one zone".

Zone 0 is always `box`: cards not in play (the rest of the box for an example, removed cards).

A game that keeps asking "which of these cards are in those zones now?" (the cards with a
counter effect on the field) can have the zones keep the answer up to date with every move
(`Watches`, `Zones.watch`) instead of scanning the piles at every decision.
"""

from __future__ import annotations

from itertools import repeat
from typing import Iterable, Sequence

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


class Watches:
    """Groups of card instances, each watched in some piles: built once per game (in
    `Game.prepare()`), shared by every state, never copied. `Zones.watch(watches)` then keeps
    `zones.watched[k]`, the set of group k's instances that are in one of its piles now."""

    def __init__(self, count: int, piles: int,
                 groups: Sequence[tuple[Iterable[int], Iterable[int]]]):
        """`count` card instances, `piles` piles (`len(layout)`), `groups` as (instances, the
        piles they are watched in)."""
        sets = [(frozenset(insts), frozenset(where)) for insts, where in groups]
        #: (the group's instances, whether each pile is watched for it)
        self.groups: tuple[tuple[frozenset[int], tuple[bool, ...]], ...] = tuple(
            (insts, tuple(pile in where for pile in range(piles))) for insts, where in sets)
        by_inst: list[list[tuple[int, tuple[bool, ...]]]] = [[] for _ in range(count)]
        for k, (insts, inside) in enumerate(self.groups):
            for inst in insts:
                by_inst[inst].append((k, inside))
        #: per pile: whether some group watches it (a move between other piles changes nothing)
        self.touches: tuple[bool, ...] = tuple(any(inside[i] for _g, inside in self.groups)
                                               for i in range(piles))
        #: per instance: (group, whether each pile counts) for every group it belongs to
        self.of: tuple[tuple[tuple[int, tuple[bool, ...]], ...], ...] = tuple(
            tuple(x) for x in by_inst)

    def scan(self, where: list[int]) -> list[set[int]]:
        """Each group's set found afresh from `where` (what the kept sets must equal)."""
        return [{i for i in insts if inside[where[i]]} for insts, inside in self.groups]


class Zones:
    """Where every card instance is. Cheap to clone: a list of int lists."""

    __slots__ = ("layout", "piles", "where", "shown", "watches", "watched")

    def __init__(self, layout: Layout, count: int):
        self.layout = layout
        self.piles: list[list[int]] = []
        for spec in layout.specs:
            self.piles.append([EMPTY] * (spec.grid[0] * spec.grid[1]) if spec.grid else [])
        self.piles[BOX] = list(range(count))
        self.where: list[int] = [BOX] * count
        #: Instances turned face up inside a hidden zone (a flipped grid card); views show them.
        self.shown: set[int] = set()
        #: With `watch()`: the groups watched, and each group's instances in its piles now.
        self.watches: Watches | None = None
        self.watched: list[set[int]] = []

    def clone(self) -> "Zones":
        new = Zones.__new__(type(self))
        new.layout = self.layout
        new.piles = [pile.copy() for pile in self.piles]
        new.where = self.where.copy()
        new.shown = self.shown.copy()
        new.watches = self.watches
        new.watched = [s.copy() for s in self.watched]
        return new

    def watch(self, watches: Watches) -> None:
        """Keep `self.watched[k]` (the instances of group k in its piles) up to date from now
        on, through every move of these methods. Zones that watch nothing pay nothing for it:
        only zones that watch take the (`WatchedZones`) methods that update the sets."""
        self.watches = watches
        self.watched = watches.scan(self.where)
        self.__class__ = WatchedZones

    def arrived(self, insts: Iterable[int], dst: int) -> None:
        """Say that `insts` were put into pile `dst` by writing the piles directly (the engine's
        fast deal does): the watched sets follow. Nothing to do for zones that watch nothing."""

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
        """Invariant: every instance is in exactly one zone, and `where` says which (and, for
        zones that watch, each watched set is what a fresh look at the piles finds)."""
        try:
            if self.consistent():
                return self._watch_problems()
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

    def _watch_problems(self) -> list[str]:
        if self.watches is None:
            return []
        out = []
        for k, (kept, fresh) in enumerate(zip(self.watched, self.watches.scan(self.where))):
            if kept != fresh:
                out.append(f"watched group {k} holds {sorted(kept)}, but the piles hold "
                           f"{sorted(fresh)}")
        return out


class WatchedZones(Zones):
    """Zones that keep their watched sets up to date (`Zones.watch` makes zones this class):
    every way of moving a card updates the groups the card belongs to."""

    __slots__ = ()

    def _note(self, inst: int, dst: int) -> None:
        watched = self.watched
        for k, inside in self.watches.of[inst]:     # type: ignore[union-attr]
            if inside[dst]:
                watched[k].add(inst)
            else:
                watched[k].discard(inst)

    # a move between piles no group watches changes no set: only the others are noted

    def move(self, inst: int, dst: int, *, bottom: bool = False) -> None:
        src = self.where[inst]
        Zones.move(self, inst, dst, bottom=bottom)
        touches = self.watches.touches      # type: ignore[union-attr]
        if touches[src] or touches[dst]:
            self._note(inst, dst)

    def place(self, inst: int, grid: int, cell: int) -> None:
        src = self.where[inst]
        Zones.place(self, inst, grid, cell)
        touches = self.watches.touches      # type: ignore[union-attr]
        if touches[src] or touches[grid]:
            self._note(inst, grid)

    def draw(self, src: int, dst: int) -> int:
        inst = Zones.draw(self, src, dst)
        touches = self.watches.touches      # type: ignore[union-attr]
        if inst != EMPTY and (touches[src] or touches[dst]):
            self._note(inst, dst)
        return inst

    def move_all(self, src: int, dst: int, *, keep_top: int = 0) -> None:
        Zones.move_all(self, src, dst, keep_top=keep_top)
        touches = self.watches.touches      # type: ignore[union-attr]
        if touches[src] or touches[dst]:
            self.arrived(self.piles[dst], dst)     # (the cards already there are noted again)

    def arrived(self, insts: Iterable[int], dst: int) -> None:
        for inst in insts:
            self._note(inst, dst)
