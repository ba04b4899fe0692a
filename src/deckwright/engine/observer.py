"""Hidden information: what one player may see of a state, as plain data.

A bot that plays fairly reads `observe(state, player)` (or `state.view(player)`), never the
state itself. Each zone shows what its `ZoneSpec.visibility` allows: `public` every card,
`owner` the cards to the owner and the count to others, `hidden` the count, `top` the count and
the top card. Cards of a hidden zone in `zones.shown` (flipped face up) are shown; other grid
cells read `?`, empty ones None, and a face-down cell the player knows (`State.known_cards`, its
own face-down card) reads `{"known": card}`; a known card of a hidden pile (a hand an effect lets
it look at) is listed in the pile's `shown`. A module adds public facts (bound turns, named
colour) by overriding `State.public_info()`.

`visible(state, player)` is the same rule as a set of card instances: what the player can see
now. The log's redaction (`witness.Witness`) is built on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .zones import EMPTY

if TYPE_CHECKING:
    from .state import State

HIDDEN = "?"


def _visible(state: "State", pile: int, player: int) -> bool:
    layout = state.zones.layout
    vis = layout.specs[pile].visibility
    return vis == "public" or (vis == "owner" and layout.owner[pile] == player)


def visible(state: "State", player: int) -> set[int]:
    """The card instances `player` may see now (the cards `observe` names for it)."""
    zones = state.zones
    layout = zones.layout
    seen = set(state.known_cards(player)) & set(range(len(zones.where)))
    for pile in range(1, len(layout)):
        if not layout.in_play(pile):
            continue
        cards = zones.piles[pile]
        if _visible(state, pile, player):
            seen.update(c for c in cards if c != EMPTY)
        else:
            if layout.specs[pile].visibility == "top" and cards and not layout.specs[pile].grid:
                seen.add(cards[-1])
            seen.update(c for c in cards if c != EMPTY and c in zones.shown)
    return seen


def observe(state: "State", player: int,
            name: Callable[[int], Any] | None = None) -> dict[str, Any]:
    """What `player` may see; `name(inst)` says how a visible card is given (default: the
    state's `card_label`; the play table passes card ids, to show the real faces)."""
    name = name or state.card_label
    zones = state.zones
    layout = zones.layout
    seen: dict[str, Any] = {}
    known = set(state.known_cards(player))
    for pile in range(1, len(layout)):  # the box is never seen
        if not layout.in_play(pile):
            continue
        spec = layout.specs[pile]
        cards = zones.piles[pile]
        label = layout.label(pile)
        if spec.grid:
            show = _visible(state, pile, player)
            seen[label] = [None if c == EMPTY else
                           name(c) if show or c in zones.shown else
                           {"known": name(c)} if c in known else HIDDEN
                           for c in cards]
        elif _visible(state, pile, player):
            seen[label] = [name(c) for c in cards]
        elif spec.visibility == "top":
            seen[label] = {"count": len(cards),
                           "top": name(cards[-1]) if cards else None}
        else:
            seen[label] = {"count": len(cards),
                           "shown": [name(c) for c in cards if c in zones.shown or c in known]}
    current = state.current_player()
    return {
        "me": state.player_name(player),
        "players": state.players,
        "deciding": state.player_name(current) if current >= 0 else None,
        "direction": state.turns.direction,
        "scores": state.scores(),
        "over": state.is_over(),
        "zones": seen,
        **public_info(state),
    }


def public_info(state: "State") -> dict[str, Any]:
    hook = getattr(state, "public_info", None)
    return dict(hook()) if hook is not None else {}


def visible_cards(state: "State", player: int) -> list[bool]:
    """For every card instance, whether `player` sees it now: what `observe` names (the cards
    of zones shown to them, the top of a `top` zone, face-up cards in `zones.shown`) and the
    cards the module says were shown to them (`State.revealed_to`)."""
    zones = state.zones
    layout = zones.layout
    seen = [False] * len(zones.where)
    for pile in range(1, len(layout)):
        if not layout.in_play(pile):
            continue
        cards = zones.piles[pile]
        if _visible(state, pile, player):
            for c in cards:
                if c != EMPTY:
                    seen[c] = True
        elif layout.specs[pile].visibility == "top" and cards:
            seen[cards[-1]] = True
    where = zones.where
    for c in zones.shown:
        if where[c] != 0:
            seen[c] = True
    for c in state.revealed_to(player):
        seen[c] = True
    return seen
