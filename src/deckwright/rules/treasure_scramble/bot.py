"""A fair heuristic for the engine's greedy bot: it reads only what the deciding player knows.

The engine's default greedy value simulates the real state, which would let a bot see face-down
cards; this one looks at the player's own hand, the field slots they have seen (`known`), the
face-up flipped card, the number of declarations made so far and the public scores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .facts import (BIG_RELEASE, CLAIRVOYANCE, NULLIFY, P_FI, P_KIND, P_REFLECT, PLUNDER, REFLECT,
                    SUCTION, SWAP, TIME_SKIP, TREASURE_MAP)

if TYPE_CHECKING:
    from .state import TreasureState

#: Magic cards nobody wants to take in the scramble (their "taken" effect hurts the taker).
TRAPS = frozenset({TIME_SKIP, BIG_RELEASE, PLUNDER, CLAIRVOYANCE, SWAP})
#: What using a magic card is worth where the position does not change it (Swap: mostly a
#: way to look at a card).
USE_WORTH = {TREASURE_MAP: 2.5, TIME_SKIP: 1.0, BIG_RELEASE: 0.8, SWAP: 0.2}
#: What giving a card into the slot Swap looked at is worth: a magic card becomes a trap, an
#: interrupt card is lost to the discard.
GIVE_WORTH = {"magic": 2.0, "treasure": 1.0, "interrupt": -2.0}


def card_worth(state: "TreasureState", inst: int) -> float:
    """How much taking this card is worth to its taker: treasure points, a trap negative."""
    g = state.game
    if g.category[inst] == "treasure":
        return float(g.points[inst])
    if g.ids[inst] in TRAPS:
        return -1.5
    return 0.5 if g.ids[inst] == TREASURE_MAP else 0.0


def value(state: "TreasureState", action: tuple) -> float:
    verb = action[0]
    if state.prompt is not None:
        return _choice(state, action)
    if state.window is not None:
        return _declare(state, action) if verb == "declare" else 0.0
    if verb == "flip":
        return _flip(state, action[1])
    return _gathering(state, action)


def _gathering(state: "TreasureState", action: tuple) -> float:
    g = state.game
    verb = action[0]
    if verb == "pass":
        return 0.0
    inst = action[1]
    if verb == "place":
        # a treasure I placed is one I know where to find; a magic card is a trap for others
        return 2.0 + 0.3 * g.points[inst] if g.category[inst] == "treasure" else 1.5
    cid, target = g.ids[inst], action[2]
    if cid == CLAIRVOYANCE:
        me = state.current_player()
        unseen = [s for s in target[1:] if s not in state.known[me]]
        return 0.8 + 0.6 * len(unseen)
    if cid == PLUNDER:
        return 1.0 + 0.1 * len(state.hand(target[1]))
    return USE_WORTH[cid]


def _flip(state: "TreasureState", slot: int) -> float:
    me = state.current_player()
    seen = state.known[me].get(slot)
    if seen is None:
        return 0.5
    return 10.0 + card_worth(state, seen) if card_worth(state, seen) > 0 else -5.0


def _declare(state: "TreasureState", action: tuple) -> float:
    g = state.game
    me = state.current_player()
    flipper = state.turns.current
    worth = card_worth(state, state.revealed())
    others_declared = len(state.window.responses) > 0
    cid = g.ids[action[1]]
    if g.category[action[1]] != "interrupt":
        return -0.2  # a bluff: cheap, but the bot keeps it rare
    if cid == SUCTION:
        return worth - 0.5 if me != flipper else -1.0
    if cid == REFLECT:
        return 2.0 if me == flipper and worth < 0 else -1.0
    if cid == NULLIFY:
        return worth if me == flipper and others_declared and worth > 0 else -1.0
    # False Information: worth it against a flipper who may turn up a trap I know of
    traps = [s for s, c in state.known[me].items() if card_worth(state, c) < 0]
    return 1.0 if me != flipper and traps else -1.0


def _choice(state: "TreasureState", action: tuple) -> float:
    g = state.game
    kind, me, _ = state.prompt
    verb = action[0]
    if verb == "give":
        return GIVE_WORTH[g.category[action[1]]]
    if verb == "discard":
        return -sum(2.0 if g.category[c] == "interrupt" else 0.5 for c in action[1])
    what, arg = action[1]
    if kind == P_REFLECT:
        worth = card_worth(state, state.revealed())
        # push a trap onto the leader, a treasure to whoever trails
        return float(state.score[arg]) if worth < 0 else -float(state.score[arg])
    if kind == P_KIND:
        return -float(sum(1 for c in state.hand(me) if g.ids[c] == arg))
    seen = state.known[me].get(arg)   # a slot for False Information or Swap
    if seen is None:
        return 0.0
    worth = card_worth(state, seen)
    return -worth if kind == P_FI else worth
