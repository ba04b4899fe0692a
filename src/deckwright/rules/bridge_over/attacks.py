"""Attacks and their answers: draw attacks, Bind, pass-on, defence cards, All Draw 1.

An attack is answered at the start of the attacked player's turn (ruling attack-timing): the
attacked player is the turn player in the phase RESPOND.
"""

from __future__ import annotations

from typing import Any

from ...engine import EMPTY
from .cards import ACCEPT, ADO, ALMIGHTY_BASE, BIND, PASS_ON_KINDS, SHOT, WDD5
from .phases import A_BIND, A_DRAW, A_NONE, BOUND, M_NONE, REVERSING, SKIPPING


class Attacks:
    """Starting, answering, moving and ending attacks; Bind's turns; All Draw 1."""

    game: Any
    zones: Any
    turns: Any

    def _draw_attack(self, p: int, kind: int) -> None:
        turns = self.turns
        n = self.game.f.kinds[kind][1] + self.amp(p)
        if self.passing:
            n += self.atk_n
            self.passing = False
        if kind == SHOT:
            target = self.pick
        elif kind == WDD5:
            if self.choice == REVERSING:
                self._order(REVERSING)
            target = turns.following(p)
            if self.choice == SKIPPING:
                if self.log.on:
                    self.log.add("skip", p=target)
                target = turns.following(target)
        else:
            target = turns.following(p)
        self._start_attack(target, A_DRAW, n, kind in PASS_ON_KINDS, p, EMPTY)

    # --- attacks ------------------------------------------------------------------------------

    def _start_attack(self, target: int, kind: int, n: int, passable: bool, src: int,
                      card: int) -> None:
        self.atk, self.atk_n, self.atk_pass = kind, n, passable
        self.atk_from, self.atk_card = src, card
        self.mode = M_NONE
        if self.log.on:
            if kind == A_BIND:
                self.log.add("bind-attack", p=target)
            else:
                self.log.add("attack", p=target, n=n)
        self._end_turn(to=target)   # the target answers on their own turn

    def _answer(self, p: int, action: int) -> None:
        f = self.game.f
        if action == ACCEPT:
            self._accept(p)
            return
        alm = action >= ALMIGHTY_BASE
        inst = self._almighty(p) if alm else action
        kind = action - ALMIGHTY_BASE if alm else f.kind[inst]
        if alm and self.log.on:
            self.log.add("as", p=p, what=f.kind_label[kind])
        self.passing = kind in PASS_ON_KINDS
        if self.log.on:
            self.log.add("pass-on" if self.passing else "defend", p=p, card=inst,
                         seen_by=range(self.players))
        self._play(p, inst, kind, alm, defence=not self.passing)

    def _accept(self, p: int) -> None:
        if self.log.on:
            self.log.add("accept", p=p)
        if self.atk == A_BIND:
            g = self.game
            kind = g.f.kind
            for c in list(self.zones.piles[g.PUBLIC[p]]):
                if kind[c] == BIND and c != self.atk_card:   # ruling bind-replaced
                    self._under_top(c)
            self.atk = A_NONE
            self.bound[p] = 2
            if self.log.on:
                self.log.add("bound", p=p, n=2)
            self.phase = BOUND       # this turn is the first bound turn (ruling bind-turn-count)
            return
        n = self.atk_n + self.amp(p)
        self.atk = A_NONE
        self.draw(p, n)
        self._count_bound(p)
        self._end_turn()

    def _nullify(self, p: int) -> None:
        if self.atk == A_BIND:
            self._under_top(self.atk_card)
        self.atk = A_NONE
        if self.log.on:
            self.log.add("nullify")

    def _redirect(self, p: int, target: int) -> None:
        if self.atk == A_DRAW:
            self.atk_n += self.amp(p)   # ruling amplify-carry
        else:
            self.zones.move(self.atk_card, self.game.PUBLIC[target])
        if self.log.on:
            self.log.add("redirect", p=target)
        self._start_attack(target, self.atk, self.atk_n, self.atk_pass, p, self.atk_card)

    def _count_bound(self, p: int) -> None:
        if not self.bound[p]:
            return
        self.bound[p] -= 1
        if self.bound[p]:
            return
        g = self.game
        for c in list(self.zones.piles[g.PUBLIC[p]]):
            if g.f.kind[c] == BIND:
                self._under_top(c)
        if self.log.on:
            self.log.add("unbind", p=p)

    def _all_draw_1(self, p: int) -> None:
        g = self.game
        kind = g.f.kind
        for q in range(self.players):
            for c in list(self.zones.piles[g.PUBLIC[q]]):
                if kind[c] != ADO:
                    continue
                if q == p:   # ruling all-draw-1-removal
                    self.zones.move(c, g.DISCARD, bottom=True)
                    if self.log.on:
                        self.log.add("all-draw-off", p=p, card=c, seen_by=range(self.players))
                else:
                    n = 1 + self.amp(q) + self.amp(p)
                    drawn = self.draw(p, n, say=False)
                    if self.log.on:
                        self.log.add("all-draw", p=p, n=drawn)
