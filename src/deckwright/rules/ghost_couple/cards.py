"""Card facts ghost-couple reads from its database, precomputed once per game.

Nothing here is retyped from the rules text: a card's side (¥0 red / ¥1 black), its matching
key (the playing card's rank, the ghost's id), points, its event and its abilities all come
from the YAML (`stats.side`, `rank`, `points`, and the `script` of each effect block). From
them this module builds the one table every rule asks: may these two cards form a couple, and
if not, why.

Abilities understood (effect `script`s in cards/ghost-couple.yaml):

- `{ability: wild, matches: any}`: couples with any card (the Joker);
- `{ability: wild, matches: yen0}`: couples with any ¥0 card (変なうにゅう, キモいゆうか);
- `{ability: same-color}`: two cards of the same key couple even on the same side (the 8s);
- `{ability: partner, with: [keys], bonus: n}`: couples with those ghosts too, +n per couple;
- `{ability: group, with: [keys]}`: any two members couple (the four-way group);
- `{ability: collect, rank: k, need: n, bonus: b}`: n cards of key k in a treasure score +b;
- `{ability: set, ghosts: [keys], bonus: b}`: one card of each ghost in a treasure scores +b.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckwright.engine import Catalogue

ANY = -1   # the side of a card that couples with either side (the Joker); else 0 (¥0, red), 1 (¥1)

#: Why two cards are no couple, as `couple_problem` reports it.
UNRELATED, SAME_SIDE = "unrelated", "same-side"


@dataclass(frozen=True)
class Facts:
    """Per-instance columns and the couple table of one game's deck."""

    key: tuple[str, ...]           # the matching key: rank or ghost id
    points: tuple[int, ...]
    wild: tuple[str | None, ...]   # None, "any" or "yen0"
    event: tuple[dict[str, Any] | None, ...]
    event_name: tuple[str, ...]
    couples: tuple[frozenset[int], ...]   # instances each instance couples with
    related: tuple[frozenset[int], ...]   # instances it would couple with but for the sides
    bonus: dict[tuple[int, int], int]     # (a, b) with a < b -> points the couple adds
    collects: tuple[tuple[str, int, int], ...]       # (key, need, bonus)
    sets: tuple[tuple[tuple[str, ...], int], ...]    # (keys, bonus)


def _scripts(card: Any, kind: str) -> list[dict[str, Any]]:
    return [e.script for e in card.effects if isinstance(e.script, dict) and kind in e.script]


def build(cat: Catalogue) -> Facts:
    """Read every fact the rules need from the catalogue's database cards."""
    cards = cat.cards
    n = len(cards)
    side = [ANY if c.stats.get("side") == "any" else int(c.stats.get("side", 0)) for c in cards]
    key = tuple(str(c.rank) for c in cards)
    abilities = [_scripts(c, "ability") for c in cards]

    def of(i: int, *kinds: str) -> list[dict[str, Any]]:
        """Card i's abilities of these kinds."""
        return [a for a in abilities[i] if a["ability"] in kinds]

    wild = tuple(next((a["matches"] for a in of(i, "wild")), None) for i in range(n))
    same_colour = [bool(of(i, "same-color")) for i in range(n)]
    partners = [{k for a in of(i, "partner", "group") for k in a["with"]} for i in range(n)]
    bonus_with = [{k: int(a["bonus"]) for a in of(i, "partner", "group") if a.get("bonus")
                   for k in a["with"]} for i in range(n)]
    collects = {(str(a["rank"]), int(a["need"]), int(a["bonus"]))
                for i in range(n) for a in of(i, "collect")}
    sets = {(tuple(a["ghosts"]), int(a["bonus"])) for i in range(n) for a in of(i, "set")}
    events = [[e for e in c.effects if isinstance(e.script, dict) and "event" in e.script]
              for c in cards]

    def is_related(a: int, b: int) -> bool:
        if wild[a] or wild[b]:
            return True
        return key[a] == key[b] or key[b] in partners[a] or key[a] in partners[b]

    def sides_fit(a: int, b: int) -> bool:
        if wild[a] == "any" or wild[b] == "any":
            return True
        if wild[a] == "yen0" or wild[b] == "yen0":
            other = b if wild[a] == "yen0" else a
            return side[other] == 0 and wild[other] is None
        if side[a] != side[b]:
            return True
        return same_colour[a] and same_colour[b] and key[a] == key[b]

    related = tuple(frozenset(b for b in range(n) if b != a and is_related(a, b)) for a in range(n))
    couples = tuple(frozenset(b for b in related[a] if sides_fit(a, b)) for a in range(n))
    pair_bonus: dict[tuple[int, int], int] = {}
    for a in range(n):
        for b in couples[a]:
            extra = bonus_with[a].get(key[b]) or bonus_with[b].get(key[a])
            if a < b and key[a] != key[b] and extra:
                pair_bonus[(a, b)] = extra
    return Facts(key=key, points=tuple(cat.points(i) for i in range(n)), wild=wild,
                 event=tuple(dict(e[0].script) if e else None for e in events),
                 event_name=tuple(e[0].name or "" if e else "" for e in events),
                 couples=couples, related=related, bonus=pair_bonus,
                 collects=tuple(sorted(collects)), sets=tuple(sorted(sets)))


def couple_event(facts: Facts, a: int, b: int) -> dict[str, Any] | None:
    """The event a couple sets off: none with a wild card in it, else the one its cards carry
    (a playing-card couple's two cards carry the same rank ability; a ghost's on its ¥1 side)."""
    if facts.wild[a] or facts.wild[b]:
        return None
    return facts.event[a] or facts.event[b]


def couple_problem(facts: Facts, a: int, b: int) -> str | None:
    """None when a and b couple; else UNRELATED or SAME_SIDE (for the refusal reason)."""
    if b in facts.couples[a]:
        return None
    return SAME_SIDE if b in facts.related[a] else UNRELATED


def score(facts: Facts, treasure: list[int]) -> int:
    """Points of a treasure: card points, plus the collect and set bonuses it completes."""
    total = sum(facts.points[i] for i in treasure)
    if facts.collects or facts.sets:
        keys = [facts.key[i] for i in treasure]
        for k, need, extra in facts.collects:
            if keys.count(k) >= need:
                total += extra
        for ghosts, extra in facts.sets:
            if all(g in keys for g in ghosts):
                total += extra
    return total
