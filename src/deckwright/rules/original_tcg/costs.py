"""Paying costs with warehouse cards (コストルール).

A cost is "n cards including these elements". A payment is a tuple of warehouse cards: a card
`i` is tapped (turned sideways, counts one), `~i` (negative) is sent to the graveyard and counts
two. With as many cards as elements, every element must be among the paid cards; with fewer,
every paid card must be of one of them (the text's "火か闇" upkeep). A payment may not include a
card it does not need.
"""

from __future__ import annotations

from itertools import filterfalse
from operator import invert

from deckwright.engine import Reason

Payment = tuple[int, ...]


def card_of(x: int) -> int:
    return ~x if x < 0 else x


def value(pay: Payment) -> int:
    return sum(2 if x < 0 else 1 for x in pay)


class Costs:
    """Mixin for the state: canonical payments, checking and carrying out a payment."""

    def untapped(self, p: int) -> list[int]:
        """p's untapped warehouse cards, in order."""
        return list(filterfalse(self.tapped.__contains__, self.zones.piles[self.game.WARE[p]]))

    def auto_pay(self, p: int, n: int, req: tuple[str, ...]) -> Payment | None:
        """The canonical payment: tap in warehouse order, covering the elements first (the
        first card of an element, then in order); send the last picked cards to the
        graveyard only when there are too few to tap (once per cost while listing: `_memo`)."""
        if n <= 0:
            return ()
        memo = self._memo
        if memo is None:
            return self._pay(self.untapped(p), n, req)
        pay = memo.get((p, n, req), memo)     # (the memo itself: not asked yet)
        if pay is memo:
            free = memo.get(p)
            if free is None:
                free = memo[p] = self.untapped(p)
            pay = memo[p, n, req] = self._pay(free, n, req)
        return pay

    def _pay(self, picks: list[int], n: int, req: tuple[str, ...]) -> Payment | None:
        """`auto_pay` from the payer's untapped warehouse cards `picks`, in order."""
        if n > 2 * len(picks):      # even sending every card to the graveyard is too little
            return None
        if req:
            picks = self._picks(picks, n, req)
            if picks is None:
                return None
        short = n - len(picks)
        if short <= 0:
            return tuple(picks[:n])
        if short > len(picks):
            return None
        cut = len(picks) - short
        return tuple(picks[:cut]) + tuple(map(invert, picks[cut:]))     # (~i: to the graveyard)

    def _picks(self, free: list[int], n: int, req: tuple[str, ...]) -> list[int] | None:
        """The cards picked for a cost with elements, in order (None: one is missing)."""
        els = self.game.colors if not self.grant_el else [self.elements(i) for i in range(len(self.owner))]
        if n < len(req):
            return [i for i in free if any(e in els[i] for e in req)][:n]
        if len(req) == 1:   # the usual cost: the first card of the element, then the others in order
            for k, i in enumerate(free):
                if req[0] in els[i]:
                    return [i] + (free[:k] + free[k + 1:n] if k < n else free[:n - 1])
            return None
        picks: list[int] = []
        for e in req:
            for i in picks + free:      # covered by a card picked already, else the first one
                if e in els[i]:
                    break
            else:
                return None
            if i not in picks:
                picks.append(i)
        return picks + [i for i in free[:n] if i not in picks][:n - len(picks)]   # (n are enough)

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
