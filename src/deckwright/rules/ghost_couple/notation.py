"""ghost-couple's decision notation: `p<N> <verb> <args>`, cells numbered 1-25 (13 the centre).

Actions are tuples whose first item names the verb; cells are 0-based inside, instances are
card instance ints. A card reference prefers the copy where the verb looks for it (the hand,
then the field), so that an impossible step still parses and is refused with the rule's reason.
"""

from __future__ import annotations

from typing import Any

from deckwright.engine.notation import Kind, Notation, Verb, card, choice, number, seat


def _ref(state: Any, inst: int) -> str:
    """A field card by its copy (positions tell copies apart); elsewhere by its id."""
    cat = state.game.catalogue
    return cat.ref(inst) if state.zones.where[inst] == state.game.FIELD else cat.ids[inst]


def _take(state: Any, p: int, first: str, second: str) -> tuple:
    """Two references to a couple: the same id twice means two different copies."""
    g = state.game
    a = state.find_card(first, g.HAND[p], g.FIELD)
    b = state.find_card(second, g.HAND[p], g.FIELD)
    if a == b and "#" not in second:
        b = next((i for i in g.catalogue.resolve(second)
                  if i != a and state.zones.where[i] in (g.HAND[p], g.FIELD)), b)
    return "take", min(a, b), max(a, b)


def _from_treasure(kind: str) -> Any:
    """`vanishes|steals REF from pM`: the copy in that player's treasure, when they have one."""
    def make(state: Any, p: int, ref: str, q: int) -> tuple:
        piles = (state.game.TREASURE[q],) if q < len(state.game.TREASURE) else ()
        return kind, state.find_card(ref, *piles), q
    return make


def _looked_hand(state: Any, p: int) -> int:
    return state.game.HAND[state.looked if state.looked >= 0 else p]


CELL = number(1, 25, name="cell", what="a field position")
HAND = card("hand", ref=_ref)
#: a reference the verb's `make` resolves (where to look depends on a later word)
REF = Kind.word("card", lambda s, p, word: word, _ref)

NOTATION = Notation(
    Verb("draws", "draw"),
    Verb("ends", "end"),                        # after taking couples
    Verb("declines", "decline"),                # the A's optional extra turn-up
    # the deck is empty: a hand card face down on an empty place instead of the draw
    Verb("places {card} at {cell}", "place", card=HAND, cell=CELL),
    Verb("turns {cell}", "turn", cell=CELL),
    # an X of five / a 3x3 of nine centred on a cell
    Verb("turns {shape} {cell}", "shape", shape=choice("x", "square", name="shape"), cell=CELL),
    # a hand card and a face-up field card, or two face-up field cards
    Verb("takes {a} {b}", "take", make=_take, a=REF, b=REF),
    # no couple taken: a hand card goes to the centre, the centre card to the hand
    Verb("swaps {card}", "swap", card=HAND),
    # the events' decisions (`vanishes CARD`: from the hand just looked at)
    Verb("makes {who} draw", "target", who=seat()),
    Verb("looks at {who}", "look", who=seat()),
    Verb("picks {cell}", "pick", cell=CELL),
    Verb("returns {card} to {cell}", "return", card=HAND, cell=CELL),
    Verb("vanishes {cell}", "vanish", cell=CELL),
    Verb("vanishes {card}", "vanish-card", card=card(_looked_hand, ref=_ref)),
    Verb("vanishes {card} from {who}", "burn", make=_from_treasure("burn"), card=REF, who=seat()),
    Verb("steals {card} from {who}", "steal", make=_from_treasure("steal"), card=REF, who=seat()),
)
