"""Examples: building a position from `setup:`, reading the `expect:` keys of this game, and a
played position written back as a setup (writeback.py)."""

from __future__ import annotations

from typing import Any

from deckwright.engine import BOX
from deckwright.engine.cards import CardRefError
from deckwright.engine.setup import SetupError, listed, mapping, take, whole

from .board import camp_row
from .facts import BATTLEFIELD, COLS, PHASES
from .notation import square_name

#: A player's zones in the order the setup places them (a plain reference takes the lowest
#: copy still in the box, so this order also decides which copy is which: see writeback.py);
#: each is the game's zone of that name.
PILE_KEYS = ("hand", "graveyard", "warehouse", "life", "support")
SQUARE_KEYS = ("camp", "battlefield", "enemy_camp")
PLAYER_KEYS = {*PILE_KEYS, *SQUARE_KEYS, "tapped", "counters"}
UNTIL = ("leaves", "turn-end")
MODIFIER_KEYS = {"card", "delta", "until", "from"}
FILL = {"life": 5, "support": 10}


def square_rows(p: int) -> tuple[tuple[str, int], ...]:
    """Player p's square keys (`SQUARE_KEYS`) and the soldier row each names."""
    return (("camp", camp_row(p)), ("battlefield", BATTLEFIELD), ("enemy_camp", camp_row(1 - p)))


