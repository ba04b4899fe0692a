"""What may be played: the rule checks behind `legal_actions()` and the refusal reasons.

A mixin of `BridgeOverState`; `legal_actions` is the benchmarks' hot path and inlines the checks
of `_main_problem` (tests/test_rules_bridge_over.py keeps the two in agreement).
"""

from __future__ import annotations

from typing import Any

from ...engine import EMPTY, Reason
from .cards import (ACCEPT, ALL_COLOURS, ALMIGHTY_BASE, AMPLIFY, CHAIN_KINDS, CHOOSE_BASE, CLEAR,
                    C_ALMIGHTY, C_DEFENCE, C_DISCARD, C_NUMBER, C_PUBLIC, C_WILD, DISCARD_BASE,
                    DRAW, ESCORT, HAUNTED, KEEP, NAME_BASE, PASS, PASS_ON_KINDS, REDRAW,
                    RELEASE_BASE, SEARCH, STOP, TAKE_BASE, TARGET_BASE, T_ESCORT, T_NO, WDD5)
from .phases import (ADD, AFTER_DRAW, A_DRAW, BOUND, CHOOSE, M_CHAIN, M_ESCORT, M_WNC, NAME,
                     RELEASING, RESETTING, RESPOND, SEARCHING, TARGET)


# Refusal reasons, with the rule of the database each applies (built once: the hot path returns
# them without allocating).
DEFENCE_ON_TURN = Reason("防御カードは攻撃を受けたときに出すか、自分の手番に捨て札にする（discards）", "defence-as-discard")
ALMIGHTY_LAST = Reason("Almighty は最後の1枚として出して上がれない", "almighty-finish")
WILD_LAST = Reason("ワイルドカードは最後の1枚として出して上がれない", "wild-last-card")
PUBLIC_LAST = Reason("公開カードは最後の1枚として出して上がれない", "public-last-card")
DISCARD_LAST = Reason("手札が1枚のときは捨て札になるカードを使えない", "discard-cards")
SEARCH_EMPTY = Reason("捨て札が1枚しかないので Search は使えない", "search-limits")
NO_MATCH = Reason("場札の色・数字・名前のどれにも合わないので出せない", "matching")
ESCORT_ALONE = Reason("Escort に続けて出せる追加カードが手札にないので出せない", "escort-follow")
ALMIGHTY_ADDITION = Reason("Almighty は追加カードにできない", "almighty-scope")
WNC_NUMBERS = Reason("Wild Number Chain に続けられるのは数字カードだけ", "additions")
WNC_FOLLOW = Reason("直前のカードと数字か色が同じ数字カードしか続けられない", "additions")
NOT_ADDITION = Reason("捨て札になるカードと公開カードは追加カードにできない", "additions")
CHAIN_COLOUR = Reason("Chain には同じ色の1色のカード（ワイルドと2色のカード以外）だけ追加できる", "chain-additions")
ESCORT_ADDITION = Reason("Escort の追加カードは同じ色のカードか別の Escort だけ", "additions")
BOUND_ACCEPTS = Reason("Bind で縛られているので防御も受け流しもできず、攻撃を受け入れるしかない", "attacks")
BIND_NO_PASS = Reason("Bind の攻撃は受け流せない", "attacks")
WILD_DRAW_NO_PASS = Reason("Wild Draw 3 と Wild Direct Draw 5 の攻撃は受け流せない", "wild-draw-no-pass-on")
HAUNTED_ALMIGHTY = Reason("防御上がりでは Almighty を Haunted Shield として使えない", "defensive-finish")
UNDER_ATTACK = Reason("攻撃を受けている間は、受け入れる・受け流す・防御カードを出すのどれかしかできない", "attack-timing")

