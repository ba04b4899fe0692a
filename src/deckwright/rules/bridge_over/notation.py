"""bridge-over's readable notation (see the package docstring), as data, and its refusal reasons.

`NOTATION` declares every decision's step; `Refusals`, a mixin of `BridgeOverState`, names the
rule that refuses a decision, in Japanese.
"""

from __future__ import annotations

from typing import Any

from ...engine import EMPTY, Reason
from ...engine.notation import (Kind, Notation, Verb, bare, card, coded, colour, indexed,
                                player)
from .phases import ADD, AFTER_DRAW, BOUND, CHOOSE, NAME, PHASES, RESPOND, SEARCHING, TARGET, TURN
from .cards import (ALMIGHTY, ALMIGHTY_BASE, C_DEFENCE, CHOICES, CHOOSE_BASE, COLOURS,
                    DISCARD_BASE, DRAW, KINDS, NAME_BASE, PASS, RELEASE_BASE, STOP, TAKE_BASE,
                    TARGET_BASE, VERBS)


def _almighty(state: Any, value: Any) -> str:
    """The Almighty card the deciding player would play (its word is not read: it is the one
    in the hand)."""
    alm = state._almighty(state.current_player())
    return state.game.catalogue.ref(alm) if alm != EMPTY else "almighty"


#: `plays almighty as skip`: the card word is the player's Almighty, whatever it says
ALMIGHTY_WORD = Kind.word("card", lambda s, p, word: word, _almighty)

NOTATION = Notation(
    *(bare(word, code) for code, word in VERBS.items()),
    coded("plays {card}", 0, DISCARD_BASE, card=card("hand")),
    Verb("plays {card} as {kind}", make=lambda s, p, word, kind: ALMIGHTY_BASE + kind,
         split=lambda a: ((None, a - ALMIGHTY_BASE) if ALMIGHTY_BASE <= a < NAME_BASE
                          else None),
         card=ALMIGHTY_WORD, kind=indexed(*KINDS, name="kind")),
    coded("discards {card}", DISCARD_BASE, ALMIGHTY_BASE, card=card("hand")),
    coded("names {colour}", NAME_BASE, CHOOSE_BASE, colour=colour(*COLOURS)),
    coded("chooses {choice}", CHOOSE_BASE, TARGET_BASE, choice=indexed(*CHOICES)),
    coded("targets {who}", TARGET_BASE, TAKE_BASE, who=player()),
    coded("takes {card}", TAKE_BASE, RELEASE_BASE, card=card("discard")),
    coded("releases {card}", RELEASE_BASE, 1 << 30, card=card("public")),
)

NOT_YOURS = "{card} は {p} の手札にない"
# reasons given from more than one place, or inside a longer expression
NO_SELF_ATTACK = Reason("2人のときの Wild Direct Draw 5 では、自分を攻撃することになる「とばす」は選べない", "two-player-reverse")
DISCARD_DEFENCE = Reason("手番に捨て札にできるのは防御カードだけ（ほかは plays）", "defence-as-discard")
DISCARD_LAST = Reason("手札が1枚のときは防御カードを捨て札にできない", "defence-as-discard")
DRAW_ONCE = Reason("山札から引けるのは1手番に1回だけ", "draw-turn")
DRAW_PLAYABLE = Reason("場札に合う数字カードかアクションカードがあるときは山札から引けない", "draw-turn")
DRAW_NOTHING = Reason("山札も切り直す捨て札もないので引けない（passes）", "empty-deck")
PASS_EARLY = Reason("カードを出すか、出せないなら山札から1枚引いてからでないと手番を終えられない", "draw-turn")


