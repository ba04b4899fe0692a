"""Paying costs with warehouse cards (コストルール).

A cost is "n cards including these elements". A payment is a tuple of warehouse cards: a card
`i` is tapped (turned sideways, counts one), `~i` (negative) is sent to the graveyard and counts
two. With as many cards as elements, every element must be among the paid cards; with fewer,
every paid card must be of one of them (the text's "火か闇" upkeep). A payment may not include a
card it does not need.
"""

from __future__ import annotations

from itertools import filterfalse, islice
from operator import invert
from typing import Any

from deckwright.engine import Reason

from .memo import FREE

#: the memo's key for each player's untapped warehouse cards
FREE_KEYS = ((FREE, 0), (FREE, 1))

Payment = tuple[int, ...]


def card_of(x: int) -> int:
    return ~x if x < 0 else x


def _plain(picks: list[int], n: int) -> Payment | None:
    """A cost of n paid with the first of `picks` (the cards chosen, in order): tapped, and the
    last ones sent to the graveyard (counting two) only as far as the cards are too few."""
    short = n - len(picks)
    if short <= 0:
        return tuple(picks[:n])
    if short > len(picks) or not picks:
        return None
    cut = len(picks) - short
    return tuple(picks[:cut]) + tuple(map(invert, picks[cut:]))     # (~i: to the graveyard)


def value(pay: Payment) -> int:
    return sum(2 if x < 0 else 1 for x in pay)


class Costs:
    """Mixin for the state: canonical payments, checking and carrying out a payment."""

    game: Any
    zones: Any
    tapped: set[int]
    owner: list[int]
    grant_el: dict[int, tuple[str, ...]]
    _memo: Any

    def untapped(self, p: int, limit: int = 0) -> list[int]:
        """p's untapped warehouse cards in order; with `limit`, only the first so many."""
        free = filterfalse(self.tapped.__contains__, self.zones.piles[self.game.WARE[p]])
        return list(islice(free, limit) if limit else free)

    def auto_pay(self, p: int, n: int, req: tuple[str, ...]) -> Payment | None:
        """The canonical payment: tap in warehouse order, covering the elements first (the
        first card of an element, then in order); send the last picked cards to the
        graveyard only when there are too few to tap."""
        if n <= 0:
            return ()
        memo = self._memo
        if memo is None:    # without elements to cover, only the first n untapped cards matter
            if not req:
                return _plain(self.untapped(p, n), n)
            free = self.untapped(p)
        else:
            key = (p, n, req)
            pay = memo.get(key, memo)     # the memo itself marks "not asked yet"
            if pay is not memo:
                return pay
            free = memo.get(FREE_KEYS[p])
            if free is None:    # (untapped)
                free = memo[FREE_KEYS[p]] = list(filterfalse(self.tapped.__contains__,
                                                             self.zones.piles[self.game.WARE[p]]))
            memo[key] = pay = self._pay_from(free, n, req)
            return pay
        return self._pay_from(free, n, req)

    def _pay_from(self, free: list[int], n: int, req: tuple[str, ...]) -> Payment | None:
        """`auto_pay` from p's untapped warehouse cards `free`, in order."""
        if n > 2 * len(free):       # even sending every card to the graveyard is too little
            return None
        if not req:
            return tuple(free[:n]) if n <= len(free) else _plain(free, n)
        if len(req) == 1:           # the usual cost
            e = req[0]
            els = self.game.colors if not self.grant_el else self._all_elements()
            for k, first in enumerate(free):
                if e in els[first]:     # the first card of the element, then the rest in order
                    if k == 0:
                        picks = free[:n]
                    else:
                        picks = free[:n] if k < n else free[:n - 1]
                        if k < n:
                            del picks[k]
                        picks.insert(0, first)
                    # (every card tapped: `_plain` without the call)
                    return tuple(picks) if len(picks) == n else _plain(picks, n)
            return None
        picks = self._picks(free, n, req)
        return _plain(picks, n) if picks else None

    def _all_elements(self) -> list[tuple[str, ...]]:
        return [self.elements(i) for i in range(len(self.owner))]

    def _picks(self, free: list[int], n: int, req: tuple[str, ...]) -> list[int] | None:
        """The cards picked for a cost of several elements (None: one is missing)."""
        els = self.game.colors if not self.grant_el else self._all_elements()
        if n < len(req):
            return [i for i in free if any(e in els[i] for e in req)][:n]
        picks: list[int] = []
        for e in req:
            for i in picks:
                if e in els[i]:
                    break           # already covered by a card picked for another
            else:
                for i in free:
                    if e in els[i] and i not in picks:
                        picks.append(i)
                        break
                else:
                    return None
        for i in free:
            if len(picks) >= n:
                break
            if i not in picks:
                picks.append(i)
        return picks

    def pay_problem(self, p: int, pay: Payment, n: int, req: tuple[str, ...]) -> str | None:
        """Why a payment does not pay `n` cards with elements `req`; None when it does."""
        cards = [card_of(x) for x in pay]
        if len(set(cards)) != len(cards):
            return Reason("同じ倉庫のカードを二度は使えない", "costs")
        ware = self.game.WARE[p]
        for i in cards:
            if self.zones.where[i] != ware or i in self.tapped:
                return Reason(f"{self.card_label(i)} は自分の倉庫の未使用のカードではない", "costs")
        total = value(pay)
        if total < n:
            return Reason(f"コストの枚数が足りない（{n} 枚分が必要、{total} 枚分しかない）", "costs")
        if pay and total - min(2 if x < 0 else 1 for x in pay) >= n:
            return Reason("コストに必要のない余分なカードが含まれている", "costs")
        if req and pay:
            if n >= len(req):
                missing = [e for e in req if not any(e in self.elements(i) for i in cards)]
                if missing:
                    names = "・".join(self.color_name(e) for e in missing)
                    return Reason(f"コストの属性（{names}）のカードが含まれていない", "cost-elements")
            elif not all(any(e in self.elements(i) for e in req) for i in cards):
                names = "か".join(self.color_name(e) for e in req)
                return Reason(f"コストの属性（{names}）でないカードがある", "cost-elements")
        return None

    def do_pay(self, p: int, pay: Payment) -> None:
        g = self.game
        for x in pay:
            if x < 0:
                i = ~x
                self.tapped.discard(i)
                self.zones.move(i, g.GRAVE[self.owner[i]])
            else:
                self.tapped.add(x)
