"""Card instances: every physical copy of a database card is one small integer.

A state holds instances (ints) in its zones; the `Catalogue` maps an instance back to its
database card and copy number. The catalogue is built once per game and deck, shared by every
state and never copied, so cloning a state copies only lists of ints. Card facts (colours, rank,
points) are read from the database `Card`, never retyped in a rules module; a module that needs a
fact on its hot path precomputes it once with `Catalogue.column`.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Mapping

from ..model import Card, GameData

REF_RE = re.compile(r"^([a-z0-9][a-z0-9_-]*)(?:#(\d+))?$")


class CardRefError(ValueError):
    """A card reference (`red-1` or `red-1#2`) that names no card instance."""


def split_ref(ref: str) -> tuple[str, int | None]:
    """`red-1#2` -> ('red-1', 2); `red-1` -> ('red-1', None)."""
    match = REF_RE.match(ref.strip())
    if not match:
        raise CardRefError(f"{ref!r} is not a card reference (card-id or card-id#copy)")
    return match.group(1), int(match.group(2)) if match.group(2) else None


class Catalogue:
    """The card instances of one game's deck; instance i is copy `copy[i]` of card `cards[i]`."""

    def __init__(self, data: GameData, counts: Mapping[str, int]):
        self.data = data
        cards: list[Card] = []
        copies: list[int] = []
        for card_id, n in counts.items():
            card = data.card(card_id)
            for k in range(1, n + 1):
                cards.append(card)
                copies.append(k)
        self.cards: tuple[Card, ...] = tuple(cards)
        self.ids: tuple[str, ...] = tuple(c.id for c in cards)
        self.copy: tuple[int, ...] = tuple(copies)
        self.counts: dict[str, int] = {cid: n for cid, n in counts.items() if n}
        self._by_ref = {f"{cid}#{k}": i for i, (cid, k) in enumerate(zip(self.ids, copies))}
        self._first = {}
        for i, cid in enumerate(self.ids):
            self._first.setdefault(cid, i)

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, inst: int) -> Card:
        return self.cards[inst]

    def ref(self, inst: int) -> str:
        """The instance as a reference: `red-1` when the card has one copy, else `red-1#2`."""
        cid = self.ids[inst]
        return cid if self.counts[cid] == 1 else f"{cid}#{self.copy[inst]}"

    def instances(self, card_id: str) -> range:
        """Every instance of a card id (empty when the deck has none)."""
        if card_id not in self._first:
            return range(0)
        start = self._first[card_id]
        return range(start, start + self.counts[card_id])

    def resolve(self, ref: str) -> list[int]:
        """The instances a reference may mean: one for `id#k`, every copy for `id`."""
        card_id, copy = split_ref(ref)
        if card_id not in self.data.cards:
            raise CardRefError(f"unknown card {card_id!r}")
        if copy is None:
            found = list(self.instances(card_id))
            if not found:
                raise CardRefError(f"card {card_id!r} is not in this deck")
            return found
        inst = self._by_ref.get(f"{card_id}#{copy}")
        if inst is None:
            raise CardRefError(f"{ref!r}: the deck has {self.counts.get(card_id, 0)} "
                               f"cop{'y' if self.counts.get(card_id, 0) == 1 else 'ies'} of {card_id}")
        return [inst]

    def column(self, fact: Callable[[Card], Any]) -> tuple[Any, ...]:
        """A fact of every instance, precomputed for a hot path: `cat.column(lambda c: c.rank)`."""
        return tuple(fact(card) for card in self.cards)

    def points(self, inst: int, where: str | None = None) -> int:
        """A card's points; `where` picks from `{hand: 40, public: 0}`-style points."""
        pts = self.cards[inst].points
        if pts is None:
            return 0
        if isinstance(pts, int):
            return pts
        if where is not None and where in pts:
            return pts[where]
        return next(iter(pts.values()))


def count_refs(refs: Iterable[str]) -> dict[str, int]:
    """Copies of each card a set of references needs: `a`, `a`, `b#3` -> {a: 2, b: 3}."""
    plain: dict[str, int] = {}
    numbered: dict[str, set[int]] = {}
    for ref in refs:
        card_id, copy = split_ref(ref)
        if copy is None:
            plain[card_id] = plain.get(card_id, 0) + 1
        else:
            numbered.setdefault(card_id, set()).add(copy)
    need: dict[str, int] = {}
    for card_id in plain.keys() | numbered.keys():
        named = numbered.get(card_id, set())
        need[card_id] = max(max(named, default=0), len(named) + plain.get(card_id, 0))
    return need
