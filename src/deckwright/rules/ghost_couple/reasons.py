"""Why a decision is refused: the rule a player would quote, in Japanese.

Kept apart from the state so that the hot path (legal actions, applying them) stays short; a
refusal is only ever asked for a decision that is not among the legal ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckwright.engine import EMPTY, Reason

from .cards import SAME_SIDE, couple_problem
from .state import CENTRE, PHASES, SHAPE_CENTRES

if TYPE_CHECKING:
    from .state import GhostState

CENTRES_TEXT = "・".join(str(c + 1) for c in SHAPE_CENTRES)
SHAPES = {"x": "X字", "square": "3×3"}
_TURNING = Reason("いまはめくれない（めくるイベントの途中ではない）", "effects")
_VANISHING = Reason("いまはバニッシュするイベントの途中ではない", "effects")
#: A decision that belongs to an event's phase (or the turn's draw), tried in the act phase.
NOT_NOW = {"draw": Reason("山札から引くのは手番の最初だけ", "turn-draw"),
           "turn": _TURNING, "decline": _TURNING, "shape": _TURNING,
           "vanish": _VANISHING, "vanish-card": _VANISHING, "burn": _VANISHING}
NO_EVENT = Reason("いまはそのイベントの途中ではない", "effects")
#: Refusals of a decision in its own phase that only one rule can explain.
ONLY = {"decline": Reason("このイベントのめくりは断れない", "effects"),
        "look": Reason("手札を見るのはほかのプレイヤー", "effects"),
        "vanish-card": Reason("見た手札のカードではない", "effects-vanish"),
        "end": Reason("1組も取っていないので、中央のカードと手札1枚を交換する", "turn-swap")}


def why(state: "GhostState", action: Any) -> str:
    kind = action[0]
    if kind == "draw" and not state.deck():
        return Reason("山札がないので引けない（かわりに手札1枚を場の空いた場所に伏せる）", "end-of-deck")
    if not state.is_open(kind):
        if state.phase != "act":
            return PHASES.refusal(state.phase)
        return NOT_NOW.get(kind, NO_EVENT)
    return _in_phase(state, state.turns.current, action)


def _in_phase(state: "GhostState", p: int, action: Any) -> str:
    g = state.game
    kind = action[0]
    where = state.zones.where
    if kind in ("turn", "pick"):
        if state.field[action[1]] == EMPTY:
            return Reason(f"{action[1] + 1}番にはカードがない", "places")
        return Reason(f"{action[1] + 1}番は裏向きのカードではない", "turn-reveal")
    if kind == "shape":
        if action[1] != state.shape:
            return Reason(f"いまめくるのは{SHAPES[state.shape]}", "effects-shapes")
        return Reason(f"{SHAPES[action[1]]}の中心にできるのは{CENTRES_TEXT}番だけ", "effects-shapes")
    if kind in ("place", "return"):
        if where[action[1]] != g.HAND[p]:
            return Reason("手札のカードではない", "not-in-hand")
        if kind == "return":
            return Reason("いま手札に取って空いた場所にだけ戻せる", "effects")
        return Reason(f"{action[2] + 1}番は空いていない（空いた場所にだけ伏せられる）", "effects")
    if kind in ("target", "look") and action[1] >= state.players:
        return Reason(f"p{action[1] + 1} はこのゲームのプレイヤーではない", "player-count")
    if kind == "vanish":
        return Reason(f"{action[1] + 1}番にはカードがない", "places")
    if kind in ("steal", "burn"):
        q = action[2]
        if q == p:
            return Reason("選べるのはほかのプレイヤーのトレジャーのカード", "effects")
        return Reason(f"そのカードは p{q + 1} のトレジャーにない", "effects")
    if kind == "take":
        return _take_problem(state, p, action[1], action[2])
    if kind == "swap":
        if state.took:
            return Reason("カップリングを取った手番では中央と交換しない", "turn-swap")
        if state.field[CENTRE] == EMPTY:
            return Reason("中央にカードがない", "turn-swap")
        return Reason("手札のカードではない", "not-in-hand")
    return ONLY.get(kind) or Reason("その手はいまは打てない", "turn")


def _take_problem(state: "GhostState", p: int, a: int, b: int) -> str:
    g = state.game
    where, shown = state.zones.where, state.zones.shown
    if a == b:
        return Reason("同じカードどうしでは組めない", "turn-couple")
    in_hand = [where[i] == g.HAND[p] for i in (a, b)]
    for i, held in zip((a, b), in_hand):
        if not held and not (where[i] == g.FIELD and i in shown):
            return Reason(f"{g.catalogue.ref(i)} は手札にも表向きの場札にもない", "turn-couple")
    if all(in_hand):
        return Reason("手札どうしではカップリングを作れない（表向きの場札が1枚は必要）", "turn-couple")
    if any(in_hand) and not state.hand_ok:
        return Reason("この手番では、もう手札を使えない", "effects")
    problem = couple_problem(g.card_facts, a, b)
    if problem == SAME_SIDE:
        if g.variant == "playing-cards":
            return Reason("同じ色どうしは組めない（8を除く）", "effects-playing-cards")
        return Reason("同じ側どうしは組めない（¥0側と¥1側で1組）", "turn-couple")
    return Reason("カップリングの組にならない", "turn-couple")
