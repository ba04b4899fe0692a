"""A played position written back as an example setup (`deckwright play`'s "Save as example").

Every card is written where it is, by its plain id, in the order `Scripted.after_setup` places
cards: per player the piles of `PILE_KEYS` (life and support top first), then the squares of
`SQUARE_KEYS` column by column. A plain id takes the lowest copy still in the box, so the n-th
card of an id in that order becomes copy n of the example; the facts about one card (tapped,
damage, modifiers, ...) name it as that copy: `id` for the first, `id#n` after it. The turn so
far (placed and moved cards, used effects, the upkeep still due) and what lasts (modifiers,
bound cards, damage, counters, the turn number) have their own keys, so the setup builds the
very position. A response window, a combat or an effect under way cannot be written.
"""

from __future__ import annotations

from typing import Any

from deckwright.engine import EMPTY
from deckwright.engine.setup import SetupError

from .facts import COLS
from .scripted import PILE_KEYS, square_rows


class _Names:
    """Card instance -> the reference the setup's placement order gives it."""

    def __init__(self, ids: list[str]):
        self.ids = ids
        self.refs: dict[int, str] = {}      # in placement order
        self.count: dict[str, int] = {}

    def place(self, i: int) -> str:
        """The card placed next: its plain id (the setup takes the next copy of that id)."""
        cid = self.ids[i]
        n = self.count[cid] = self.count.get(cid, 0) + 1
        self.refs[i] = cid if n == 1 else f"{cid}#{n}"
        return cid

    def __call__(self, i: int) -> str:
        return self.refs[i]

    def at(self, i: int) -> int:
        """Where `i` comes in the placement order (sets are written in that order)."""
        return list(self.refs).index(i)


def written(state: Any) -> dict[str, Any]:
    """`state` in this game's setup keys: the shared `hands` and `scores` are left out (the
    hands are the players' own `hand`, the scores are the life piles)."""
    if state.window is not None or state.todo or state.combat or state.stack or state.hurt:
        raise SetupError("a response window, a combat or an effect is under way")
    names = _Names(state.game.catalogue.ids)
    setup: dict[str, Any] = {"hands": None, "scores": None}
    for p in (0, 1):
        setup[state.player_name(p)] = _player(state, p, names)
    for p in (0, 1):
        side = setup[state.player_name(p)]
        tapped = [names(i) for i in state.zones.piles[state.game.WARE[p]] if i in state.tapped]
        if tapped:
            side["tapped"] = tapped
        if state.counters[p]:
            side["counters"] = state.counters[p]
    setup["phase"] = state.phase
    if state.is_open("upkeep"):
        setup["due"] = [names(i) for i in state.due]
    setup.update(_turn_so_far(state, names))
    options = _options(state, names)
    if options:
        setup["options"] = options
    return setup


def _player(state: Any, p: int, names: _Names) -> dict[str, Any]:
    g = state.game
    piles = state.zones.piles
    side: dict[str, Any] = {}
    for zone in PILE_KEYS:
        cards = list(piles[g.zones_of(zone)[p]])
        if zone in ("life", "support"):
            cards.reverse()                       # top first
        if cards or zone in ("life", "support"):  # an empty life or support is stated too
            side[zone] = [names.place(i) for i in cards]
    for zone, cells in _squares(state, p).items():
        side[zone] = {str(col + 1): [names.place(i) for i in cards] for col, cards in cells.items()}
    return side


def _squares(state: Any, p: int) -> dict[str, dict[int, list[int]]]:
    """p's cards on the field by setup key and column: own soldiers in each soldier row, and
    p's spells and lands (face up or down) in p's camp."""
    g = state.game
    piles = state.zones.piles
    out: dict[str, dict[int, list[int]]] = {}
    for zone, row in square_rows(p):
        cells: dict[int, list[int]] = {}
        for col in range(COLS):
            cards = [i for i in (piles[g.SOLD][row * COLS + col],) if i != EMPTY and state.owner[i] == p]
            if zone == "camp":
                ground = piles[g.GROUND][p * COLS + col]
                cards += [ground] if ground != EMPTY else []
                cards += [i for i in piles[g.VEIL[p]] if state.veil_col.get(i) == col]
            if cards:
                cells[col] = cards
        if cells:
            out[zone] = cells
    return out


def _turn_so_far(state: Any, names: _Names) -> dict[str, Any]:
    """The keys of the turn so far and of what lasts, those that say anything."""
    sold = state.game.SOLD
    moved = {i for i in state.moved if state.zones.where[i] == sold}  # gone: moved no more
    used: dict[str, list[str]] = {}
    for i, eid in sorted(state.used, key=lambda u: (names.at(u[0]), u[1])):
        used.setdefault(eid, []).append(names(i))
    mods = []
    for t, dc, dm, dp, until, src in state.mods:
        if dc or dm or dp:                # (a combat's "-0": changes nothing, says nothing)
            mod = {"card": names(t), "delta": [dc, dm, dp], "until": until}
            mods.append(mod if src < 0 else {**mod, "from": names(src)})
    out = {"damage": {names(i): n for i, n in state.dmg.items() if n},
           "fresh": [names(i) for i in sorted(state.fresh, key=names.at)],
           "moved": [names(i) for i in sorted(moved, key=names.at)], "used": used,
           "modifiers": mods, "bound": {names(s): names(t) for s, t in state.bound.items()},
           "turn_number": state.turn_no if state.turn_no != 1 else None}
    return {key: value for key, value in out.items() if value}


def _options(state: Any, names: _Names) -> dict[str, Any]:
    veil = state.game.VEIL
    options = {"facedown": [names(i) for p in (0, 1) for i in state.zones.piles[veil[p]]],
               "type2": {names(i): t for i, t in state.grant2.items()},
               "elements": {names(i): list(e) for i, e in state.grant_el.items()}}
    return {key: value for key, value in options.items() if value}
