"""超ページワン (super-page-one): American Page One with effects on every rank and special wins.

Its steps (`pN plays CARD`, `pN echoes CARD`, `pN dobon`, ...; `NOTATION` in actions.py), the
example setup's `zone` and the expectation keys of its own (`zone`, `zone_size`, `pending_draw`,
`revealed`, `finished`: the order players went out, `winner` the first of them) are documented
for designers at the head of `cards/super-page-one.yaml`. The field is the `discard` pile (its
top is the card to match); `zone` is the discard zone of J, Q and the 10, apart from the field;
`aside` holds the hands of players who won by Dobon or Revolution (reshuffled with the rest,
Q&A 4).

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
        #: pile -> the seat whose hand it is, or -1 (the hand is the only zone a seat owns)
        self.hand_owner = tuple(-1 if seat is None else seat
                                for seat in self.layout(self.facts.max_players).owner)
        shape = self.hand_shape = HandShape(rank, suit, self.effect, self.blocks_dobon,
                                            self.revo_key)
        #: per card: the tally field of the Qs that may echo its effect, and of the Js that
        #: may cancel it (0: no card may)
        self.echo_mask = tuple(shape.echo_f.get(suit[i], 0) if self.echoable[i] and suit[i] else 0
                               for i in range(n))
        self.cancel_mask = tuple(shape.cancel_f if self.cancelable[i] else 0 for i in range(n))


register(SuperPageOne)
