"""What super-page-one's rules read off the table: matching, Dobon, Revolution, kick-backs.

A mixin of the state: pure look-ups over zones, the running hand tallies (tally.py) and the
game's card-fact columns, no changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import NONE
from .tally import BLOCK, CANCEL, COUNT, KICK, SHOWN, SUM

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
        return self.game.matches[field[-1]][inst] if field else True

    def can_dobon(self, p: int) -> bool:
        """The hand's numbers add up to the top card's, and no joker is in it."""
        tally = self.tallies[p]
        field = self.zones.piles[self.game.FIELD]
        if not field or not tally[COUNT] or tally[BLOCK]:
            return False
        number = self.game.rank[field[-1]]
        # every card counts at least 1 (a joker blocks Dobon anyway): more cards is a no
        return tally[COUNT] <= number and tally[SUM] == number

    def can_revolution(self, p: int) -> bool:
        """Four of a number, jokers filling in."""
        return self.game.tally.revolution(self.tallies[p])

    def kicks(self, p: int) -> list[int]:
        """The Ks `p` may reveal now: unrevealed, the field keeps a card, the top is not theirs."""
        tally = self.tallies[p]
        if tally[KICK] == tally[SHOWN]:   # no K, or every K already shown
            return []
        g, top = self.game, self.top()
        if len(self.zones.piles[g.FIELD]) < 2 or self.by.get(top, NONE) == p or top in self.kicked:
            return []
        return [c for c in self.hand(p) if g.effect[c] == "kick-back" and c not in self.revealed]

    def _holders(self, effect: str, suit: str = "") -> list[int]:
        """The players still in holding a J (`cancel`) or a Q of `suit` (`echo`)."""
        slot = CANCEL if effect == "cancel" else self.game.tally.echo.get(suit)
        if slot is None:   # no Q of that suit in the whole deck
            return []
        tallies, out = self.tallies, self.turns.out
        return [p for p in range(self.players) if not out[p] and tallies[p][slot]]

    def _anyone_may_react(self, kick: bool, leave_out: int) -> bool:
        """A quick screen before a react window: False only when nobody still in (but
        `leave_out`) could declare Dobon or Revolution, or kick back the top card when `kick`;
        otherwise the window asks `_has_reaction` of each in turn, exactly."""
        g = self.game
        field = self.zones.piles[g.FIELD]
        number = g.rank[field[-1]] if field else None
        kick = kick and len(field) > 1 and field[-1] not in self.kicked
        kicked_by = self.by.get(field[-1], NONE) if kick else NONE
        revolution, out = g.tally.revolution, self.turns.out
        for p, tally in enumerate(self.tallies):
            if out[p] or p == leave_out:
                continue
            if (tally[SUM] == number or (kick and tally[KICK] > tally[SHOWN] and p != kicked_by)
                    or revolution(tally)):
                return True
        return False

    def _has_reaction(self, p: int) -> bool:
        if self.turns.out[p]:
            return False
        if self.can_dobon(p) or self.can_revolution(p):
            return True
        return self.react_kick and bool(self.kicks(p))
