"""A game's faces and backs ready to print: layouts chosen, plans cached, problems collected.

`GamePress` is the one place that knows which layout and which back a card uses. Plans are
kept in a small LRU cache: a deck lists a card's copies together, so the cache hits for every
copy while memory stays bounded for decks of any size. `layout_problems()` and `problems()`
load every layout and plan every face and back; they are two of the checks in preflight.py that
`check` and `build` share, so a build stops before writing anything, naming every card.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from pathlib import Path
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Iterator

from ..model import GameData, InputError, Problem
from ..model.schema import Back, Card, Deck
from .layout import Library, missing_layouts

if TYPE_CHECKING:   # the planner (and Jinja, which binds regions to cards) loads when a face
    from .face import Plan, Planner   # is first planned: `check` of kept faces plans none

CACHE_SIZE = 256


def _field_of(expression: str, card: Card) -> str:
    """The card field a region shows (for locating an error in the database), e.g. text."""
    for name in re.findall(r"card\.(\w+)", expression):
        if name in Card.model_fields and getattr(card, name) not in (None, [], {}):
            return name
    return "text" if card.text is not None or not card.effects else "effects"


@dataclass(frozen=True)
class Slot:
    """One printed copy of a card."""

    card: Card
    copy: int    # 1-based
    copies: int


class GamePress:
    def __init__(self, game: GameData):
        self.game = game
        g = game.db.game
        self.library = Library(game.project, game.id, set(g.palette))
        self.categories = {c.id: c for c in g.categories}
        self.backs = {b.id: b for b in g.backs}
        self._faces: OrderedDict[str, Plan] = OrderedDict()
        self._backs: OrderedDict[str, Plan] = OrderedDict()
        #: the art files every face and back shows, once `problems()` planned them all
        self.shown_art: set[Path] | None = None

    @cached_property
    def planner(self) -> Planner:
        from .face import Planner
        g = self.game.db.game
        return Planner(g.palette, g.theme.model_dump(), g.size_mm(), self.game.project.root)

    @property
    def size_mm(self) -> tuple[float, float]:
        return self.game.db.game.size_mm()

    # --- which layout, which back ----------------------------------------------------------
    def face_layout_name(self, card: Card) -> str:
        cat = self.categories[card.category]
        return cat.layout or cat.id

    def back_of(self, card: Card) -> Back:
        cat = self.categories[card.category]
        back_id = card.back or cat.back or self.game.db.game.backs[0].id
        return self.backs[back_id]

    def back_key(self, card: Card) -> str:
        back = self.back_of(card)
        vary = self.library.back(back.id).vary_by
        if vary == "card":
            return f"{back.id}--{card.id}"
        if vary == "colors" and card.colors:
            return f"{back.id}--{'-'.join(card.colors)}"
        return back.id

    # --- plans -----------------------------------------------------------------------------
    @staticmethod
    def _cached(cache: OrderedDict[str, Plan], key: str) -> Plan | None:
        plan = cache.get(key)
        if plan is not None:
            cache.move_to_end(key)
        return plan

    @staticmethod
    def _store(cache: OrderedDict[str, Plan], plan: Plan) -> Plan:
        cache[plan.key] = plan
        if len(cache) > CACHE_SIZE:
            cache.popitem(last=False)
        return plan

    def planned(self, card_id: str) -> Plan | None:
        """The face plan of `card_id` if this press has made it and still keeps it."""
        return self._faces.get(card_id)

    def reuse(self, plan: Plan) -> None:
        """Keep a face plan another press made from identical inputs (the card's data, its
        layout, the game section): the live preview hands unchanged cards' plans to a reload."""
        self._store(self._faces, plan)

    def face(self, card: Card) -> Plan:
        plan = self._cached(self._faces, card.id)
        if plan is None:
            from .binding import card_context
            layout = self.library.face(self.face_layout_name(card))
            plan = self._store(self._faces, self.planner.plan(
                card.id, layout, card_context(self.game, card)))
        return plan

    def back(self, card: Card) -> Plan:
        key = self.back_key(card)
        plan = self._cached(self._backs, key)
        if plan is None:
            from .binding import back_context
            back = self.back_of(card)
            layout = self.library.back(back.id)
            ctx = back_context(self.game, back, card if layout.vary_by else None)
            plan = self._store(self._backs, self.planner.plan(key, layout, ctx))
        return plan

    # --- decks -----------------------------------------------------------------------------
    def decks(self) -> list[tuple[Deck, str]]:
        """Each deck with the folder it is built into ('' for the default deck)."""
        default = self.game.default_deck
        return [(d, "" if d is default else d.id) for d in self.game.db.decks]

    def slots(self, deck: Deck) -> Iterator[Slot]:
        for card_id, n in self.game.deck_contents(deck).items():
            card = self.game.cards[card_id]
            for i in range(n):
                yield Slot(card, i + 1, n)

    def count(self, deck: Deck) -> int:
        return sum(self.game.deck_contents(deck).values())

    def distinct(self, deck: Deck) -> list[Card]:
        return [self.game.cards[c] for c in self.game.deck_contents(deck)]

    # --- checking --------------------------------------------------------------------------
    def layout_problems(self) -> list[Problem]:
        """Every layout the game's categories and backs use, loaded (and so validated); a
        layout a category names that no folder has is an error, not a silent fallback."""
        problems: list[Problem] = missing_layouts(self.game)
        loads = [lambda c=c: self.library.face(c.layout or c.id) for c in self.categories.values()]
        loads += [lambda b=b: self.library.back(b) for b in self.backs]
        for load in loads:
            try:
                load()
            except InputError as exc:
                problems += exc.problems
        return problems

    def problems(self) -> list[Problem]:
        """Plan every face and back; a problem for every card that cannot be printed as is.

        Cards whose layout itself is broken are skipped here: `layout_problems` names the layout.
        """
        problems: list[Problem] = []
        art: set[Path] = set()
        for index, card in enumerate(self.game.db.cards):
            try:
                face, back = self.face(card), self.back(card)
            except InputError:
                continue
            art.update(item.image for item in face.items + back.items if item.image is not None)
            found = [("face", o) for o in face.problems] + [("back", o) for o in back.problems]
            for side, o in found:
                field = _field_of(o.region.get("text", "") + o.region.get("src", ""), card)
                path = ("cards", index, field)
                problems.append(self.game.located().problem(
                    path, f"cards[{index}].{field}",
                    f"card {card.id!r} ({side}): {o.message} (layout {o.region.origin})"))
        self.shown_art = art
        return problems

    def check(self) -> None:
        """Raise one InputError naming every card with a problem (see `problems`)."""
        problems = self.layout_problems() + self.problems()
        if problems:
            raise InputError(problems)
