"""Refusal reasons and the readable notation of super-page-one (a mixin of the state).

Out-of-turn declarations (Dobon, Revolution, J, Q, K) answer to their own condition first, so
a Dobon with a joker in hand is refused for the joker, not merely because someone else decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import EMPTY, Reason
from ...engine.state import NotationError
from .actions import (ANYTIME, CANCEL, DECLINE, DOBON, ECHO, KICK, NONE, PLAY, REVOLUTION, VERBS,
                      WORDS, Action, usage)

if TYPE_CHECKING:
    from . import SuperPageOne


class Notation:
    game: "SuperPageOne"

    def out_of_turn(self, action: Action, player: int) -> str | None:
        """Out-of-turn declarations first answer to their own condition (a Dobon with a joker
        is refused for the joker, whoever is deciding now)."""
        return self._condition(action, player) if action[0] in ANYTIME else None

    def _condition(self, action: Action, p: int) -> str | None:
        g = self.game
        code, card = action
        if not self.active(p):
            return Reason("finish-order", f"{self.player_name(p)} はもう勝ち抜けている")
        if code == DOBON:
            hand, top = self.hand(p), self.top()
            if any(g.blocks_dobon[c] for c in hand):
                return Reason("joker-blocks-dobon", "ジョーカーを持っているのでドボンできない")
            total = sum(g.rank[c] for c in hand)
            if top == EMPTY or total != g.rank[top]:
                number = "なし" if top == EMPTY else g.rank[top]
                return Reason("dobon", f"手札の合計 {total} が場の数字 {number} と違うのでドボンできない")
            return None
        if code == REVOLUTION:
            return None if self.can_revolution(p) else Reason(
                "revolution", "同じ数字のカードが 4 枚そろっていない")
        if self.zones.where[card] != g.HAND[p]:
            return Reason("not-in-hand", f"{self.card_label(card)} は {self.player_name(p)} の手札にない")
        needed = {KICK: ("kick-back", "Kキックバック", "K"), CANCEL: ("cancel", "J無効", "J"),
                  ECHO: ("echo", "Qエコー", "Q")}[code]
        if g.effect[card] != needed[0]:
            return Reason("responses", f"{needed[1]}に使えるのは {needed[2]} だけ({self.card_label(card)} では使えない)")
        if code == KICK:
            if card in self.revealed:
                return Reason("kick-back-limits", "公開済みの K は、いったん手札から離れるまで使えない")
            if self.by.get(self.top(), NONE) == p:
                return Reason("kick-back-limits", "自分が出したカードには Kキックバックを使えない")
            if len(self.zones.piles[g.FIELD]) < 2:
                return Reason("kick-back-limits", "場のカードが 1 枚しかないので取れない")
            if self.top() in self.kicked:
                return Reason("kick-back-once", "場の一番上は一度 Kキックバックで取られたカードなので、もう取れない")
            return None
        if code == CANCEL:
            if self.phase == "activate":
                return Reason("qa1-seven-target-first", "7渡しの相手が決まる(効果が発動する)前は J無効を使えない")
            top = self.top()
            if self.phase not in ("q", "j") and top != EMPTY and not g.cancelable[top]:
                return Reason("cancel-not-eight-joker", "8 とジョーカーの効果は J無効で打ち消せない")
            if self.phase == "q":
                return Reason("qa3-echo-before-cancel", "Qエコーの機会が先(いまは J無効のタイミングではない)")
            if self.phase != "j":
                return Reason("effect-j", "打ち消す特殊効果がいま発動していない")
            return None
        if code == ECHO:
            if self.phase != "q":
                return Reason("effect-q", "Qエコーのタイミングではない(発動中の効果に使う機会がない)")
            if not self._echoes(card):
                return Reason("effect-q", "Q と同じスートの効果にしか Qエコーは使えない")
        return None

    def why_illegal(self, action: Action) -> str:
        g = self.game
        code, arg = action
        p, phase = self.current_player(), self.phase
        if code in ANYTIME:
            return self._condition(action, p) or Reason("special-win-timing",
                                                        "いまはその宣言の機会ではない")
        if phase in ("give", "discard") and code == DECLINE:
            return Reason("qa2-echo-must-resolve", "発動した効果は最後まで処理しなければならない")
        if phase in ("give", "discard", "activate", "q", "j", "react"):
            return Reason("responses", "いまは効果の処理中で、その決定はできない")
        if code == PLAY:
            if self.zones.where[arg] != g.HAND[p]:
                return Reason("not-in-hand", f"{self.card_label(arg)} は {self.player_name(p)} の手札にない")
            if phase == "drawn":
                return Reason("draw-then-play", "引いたあとに出せるのは引いたカードだけ")
            if self.pending:
                return Reason("effect-2", "2ドローを受けているので 2 を重ねるか引くしかない")
            return Reason("turn", f"{self.card_label(arg)} は場の {self.card_label(self.top())} に"
                                  "数字もスートも合わないので出せない")
        return Reason("turn", "いまはその決定はできない")

    def card_label(self, inst: int) -> str:
        """Cards read as players say them in the log and in reasons (♠9, ジョーカー); the
        notation keeps the ids (`s-9`)."""
        return self.game.label[inst]

    def action_to_string(self, action: Action) -> str:
        code, arg = action
        word, kind = VERBS[code]
        who = self.player_name(self.current_player())
        if kind == "card":
            return f"{who} {word} {self.game.catalogue.ref(arg)}"
        if kind == "player":
            return f"{who} {word} {self.player_name(arg)}"
        return f"{who} {word}"

    def parse_action(self, text: str) -> tuple[int, Action]:
        words = text.split()
        if len(words) < 2 or words[1] not in WORDS:
            raise NotationError(f"{usage()}, got {text!r}")
        p = self.parse_player(words[0])
        code, kind = WORDS[words[1]]
        rest = words[2:]
        if kind == "card" and len(rest) == 1:
            return p, (code, self.find_card(rest[0], self.game.HAND[p], self.game.FIELD))
        if kind == "player" and len(rest) == 1:
            return p, (code, self.parse_player(rest[0]))
        if kind == "" and not rest:
            return p, (code, NONE)
        raise NotationError(f"{usage()}, got {text!r}")
