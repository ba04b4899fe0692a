"""The sentences a book and its faces print from the database, each with where it is written.

Two checks read the same prose: terms.py (a word the glossary avoids) and register.py (です・ます
beside である). Both want every sentence a reader meets in the rulebook or on a card, each with
its data path so that a problem points at the line of the database that holds it. The glossary's
own definitions are left out: a definition may name the word it replaces.
"""

from __future__ import annotations

from typing import Iterator

from ..model import GameData
from ..model.schema import RuleSection, Step

#: A data path into the database, as Positions.locate takes it.
DataPath = tuple[object, ...]


def _sections(sections: list[RuleSection], at: DataPath) -> Iterator[tuple[DataPath, str, str]]:
    for i, section in enumerate(sections):
        here = at + (i,)
        yield here + ("title",), section.title, "rule"
        if section.body:
            yield here + ("body",), section.body, "rule"
        yield from _sections(section.sections, here + ("sections",))


def book_prose(game: GameData) -> Iterator[tuple[DataPath, str, str]]:
    """(data path, text, what) of every sentence the rulebook prints from the database; `what`
    is `rule`, `ruling`, `example` or `card`."""
    db = game.db
    yield from _sections(db.rules, ("rules",))
    for i, ruling in enumerate(db.rulings):
        yield ("rulings", i, "title"), ruling.title, "ruling"
        yield ("rulings", i, "text"), ruling.text, "ruling"
    for i, example in enumerate(db.examples):
        yield ("examples", i, "title"), example.title, "example"
        if example.text:
            yield ("examples", i, "text"), example.text, "example"
        for k, step in enumerate(example.steps):
            if isinstance(step, Step) and step.say:
                yield ("examples", i, "steps", k, "say"), step.say, "example"


def face_prose(game: GameData) -> Iterator[tuple[DataPath, str, str]]:
    """(data path, text, 'card') of every text a card face prints from the database."""
    for i, card in enumerate(game.db.cards):
        if card.text:
            yield ("cards", i, "text"), card.text, "card"
        for j, effect in enumerate(card.effects):
            yield ("cards", i, "effects", j, "text"), effect.text, "card"
            if effect.name:
                yield ("cards", i, "effects", j, "name"), effect.name, "card"
