"""Examples: building a position from `setup:` and reading the `expect:` keys of this game."""

from __future__ import annotations

from typing import Any

from deckwright.engine import BOX, Cards
from deckwright.engine.cards import CardRefError
from deckwright.engine.setup import SetupError

from .board import camp_row
from .facts import BATTLEFIELD, COLS

PLAYER_KEYS = {"hand", "life", "support", "graveyard", "warehouse", "tapped", "camp",
               "battlefield", "enemy_camp", "counters"}
PHASES = ("draw", "store", "upkeep", "main", "buy", "restock", "end")
FILL = {"life": 5, "support": 10}


class Scripted:
    """Mixin for the state: `after_setup` and the `actual_<key>` expectations."""

    game: Any
    zones: Any

    def after_setup(self, setup: dict[str, Any]) -> None:
        g = self.game
        named = set()
        for key in ("p1", "p2"):
            named |= _ids(setup.get(key))
        self._reserved = {j for ref in _refs(setup) if "#" in ref
                          for j in self._resolve(ref, "setup")}
        for p, key in ((0, "p1"), (1, "p2")):
            spec = setup.get(key) or {}
            if not isinstance(spec, dict):
                raise SetupError(f"setup.{key}: expected a mapping of zones")
            unknown = set(spec) - PLAYER_KEYS
            if unknown:
                raise SetupError(f"setup.{key}: unknown key(s) {sorted(unknown)} (known: {sorted(PLAYER_KEYS)})")
            for zone, pile in (("hand", g.HAND[p]), ("graveyard", g.GRAVE[p]), ("warehouse", g.WARE[p])):
                for i in self._take_all(spec.get(zone, []), f"{key}.{zone}"):
                    self._put(i, p, pile)
            for zone, pile in (("life", g.LIFE[p]), ("support", g.SUPPORT[p])):
                refs = spec.get(zone)
                insts = (self._take_all(refs, f"{key}.{zone}") if refs is not None
                         else self._fillers(FILL[zone], named))
                for i in reversed(insts):      # top first in the setup, top last in a pile
                    self._put(i, p, pile)
            for ref in spec.get("tapped", []):
                i = self._find(ref, f"{key}.tapped")
                if self.zones.where[i] != g.WARE[p]:
                    raise SetupError(f"setup.{key}.tapped: {ref} is not in {key}'s warehouse")
                self.tapped.add(i)
            self.counters[p] = int(spec.get("counters", 0))
            for zone, row in (("camp", camp_row(p)), ("battlefield", BATTLEFIELD),
                              ("enemy_camp", camp_row(1 - p))):
                for col, refs in (spec.get(zone) or {}).items():
                    self._place_square(p, row, int(col) - 1, refs, f"{key}.{zone}.{col}", zone == "camp")
        options = setup.get("options") or {}
        for ref in options.get("facedown", []):
            i = self._find(ref, "options.facedown")
            p = self.owner[i]
            col = self.zones.piles[g.GROUND].index(i) - p * COLS
            self.zones.move(i, g.VEIL[p])
            self.veil_col[i] = col
        for ref, t2 in (options.get("type2") or {}).items():
            self.grant2[self._find(ref, "options.type2")] = t2
        for ref, els in (options.get("elements") or {}).items():
            self.grant_el[self._find(ref, "options.elements")] = tuple(els)
        for ref, n in (setup.get("damage") or {}).items():
            self.dmg[self._find(ref, "damage")] = int(n)
        for ref in setup.get("fresh", []):
            self.fresh.add(self._find(ref, "fresh"))
        phase = setup.get("phase", "main")
        if phase not in PHASES:
            raise SetupError(f"setup.phase: expected one of {', '.join(PHASES)}")
        self.phase = phase
        if phase == "upkeep":
            self.begin_upkeep()

    # --- placing ---------------------------------------------------------------------------------

    def _put(self, i: int, p: int, pile: int) -> None:
        self.zones.move(i, pile)
        self.owner[i] = p

    def _place_square(self, p: int, row: int, col: int, refs: Any, where: str, camp: bool) -> None:
        g = self.game
        if not 0 <= col < COLS or not isinstance(refs, list):
            raise SetupError(f"setup.{where}: expected a column 1-5 with a list of cards")
        for i in self._take_all(refs, where):
            self.owner[i] = p
            if g.is_soldier[i]:
                self.zones.place(i, g.SOLD, row * COLS + col)
            elif camp:
                self.zones.place(i, g.GROUND, p * COLS + col)
            else:
                raise SetupError(f"setup.{where}: only soldiers stand outside their own camp")

    def _take_all(self, refs: Any, where: str) -> list[int]:
        if not isinstance(refs, list):
            raise SetupError(f"setup.{where}: expected a list of cards")
        out = []
        for ref in refs:
            candidates = self._resolve(ref, where)
            free = [i for i in candidates if self.zones.where[i] == BOX and i not in out
                    and ("#" in ref or i not in self._reserved)]
            if not free:
                raise SetupError(f"setup.{where}: no copy of {ref!r} left to place")
            out.append(free[0])
        return out

    def _resolve(self, ref: Any, where: str) -> list[int]:
        try:
            return self.game.catalogue.resolve(str(ref))
        except CardRefError as exc:
            raise SetupError(f"setup.{where}: {exc}") from None

    def _fillers(self, n: int, named: set[str]) -> list[int]:
        """Cards for a life or support pile the example does not give: unnamed cards first."""
        g = self.game
        box = [i for i in self.zones.piles[BOX]]
        box = [i for i in box if i not in self._reserved]
        pick = [i for i in box if g.cid[i] not in named][:n]
        return pick + [i for i in box if i not in pick][:n - len(pick)]

    def _find(self, ref: str, where: str) -> int:
        try:
            candidates = self.game.catalogue.resolve(ref)
        except CardRefError as exc:
            raise SetupError(f"setup.{where}: {exc}") from None
        placed = [i for i in candidates if self.zones.where[i] != BOX]
        if not placed:
            raise SetupError(f"setup.{where}: {ref} is not placed anywhere")
        return placed[0]

    # --- expectations ----------------------------------------------------------------------------------

    def _per_card(self, fn: Any, piles: bool = False) -> dict[str, Any]:
        """Cards in play, keyed by `id#n` and by `id` (its lowest copy there): those on the
        field and in hands, and with `piles` those in the other zones but support."""
        out: dict[str, Any] = {}
        g = self.game
        cat = g.catalogue
        skip = {BOX, *g.SUPPORT} | (set() if piles else {*g.LIFE, *g.GRAVE, *g.WARE})
        for i, cid in enumerate(cat.ids):
            if self.zones.where[i] in skip:
                continue
            value = fn(i)
            out[f"{cid}#{cat.copy[i]}"] = value
            out.setdefault(cid, value)
        return out

    def place_name(self, i: int) -> str:
        g = self.game
        w = self.zones.where[i]
        p = self.owner[i]
        if w == g.SOLD or w == g.ARENA:
            return self.square_name(p, self.cell_of(i))
        if w == g.GROUND:
            return f"camp{self.zones.piles[g.GROUND].index(i) % COLS + 1}"
        if w in g.VEIL:
            return f"camp{self.veil_col.get(i, 0) + 1}"
        for name, piles in (("hand", g.HAND), ("graveyard", g.GRAVE), ("warehouse", g.WARE),
                            ("life", g.LIFE), ("support", g.SUPPORT)):
            if w in piles:
                return name
        return "box"

    def actual_at(self) -> dict[str, Any]:
        return self._per_card(self.place_name, piles=True)

    def actual_power(self) -> dict[str, Any]:
        return self._per_card(lambda i: self.stats(i)[2])

    def actual_cost(self) -> dict[str, Any]:
        return self._per_card(lambda i: self.stats(i)[0])

    def actual_move(self) -> dict[str, Any]:
        return self._per_card(lambda i: self.stats(i)[1])

    def actual_upkeep(self) -> dict[str, Any]:
        return self._per_card(lambda i: self.stats(i)[1])

    def actual_damage(self) -> dict[str, Any]:
        return self._per_card(lambda i: self.dmg.get(i, 0))

    def actual_counters(self) -> dict[str, int]:
        return {self.player_name(p): self.counters[p] for p in (0, 1)}

    def actual_life_sizes(self) -> dict[str, int]:
        return {self.player_name(p): len(self.zones.piles[self.game.LIFE[p]]) for p in (0, 1)}

    def actual_support_sizes(self) -> dict[str, int]:
        return {self.player_name(p): len(self.zones.piles[self.game.SUPPORT[p]]) for p in (0, 1)}

    def actual_tapped(self) -> dict[str, int]:
        return {self.player_name(p): sum(1 for i in self.zones.piles[self.game.WARE[p]] if i in self.tapped)
                for p in (0, 1)}

    def actual_phase(self) -> str:
        return self.phase

    def actual_resolved(self) -> list[str]:
        return [f"{self.game.catalogue.ref(args['card'])} {args['eid']}"
                for kind, args in self.log.entries if kind == "resolve"]

    def actual_hands(self) -> dict[str, Cards]:
        return {self.player_name(p): Cards(tuple(self.zones.piles[self.game.HAND[p]])) for p in (0, 1)}


def _refs(value: Any) -> list[str]:
    """Every string inside a setup value (the card references; options too)."""
    if isinstance(value, dict):
        return [r for k, v in value.items() for r in _refs(v)] + [
            k for k in value if isinstance(k, str) and "#" in k]
    if isinstance(value, list):
        return [r for v in value for r in _refs(v)]
    return [value] if isinstance(value, str) and "#" in value else []


def _ids(value: Any) -> set[str]:
    """Card ids named anywhere inside a setup value."""
    out: set[str] = set()
    if isinstance(value, dict):
        for v in value.values():
            out |= _ids(v)
    elif isinstance(value, list):
        for v in value:
            out |= _ids(v)
    elif isinstance(value, str):
        out.add(value.split("#", 1)[0])
    return out
