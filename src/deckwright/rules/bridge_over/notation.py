"""bridge-over's readable notation (see the package docstring), as data, and its refusal reasons.

`NOTATION` declares every decision's step; `Refusals`, a mixin of `BridgeOverState`, names the
rule that refuses a decision, in Japanese.
"""

from __future__ import annotations

from typing import Any

from ...engine import EMPTY, Reason
from ...engine.notation import (Kind, Notation, Verb, bare, card, coded, colour, indexed,
                                player)
from .phases import PHASES
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

class Refusals:
    """Refusal reasons, mixed into the state class."""

    game: Any
    zones: Any
    turns: Any

    def kind_name(self, kind: int) -> str:
        return KINDS[kind]

    # --- refusals ---------------------------------------------------------------------------

    def why_illegal(self, action: int) -> str:
        s: Any = self
        p = s.turns.current
        phase = PHASES[s.phase].name
        f = self.game.f
        hand = s.hand(p)
        prompt = PHASES.refusal(s.phase)
        if phase == "bound":
            return Reason("Bind で縛られているので、カードを出せず山札から1枚引くことしかできない", "attacks")
        if 0 <= action < DISCARD_BASE and action not in hand:
            return Reason(f"{self.game.catalogue.ref(action)} は {s.player_name(p)} の手札にない", "not-in-hand")
        if phase == "respond":
            if action >= 0 and action < DISCARD_BASE:
                return s._answer_problem(p, action, f.kind[action], False) or prompt
            if ALMIGHTY_BASE <= action < NAME_BASE:
                alm = s._almighty(p)
                if alm == EMPTY:
                    return Reason("Almighty を持っていない", "not-in-hand")
                if action - ALMIGHTY_BASE not in f.almighty_kinds:
                    return Reason("Almighty は数字カード・公開カード・この版にないカードの代わりにはならない", "almighty-scope")
                return s._answer_problem(p, alm, action - ALMIGHTY_BASE, True) or prompt
            if s.bound[p]:
                return Reason("Bind で縛られているので攻撃を受け入れるしかない", "attacks")
            return prompt
        if phase in ("turn", "after-draw"):
            return self._turn_refusal(s, p, action, phase) or prompt
        if phase == "add":
            if 0 <= action < DISCARD_BASE:
                return s._add_problem(p, action) or prompt
            if action == STOP:
                return Reason("Escort のあとには追加カードを必ず1枚出す", "escort-follow")
            return prompt
        if phase == "search" and TAKE_BASE <= action < RELEASE_BASE:
            inst = action - TAKE_BASE
            pile = self.zones.piles[self.game.DISCARD]
            if pile and inst == pile[-1]:
                return Reason("場札は Search で選べない", "search-limits")
            if inst == s.cur:
                return Reason("Search 自身は選べない", "search-limits")
            return Reason("捨て札にないカードは選べない", "search-limits")
        if phase == "target" and action == TARGET_BASE + p:
            return Reason("自分は指名できない", "effects")
        if phase == "choose" and action == CHOOSE_BASE:
            return Reason("2人のときの Wild Direct Draw 5 では、自分を攻撃することになる「とばす」は選べない", "two-player-reverse")
        if phase == "name" and NAME_BASE <= action < CHOOSE_BASE:
            return Reason("その色は選べない", "effects")
        return prompt

    def _turn_refusal(self, s: Any, p: int, action: int, phase: str) -> str | None:
        f = self.game.f
        if 0 <= action < DISCARD_BASE:
            if f.kind[action] == ALMIGHTY:
                return Reason("Almighty は何として使うかを 'as KIND' で宣言して出す", "almighty-scope")
            return s._main_problem(p, action, f.kind[action], False)
        if DISCARD_BASE <= action < ALMIGHTY_BASE:
            inst = action - DISCARD_BASE
            if inst not in s.hand(p):
                return Reason(f"{self.game.catalogue.ref(inst)} は {s.player_name(p)} の手札にない", "not-in-hand")
            if f.cat[inst] != C_DEFENCE:
                return Reason("手番に捨て札にできるのは防御カードだけ（ほかは plays）", "defence-as-discard")
            return Reason("手札が1枚のときは防御カードを捨て札にできない", "defence-as-discard")
        if ALMIGHTY_BASE <= action < NAME_BASE:
            alm = s._almighty(p)
            if alm == EMPTY:
                return Reason("Almighty を持っていない", "not-in-hand")
            kind = action - ALMIGHTY_BASE
            if kind not in f.almighty_kinds:
                return Reason("Almighty は数字カード・公開カード・この版にないカードの代わりにはならない", "almighty-scope")
            return s._main_problem(p, alm, kind, True)
        if RELEASE_BASE <= action:
            return Reason("解除できるのは自分の前にある Clear と Amplify だけ", "release")
        if action == DRAW:
            if phase == "after-draw":
                return Reason("山札から引けるのは1手番に1回だけ", "draw-turn")
            if s.can_draw():
                return Reason("場札に合う数字カードかアクションカードがあるときは山札から引けない", "draw-turn")
            return Reason("山札も切り直す捨て札もないので引けない（passes）", "empty-deck")
        if action == PASS:
            return Reason("カードを出すか、出せないなら山札から1枚引いてからでないと手番を終えられない", "draw-turn")
        return None
