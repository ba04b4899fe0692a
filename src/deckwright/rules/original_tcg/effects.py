"""Effects: who may activate what, against which trigger, on which targets; and what they do.

Stack items are tuples: ("E", player, source, effect id, targets, mode, x) for an activated
effect and ("V", kind, player, card) for an event that opened a counter window (summon, move,
cast, cstart, cend, tend). A counter effect answers the newest item only (the designer's stack
example: C may not counter A), and a soldier never answers its own effect.
Targets are card instances, or `PLAYER - p` for player p.
"""

from __future__ import annotations

from itertools import combinations, islice
from typing import Any, Iterator

from deckwright.engine import EMPTY, Reason

from .board import camp_row
from .facts import COLS, THRESHOLD, TRIGGERS, W_COUNTER, Effect

PLAYER = -100
#: The one choice of an effect with nothing to choose: no mode, no X, no targets.
NOTHING_TO_CHOOSE = [("", 0, ())]
#: At most this many target choices per effect are offered to bots (legal_actions).
CHOICE_CAP = 24


def is_player(t: int) -> bool:
    return t <= PLAYER


class Effects:
    """Mixin for the state: effect look-up, targets, triggers, resolution."""

    # --- which effects a card has ----------------------------------------------------------

    def effects_of(self, i: int) -> tuple[Effect, ...]:
        g = self.game
        effs = g.effs[i]
        gold = g.is_soldier[i] and g.gold.get(self.type2_of(i))
        return effs + (gold,) if gold else effs

    def effect(self, i: int, eid: str) -> Effect | None:
        return next((e for e in self.effects_of(i) if e.eid == eid), None)

    def cost_of(self, i: int, eff: Effect, x: int) -> tuple[int, tuple[str, ...]]:
        return (x, ()) if eff.x_cost else (eff.n, eff.elements)

    # --- targets ---------------------------------------------------------------------------

    def candidates(self, p: int, src: int, pick: Any) -> list[int]:
        """Everything one choice slot may take, for effect source `src` controlled by p."""
        picks = pick if isinstance(pick, list) else [pick]
        return [t for one in picks
                for t in ([PLAYER - (1 - p)] if one == "enemy-player" else self._filter(p, src, one))]

    def _filter(self, p: int, src: int, f: dict[str, Any]) -> list[int]:
        """The cards a `pick` filter of an effect script takes (source `src`, controlled by p)."""
        g = self.game
        owners = self.owner
        kind = f.get("kind", "card")
        owner = f.get("owner", "any")
        zone = f.get("zone")
        if zone == "hand":
            pool = self.zones.piles[g.HAND[p]]      # (only read here)
        elif zone == "warehouse":
            pool = self.zones.piles[g.WARE[1 - p if owner == "enemy" else p]]
        else:
            rows = f.get("rows", ["field"])
            anywhere = "field" in rows
            pool = []
            if kind in ("soldier", "card"):
                pool += self.field_soldiers() if anywhere else self._soldiers_in_rows(p, rows)
            if kind in ("land", "spell", "card"):
                pool += [c for c in self.ground_cards()
                         if anywhere or ("own-camp" if owners[c] == p else "enemy-camp") in rows]
        only = kind if kind in ("land", "spell") else None      # a category
        cap = f.get("max_cost")
        spell = g.cat[src] == "spell"   # (only a spell's targets can be immune)
        out = []
        for t in pool:
            if kind == "soldier" and not g.is_soldier[t] or only is not None and g.cat[t] != only:
                continue
            if (owner == "own" and owners[t] != p) or (owner == "enemy" and owners[t] == p):
                continue
            if cap is not None and self.stats(t)[0] > cap:
                continue
            if not (spell and g.is_soldier[t] and self.immune(t, src)):
                out.append(t)
        return out

    def _soldiers_in_rows(self, p: int, rows: list[str]) -> list[int]:
        """The field's soldiers (`field_soldiers` order) in the rows named from p's side
        (an arena soldier in the row of the square it fights for)."""
        g = self.game
        out = [i for cell, i in enumerate(self.zones.piles[g.SOLD])
               if i != EMPTY and self.row_name(p, cell // COLS) in rows]
        return out + [s for s in self.zones.piles[g.ARENA]
                      if self.row_name(p, self.cell_of(s) // COLS) in rows]

    def slots(self, eff: Effect, mode: str) -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]:
        """The effect's choice slots and operations (those of its mode `mode`, if it has modes)."""
        return eff.modes.get(mode, ((), ())) if eff.modes else (eff.choose, eff.ops)

    def assign(self, p: int, src: int, eff: Effect, mode: str, x: int,
               targets: tuple[int, ...]) -> dict[str, list[int]] | str:
        """Targets into the effect's choice slots, or the reason they do not fit."""
        if eff.x_cost:
            return self._assign_gold(p, src, x, targets)
        choose, _ops = self.slots(eff, mode)
        if eff.modes and mode not in eff.modes:
            names = "、".join(eff.modes)
            return Reason(f"モードを選ぶ必要がある（{names}）", "effects")
        if len(set(targets)) != len(targets):
            return Reason("同じものを二度は選べない（「〜枚まで」の対象はそれぞれ別のもの）", "distinct-targets")
        bound: dict[str, list[int]] = {s["name"]: [] for s in choose}
        pools = [self.candidates(p, src, s["pick"]) for s in choose]
        for t in targets:
            for s, pool in zip(choose, pools):
                if len(bound[s["name"]]) < s.get("max", 1) and t in pool:
                    bound[s["name"]].append(t)
                    break
            else:
                return self._target_reason(p, src, t)
        for s, pool in zip(choose, pools):
            need = s.get("min", 1)
            if len(bound[s["name"]]) < need:
                if need and s.get("name") == "t" and eff.forced and not pool:
                    continue        # a forced effect with nothing to choose does nothing
                return Reason("対象を選んでいない（対象が足りない）", "effects")
        return bound

    def _assign_gold(self, p: int, src: int, x: int, targets: tuple[int, ...]) -> dict[str, list[int]] | str:
        if x < 1:
            return Reason("X は 1 以上にする", "gold-x")
        if len(targets) != x or len(set(targets)) != x:
            return Reason(f"召喚コスト{x}以上の自陣の兵をちょうど {x} 枚選ぶ", "gold-x")
        fodder = self._gold_fodder(p, src)
        for t in targets:
            if t not in fodder or self.stats(t)[0] < x:
                return Reason(f"{self.label_of(t)} は召喚コスト{x}以上の自陣の兵ではないので対象にできない", "gold-x")
        return {"t": list(targets)}

    def _target_reason(self, p: int, src: int, t: int) -> str:
        if not is_player(t) and self.game.is_soldier[t] and self.immune(t, src):
            return Reason(f"{self.label_of(t)} は深淵の兵なので、相手の呪術の効果を受けず対象にできない", "abyss-spells")
        return Reason(f"{self.label_of(t)} はこの効果の対象にできない", "targets-at-activation")

    def target_choices(self, p: int, src: int, eff: Effect) -> list[tuple[str, int, tuple[int, ...]]]:
        """(mode, x, targets) a bot may choose; capped at CHOICE_CAP per effect."""
        if eff.plain:
            return NOTHING_TO_CHOOSE
        if eff.x_cost:
            return list(self._gold_choices(p, src))
        out: list[tuple[str, int, tuple[int, ...]]] = []
        for mode in list(eff.modes) or [""]:
            for combo in self._combos(p, src, self.slots(eff, mode)[0], eff.forced):
                out.append((mode, 0, combo))
                if len(out) >= CHOICE_CAP:
                    return out
        return out

    def _combos(self, p: int, src: int, choose: tuple[dict[str, Any], ...], forced: bool) -> list[tuple[int, ...]]:
        parts: list[list[tuple[int, ...]]] = []
        for s in choose:
            cands = self.candidates(p, src, s["pick"])
            lo, hi = s.get("min", 1), s.get("max", 1)
            if forced and not cands:
                lo = 0
            options = []
            for k in range(min(hi, len(cands)), lo - 1, -1):
                options += islice(combinations(cands, k), CHOICE_CAP)
            if not options:
                return []
            parts.append(options)
        if len(parts) == 1:
            return parts[0][:CHOICE_CAP]
        return list(_product(parts))

    def _gold_choices(self, p: int, src: int) -> Iterator[tuple[str, int, tuple[int, ...]]]:
        mine = self._gold_fodder(p, src)
        for x in range(1, len(mine) + 1):
            fit = [s for s in mine if self.stats(s)[0] >= x]
            if len(fit) >= x:
                yield "", x, tuple(fit[:x])

    def _gold_fodder(self, p: int, src: int) -> list[int]:
        """What 黄金/異界 may destroy: p's soldiers standing in p's camp, but `src`."""
        first = camp_row(p) * COLS
        return [s for s in self.zones.piles[self.game.SOLD][first:first + COLS]
                if s != EMPTY and s != src and self.owner[s] == p]

    # --- triggers --------------------------------------------------------------------------

    def answers(self, eff: Effect, src: int, p: int, top: tuple[Any, ...]) -> bool:
        """Does counter effect `eff` of `src` (controlled by p) answer the newest stack item?"""
        if top[0] == "E":
            return "effect" in eff.trigger and top[2] != src
        _v, kind, who, inst = top
        for t in eff.trigger:
            wanted, whose = TRIGGERS.get(t, ("", ""))
            if wanted == kind and (whose == "any" or (whose == "own" and who == p)
                                   or (whose == "enemy" and who != p)
                                   or (whose == "self" and inst == src)
                                   or (whose in ("fight", "drill") and self._fighting(whose, p))):
                return True
        return False

    def _fighting(self, whose: str, p: int) -> bool:
        """Is p in the combat under way against the other player ("fight"), or against
        their own soldier ("drill")?"""
        if not self.combat or self.combat[1] < 0:
            return False
        a, d = self.owner[self.combat[0]], self.owner[self.combat[1]]
        return (a != d and p in (a, d)) if whose == "fight" else a == d == p

    def usable(self, p: int, i: int, eff: Effect, counter: bool) -> str | None:
        """Why p may not activate effect `eff` of card i now (source side only)."""
        g = self.game
        if not g.is_field[self.zones.where[i]] or self.owner[i] != p:     # (on_field)
            return Reason(f"{self.label_of(i)} は自分の場にない", "effects")
        if i in self.fresh and g.cat[i] != "spell" and not (counter and "self-summon" in eff.trigger):
            word = "召喚" if g.is_soldier[i] else "展開"
            return Reason(f"{word}したターンには効果を発動できない", "summoning-sickness")
        if (i, eff.eid) in self.used:
            return Reason("同じカードの同じ効果は一ターンに一度しか発動できない", "effect-once-per-turn")
        return None

    def counter_options(self, p: int, top: tuple[Any, ...] | None = None,
                        among: list[int] | None = None) -> list[tuple[int, Effect]]:
        """(card, effect) pairs of p that answer the top of the stack now, or the item `top`
        (cost not checked), in field order; or, looking only at the field cards `among`
        (either player's), in no particular order."""
        if top is None:
            top = self.window.top()
        counters = self.game.counters_of
        owner = self.owner
        if among is None:
            mine = self.in_field_order([i for i in self.answering(top) if owner[i] == p])
        else:
            mine = [i for i in among if owner[i] == p]
        return [(i, eff) for i in mine for eff in counters[i]
                if self.answers(eff, i, p, top) and self.usable(p, i, eff, True) is None]

    def answering(self, top: tuple[Any, ...]) -> set[int]:
        """The cards on the field with a counter effect that could answer stack item `top`."""
        live = self.zones.watched[W_COUNTER]    # (kept by the zones)
        insts = self.game.answering.get("E" if top[0] == "E" else top[1])
        return live if insts is None else live & insts

    def my_field_cards(self, p: int) -> list[int]:
        """p's cards on the field (soldiers in cell order, the arena, squares, veils)."""
        piles, owner = self.zones.piles, self.owner
        return [i for pile in self.game.FIELD for i in piles[pile] if i != EMPTY and owner[i] == p]

    # --- resolution --------------------------------------------------------------------------

    def resolve_effect(self, item: tuple[Any, ...]) -> None:
        _e, p, src, eid, targets, mode, x = item
        eff = self.effect(src, eid)
        if eff is None:
            return
        self.log.add("resolve", p=p, card=src, eff=eff.label, eid=eid)
        if eff.x_cost:
            self._gold(p, src, x, targets)
            return
        choose, ops = self.slots(eff, mode)
        bound = self.assign(p, src, eff, mode, x, tuple(t for t in targets if self._still_there(t)))
        if isinstance(bound, str):
            bound = {s["name"]: [t for t in targets if self._still_there(t)] for s in choose[:1]}
        for op in ops:
            if self.over:
                return
            for t in self._op_targets(p, src, op["to"], bound):
                self._do_op(p, src, op, t)

    def _still_there(self, t: int) -> bool:
        return is_player(t) or self.zones.where[t] != 0

    def _op_targets(self, p: int, src: int, to: Any, bound: dict[str, list[int]]) -> list[int]:
        if to == "self":
            return [src]
        if to == "enemy-player":
            return [PLAYER - (1 - p)]
        if to == "fighters":
            return [t for t in self.combat[:2] if t >= 0 and self.on_field(t)] if self.combat else []
        if isinstance(to, str):
            return list(bound.get(to, []))
        if to.get("all"):
            return self._filter(p, src, to)
        return []

    def _do_op(self, p: int, src: int, op: dict[str, Any], t: int) -> None:
        kind = op["op"]
        if kind == "damage":
            self.damage(t, op["amount"], src)
        elif is_player(t):
            return
        elif kind == "destroy":
            if self.on_field(t) or self.zones.where[t] in self.game.WARE:
                self.destroy(t)
        elif kind == "modify":
            if self.on_field(t) or self.zones.where[t] in self.game.HAND:
                dc, dm, *rest = op["delta"]
                self.mods.append((t, dc, dm, rest[0] if rest else 0, op.get("until", "leaves"), src))
                # a card in a hand is named to its owner alone; on the field, to all
                self.log.add("modify", card=t, delta="/".join(f"{d:+d}" for d in op["delta"]),
                             seen_by=None if self.on_field(t) else (self.owner[t],))
        elif kind == "remove-counters":
            self.dmg[t] = max(0, self.dmg.get(t, 0) - op["up_to"])
            self.log.add("cure", card=t, n=op["up_to"])
        elif kind == "bind":
            if self.on_field(src) and self.on_field(t):
                self.bound[src] = t
                self.log.add("bind", card=src, target=t)

    def _gold(self, p: int, src: int, x: int, targets: tuple[int, ...]) -> None:
        for t in filter(self.on_field, targets):
            self.destroy(t)
        if self.on_field(src):
            self.mods.append((src, 0, 0, 2 * x, "leaves", src))
            self.log.add("modify", card=src, delta=f"+0/+0/+{2 * x}")

    # --- damage and destruction ------------------------------------------------------------------

    def damage(self, t: int, n: int, src: int = -1) -> None:
        g = self.game
        if is_player(t):
            self.damage_player(PLAYER - t, n)
            return
        if not self.on_field(t) or g.is_soldier[t] and src >= 0 and self.immune(t, src):
            return
        self.dmg[t] = self.dmg.get(t, 0) + n
        self.log.add("hurt", card=t, n=n, total=self.dmg[t])
        if g.is_soldier[t]:
            self.hurt.append(t)     # (無限地獄 reads it)
        if self.dmg[t] > (self.power(t) if g.is_soldier[t] else THRESHOLD):
            self.destroy(t)

    def damage_player(self, p: int, n: int) -> None:
        if n <= 0:
            return
        self.counters[p] += n
        self.log.add("damage", p=p, n=n, total=self.counters[p])
        if self.counters[p] > THRESHOLD:
            self.counters[p] = 0
            life = self.game.LIFE[p]
            self.zones.draw(life, self.game.HAND[p])
            self.log.add("life", p=p)
            if not self.zones.piles[life]:
                self.lose(p, "戦力が尽きた")


def _product(parts: list[list[tuple[int, ...]]]) -> Iterator[tuple[int, ...]]:
    """Concatenated choices of every slot (targets of different slots never repeat)."""
    if not parts:
        yield ()
        return
    if len(parts) == 1:
        yield from parts[0][:CHOICE_CAP]
        return
    head, rest = parts[0], parts[1:]
    n = 0
    for first in head:
        for tail in _product(rest):
            if set(first) & set(tail):
                continue
            yield first + tail
            n += 1
            if n >= CHOICE_CAP:
                return
