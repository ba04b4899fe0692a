"""Where cards are and what they are worth now: field geometry, modifiers, auras, type 2.

A soldier's stats are "cost/move/power"; a spell's or land's "cast/upkeep". The value now is
the database's base, plus the modifiers on the card (`mods`: effect results with a duration),
plus the permanent effects on the field (auras, read from their scripts), plus the rule effects
of its special type 2. Costs never go below 0; power may.
"""

from __future__ import annotations

from deckwright.engine import EMPTY

from .facts import BATTLEFIELD, COLS, SCARLET, TYPE2_STATS, W_AURA, Aura

#: The soldier-grid row of each player's camp (`camp_row` without a call, for hot loops).
CAMP_ROW = (0, 2)


def camp_row(p: int) -> int:
    """The soldier-grid row of a player's camp."""
    return 0 if p == 0 else 2


class Board:
    """Mixin for the state: field queries and stats."""

    #: While the legal actions are listed nothing changes: the auras in force, each player's
    #: untapped cards and each cost's payment are worked out once (`legal_actions`); else None.
    _memo: dict | None = None

    # --- where things are -----------------------------------------------------------------

    def cell_of(self, i: int) -> int:
        """A soldier's cell (arena soldiers count as standing in the cell they fight for)."""
        g = self.game
        where = self.zones.where[i]
        if where == g.SOLD:
            return self.zones.piles[g.SOLD].index(i)
        if where == g.ARENA and self.combat and self.combat[0] == i:
            return self.combat[2]
        return -1

    def on_field(self, i: int) -> bool:
        return self.game.is_field[self.zones.where[i]]

    def field_soldiers(self) -> list[int]:
        g = self.game
        piles = self.zones.piles
        return [i for i in piles[g.SOLD] if i != EMPTY] + piles[g.ARENA]

    def in_field_order(self, cards: list[int]) -> list[int]:
        """`cards` (on the field) sorted as the rules scan the field: soldiers in cell order,
        the arena, the squares, the face-down spells (`Effects.my_field_cards`'s order)."""
        if len(cards) > 1:
            where, piles, rank = self.zones.where, self.zones.piles, self.game.field_rank
            cards.sort(key=lambda i: (rank[where[i]], piles[where[i]].index(i)))
        return cards

    def ground_cards(self, with_veiled: bool = True) -> list[int]:
        """The spells and lands on the squares (and the face-down spells)."""
        g, piles = self.game, self.zones.piles
        ground = [i for i in piles[g.GROUND] if i != EMPTY]
        return ground + piles[g.VEIL[0]] + piles[g.VEIL[1]] if with_veiled else ground

    def soldier_at(self, cell: int) -> int:
        return self.zones.piles[self.game.SOLD][cell]

    def free_squares(self, p: int) -> list[int]:
        """The columns (0-4) of p's squares that hold neither a spell or land nor a face-down
        spell: where one more may go."""
        piles = self.zones.piles
        ground, first = piles[self.game.GROUND], p * COLS
        veiled = {self.veil_col.get(i) for i in piles[self.game.VEIL[p]]}
        return [c for c in range(COLS) if ground[first + c] == EMPTY and c not in veiled]

    def ground_taken(self, p: int, col: int) -> bool:
        return col not in self.free_squares(p)

    def row_name(self, p: int, row: int) -> str:
        """'own-camp', 'battlefield' or 'enemy-camp' for player p."""
        return "battlefield" if row == BATTLEFIELD else "own-camp" if row == camp_row(p) else "enemy-camp"

    # --- facts that effects can change ------------------------------------------------------

    def elements(self, i: int) -> tuple[str, ...]:
        return self.grant_el.get(i, self.game.colors[i])

    def type2_of(self, i: int) -> str | None:
        got = self.grant2.get(i)
        return got if got is not None else self.game.type2[i]

    def on_field_type(self, stype: str) -> bool:
        return any(self.game.stype[i] == stype for i in [*self.field_soldiers(), *self.ground_cards(False)])

    def processing(self) -> bool:
        """True from an effect's activation until its counter stack is resolved (頑健)."""
        return any(item[0] == "E" for item in self.stack) or self.window is not None and any(
            item[0] == "E" for _p, item in self.window.responses)

    def in_combat(self, i: int) -> bool:
        return len(self.combat) == 7 and (self.combat[0] == i or self.combat[1] == i)

    # --- auras: permanent effects on the field ------------------------------------------------

    def aura_sources(self) -> list[tuple[int, Aura]]:
        """(card, aura) on the field that are in force, in no particular order (they are only
        summed): the cards with an aura on the soldier grid, in the arena and on the squares,
        which the zones keep (`W_AURA`). An aura that holds only while its owner has another
        soldier on the field is left out while they have none, and one for the soldier its
        card chose (`to: bound`) while it has chosen none."""
        live = self.zones.watched[W_AURA]
        if not live:
            return []
        auras, bound, owner = self.game.auras, self.bound, self.owner
        out = [(i, aura) for i in live for aura in auras[i] if not aura.bound or i in bound]
        if live.isdisjoint(self.game.other_own_insts):
            return out
        soldiers = self.field_soldiers()
        sides = [owner[s] for s in soldiers]    # (another of its owner's: one more than itself)
        return [(src, aura) for src, aura in out if not aura.other_own
                or sides.count(owner[src]) > (src in soldiers)]

    def aura_delta(self, i: int, t2: str | None, auras: list[tuple[int, Aura]]) -> tuple[int, int, int]:
        """What the auras in force add to soldier i's cost, move and power (doubled from a
        land for 太陽). An aura reaches a soldier of the race and type it names; a bound
        aura only the soldier its source chose, on the field; otherwise a soldier on the
        field (or in the hand, for an aura that says so) of the side it names, of the element
        it names; never a 深淵 soldier from the opponent's spell (`immune`)."""
        g = self.game
        owner = self.owner
        mine = owner[i]
        where = self.zones.where[i]
        field = g.is_field[where]
        abyss = t2 == "深淵"
        c = m = p = 0
        for src, aura in auras:
            if not aura.reach[i]:
                continue
            if abyss and g.cat[src] == "spell" and owner[src] != mine:
                continue        # immune
            if aura.bound:
                if not field or self.bound.get(src) != i:
                    continue
            elif (not field and (not aura.anywhere or where not in g.HAND)
                  or aura.owner == "own" and owner[src] != mine
                  or aura.owner == "enemy" and owner[src] == mine
                  or aura.element is not None and aura.element not in self.elements(i)):
                continue
            dc, dm, dp = aura.delta
            k = 2 if (t2 == "太陽" and g.cat[src] == "land") else 1
            c += k * dc
            m += k * dm
            p += k * dp
        return c, m, p

    def immune(self, target: int, src: int) -> bool:
        """深淵: a soldier does not take the effects of the opponent's spells."""
        return (self.game.cat[src] == "spell" and self.owner[src] != self.owner[target]
                and self.type2_of(target) == "深淵")

    # --- stats ----------------------------------------------------------------------------

    def stats(self, i: int) -> tuple[int, int, int]:
        """Soldier: (cost, move, power); spell or land: (cast, upkeep, 0); costs floored at 0."""
        g = self.game
        c, m, p = g.base[i]
        if c is None:
            return (-1, -1, 0)          # a face-down-only spell has no costs
        soldier = g.is_soldier[i]
        t2 = (self.type2_of(i) if self.grant2 else g.type2[i]) if soldier else None
        for mod in self.mods:
            if mod[0] == i:     # (most modifiers are on other cards: unpacked only if not)
                _t, dc, dm, dp, _until, src = mod
                k = 2 if t2 == "太陽" and src >= 0 and g.cat[src] == "land" else 1
                c += k * dc
                m += k * dm
                p += k * dp
        if not soldier:
            if g.hand_rules[i]:
                c = self._hand_rule(i, c)
            return (c if c > 0 else 0, m if m > 0 else 0, p)
        memo = self._memo
        auras = self.aura_sources() if memo is None else memo.get("auras")
        if auras is None:   # (the first soldier of a listing)
            auras = memo["auras"] = self.aura_sources()
        if auras:
            dc, dm, dp = self.aura_delta(i, t2, auras)
            c += dc
            m += dm
            p += dp
        if t2 is not None:
            c, m, p = self._type2_rule(i, t2, c, m, p)
        return (c if c > 0 else 0, m if m > 0 else 0, p)     # costs floored at 0

    def _type2_rule(self, i: int, t2: str, c: int, m: int, p: int) -> tuple[int, int, int]:
        """The rule effect of a soldier's special type 2 on its stats."""
        if t2 in TYPE2_STATS:
            dc, dm, dp = TYPE2_STATS[t2]
            return c + dc, m + dm, p + dp
        if t2 == "豪腕":
            return c, m, p + (4 if self.in_combat(i) else 0)
        if t2 == "頑健":
            return c, m, p + (4 if self.on_field(i) and self.processing() else 0)
        if t2 in SCARLET and self.in_combat(i):
            p += self._scarlet(i, t2)
        return c, m, p

    def _scarlet(self, i: int, t2: str) -> int:
        a, d = self.combat[0], self.combat[1]
        foe = d if a == i else a
        if foe < 0:
            return 0
        element, rival, own = SCARLET[t2]
        if element in self.elements(foe) or self.type2_of(foe) == rival:
            return 4 if own in self.elements(i) else 2
        return 0

    def _hand_rule(self, i: int, c: int) -> int:
        """Rule effects that change a card's cost while it is in the hand (ビナルクス仙山)."""
        g = self.game
        if self.zones.where[i] not in g.HAND:
            return c
        for eff in g.effs[i]:
            rule = eff.script.get("hand")
            if rule and self.on_field_type(rule["while"]["type"]):
                c += rule["delta"][0]
        return c

    def power(self, i: int) -> int:
        return self.stats(i)[2]

    # --- lands that change the rules -----------------------------------------------------------

    def hell_active(self) -> bool:
        return any(doom.script.get("doom_damaged") and not self._disabled(i, doom.eid)
                   for i in self.ground_cards(False) for doom in self.game.effs[i])

    def _disabled(self, i: int, eid: str) -> bool:
        """Another effect of the same card switches `eid` off while its condition holds."""
        return any(eff.script.get("disables") == eid
                   and any(eff.script["while"]["element"] in self.elements(s) for s in self.field_soldiers())
                   for eff in self.game.effs[i])

    def drill_safe(self, p: int) -> bool:
        g = self.game
        owner = self.owner
        return any(owner[i] == p for i in g.drill.intersection(self.zones.piles[g.GROUND]))
