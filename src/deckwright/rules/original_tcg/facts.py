"""Card facts precomputed once per game from the database: stats, elements, effect scripts.

Nothing here is retyped from the source text: numbers, elements, races, special types and the
effect scripts come from `cards/original-tcg.yaml`. What is written here is the rules' own
vocabulary: the twelve special types 2 (rule effects the text defines for every card that has
one) and the shape of an effect definition.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckwright.engine import Watches
from deckwright.engine.phases import Phase, Phases

#: Grid geometry: soldier rows are p1's camp (0), the battlefield (1) and p2's camp (2).
COLS = 5
BATTLEFIELD = 1
#: Damage counters a player's top life card or a land takes before the threshold (> 10).
THRESHOLD = 10
#: Total turns after which a bot game is decided on life (project ruling turn-limit).
TURN_LIMIT = 200
HAND_START = 5
LIFE_START = 5
#: A turn's phases in order (the text's 1-4, by part), what each opens and which follows when
#: the turn player skips it; a game (and an example without `phase:`) starts in the main phase.
PHASES = Phases(
    Phase("draw", opens=("draw", "skip"), title="フェイズ①パート2", then="store"),
    Phase("store", opens=("store", "skip"), title="フェイズ①パート3", then="upkeep"),
    Phase("upkeep", "維持コストを払うか破棄するかを決める", ("upkeep", "abandon"),
          title="フェイズ①パート4", rule="phase-1"),
    Phase("main", opens=("summon", "cast", "deploy", "move", "act", "skip"), title="フェイズ②",
          then="buy"),
    Phase("buy", opens=("buy", "skip"), title="フェイズ③パート1", then="restock"),
    Phase("restock", opens=("store", "skip"), title="フェイズ③パート2", then="end"),
    Phase("end", "ターン終了を宣言する(ends)", ("end",), title="フェイズ④", rule="phase-4"),
    elsewhere="{what}は{wanted}で行う(いまは{now})", joiner="・", start="main",
    doing={"draw": "支援から引くの", "store": "倉庫に置くの", "upkeep": "維持コストの支払い",
           "abandon": "維持の放棄", "summon": "カードを場に出すの", "cast": "カードを場に出すの",
           "deploy": "カードを場に出すの", "move": "移動", "buy": "倉庫のカードで引くの",
           "end": "ターン終了の宣言"})
#: The groups `game.watches` keeps: `zones.watched[W_AURA]` and so on.
W_AURA, W_COUNTER, W_NORMAL = 0, 1, 2

#: 緋/蒼/天/碧: the elements and special type 2 they are strong against, and their own element.
SCARLET: dict[str, tuple[str, str, str]] = {
    "緋": ("earth", "碧", "fire"),
    "蒼": ("fire", "緋", "water"),
    "天": ("water", "蒼", "wind"),
    "碧": ("wind", "天", "earth"),
}
#: What the special types 2 that always change a soldier's stats add to its cost/move/power.
TYPE2_STATS = {"太陽": (3, 0, 3), "俊敏": (0, -3, 0), "聡明": (-3, 0, 0)}
#: Special types 2 that grant the normal effect "X: destroy X own soldiers, +0/+0/+2X".
GOLD_TYPES = {"黄金": "gold", "異界": "otherworld"}
#: What each counter trigger answers: the kind of stack item ("E" an activated effect, else the
#: event's kind) and whose it must be: the answering player's (own), the other's (enemy), the
#: answering card's (self), anyone's, or a combat against the other player (fight) or between
#: the answering player's own soldiers (drill). `Effects.answers` reads it.
TRIGGERS = {
    "effect": ("E", "any"), "own-spell-cast": ("cast", "own"), "self-cast": ("cast", "self"),
    "enemy-summon": ("summon", "enemy"), "self-summon": ("summon", "self"),
    "enemy-move": ("move", "enemy"), "self-move": ("move", "self"), "combat-end": ("cend", "any"),
    "own-drill-end": ("cend", "drill"), "own-turn-end": ("tend", "own"),
    "combat-start-vs-enemy": ("cstart", "fight"),
}


@dataclass(frozen=True)
class Effect:
    """One ■ block of a card, as its script describes it."""

    eid: str
    kind: str                      # normal, counter, forced-counter, permanent, rule
    trigger: tuple[str, ...] = ()
    also_normal: bool = False
    forced: bool = False
    n: int = 0                     # warehouse cards to use
    elements: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()    # (C) costs, e.g. self-to-graveyard
    choose: tuple[dict[str, Any], ...] = ()
    ops: tuple[dict[str, Any], ...] = ()
    #: mode name -> its choice slots and operations
    modes: dict[str, tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]] = field(
        default_factory=dict)
    x_cost: bool = False           # 黄金/異界: the cost is X
    label: str = ""                # the effect's name for the log (効果種別:効果名)
    script: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    #: nothing to choose (no targets, modes or X): one way to activate it, at cost n
    plain: bool = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "plain", not self.choose and not self.modes and not self.x_cost)

    @property
    def can_normal(self) -> bool:
        return self.kind == "normal" or self.also_normal


@dataclass(frozen=True, slots=True)
class Aura:
    """A permanent effect's `aura:` script, read once: which soldiers it reaches, and how much
    it changes their cost/move/power."""

    delta: tuple[int, int, int]
    reach: tuple[bool, ...]        # per instance: a soldier of the race and type it names
    bound: bool = False            # only the soldier its source is bound to (to: bound)
    anywhere: bool = False         # also soldiers in the hand
    owner: str | None = None       # own / enemy, from the source's side
    element: str | None = None
    other_own: bool = False        # only while its owner has another soldier on the field


def aura_from_script(aura: dict[str, Any], game: Any) -> Aura:
    """The aura, with `reach`: per instance, whether the card's printed facts let it reach
    it at all (soldier, race, type), so most cards are passed over without a closer look."""
    delta = tuple(aura["delta"])
    to = aura["to"]
    n = len(game.catalogue)
    if to == "bound":
        return Aura(delta, (True,) * n, bound=True)
    race, stype, not_type = to.get("race"), to.get("type"), to.get("not_type")
    reach = tuple(game.is_soldier[i] and (race is None or game.race[i] == race)
                  and (stype is None or game.stype[i] == stype)
                  and (not_type is None or game.stype[i] != not_type) for i in range(n))
    return Aura(delta, reach, anywhere=bool(to.get("anywhere")), owner=to.get("owner"),
                element=to.get("element"), other_own=aura.get("while") == "other-own-soldier")


def effect_from_script(kind: str, script: dict[str, Any], label: str = "") -> Effect:
    cost = script.get("cost") or {}
    modes = {name: (tuple(m.get("choose", ())), tuple(m.get("ops", ())))
             for name, m in (script.get("modes") or {}).items()}
    return Effect(eid=script["id"], kind=kind, trigger=tuple(script.get("trigger", ())),
                  also_normal=bool(script.get("also_normal")),
                  forced=bool(script.get("forced")) or kind == "forced-counter",
                  n=int(cost.get("n", 0)), elements=tuple(cost.get("elements", ())),
                  extra=tuple(cost.get("extra", ())), choose=tuple(script.get("choose", ())),
                  ops=tuple(script.get("ops", ())), modes=modes, label=label or script["id"],
                  script=script)


def gold_effect(eid: str) -> Effect:
    """The normal effect 黄金 and 異界 grant (the text gives it for both)."""
    return Effect(eid=eid, kind="normal", x_cost=True, label="黄金" if eid == "gold" else "異界",
                  choose=({"name": "t", "min": 1, "max": 1,
                           "pick": {"kind": "soldier", "rows": ["own-camp"], "owner": "own"}},),
                  ops=({"op": "gold"},))


def prepare_facts(game: Any) -> None:
    """Columns per card instance on the Game (shared by every state, never copied)."""
    cat = game.catalogue
    cards = cat.cards
    game.cid = cat.ids
    game.name = tuple(c.name for c in cards)
    game.cat = tuple(c.category for c in cards)
    game.is_soldier = tuple(c.category == "soldier" for c in cards)

    def base(card: Any) -> tuple[int | None, int | None, int]:
        s = card.stats
        if card.category == "soldier":
            return (s.get("cost") or 0, s.get("move") or 0, s.get("power") or 0)
        return (s.get("cast"), s.get("upkeep"), 0)

    game.base = tuple(base(c) for c in cards)
    game.colors = tuple(tuple(k for k in c.colors if k != "none") for c in cards)
    game.race = tuple(c.stats.get("race") for c in cards)
    game.stype = tuple(c.stats.get("type") for c in cards)
    game.type2 = tuple(c.stats.get("type2") for c in cards)
    by_card = {card.id: tuple(effect_from_script(e.kind, e.script, _label(e)) for e in card.effects
                              if isinstance(e.script, dict) and "id" in e.script)
               for card in game.data.db.cards}
    game.effs = tuple(by_card[cid] for cid in cat.ids)
    game.facedown_only = tuple(any(e.script.get("facedown") for e in game.effs[i])
                               for i in range(len(cat)))
    game.counters_of = tuple(tuple(e for e in game.effs[i] if e.trigger) for i in range(len(cat)))
    #: stack item kind ("E" or an event's) -> the instances with a counter effect that could
    #: answer it (an unknown trigger, any): `Effects.answers` decides, this spares asking the rest
    game.answering = {kind: frozenset(i for i, effs in enumerate(game.counters_of) if any(
        TRIGGERS.get(t, (kind,))[0] == kind for e in effs for t in e.trigger))
        for kind in {kind for kind, _whose in TRIGGERS.values()}}
    game.auras = tuple(tuple(aura_from_script(e.script["aura"], game) for e in game.effs[i] if "aura" in e.script)
                       for i in range(len(cat)))
    #: the instances with an aura that holds only beside another own soldier
    game.other_own_insts = frozenset(i for i in range(len(cat)) if any(a.other_own for a in game.auras[i]))
    game.hand_rules = tuple(any(e.script.get("hand") for e in game.effs[i]) for i in range(len(cat)))
    game.drill = frozenset(i for i in range(len(cat)) if any(e.script.get("drill_safe") for e in game.effs[i]))
    game.gold = {t2: gold_effect(eid) for t2, eid in GOLD_TYPES.items()}
    game.normals = tuple(tuple(e for e in game.effs[i] if e.can_normal)
                         + ((game.gold[game.type2[i]],)
                            if game.is_soldier[i] and game.type2[i] in game.gold else ())
                         for i in range(len(cat)))
    layout = game.layout(2)
    # (game.HAND, LIFE, SUPPORT, GROUND, ARENA are the engine's; shorter names for the rest)
    game.GRAVE, game.WARE, game.VEIL = game.GRAVEYARD, game.WAREHOUSE, game.VEILED
    game.SOLD = game.SOLDIERS
    #: the field's piles, in the order the rules scan them: soldiers, arena, squares, veils
    game.FIELD = (game.SOLD, game.ARENA, game.GROUND) + game.VEIL
    game.is_field = tuple(pile in game.FIELD for pile in range(len(layout)))
    #: each field pile's place in that order (for sorting cards into it)
    game.field_rank = tuple(game.FIELD.index(pile) if pile in game.FIELD else -1
                            for pile in range(len(layout)))
    #: what the zones keep up to date with every move (`zones.watched[W_...]`): the cards with
    #: an aura on the soldier grid, in the arena or on the squares (where an aura is in force),
    #: and the cards with a counter effect, and with a normal effect, anywhere on the field
    game.watches = Watches(len(cat), len(layout), (
        (frozenset(i for i in range(len(cat)) if game.auras[i]), (game.SOLD, game.ARENA, game.GROUND)),
        (frozenset(i for i in range(len(cat)) if game.counters_of[i]), game.FIELD),
        (frozenset(i for i in range(len(cat)) if game.normals[i]), game.FIELD)))


def _label(effect: Any) -> str:
    """《種別:名前》 as the card prints it, or the kind of effect when it has no name."""
    if effect.name:
        return f"《{effect.type}:{effect.name}》" if effect.type else effect.name
    return {"counter": "対抗効果", "forced-counter": "強制対抗", "permanent": "永続効果",
            "rule": "ルール効果", "normal": "通常効果"}.get(effect.kind, effect.kind)