class Legality:
    """Legal actions and the checks they are made of."""

    game: Any
    zones: Any
    turns: Any

    def _matches(self, inst: int) -> bool:
        """Same colour as the colour in force, or the same number or name as the top card."""
        f = self.game.f
        return bool(f.mask[inst] >> self.colour & 1) or f.key[inst] == self.top_key

    def _escort_ok(self, cards: list[int], mask: int) -> bool:
        """Whether some card of `cards` can follow an Escort of colours `mask` (recursively for
        Escort after Escort), keeping the last-card rules."""
        f = self.game.f
        last = len(cards) == 1
        for c in cards:
            cat = f.cat[c]
            if cat in (C_DEFENCE, C_DISCARD, C_PUBLIC, C_ALMIGHTY):
                continue
            kind = f.kind[c]
            if not (f.mask[c] & mask or kind == ESCORT):
                continue
            if last and (cat == C_WILD or kind == ESCORT):
                continue
            if kind == ESCORT:
                if self._escort_ok([x for x in cards if x != c], f.mask[c]):
                    return True
                continue
            return True
        return False

    def _without(self, p: int, inst: int) -> list[int]:
        return [c for c in self.hand(p) if c != inst]

    # --- what may be played -----------------------------------------------------------------

    def _main_problem(self, p: int, inst: int, kind: int, alm: bool) -> str | None:
        """Why the turn player may not play `inst` (as `kind`) as the turn's card, or None."""
        f = self.game.f
        n = len(self.zones.piles[self.game.HAND[p]])
        cat = f.kinds[kind][0] if alm else f.cat[inst]
        if cat == C_DEFENCE:
            return DEFENCE_ON_TURN
        if n == 1:
            if alm:
                return ALMIGHTY_LAST
            if cat == C_WILD:
                return WILD_LAST
            if cat == C_PUBLIC:
                return PUBLIC_LAST
        if cat == C_DISCARD:
            if n == 1:
                return DISCARD_LAST
            if kind == SEARCH and len(self.zones.piles[self.game.DISCARD]) < 2:
                return SEARCH_EMPTY
            return None
        if not alm and cat not in (C_WILD, C_PUBLIC) and not self._matches(inst):
            return NO_MATCH
        if kind == ESCORT:
            mask = ALL_COLOURS if alm else f.mask[inst]
            if not self._escort_ok(self._without(p, inst), mask):
                return ESCORT_ALONE
        return None

    def _add_problems(self, p: int) -> list[tuple[int, str | None]]:
        """Each card in the hand with why it may not be added in the current addition mode
        (None: it may): one loop serves both the additions offered and the refusal of one."""
        f = self.game.f
        cats, kinds, masks = f.cat, f.kind, f.mask
        hand = self.zones.piles[self.game.HAND[p]]
        mode, colour, add_mask = self.mode, self.colour, self.add_mask
        found: list[tuple[int, str | None]] = []
        for c in hand:
            cat, kind = cats[c], kinds[c]
            if cat == C_ALMIGHTY:
                why = ALMIGHTY_ADDITION
            elif mode == M_WNC:
                if cat != C_NUMBER:
                    why = WNC_NUMBERS
                elif masks[c] >> colour & 1 or f.rank[c] == self.top_rank:
                    why = None
                else:
                    why = WNC_FOLLOW
            elif cat == C_DEFENCE or cat == C_DISCARD or cat == C_PUBLIC:
                why = NOT_ADDITION
            elif mode == M_CHAIN and (kind not in CHAIN_KINDS or masks[c] != add_mask):
                why = CHAIN_COLOUR
            elif mode == M_ESCORT and not (masks[c] & add_mask or kind == ESCORT):
                why = ESCORT_ADDITION
            elif cat == C_WILD and len(hand) == 1:
                why = WILD_LAST
            elif kind == ESCORT and not self._escort_ok([x for x in hand if x != c], masks[c]):
                why = ESCORT_ALONE
            else:
                why = None
            found.append((c, why))
        return found

    def _answer_problem(self, p: int, inst: int, kind: int, alm: bool) -> str | None:
        """Why the attacked player may not answer with `inst` (as `kind`), or None."""
        f = self.game.f
        if self.bound[p]:
            return BOUND_ACCEPTS
        cat = f.kinds[kind][0] if alm else f.cat[inst]
        last = alm and len(self.hand(p)) == 1   # Almighty as the last card
        if kind in PASS_ON_KINDS:
            if self.atk != A_DRAW:
                return BIND_NO_PASS
            if not self.atk_pass:
                return WILD_DRAW_NO_PASS
            if last:
                return ALMIGHTY_LAST
            return None
        if cat == C_DEFENCE:
            if last and kind == HAUNTED:
                return HAUNTED_ALMIGHTY
            return None
        return UNDER_ATTACK

    # --- legal actions ----------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """The hot path of every benchmark: a turn's card, draw and pass (four decisions in
        five) are worked out here with the tests of `_main_problem` inlined; the other phases'
        by `ASKED`. Whether a number or action card follows the top comes from the
        shared `Facts.turn_table` of the colour and top card in force: one read per card."""
        phase = self.phase
        if phase > AFTER_DRAW:
            return ASKED[phase](self, self.turns.current)
        p = self.turns.current
        g = self.game
        f = g.f
        table = f.turn_tables[self.colour].get(self.top_key) \
            or f.turn_table(self.colour, self.top_key)
        hand = self.zones.piles[g.HAND[p]]
        acts: list[int] = []
        playable = False
        alm = EMPTY
        for c in hand:
            a = table[c]
            if a >= 0:   # a number or action card that follows the top
                acts.append(a)
                playable = True
            elif a == T_NO:
                continue
            elif a == T_ESCORT:
                if self._escort_ok([x for x in hand if x != c], f.mask[c]):
                    acts.append(c)
                    playable = True
            else:   # wild, defence, discard, public and Almighty cards (T_OTHER)
                cat = f.cat[c]
                if cat == C_ALMIGHTY:
                    alm = c
                elif cat == C_DEFENCE:
                    if len(hand) > 1:   # a discard on one's own turn (ruling defence-as-discard)
                        acts.append(DISCARD_BASE + c)
                elif self._main_problem(p, c, f.kind[c], False) is None:
                    acts.append(c)
        if alm != EMPTY:
            for k in f.almighty_kinds:
                if self._main_problem(p, alm, k, True) is None:
                    acts.append(ALMIGHTY_BASE + k)
        if self.zones.piles[g.PUBLIC[p]]:
            acts += [RELEASE_BASE + c for c in self._releasable(p)]
        if phase == AFTER_DRAW:
            acts.append(PASS)
        elif not playable:   # ruling draw-turn: draw only with no number or action card to play
            # `can_draw()` inlined
            piles = self.zones.piles
            acts.append(DRAW if piles[g.DECK] or len(piles[g.DISCARD]) > 1 else PASS)
        return acts

    def _add_actions(self, p: int) -> list[int]:
        """The additions `_add_problems` lets through, then `stops` unless an Escort waits."""
        acts = [c for c, why in self._add_problems(p) if why is None]
        return acts if self.mode == M_ESCORT else acts + [STOP]

    def _respond_actions(self, p: int) -> list[int]:
        """Accepting, then the answers `_answer_problem` lets through: a card as itself, or
        Almighty as each kind it may stand for."""
        f = self.game.f
        acts = [ACCEPT]
        for c in self.zones.piles[self.game.HAND[p]]:
            cat, kind = f.cat[c], f.kind[c]
            if cat == C_ALMIGHTY:
                acts += [ALMIGHTY_BASE + k for k in f.almighty_kinds
                         if self._answer_problem(p, c, k, True) is None]
            elif kind in PASS_ON_KINDS or cat == C_DEFENCE:   # no other card answers
                if self._answer_problem(p, c, kind, False) is None:
                    acts.append(c)
        return acts

    def _choices(self, p: int) -> list[int]:
        if self.cur_kind == WDD5 and self.players == 2:
            return [CHOOSE_BASE + 1, CHOOSE_BASE + 2]   # ruling two-player-reverse
        return [CHOOSE_BASE, CHOOSE_BASE + 1, CHOOSE_BASE + 2]

    def _releasable(self, p: int) -> list[int]:
        kind = self.game.f.kind
        return [c for c in self.zones.piles[self.game.PUBLIC[p]] if kind[c] in (CLEAR, AMPLIFY)]

    def _searchable(self) -> list[int]:
        pile = self.zones.piles[self.game.DISCARD]
        return [c for c in pile[:-1] if c != self.cur]

    def _names(self, p: int) -> list[int]:
        """The colours the resolved card may name: its own, any for Almighty (one an addition
        can follow, for Almighty as Escort)."""
        if not self.cur_alm:
            mask = self.game.f.mask[self.cur]
        elif self.cur_kind == ESCORT:
            rest = self._without(p, EMPTY)
            return [NAME_BASE + i for i in range(4) if self._escort_ok(rest, 1 << i)]
        else:
            mask = ALL_COLOURS
        return [NAME_BASE + i for i in range(4) if mask >> i & 1]

    def _almighty(self, p: int) -> int:
        f = self.game.f
        return next((c for c in self.hand(p) if f.cat[c] == C_ALMIGHTY), EMPTY)


#: What each phase but a turn's offers (`legal_actions` works a turn's out itself).
ASKED = {
    RESPOND: Legality._respond_actions,
    NAME: Legality._names,
    CHOOSE: Legality._choices,
    TARGET: lambda s, p: [TARGET_BASE + q for q in range(s.players) if q != p],
    ADD: Legality._add_actions,
    RESETTING: lambda s, p: [REDRAW, KEEP],
    SEARCHING: lambda s, p: [TAKE_BASE + c for c in s._searchable()],
    RELEASING: lambda s, p: [RELEASE_BASE + c for c in s._releasable(p)] + [STOP],
    BOUND: lambda s, p: [DRAW],
}
