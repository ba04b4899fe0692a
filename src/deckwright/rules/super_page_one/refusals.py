"""Refusal reasons of super-page-one (a mixin of the state); its notation is in actions.py.

Out-of-turn declarations (Dobon, Revolution, J, Q, K) answer to their own condition first, so
a Dobon with a joker in hand is refused for the joker, not merely because someone else decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import EMPTY
from .actions import ANYTIME, CANCEL, DOBON, ECHO, KICK, NONE, PHASES, PLAY, REVOLUTION, Action

if TYPE_CHECKING:
    from . import SuperPageOne


class Refusals:
    game: "SuperPageOne"
    #: Refusal reasons by id (`self.reason(id, ...)`); English in english.py.
    REASONS = {
        "finished": "{p:player} はもう勝ち抜けている",
        "dobon-joker": "ジョーカーを持っているのでドボンできない",
        "dobon-no-top": "手札の合計 {total} が場の数字 なし と違うのでドボンできない",
        "dobon-total": "手札の合計 {total} が場の数字 {number} と違うのでドボンできない",
        "revolution-four": "同じ数字のカードが 4 枚そろっていない",
        "not-in-hand": "{card:card} は {p:player} の手札にない",
        "kick-back-card": "Kキックバックに使えるのは K だけ({card:card} では使えない)",
        "cancel-card": "J無効に使えるのは J だけ({card:card} では使えない)",
        "echo-card": "Qエコーに使えるのは Q だけ({card:card} では使えない)",
        "kick-revealed": "公開済みの K は、いったん手札から離れるまで使えない",
        "kick-own-card": "自分が出したカードには Kキックバックを使えない",
        "kick-last-card": "場のカードが 1 枚しかないので取れない",
        "kick-once": "場の一番上は一度 Kキックバックで取られたカードなので、もう取れない",
        "cancel-before-target": "7渡しの相手が決まる(効果が発動する)前は J無効を使えない",
        "cancel-not-wild": "8 とジョーカーの効果は J無効で打ち消せない",
        "cancel-echo-first": "Qエコーの機会が先(いまは J無効のタイミングではない)",
        "cancel-nothing": "打ち消す特殊効果がいま発動していない",
        "echo-timing": "Qエコーのタイミングではない(発動中の効果に使う機会がない)",
        "echo-suit": "Q と同じスートの効果にしか Qエコーは使えない",
        "declare-not-now": "いまはその宣言の機会ではない",
        "must-resolve": "発動した効果は最後まで処理しなければならない",
        "resolving": "いまは効果の処理中で、その決定はできない",
        "drawn-only": "引いたあとに出せるのは引いたカードだけ",
        "two-draw-pending": "2ドローを受けているので 2 を重ねるか引くしかない",
        "no-match": "{card:card} は場の {top:card} に数字もスートも合わないので出せない",
        "not-now": "いまはその決定はできない",
    }

    def out_of_turn(self, action: Action, player: int) -> str | None:
        """Out-of-turn declarations first answer to their own condition (a Dobon with a joker
        is refused for the joker, whoever is deciding now)."""
        return self._condition(action, player) if action[0] in ANYTIME else None

    def _condition(self, action: Action, p: int) -> str | None:
        g = self.game
        code, card = action
        if not self.active(p):
            return self.reason("finished", p=p)
        if code == DOBON:
            hand, top = self.hand(p), self.top()
            if any(g.blocks_dobon[c] for c in hand):
                return self.reason("dobon-joker")
            total = sum(g.rank[c] for c in hand)
            if top == EMPTY:
                return self.reason("dobon-no-top", total=total)
            if total != g.rank[top]:
                return self.reason("dobon-total", total=total, number=g.rank[top])
            return None
        if code == REVOLUTION:
            return None if self.can_revolution(p) else self.reason("revolution-four")
        if self.zones.where[card] != g.HAND[p]:
            return self.reason("not-in-hand", card=card, p=p)
        needed = {KICK: "kick-back", CANCEL: "cancel", ECHO: "echo"}[code]
        if g.effect[card] != needed:
            return self.reason(f"{needed}-card", card=card)
        if code == KICK:
            if card in self.revealed:
                return self.reason("kick-revealed")
            if self.by.get(self.top(), NONE) == p:
                return self.reason("kick-own-card")
            if len(self.zones.piles[g.FIELD]) < 2:
                return self.reason("kick-last-card")
            if self.top() in self.kicked:
                return self.reason("kick-once")
            return None
        if code == CANCEL:
            if self.is_open(CANCEL):
                return None
            timing = PHASES[self.phase].refuses.get(CANCEL)
            if timing:
                return self.reason(timing)
            top = self.top()
            if top != EMPTY and not g.cancelable[top]:
                return self.reason("cancel-not-wild")
            return self.reason("cancel-nothing")
        if not self.is_open(ECHO):   # a Q echo
            return self.reason("echo-timing")
        return None if self._echoes(card) else self.reason("echo-suit")

    def why_illegal(self, action: Action) -> str:
        g = self.game
        code, arg = action
        p = self.current_player()
        if code in ANYTIME:
            return self._condition(action, p) or self.reason("declare-not-now")
        if code == PLAY and self.is_open(PLAY) and self.zones.where[arg] != g.HAND[p]:
            return self.reason("not-in-hand", card=arg, p=p)
        rule = PHASES.rule(self.phase, code)
        if rule:
            return self.reason(rule)
        if code == PLAY:
            if self.pending:
                return self.reason("two-draw-pending")
            return self.reason("no-match", card=arg, top=self.top())
        return self.reason("not-now")
