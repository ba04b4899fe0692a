"""bridge-over's readable notation (see the package docstring) and its refusal reasons.

A mixin of `BridgeOverState`: `action_to_string` and `parse_action` round-trip for every legal
action; `why_illegal` names the rule that refuses a decision, in Japanese.
"""

from __future__ import annotations

from typing import Any

from ...engine import EMPTY, Reason
from ...engine.state import NotationError
from .phases import PHASES
from .cards import (ALMIGHTY, ALMIGHTY_BASE, C_DEFENCE, CHOICES, CHOOSE_BASE, COLOURS,
                    DISCARD_BASE, DRAW, KIND_OF, KINDS, NAME_BASE, PASS, RELEASE_BASE, STOP,
                    TAKE_BASE, TARGET_BASE, VERB_CODES, VERBS)

# what each phase asks for, for refusals that are about the phase rather than the card
_PROMPT = {
    "turn": "カードを出すか山札から引く",
    "after-draw": "カードを出すか手番を終える（passes）",
    "respond": "攻撃に答える",
    "name": "色を決める（names）",
    "choose": "skip / reverse / onward を選ぶ（chooses）",
    "target": "次のプレイヤーを指名する（targets）",
    "add": "追加カードを出す（または stops）",
    "reset": "引き直すか（redraws）やめるか（keeps）を選ぶ",
    "search": "捨て札から取るカードを選ぶ（takes）",
    "release": "さらに解除するか終える（stops）",
    "bound": "Bind で縛られているので山札から1枚引く",
}


class Notation:
    """Formatting, parsing and refusal reasons; mixed into the state class."""

    game: Any
    zones: Any
    turns: Any

    def kind_name(self, kind: int) -> str:
        return KINDS[kind]

    def card_label(self, inst: int) -> str:
        """The log's and the views' name of a card (the notation uses references instead)."""
        return self.game.f.label[inst]

    # --- action -> text ---------------------------------------------------------------------

    def action_to_string(self, action: int) -> str:
        who = self.player_name(self.current_player())  # type: ignore[attr-defined]
        ref = self.game.catalogue.ref
        if action < 0:
            return f"{who} {VERBS[action]}"
        if action < DISCARD_BASE:
            return f"{who} plays {ref(action)}"
        if action < ALMIGHTY_BASE:
            return f"{who} discards {ref(action - DISCARD_BASE)}"
        if action < NAME_BASE:
            alm = self._almighty(self.current_player())  # type: ignore[attr-defined]
            name = ref(alm) if alm != EMPTY else "almighty"
            return f"{who} plays {name} as {KINDS[action - ALMIGHTY_BASE]}"
        if action < CHOOSE_BASE:
            return f"{who} names {COLOURS[action - NAME_BASE]}"
        if action < TARGET_BASE:
            return f"{who} chooses {CHOICES[action - CHOOSE_BASE]}"
        if action < TAKE_BASE:
            return f"{who} targets {self.player_name(action - TARGET_BASE)}"  # type: ignore[attr-defined]
        if action < RELEASE_BASE:
            return f"{who} takes {ref(action - TAKE_BASE)}"
        return f"{who} releases {ref(action - RELEASE_BASE)}"

    # --- text -> action ---------------------------------------------------------------------

    def parse_action(self, text: str) -> tuple[int, int]:
        words = text.split()
        if len(words) < 2:
            raise NotationError(f"expected 'pN <verb> ...', got {text!r}")
        p = self.parse_player(words[0])  # type: ignore[attr-defined]
        verb, rest = words[1], words[2:]
        g = self.game
        find = self.find_card  # type: ignore[attr-defined]
        if verb in VERB_CODES and not rest:
            return p, VERB_CODES[verb]
        if verb == "plays" and len(rest) == 3 and rest[1] == "as":
            if rest[2] not in KIND_OF:
                raise NotationError(f"unknown card kind {rest[2]!r} (kinds: {', '.join(KINDS)})")
            return p, ALMIGHTY_BASE + KIND_OF[rest[2]]
        if len(rest) == 1:
            arg = rest[0]
            if verb == "plays":
                return p, find(arg, g.HAND[p])
            if verb == "discards":
                return p, DISCARD_BASE + find(arg, g.HAND[p])
            if verb == "names":
                return p, NAME_BASE + self._colour_index(arg)
            if verb == "chooses" and arg in CHOICES:
                return p, CHOOSE_BASE + CHOICES.index(arg)
            if verb == "targets":
                return p, TARGET_BASE + self.parse_player(arg)  # type: ignore[attr-defined]
            if verb == "takes":
                return p, TAKE_BASE + find(arg, g.DISCARD)
            if verb == "releases":
                return p, RELEASE_BASE + find(arg, g.PUBLIC[p])
        raise NotationError(
            f"{text!r}: expected one of 'pN plays CARD [as KIND]', 'pN discards CARD', "
            "'pN names COLOUR', 'pN chooses skip|reverse|onward', 'pN targets pM', "
            "'pN takes CARD', 'pN releases CARD', or pN " + "|".join(VERB_CODES))

    def _colour_index(self, word: str) -> int:
        if word in COLOURS:
            return COLOURS.index(word)
        palette = self.game.data.db.game.palette
        for i, key in enumerate(COLOURS):
            if palette[key].name == word:
                return i
        raise NotationError(f"unknown colour {word!r} (colours: {', '.join(COLOURS)})")

    # --- refusals ---------------------------------------------------------------------------

    def why_illegal(self, action: int) -> str:
        s: Any = self
        p = s.turns.current
        phase = PHASES[s.phase]
        f = self.game.f
        hand = s.hand(p)
        prompt = Reason(f"いまは{_PROMPT[phase]}ところ", "turn")
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
