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

    def hand(self, p: int) -> list[int]:
        return self.zones.piles[self.game.HAND[p]]

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
        if not self.tallies.packed[p] & self.game.hand_shape.kings_f:   # none, or all shown
            return []
        g, top = self.game, self.top()
        if len(self.zones.piles[g.FIELD]) < 2 or self.by.get(top, NONE) == p or top in self.kicked:
            return []
        return [c for c in self.hand(p) if g.effect[c] == "kick-back" and c not in self.revealed]

    def _holders(self, effect: str, suit: str = "") -> list[int]:
        """The players still in holding a J (`cancel`) or a Q of `suit` (`echo`)."""
        shape = self.game.hand_shape
        field = shape.cancel_f if effect == "cancel" else shape.echo_f.get(suit, 0)
        packed, out = self.tallies.packed, self.turns.out
        return [p for p in range(self.players) if not out[p] and packed[p] & field]

    def _anyone_may_react(self, kick: bool) -> bool:
        """A quick screen before a react window: False only when no hand could declare Dobon
        or Revolution, or kick back the top card when `kick`; otherwise the window asks
        `_has_reaction` of each player in turn, exactly. (It looks at every hand, even of
        players out or left out of the window: theirs are empty, or it asks for nothing.)"""
        g = self.game
        field, tallies = self.zones.piles[g.FIELD], self.tallies
        if field and g.rank[field[-1]] in tallies.sums:
            return True   # a hand totals the top card's number
        if True in tallies.revolution:
            return True
        if not kick or len(field) < 2 or field[-1] in self.kicked:
            return False
        # a K not shown, in the hand of anyone but who played the top card: the packed tallies
        # of several hands add up to theirs together (no field overflows: each holds the deck)
        packed, played_by = tallies.packed, self.by.get(field[-1], NONE)
        others = sum(packed) - (packed[played_by] if played_by >= 0 else 0)
        return bool(others & g.hand_shape.kings_f)

    def _has_reaction(self, p: int) -> bool:
        if self.turns.out[p]:
            return False
        if self.can_dobon(p) or self.can_revolution(p):
            return True
        return self.react_kick and bool(self.kicks(p))
