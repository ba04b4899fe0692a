"""A played position written back as an example setup (`deckwright play`'s "Save as example";
docs/live.md lists the keys).

Every card is written where it is, by its plain id, in the order `Scripted.after_setup` places
cards, which takes the lowest copy of an id still in the box: so the n-th card of an id in that
order becomes copy n of the example, and the facts about one card (tapped, damage, modifiers,
...) name it as that copy, `id` for the first and `id#n` after it.
"""

from __future__ import annotations

from typing import Any

from deckwright.engine import EMPTY
from deckwright.engine.setup import SetupError

from .facts import COLS
from .scripted import PILE_KEYS, square_rows


def written(state: Any) -> dict[str, Any]:
    """`state` in this game's setup keys: the shared `hands` and `scores` are left out (the
    hands are the players' own `hand`, the scores are the life piles)."""
    if state.window is not None or state.todo or state.combat or state.stack or state.hurt:
        raise SetupError("a response window, a combat or an effect is under way")
    ids = state.game.catalogue.ids
    order: list[int] = []       # the cards in the order the setup places them
    setup: dict[str, Any] = {"hands": None, "scores": None}
    for p in (0, 1):
        setup[state.player_name(p)] = _player(state, p, order)
    copies: dict[str, int] = {}
    refs: dict[int, str] = {}
    for i in order:
        n = copies[ids[i]] = copies.get(ids[i], 0) + 1
        refs[i] = ids[i] if n == 1 else f"{ids[i]}#{n}"
    rank = {i: k for k, i in enumerate(order)}
    for p in (0, 1):
        side = setup[state.player_name(p)]
        tapped = [refs[i] for i in state.zones.piles[state.game.WARE[p]] if i in state.tapped]
        if tapped:
            side["tapped"] = tapped
        if state.counters[p]:
            side["counters"] = state.counters[p]
    setup["phase"] = state.phase
    if state.is_open("upkeep"):
        setup["due"] = [refs[i] for i in state.due]
    setup.update(_turn_so_far(state, refs, rank))
    options = _options(state, refs)
    if options:
        setup["options"] = options
    return setup


def _player(state: Any, p: int, order: list[int]) -> dict[str, Any]:
    """p's zones and squares, each card by its plain id, `order` extended with them (a face-down
    spell in the camp square of its column)."""
    g = state.game
    piles, ids = state.zones.piles, g.catalogue.ids
    side: dict[str, Any] = {}
    for zone in PILE_KEYS:
        cards = list(piles[g.zones_of(zone)[p]])
        if zone in ("life", "support"):
            cards.reverse()                       # top first
        if cards or zone in ("life", "support"):  # an empty life or support is stated too
            side[zone] = [ids[i] for i in cards]
            order += cards
    for zone, row in square_rows(p):      # own soldiers in each row; spells and lands in the camp
        cells: dict[str, list[str]] = {}
        for col in range(COLS):
            cards = [i for i in (piles[g.SOLD][row * COLS + col],) if i != EMPTY and state.owner[i] == p]
            if zone == "camp":
                cards += [i for i in (piles[g.GROUND][p * COLS + col],) if i != EMPTY]
                cards += [i for i in piles[g.VEIL[p]] if state.veil_col.get(i) == col]
            if cards:
                cells[str(col + 1)] = [ids[i] for i in cards]
                order += cards
        if cells:
            side[zone] = cells
    return side


def _turn_so_far(state: Any, refs: dict[int, str], rank: dict[int, int]) -> dict[str, Any]:
    """The keys of the turn so far and of what lasts, those that say anything."""
    sold = state.game.SOLD
    moved = {i for i in state.moved if state.zones.where[i] == sold}  # gone: moved no more
    used: dict[str, list[str]] = {}
    for i, eid in sorted(state.used, key=lambda u: (rank[u[0]], u[1])):
        used.setdefault(eid, []).append(refs[i])
    mods = []
    for t, dc, dm, dp, until, src in state.mods:
        if dc or dm or dp:                # (a combat's "-0": changes nothing, says nothing)
            mod = {"card": refs[t], "delta": [dc, dm, dp], "until": until}
            mods.append(mod if src < 0 else {**mod, "from": refs[src]})
    out = {"damage": {refs[i]: n for i, n in state.dmg.items() if n},
           "fresh": [refs[i] for i in sorted(state.fresh, key=rank.get)],
           "moved": [refs[i] for i in sorted(moved, key=rank.get)], "used": used,
           "modifiers": mods, "bound": {refs[s]: refs[t] for s, t in state.bound.items()},
           "turn_number": state.turn_no if state.turn_no != 1 else None}
    return {key: value for key, value in out.items() if value}


def _options(state: Any, refs: dict[int, str]) -> dict[str, Any]:
    veil = state.game.VEIL
    options = {"facedown": [refs[i] for p in (0, 1) for i in state.zones.piles[veil[p]]],
               "type2": {refs[i]: t for i, t in state.grant2.items()},
               "elements": {refs[i]: list(e) for i, e in state.grant_el.items()}}
    return {key: value for key, value in options.items() if value}
