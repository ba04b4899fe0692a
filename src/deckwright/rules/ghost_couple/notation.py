"""ghost-couple's decision notation: `p<N> <verb> <args>`, cells numbered 1-25 (13 the centre).

| step | decision |
|---|---|
| `p1 draws` | draw the turn's card |
| `p1 places REF at 11` | end of the deck: put a hand card face down on an empty place |
| `p1 turns 7` | turn one face-down field card (the turn's two, or an event's extra ones) |
| `p1 declines` | do not use the A's optional extra turn-up |
| `p1 turns x 13` / `p1 turns square 8` | an X of five / a 3x3 of nine centred on a cell |
| `p1 takes REF REF` | take a couple (hand + face-up field, or two face-up field cards) |
| `p1 swaps REF` | no couple taken: put a hand card in the centre and take the centre card |
| `p1 ends` | end the turn after taking couples |
| `p1 makes p2 draw` | a draw event's target |
| `p1 picks 3` / `p1 returns REF to 3` | the "take three, put three back" event, one card at a time |
| `p1 vanishes 9` | vanish the field card at a cell |
| `p1 looks at p2` / `p1 vanishes REF` | look at a hand, then vanish one of its cards |
| `p1 steals REF from p2` / `p1 vanishes REF from p2` | take / vanish a card of a treasure |

Actions are tuples whose first item names the verb; cells are 0-based inside, instances are
card instance ints. A card reference prefers the copy where the verb looks for it (the hand,
then the field), so that an impossible step still parses and is refused with the rule's reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckwright.engine import NotationError

if TYPE_CHECKING:
    from .state import GhostState

SHAPES = ("x", "square")


def _cell(token: str) -> int:
    if not token.isdigit() or not 1 <= int(token) <= 25:
        raise NotationError(f"{token!r} is not a field position (1-25)")
    return int(token) - 1


def _seat(token: str) -> int:
    """A player token, kept even when the seat is not in this game (the rules refuse it)."""
    if len(token) >= 2 and token[0] == "p" and token[1:].isdigit() and int(token[1:]) >= 1:
        return int(token[1:]) - 1
    raise NotationError(f"{token!r} is not a player (p1, p2, ...)")


def parse(state: "GhostState", text: str) -> tuple[int, Any]:
    words = text.split()
    if len(words) < 2:
        raise NotationError(f"{text!r}: expected 'pN verb ...'")
    p = state.parse_player(words[0])
    verb, args = words[1], words[2:]
    g = state.game
    hand, field = g.HAND[p], g.FIELD

    def card(ref: str, *piles: int) -> int:
        return state.find_card(ref, *piles)

    bare = {"draws": ("draw",), "ends": ("end",), "declines": ("decline",)}
    if verb in bare and not args:
        return p, bare[verb]
    if verb == "places" and len(args) == 3 and args[1] == "at":
        return p, ("place", card(args[0], hand), _cell(args[2]))
    if verb == "turns" and len(args) == 1:
        return p, ("turn", _cell(args[0]))
    if verb == "turns" and len(args) == 2 and args[0] in SHAPES:
        return p, ("shape", args[0], _cell(args[1]))
    if verb == "takes" and len(args) == 2:
        a = card(args[0], hand, field)
        b = card(args[1], hand, field)
        if a == b and "#" not in args[1]:
            b = next((i for i in state.game.catalogue.resolve(args[1])
                      if i != a and state.zones.where[i] in (hand, field)), b)
        return p, ("take", min(a, b), max(a, b))
    if verb == "swaps" and len(args) == 1:
        return p, ("swap", card(args[0], hand))
    if verb == "makes" and len(args) == 2 and args[1] == "draw":
        return p, ("target", _seat(args[0]))
    if verb == "looks" and len(args) == 2 and args[0] == "at":
        return p, ("look", _seat(args[1]))
    if verb == "picks" and len(args) == 1:
        return p, ("pick", _cell(args[0]))
    if verb == "returns" and len(args) == 3 and args[1] == "to":
        return p, ("return", card(args[0], hand), _cell(args[2]))
    if verb == "vanishes" and len(args) == 1:
        if args[0].isdigit():
            return p, ("vanish", _cell(args[0]))
        looked = state.looked if state.looked >= 0 else p
        return p, ("vanish-card", card(args[0], g.HAND[looked]))
    if verb in ("vanishes", "steals") and len(args) == 3 and args[1] == "from":
        q = _seat(args[2])
        piles = (g.TREASURE[q],) if q < len(g.TREASURE) else ()
        kind = "burn" if verb == "vanishes" else "steal"
        return p, (kind, card(args[0], *piles), q)
    raise NotationError(f"{text!r}: unknown decision (verbs: draws, places, turns, takes, swaps, "
                        "ends, declines, makes, looks, picks, returns, vanishes, steals)")


def render(state: "GhostState", action: tuple[Any, ...]) -> str:
    """The action as the notation writes it; `parse(render(a)) == a` for every legal action."""
    me = state.player_name(state.current_player())
    cat = state.game.catalogue
    field = state.game.FIELD

    def ref(inst: int) -> str:
        """A field card by its copy (positions tell copies apart); elsewhere by its id."""
        return cat.ref(inst) if state.zones.where[inst] == field else cat.ids[inst]
    kind = action[0]
    if kind == "draw":
        return f"{me} draws"
    if kind == "end":
        return f"{me} ends"
    if kind == "decline":
        return f"{me} declines"
    if kind == "place":
        return f"{me} places {ref(action[1])} at {action[2] + 1}"
    if kind == "turn":
        return f"{me} turns {action[1] + 1}"
    if kind == "shape":
        return f"{me} turns {action[1]} {action[2] + 1}"
    if kind == "take":
        return f"{me} takes {ref(action[1])} {ref(action[2])}"
    if kind == "swap":
        return f"{me} swaps {ref(action[1])}"
    if kind == "target":
        return f"{me} makes p{action[1] + 1} draw"
    if kind == "look":
        return f"{me} looks at p{action[1] + 1}"
    if kind == "pick":
        return f"{me} picks {action[1] + 1}"
    if kind == "return":
        return f"{me} returns {ref(action[1])} to {action[2] + 1}"
    if kind == "vanish":
        return f"{me} vanishes {action[1] + 1}"
    if kind == "vanish-card":
        return f"{me} vanishes {ref(action[1])}"
    if kind == "burn":
        return f"{me} vanishes {ref(action[1])} from p{action[2] + 1}"
    if kind == "steal":
        return f"{me} steals {ref(action[1])} from p{action[2] + 1}"
    return f"{me} {action!r}"
