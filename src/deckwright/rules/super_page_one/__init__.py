"""超ページワン (super-page-one): American Page One with effects on every rank and special wins.

The notation of its examples (`cards/super-page-one.yaml` documents it for designers too):

    pN plays CARD      play from the hand (or the card just drawn); under a 2-draw, stack a 2
    pN draws           draw one card; under a 2-draw, draw the whole pile-up and end the turn
    pN keeps           keep the playable card just drawn and end the turn
    pN targets pM      activate a played 7 and name who receives (Q&A 1: before any J or Q)
    pN activates       activate a played 10
    pN declines        do not activate a played 7 / 10
    pN gives CARD      one card of an activated 7 to its target
    pN discards CARD   one card of an activated 10 to the discard zone
    pN echoes CARD     Q echo from the hand (doubles the effect of a card of the Q's suit)
    pN cancels CARD    J cancel from the hand (the whole effect, stacked or echoed)
    pN kicks CARD      reveal a K: take the top card of the field
    pN dobon           declare Dobon (hand total = number of the top card, no joker in hand)
    pN revolution      declare Revolution (four of a number; jokers fill in)
    pN passes          let a response or reaction chance go

Zones: `deck`, `hand` per player, `discard` (the field: cards are played onto it, its top is the
card to match), `zone` (the discard zone of J, Q and the 10, apart from the field) and `aside`
(the hands of players who won by Dobon or Revolution, reshuffled with the rest, Q&A 4).
Example setup adds `zone: [...]`; expectations add `zone`, `zone_size`, `pending_draw`,
`revealed` and `finished` (the order players went out; `winner` is the first of them).

Timing (Q&A 3 and the project's rulings): an activated effect opens the Q echo window, then the
J cancel window; a J opens a J window against it, and when a J is cancelled the effect lives
again and its Q window returns once. After anything settles, players who could declare Dobon or
Revolution, or kick back a top card that changed, are asked in play order from the next player,
the turn player last; only players who can answer are ever asked.
"""

from __future__ import annotations

from ...engine import Game, GameFacts, ZoneSpec
from .. import register
from . import cards as facts
from .actions import KICK, PLAY
from .state import SuperPageOneState
from .tally import HandShape

FACTS = GameFacts(
    game_id="super-page-one",
    min_players=2,
    max_players=6,
    zones=(ZoneSpec("deck", visibility="hidden"),
           ZoneSpec("hand", per_player=True, visibility="owner"),
           ZoneSpec("discard", visibility="top"),
           ZoneSpec("zone", visibility="public", key="zone"),
           ZoneSpec("aside", visibility="public")),
    max_decisions=20000,
    default_players=4,
)


class SuperPageOne(Game):
    facts = FACTS
    state_class = SuperPageOneState

    def prepare(self) -> None:
        cat = self.catalogue
        self.labels = cat.column(lambda c: c.name)   # ♠9, ジョーカー (the notation keeps s-9)
        self.rank = cat.column(lambda c: int(c.rank or 0))
        self.suit = cat.column(lambda c: c.colors[0] if c.colors else "")
        self.effect = cat.column(facts.main_effect)
        self.effect_name = cat.column(facts.main_effect_name)
        self.amount = cat.column(facts.amount)
        self.optional = cat.column(lambda c: facts.flag(c, "optional"))
        self.stack = cat.column(lambda c: facts.main_effect(c) == "draw" and facts.flag(c, "stack"))
        self.cancelable = cat.column(lambda c: facts.flag(c, "cancelable"))
        self.echoable = cat.column(lambda c: facts.flag(c, "echoable"))
        self.wild = cat.column(lambda c: facts.has(c, "wild"))
        self.free = cat.column(lambda c: facts.has(c, "free-next"))
        self.blocks_dobon = cat.column(lambda c: facts.has(c, "blocks-dobon"))
        self.revo_wild = cat.column(lambda c: facts.has(c, "revolution-wild"))
        self.revo_key = tuple(-1 if w else r for w, r in zip(self.revo_wild, self.rank))
        self.FIELD = self.DISCARD   # the field: cards are played onto it
        self._prepare_hot_paths()

    def _prepare_hot_paths(self) -> None:
        """Facts the per-decision code reads instead of recomputing them: which instances may
        go on which top card, the play actions themselves, whose hand a pile is, and the
        hand tallies' shape."""
        n = len(self.catalogue)
        rank, suit, wild, free = self.rank, self.suit, self.wild, self.free
        #: matches[top][inst]: may `inst` go on `top` (no 2-draw pending)? Same number or suit;
        #: 8 and jokers anywhere; anything on a joker (ruling joker-top-free). Rows are tuples
        #: of bools, not bytes: CPython 3.11 indexes a tuple by an int in a specialised
        #: instruction and tests a bool without a call, where a byte goes through the
        #: generic subscript and truth test (this loop runs over the hand at every turn).
        self.matches = tuple(
            tuple(bool(wild[i] or free[t] or rank[i] == rank[t]
                       or (suit[i] != "" and suit[i] == suit[t])) for i in range(n))
            for t in range(n))
        self.match_any = (True,) * n   # an empty field takes anything
        self.plays = tuple((PLAY, i) for i in range(n))
        self.opens = tuple(facts.opens(e) for e in self.effect)
        self.kick_acts = tuple((KICK, i) for i in range(n))
        #: per card: 1 for a K (it kicks back), else 0; the suit a Q echoes (None: no Q)
        self.king = tuple(self.effect[i] == "kick-back" for i in range(n))
        self.echo_suit = tuple(suit[i] if self.effect[i] == "echo" and suit[i] else None
                               for i in range(n))
        #: pile -> the seat whose hand it is, or -1
        self.hand_owner = [-1] * len(self.layout(self.facts.max_players))
        for p, pile in enumerate(self.HAND):
            self.hand_owner[pile] = p
        shape = self.hand_shape = HandShape(rank, suit, self.effect, self.blocks_dobon,
                                            self.revo_key)
        #: per card: the tally field of the Qs that may echo its effect, and of the Js that
        #: may cancel it (0: no card may)
        self.echo_mask = tuple(shape.echo_f.get(suit[i], 0) if self.echoable[i] and suit[i] else 0
                               for i in range(n))
        self.cancel_mask = tuple(shape.cancel_f if self.cancelable[i] else 0 for i in range(n))


register(SuperPageOne)