class Scripted:
    """Mixin for the state: `after_setup`, the `actual_<key>` expectations and their reverse,
    `setup_extras` and `expect_extras`."""

    def after_setup(self, setup: dict[str, Any]) -> None:
        g = self.game
        sides = {key: setup.get(key) or {} for key in ("p1", "p2")}
        named = {ref.split("#", 1)[0] for spec in sides.values() for ref in _strings(spec)}
        self._reserved = {j for spec in sides.values() if isinstance(spec, dict)
                          for zone in PILE_KEYS + SQUARE_KEYS for ref in _strings(spec.get(zone))
                          if "#" in ref for j in self._resolve(ref, "setup")}
        for p, (key, spec) in enumerate(sides.items()):
            if not isinstance(spec, dict):
                raise SetupError(f"setup.{key}: expected a mapping of zones")
            unknown = set(spec) - PLAYER_KEYS
            if unknown:
                raise SetupError(f"setup.{key}: unknown key(s) {sorted(unknown)} (known: {sorted(PLAYER_KEYS)})")
            for zone in PILE_KEYS:
                refs = spec.get(zone)
                if zone not in FILL:
                    insts = self._take_all(refs or [], f"{key}.{zone}")
                elif refs is not None:
                    insts = self._take_all(refs, f"{key}.{zone}")[::-1]   # top first in the setup
                else:
                    insts = self._fillers(FILL[zone], named)[::-1]
                for i in insts:
                    self.zones.move(i, g.zones_of(zone)[p])
                    self.owner[i] = p
            for ref in listed(spec.get("tapped"), f"{key}.tapped"):
                self.tapped.add(self._find(ref, f"{key}.tapped", lambda i: self.zones.where[i] == g.WARE[p],
                                           f"in {key}'s warehouse"))
            self.counters[p] = whole(spec.get("counters", 0), f"{key}.counters", most=10)
            for zone, row in square_rows(p):
                squares = spec.get(zone) or {}
                if not isinstance(squares, dict):
                    raise SetupError(f"setup.{key}.{zone}: expected {{column: [cards]}}")
                for col, refs in squares.items():
                    self._place_square(p, row, _column(col, f"{key}.{zone}"), refs,
                                       f"{key}.{zone}.{col}", zone == "camp")
        options = mapping(setup.get("options") or {}, "options")
        for ref in listed(options.get("facedown"), "options.facedown"):
            i = self._find(ref, "options.facedown", lambda i: self.zones.where[i] == g.GROUND,
                           "a spell or land in a camp")
            p = self.owner[i]
            self.veil_col[i] = self.zones.piles[g.GROUND].index(i) - p * COLS
            self.zones.move(i, g.VEIL[p])
        for ref, t2 in mapping(options.get("type2"), "options.type2").items():
            self.grant2[self._find(ref, "options.type2")] = t2
        for ref, els in mapping(options.get("elements"), "options.elements").items():
            self.grant_el[self._find(ref, "options.elements")] = tuple(listed(els, "options.elements"))
        self._turn_so_far(setup)
        self.phase = PHASES.check(setup.get("phase", PHASES.first))
        if self.is_open("upkeep"):
            self.begin_upkeep()
            if "due" in setup:
                p = self.turns.current
                mine = f"on {self.player_name(p)}'s field"
                self.due = [self._find(ref, "due", lambda i: self.on_field(i) and self.owner[i] == p, mine)
                            for ref in listed(setup["due"], "due")]
                self.phase = "upkeep" if self.due else "main"
        elif "due" in setup:
            raise SetupError("setup.due: only in the upkeep phase (phase: upkeep)")

    def _turn_so_far(self, setup: dict[str, Any]) -> None:
        """What the turn has done so far and what lasts: damage, placed and moved cards, used
        effects, modifiers, bound cards, the turn number."""
        for ref, n in mapping(setup.get("damage"), "damage").items():
            self.dmg[self._find(ref, "damage")] = whole(n, f"damage.{ref}")
        for ref in listed(setup.get("fresh"), "fresh"):
            self.fresh.add(self._find(ref, "fresh"))
        for ref in listed(setup.get("moved"), "moved"):
            self.moved.add(self._find(ref, "moved", lambda i: self.zones.where[i] == self.game.SOLD,
                                      "a soldier on the field"))
        for eid, refs in mapping(setup.get("used"), "used").items():
            for ref in listed(refs, f"used.{eid}"):
                i = self._find(ref, f"used.{eid}")
                if self.effect(i, eid) is None:
                    raise SetupError(f"setup.used.{eid}: {ref} has no effect {eid!r}")
                self.used.add((i, eid))
        for n, mod in enumerate(listed(setup.get("modifiers"), "modifiers")):
            self.mods.append(self._modifier(mod, f"modifiers.{n + 1}"))
        for ref, target in mapping(setup.get("bound"), "bound").items():
            self.bound[self._find(ref, "bound")] = self._find(target, f"bound.{ref}")
        self.turn_no = whole(setup.get("turn_number", 1), "turn_number", least=1)

    def _modifier(self, mod: Any, where: str) -> tuple[int, int, int, int, str, int]:
        """One `{card, delta: [cost, move, power], until, from}` of `modifiers`."""
        if not isinstance(mod, dict) or "card" not in mod or "delta" not in mod:
            raise SetupError(f"setup.{where}: expected {{card: CARD, delta: [cost, move, power]}}")
        unknown = set(mod) - MODIFIER_KEYS
        if unknown:
            raise SetupError(f"setup.{where}: unknown key(s) {sorted(unknown)} (known: {sorted(MODIFIER_KEYS)})")
        delta = mod["delta"]
        if (not isinstance(delta, list) or not 1 <= len(delta) <= 3
                or not all(isinstance(d, int) and not isinstance(d, bool) for d in delta)):
            raise SetupError(f"setup.{where}.delta: expected [cost, move, power] as whole numbers")
        until = mod.get("until", "leaves")
        if until not in UNTIL:
            raise SetupError(f"setup.{where}.until: expected one of {', '.join(UNTIL)}")
        dc, dm, dp = (list(delta) + [0, 0])[:3]
        src = self._find(mod["from"], f"{where}.from") if "from" in mod else -1
        return (self._find(mod["card"], f"{where}.card"), dc, dm, dp, until, src)

    # --- placing ---------------------------------------------------------------------------------

    def _place_square(self, p: int, row: int, col: int, refs: Any, where: str, camp: bool) -> None:
        g = self.game
        if not isinstance(refs, list):
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
        """The cards `refs` name, from the box: a plain reference takes the lowest copy that
        no numbered reference of the players' zones names."""
        if not isinstance(refs, list):
            raise SetupError(f"setup.{where}: expected a list of cards")
        out: list[int] = []
        for ref in refs:
            out.append(take(self, ref, where, skip=out if "#" in str(ref) else {*out, *self._reserved}))
        return out

    def _resolve(self, ref: Any, where: str) -> list[int]:
        try:
            return self.game.catalogue.resolve(str(ref))
        except CardRefError as exc:
            raise SetupError(f"setup.{where}: {exc}") from None

    def _fillers(self, n: int, named: set[str]) -> list[int]:
        """Cards for a life or support pile the example does not give: unnamed cards first."""
        box = [i for i in self.zones.piles[BOX] if i not in self._reserved]
        pick = [i for i in box if self.game.cid[i] not in named][:n]
        return pick + [i for i in box if i not in pick][:n - len(pick)]

    def _find(self, ref: Any, where: str, fits: Any = None, what: str = "") -> int:
        """The first copy of `ref` that the setup has placed, which must `fits` (it is `what`)."""
        if not isinstance(ref, str):
            raise SetupError(f"setup.{where}: {ref!r} is not a card reference")
        placed = [i for i in self._resolve(ref, where) if self.zones.where[i] != BOX]
        if not placed:
            raise SetupError(f"setup.{where}: {ref} is not placed anywhere")
        if fits is not None and not fits(placed[0]):
            raise SetupError(f"setup.{where}: {ref} is not {what}")
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
        if w == g.SOLD or w == g.ARENA:
            return square_name(self.owner[i], self.cell_of(i))
        if w == g.GROUND:
            return f"camp{self.zones.piles[g.GROUND].index(i) % COLS + 1}"
        if w in g.VEIL:
            return f"camp{self.veil_col.get(i, 0) + 1}"
        return next((zone for zone in PILE_KEYS if w in g.zones_of(zone)), "box")

    def actual_at(self) -> dict[str, Any]:
        return self._per_card(self.place_name, piles=True)

    def actual_power(self) -> dict[str, Any]:
        return self._per_card(lambda i: self.stats(i)[2])

    def actual_cost(self) -> dict[str, Any]:
        return self._per_card(lambda i: self.stats(i)[0])

    def actual_move(self) -> dict[str, Any]:
        return self._per_card(lambda i: self.stats(i)[1])

    actual_upkeep = actual_move     # (a spell's or land's second stat)

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

    def actual_resolved(self) -> list[str]:
        return [f"{self.game.catalogue.ref(args['card'])} {args['eid']}"
                for kind, args in self.log.entries if kind == "resolve"]

    def setup_extras(self, shared: dict[str, Any]) -> dict[str, Any]:
        from .writeback import written     # (which reads this module's keys)
        return written(self)

    def expect_extras(self) -> dict[str, Any]:
        """The board at the end of a recorded example: where each card on the field stands,
        the phase, the players' damage counters and how many warehouse cards are tapped."""
        ref = self.game.catalogue.ref
        field = sorted([*self.field_soldiers(), *self.ground_cards()])
        return {"at": {ref(i): self.place_name(i) for i in field}, "phase": self.phase,
                "counters": self.actual_counters(), "tapped": self.actual_tapped()}


def _column(col: Any, where: str) -> int:
    try:
        n = int(str(col))
    except ValueError:
        n = 0
    if not 1 <= n <= COLS:
        raise SetupError(f"setup.{where}.{col}: expected a column 1-{COLS}")
    return n - 1


def _strings(value: Any) -> list[str]:
    """Every string among a setup value's values (its card references, mostly)."""
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []
