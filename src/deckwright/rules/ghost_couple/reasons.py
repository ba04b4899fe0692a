"""Why a decision is refused: the rule a player would quote, in Japanese.

Kept apart from the state so that the hot path (legal actions, applying them) stays short; a
refusal is only ever asked for a decision that is not among the legal ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckwright.engine import EMPTY, Reason

from .cards import SAME_SIDE, couple_problem
from .state import CENTRE, PHASE_ASKS, SHAPE_CENTRES, VERB_PHASE

if TYPE_CHECKING:
    from .state import GhostState

CENTRES_TEXT = "・".join(str(c + 1) for c in SHAPE_CENTRES)


def why(state: "GhostState", action: Any) -> str:
    kind = action[0]
    p = state.turns.current
    if kind == "draw" and not state.deck():
        return Reason("end-of-deck", "山札がないので引けない（かわりに手札1枚を場の空いた場所に伏せる）")
    wanted = VERB_PHASE.get(kind)
    if wanted != state.phase:
        if state.phase != "act":
            return Reason("turn", PHASE_ASKS[state.phase])
        if kind == "draw":
            return Reason("turn-draw", "山札から引くのは手番の最初だけ")
        if kind in ("turn", "decline", "shape"):
            return Reason("effects", "いまはめくれない（めくるイベントの途中ではない）")
        if kind in ("vanish", "vanish-card", "burn"):
            return Reason("effects", "いまはバニッシュするイベントの途中ではない")
        return Reason("effects", "いまはそのイベントの途中ではない")
    return _in_phase(state, p, action)


def _in_phase(state: "GhostState", p: int, action: Any) -> str:
    g = state.game
    kind = action[0]
    where = state.zones.where
    if kind in ("turn", "pick"):
        if state.field[action[1]] == EMPTY:
            return Reason("places", f"{action[1] + 1}番にはカードがない")
        return Reason("turn-reveal", f"{action[1] + 1}番は裏向きのカードではない")
    if kind == "decline":
        return Reason("effects", "このイベントのめくりは断れない")
    if kind == "shape":
        name = "X字" if action[1] == "x" else "3×3"
        if action[1] != state.shape:
            return Reason("effects-shapes", f"いまめくるのは{'X字' if state.shape == 'x' else '3×3'}")
        return Reason("effects-shapes", f"{name}の中心にできるのは{CENTRES_TEXT}番だけ")
    if kind in ("place", "return"):
        if where[action[1]] != g.HAND[p]:
            return Reason("not-in-hand", "手札のカードではない")
        if kind == "return":
            return Reason("effects", "いま手札に取って空いた場所にだけ戻せる")
        return Reason("effects", f"{action[2] + 1}番は空いていない（空いた場所にだけ伏せられる）")
    if kind in ("target", "look") and action[1] >= state.players:
        return Reason("player-count", f"p{action[1] + 1} はこのゲームのプレイヤーではない")
    if kind == "look":
        return Reason("effects", "手札を見るのはほかのプレイヤー")
    if kind == "vanish":
        return Reason("places", f"{action[1] + 1}番にはカードがない")
    if kind == "vanish-card":
        return Reason("effects-vanish", "見た手札のカードではない")
    if kind in ("steal", "burn"):
        q = action[2]
        if q == p:
            return Reason("effects", "選べるのはほかのプレイヤーのトレジャーのカード")
        return Reason("effects", f"そのカードは p{q + 1} のトレジャーにない")
    if kind == "take":
        return _take_problem(state, p, action[1], action[2])
    if kind == "swap":
        if state.took:
            return Reason("turn-swap", "カップリングを取った手番では中央と交換しない")
        if state.field[CENTRE] == EMPTY:
            return Reason("turn-swap", "中央にカードがない")
        return Reason("not-in-hand", "手札のカードではない")
    if kind == "end":
        return Reason("turn-swap", "1組も取っていないので、中央のカードと手札1枚を交換する")
    return Reason("turn", "その手はいまは打てない")


def _take_problem(state: "GhostState", p: int, a: int, b: int) -> str:
    g = state.game
    where, shown = state.zones.where, state.zones.shown
    if a == b:
        return Reason("turn-couple", "同じカードどうしでは組めない")
    in_hand = [where[i] == g.HAND[p] for i in (a, b)]
    for i, held in zip((a, b), in_hand):
        if not held and not (where[i] == g.FIELD and i in shown):
            return Reason("turn-couple", f"{g.catalogue.ref(i)} は手札にも表向きの場札にもない")
    if all(in_hand):
        return Reason("turn-couple", "手札どうしではカップリングを作れない（表向きの場札が1枚は必要）")
    if any(in_hand) and not state.hand_ok:
        return Reason("effects", "この手番では、もう手札を使えない")
    problem = couple_problem(g.card_facts, a, b)
    if problem == SAME_SIDE:
        if g.variant == "playing-cards":
            return Reason("effects-playing-cards", "同じ色どうしは組めない（8を除く）")
        return Reason("turn-couple", "同じ側どうしは組めない（¥0側と¥1側で1組）")
    return Reason("turn-couple", "カップリングの組にならない")
