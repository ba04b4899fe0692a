"""What super-page-one's rules read off the table: matching, Dobon, Revolution, kick-backs.

A mixin of the state: pure look-ups over zones, the running hand tallies (tally.py) and the
game's card-fact columns, no changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import NONE

if TYPE_CHECKING:
    from . import SuperPageOne


class TableView:
    game: "SuperPageOne"

    def top(self) -> int:
        return self.zones.top(self.game.FIELD)

    def active(self, p: int) -> bool:
        return not self.turns.out[p]

    def playable(self, inst: int) -> bool:
        """May `inst` go on the field now (no 2-draw pending)? Same number or suit; 8 and
        jokers anywhere; anything on a joker or an empty field (`SuperPageOne.matches`)."""
        field = self.zones.piles[self.game.FIELD]
        return bool(self.game.matches[field[-1]][inst]) if field else True

    def can_dobon(self, p: int) -> bool:
        """The hand's numbers add up to the top card's, and no joker is in it."""
        g, tallies = self.game, self.tallies
        field, packed, shape = self.zones.piles[g.FIELD], tallies.packed[p], g.hand_shape
        count = packed & shape.count_f
        if not field or not count or packed & shape.block_f:
            return False
        number = g.rank[field[-1]]
        # every card counts at least 1 (a joker blocks Dobon anyway): more cards is a no
        return count <= number and tallies.sums[p] == number

    def can_revolution(self, p: int) -> bool:
        """Four of a number, jokers filling in."""
        return self.tallies.revolution[p]

    def kicks(self, p: int) -> list[int]:
        """The Ks `p` may reveal now: unrevealed, the field keeps a card, the top is not theirs."""
        if not self.can_kick(p):
            return []
        g, revealed = self.game, self.revealed
        king = g.king
        return [c for c in self.zones.piles[g.HAND[p]] if king[c] and c not in revealed]

    def can_kick(self, p: int) -> bool:
        """Whether `kicks(p)` has a K: the tally counts the Ks in the hand not yet shown."""
        g = self.game
        if not self.tallies.packed[p] & g.hand_shape.kings_f:   # none, or all shown
            return False
        field = self.zones.piles[g.FIELD]
        if len(field) < 2:
            return False
        top = field[-1]
        return self.by.get(top, NONE) != p and top not in self.kicked

    def _kicks_afresh(self, p: int) -> list[int]:
        """`kicks(p)` worked out from the hand itself, without the tally (`invariants()`
        compares the two after every decision of a checked game)."""
        g, field = self.game, self.zones.piles[self.game.FIELD]
        if len(field) < 2 or self.by.get(field[-1], NONE) == p or field[-1] in self.kicked:
            return []
        return [c for c in self.hand(p) if g.effect[c] == "kick-back" and c not in self.revealed]

    def _holders_afresh(self, card: int) -> tuple[list[int], list[int]]:
        """Who could echo and who could cancel the effect of `card`, from the hands themselves
        (what `_holders(echo_mask[card])` and `_holders(cancel_mask[card])` answer from the
        tallies; `invariants()` compares them)."""
        g, out = self.game, self.turns.out
        suit = g.suit[card]
        echo = [p for p in range(self.players) if not out[p] and g.echoable[card] and suit
                and any(g.effect[q] == "echo" and g.suit[q] == suit for q in self.hand(p))]
        cancel = [p for p in range(self.players) if not out[p] and g.cancelable[card]
                  and any(g.effect[j] == "cancel" for j in self.hand(p))]
        return echo, cancel

    def _holders(self, field: int) -> list[int]:
        """The players still in whose hand has a card in the tally `field`: the Js that may
        cancel an effect (`SuperPageOne.cancel_mask`), the Qs that may echo it (`echo_mask`);
        0 for none."""
        packed = self.tallies.packed
        if not sum(packed) & field:   # nobody holds one (no field overflows into the next)
            return []
        out = self.turns.out
        return [p for p in range(self.players) if not out[p] and packed[p] & field]

    def _has_reaction(self, p: int) -> bool:
        if self.turns.out[p]:
            return False
        tallies, field = self.tallies, self.zones.piles[self.game.FIELD]
        if tallies.revolution[p]:   # can_revolution(p)
            return True
        # can_dobon(p), looked at only when the hand totals the top card's number
        if field and tallies.sums[p] == self.game.rank[field[-1]] and self.can_dobon(p):
            return True
        return self.react_kick and self.can_kick(p)