class Refusals:
    """Refusal reasons, mixed into the state class: a phase's own (`REFUSE`), else what the
    phase asks (its `PHASES` declaration)."""

    game: Any
    zones: Any
    turns: Any
    cur: int

    def why_illegal(self, action: int) -> str:
        s: Any = self
        p = s.turns.current
        if s.phase == BOUND:   # before any other reason: a bound player only draws
            return Reason("Bind で縛られているので、カードを出せず山札から1枚引くことしかできない", "attacks")
        if 0 <= action < DISCARD_BASE and action not in s.hand(p):
            return self._not_yours(p, action)
        refuse = REFUSE.get(s.phase)
        return (refuse is not None and refuse(s, p, action)) or PHASES.refusal(s.phase)

    def _not_yours(self, p: int, inst: int) -> str:
        s: Any = self
        return Reason(NOT_YOURS.format(card=self.game.catalogue.ref(inst), p=s.player_name(p)),
                      "not-in-hand")

    def _as_almighty(self, p: int, action: int, problem: Any) -> str | None:
        """Why the player's Almighty may not stand for the kind `action` names, by `problem`
        (the turn's or an answer's rules)."""
        s: Any = self
        alm = s._almighty(p)
        if alm == EMPTY:
            return Reason("Almighty を持っていない", "not-in-hand")
        if action - ALMIGHTY_BASE not in self.game.f.almighty_kinds:
            return Reason("Almighty は数字カード・公開カード・この版にないカードの代わりにはならない", "almighty-scope")
        return problem(p, alm, action - ALMIGHTY_BASE, True)

    def _answer_refusal(self, p: int, action: int) -> str | None:
        s: Any = self
        if 0 <= action < DISCARD_BASE:
            return s._answer_problem(p, action, self.game.f.kind[action], False)
        if ALMIGHTY_BASE <= action < NAME_BASE:
            return self._as_almighty(p, action, s._answer_problem)
        return Reason("Bind で縛られているので攻撃を受け入れるしかない", "attacks") if s.bound[p] else None

    def _add_refusal(self, p: int, action: int) -> str | None:
        s: Any = self
        if 0 <= action < DISCARD_BASE:
            return dict(s._add_problems(p))[action]   # a card in the hand
        return Reason("Escort のあとには追加カードを必ず1枚出す", "escort-follow") if action == STOP else None

    def _take_refusal(self, p: int, action: int) -> str | None:
        if not TAKE_BASE <= action < RELEASE_BASE:
            return None
        inst = action - TAKE_BASE
        pile = self.zones.piles[self.game.DISCARD]
        if pile and inst == pile[-1]:
            return Reason("場札は Search で選べない", "search-limits")
        if inst == self.cur:
            return Reason("Search 自身は選べない", "search-limits")
        return Reason("捨て札にないカードは選べない", "search-limits")

    def _turn_refusal(self, p: int, action: int, drew: bool = False) -> str | None:
        s: Any = self
        f = self.game.f
        if 0 <= action < DISCARD_BASE:
            if f.kind[action] == ALMIGHTY:
                return Reason("Almighty は何として使うかを 'as KIND' で宣言して出す", "almighty-scope")
            return s._main_problem(p, action, f.kind[action], False)
        if DISCARD_BASE <= action < ALMIGHTY_BASE:
            inst = action - DISCARD_BASE
            if inst not in s.hand(p):
                return self._not_yours(p, inst)
            return DISCARD_DEFENCE if f.cat[inst] != C_DEFENCE else DISCARD_LAST
        if ALMIGHTY_BASE <= action < NAME_BASE:
            return self._as_almighty(p, action, s._main_problem)
        if RELEASE_BASE <= action:
            return Reason("解除できるのは自分の前にある Clear と Amplify だけ", "release")
        if action == DRAW:
            return DRAW_ONCE if drew else DRAW_PLAYABLE if s.can_draw() else DRAW_NOTHING
        return PASS_EARLY if action == PASS else None


#: Each phase's own refusals (None: what the phase asks, from its `PHASES` declaration).
REFUSE = {
    TURN: Refusals._turn_refusal,
    AFTER_DRAW: lambda s, p, a: s._turn_refusal(p, a, drew=True),
    RESPOND: Refusals._answer_refusal,
    NAME: lambda s, p, a: Reason("その色は選べない", "effects") if NAME_BASE <= a < CHOOSE_BASE else None,
    CHOOSE: lambda s, p, a: NO_SELF_ATTACK if a == CHOOSE_BASE else None,
    TARGET: lambda s, p, a: Reason("自分は指名できない", "effects") if a == TARGET_BASE + p else None,
    ADD: Refusals._add_refusal,
    SEARCHING: Refusals._take_refusal,
}
