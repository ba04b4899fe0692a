"""What super-page-one's rules read off the table: matching, Dobon, Revolution, kick-backs.

A mixin of the state: pure look-ups over zones and the game's card-fact columns, no changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import EMPTY
from .actions import NONE

if TYPE_CHECKING:
    from . import SuperPageOne


class TableView:
    game: "SuperPageOne"

    def hand(self, p: int) -> list[int]:
        return self.zones.piles[self.game.HAND[p]]

    def top(self) -> int:
        return self.zones.top(self.game.FIELD)

    def active(self, p: int) -> bool:
        return not self.turns.out[p]

    def playable(self, inst: int) -> bool:
        """May `inst` go on the field now (no 2-draw pending)? Same number or suit; 8 and
        jokers anywhere; anything on a joker (ruling joker-top-free)."""
        g, top = self.game, self.top()
        if top == EMPTY or g.wild[inst] or g.free[top]:
            return True
        return g.rank[inst] == g.rank[top] or (g.suit[inst] != "" and g.suit[inst] == g.suit[top])

    def can_dobon(self, p: int) -> bool:
        g, hand = self.game, self.hand(p)
        field = self.zones.piles[g.FIELD]
        # every card counts at least 1 (a joker blocks Dobon anyway): a quick no for big hands
        if not hand or not field or len(hand) > g.rank[field[-1]]:
            return False
        if any(map(g.blocks_dobon.__getitem__, hand)):
            return False
        return sum(map(g.rank.__getitem__, hand)) == g.rank[field[-1]]

    def can_revolution(self, p: int) -> bool:
        """Four of a number, jokers filling in (`revo_key` is -1 for a joker, else the number)."""
        hand = self.hand(p)
        if len(hand) < 4:
            return False
        g = self.game
        key = g.revo_key
        wild = best = 0
        counts = [0] * g.rank_slots
        for c in hand:
            r = key[c]
            if r < 0:
                wild += 1
            else:
                counts[r] += 1
                if counts[r] > best:
                    best = counts[r]
        return best > 0 and best + wild >= 4

    def kicks(self, p: int) -> list[int]:
        """The Ks `p` may reveal now: unrevealed, the field keeps a card, the top is not theirs."""
        g, top = self.game, self.top()
        if len(self.zones.piles[g.FIELD]) < 2 or self.by.get(top, NONE) == p or top in self.kicked:
            return []
        return [c for c in self.hand(p) if g.effect[c] == "kick-back" and c not in self.revealed]

    def _holders(self, effect: str, suit: str | None = None) -> list[int]:
        g = self.game
        return [p for p in self.turns.active()
                if any(g.effect[c] == effect and (suit is None or g.suit[c] == suit)
                       for c in self.hand(p))]

    def _has_reaction(self, p: int) -> bool:
        if self.turns.out[p]:
            return False
        if self.can_dobon(p) or self.can_revolution(p):
            return True
        return self.react_kick and bool(self.kicks(p))
