"""Editions: a game's own words in another language, `cards/<game>.<lang>.yaml`.

An edition file holds only words, keyed by the ids of the main database: card names, readings
and texts, rules sections, rulings, the glossary, example titles and their steps' `say:` and
`reason:` lines, and the titles of categories, sets, decks and the like. Facts (counts, points,
ranks, scripts, setups) are never repeated: the models below have no field for them, so a fact
in an edition is an error like any unknown key.

`apply_edition` lays the words over the main database and validates the result as a database
of the edition's language, so press and engine read an edition exactly as they read a game.
Anything the edition does not translate keeps the main database's words (and is reported by
`untranslated`); an entry whose id the main database does not have is an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from pydantic import Field, ValidationError

from .errors import InputError, Problem
from .schema import Database, Example, Language, Strict
from .validate import load_model, schema_problems
from .yamlsafe import Positions

# --- what an edition file may hold --------------------------------------------------------------


class TitleWords(Strict):
    title: str | None = None
    description: str | None = None


class SetWords(TitleWords):
    mark: str | None = None


class ColourWords(Strict):
    name: str | None = None
    symbol: str | None = None


class BackWords(Strict):
    title: str | None = None
    text: str | None = None


class GameWords(Strict):
    title: str | None = None
    reading: str | None = None
    play_time: str | None = None
    credit: str | None = None
    summary: str | None = None
    variants: dict[str, TitleWords] = Field(default_factory=dict)
    sets: dict[str, SetWords] = Field(default_factory=dict)
    categories: dict[str, TitleWords] = Field(default_factory=dict)
    palette: dict[str, ColourWords] = Field(default_factory=dict)
    backs: dict[str, BackWords] = Field(default_factory=dict)
    labels: dict[str, str] = Field(default_factory=dict,
                                   description="the game's words for its identifiers, by key")


class EffectWords(Strict):
    type: str | None = None
    name: str | None = None
    counter: str | None = None
    cost: str | None = None
    text: str | None = None


class CardWords(Strict):
    name: str | None = None
    reading: str | None = None
    text: str | None = None
    effects: list[EffectWords] | None = Field(None, description="in the main database's order")


class SectionWords(Strict):
    title: str | None = None
    body: str | None = None


class RulingWords(Strict):
    title: str | None = None
    text: str | None = None
    source: str | None = None
    #: the edition's rules section that states this ruling in its own words (no box printed)
    stated_in: str | None = None


class TermWords(Strict):
    term: str | None = None
    reading: str | None = Field(None, description="how the translated term reads, if it needs "
                                "saying; the original term is not printed in the edition")
    text: str | None = None


class StepWords(Strict):
    say: str | None = None
    reason: str | None = Field(None, description="matched against the refusal in this language")


class ExampleWords(Strict):
    title: str | None = None
    text: str | None = None
    source: str | None = None
    steps: dict[int, StepWords] = Field(default_factory=dict, description="step number (1, 2, ...)")


class Edition(Strict):
    """A whole `cards/<game>.<lang>.yaml` file."""

    language: Language | None = Field(None, description="default: the <lang> of the file name")
    game: GameWords = Field(default_factory=GameWords)
    cards: dict[str, CardWords] = Field(default_factory=dict)
    decks: dict[str, TitleWords] = Field(default_factory=dict)
    rules: dict[str, SectionWords] = Field(default_factory=dict, description="by section id, "
                                                                             "subsections too")
    rulings: dict[str, RulingWords] = Field(default_factory=dict)
    glossary: dict[str, TermWords] = Field(default_factory=dict, description="by original term")
    examples: dict[str, ExampleWords] = Field(default_factory=dict,
                                              description="database and playtest examples")


# --- laying the words over the database ----------------------------------------------------------

#: The word fields of each kind of entry that an edition is expected to translate.
WORD_FIELDS = {
    "game": ("title", "play_time", "credit", "summary"), "variants": ("title", "description"),
    "sets": ("title", "description"), "categories": ("title", "description"),
    "palette": ("name",), "backs": ("title", "text"), "cards": ("name", "text"),
    "effects": ("type", "name", "counter", "text"), "decks": ("title", "description"),
    "rules": ("title", "body"), "rulings": ("title", "text", "source"),
    "glossary": ("term", "text"), "examples": ("title", "text", "source"),
    "steps": ("say", "reason"),
}


@dataclass
class Applied:
    """The edition's database, its translated playtest examples, and what it left untranslated."""

    db: Database
    playtests: list[tuple[str, Example]]
    #: ids of the examples the edition translates: they run in the edition's language
    translated_examples: set[str] = field(default_factory=set)
    untranslated: list[Problem] = field(default_factory=list)


def _words(model: Strict) -> dict[str, Any]:
    return {k: v for k, v in model.model_dump(exclude_defaults=True).items()
            if not isinstance(v, dict) and k != "effects"}


def _walk_sections(sections: list[dict[str, Any]], path: tuple) -> Iterator[tuple[dict, tuple]]:
    for i, s in enumerate(sections):
        yield s, path + (i,)
        yield from _walk_sections(s.get("sections", []), path + (i, "sections"))


class _Overlay:
    """One edition applied to one database dump, recording untranslated and orphaned entries."""

    def __init__(self, ed: Edition, ed_where: Positions, main_where: Positions, main_file: str,
                 ed_file: str):
        self.ed, self.ed_where, self.main_where = ed, ed_where, main_where
        self.main_file, self.ed_file = main_file, ed_file
        self.untranslated: list[Problem] = []
        self.orphans: list[Problem] = []

    def lay(self, target: dict[str, Any], words: Strict | None, kind: str, path: tuple,
            label: str, main_where: Positions | None = None) -> None:
        """Copy the given words onto `target`; note the word fields left untranslated."""
        given = _words(words) if words is not None else {}
        target.update(given)
        wanted = [f for f in WORD_FIELDS[kind] if target.get(f) and f not in given]
        if wanted:
            where = main_where or self.main_where
            line, col = where.locate(path)
            self.untranslated.append(Problem(where.file, line, col, label,
                                             f"not translated in {self.ed_file}: "
                                             f"{', '.join(wanted)}"))

    def orphan(self, ed_path: tuple, label: str, what: str) -> None:
        line, col = self.ed_where.locate(ed_path)
        self.orphans.append(Problem(self.ed_file, line, col, label,
                                    f"no {what} with this id in {self.main_file}"))

    def keyed(self, items: list[dict[str, Any]], key: str, words: dict[str, Strict], kind: str,
              path: tuple, ed_section: str, what: str) -> None:
        known = set()
        for i, item in enumerate(items):
            known.add(item[key])
            self.lay(item, words.get(item[key]), kind, path + (i,), f"{ed_section}.{item[key]}")
        for ident in words:
            if ident not in known:
                self.orphan((ed_section, ident), f"{ed_section}.{ident}", what)


def _effects(ov: _Overlay, card: dict[str, Any], words: CardWords | None, path: tuple) -> None:
    given = (words.effects if words is not None else None) or []
    for i, effect in enumerate(card.get("effects", [])):
        ov.lay(effect, given[i] if i < len(given) else None, "effects", path + ("effects", i),
               f"cards.{card['id']}.effects[{i}]")
    if len(given) > len(card.get("effects", [])):
        ov.orphan(("cards", card["id"], "effects", len(card.get("effects", []))),
                  f"cards.{card['id']}.effects", f"effect number {len(card.get('effects', [])) + 1}")


def _example(ov: _Overlay, ex: dict[str, Any], words: ExampleWords | None, path: tuple,
             where: Positions) -> None:
    ov.lay(ex, words, "examples", path, f"examples.{ex['id']}", where)
    steps = ex.get("steps", [])
    given = words.steps if words is not None else {}
    for n, step in enumerate(steps, 1):
        if isinstance(step, dict):
            ov.lay(step, given.get(n), "steps", path + ("steps", n - 1),
                   f"examples.{ex['id']}.steps.{n}", where)
        elif n in given:
            ov.orphan(("examples", ex["id"], "steps", n), f"examples.{ex['id']}.steps.{n}",
                      "step with words")
    for n in given:
        if not 1 <= n <= len(steps):
            ov.orphan(("examples", ex["id"], "steps", n), f"examples.{ex['id']}.steps.{n}",
                      f"step {n}")


def apply_edition(db: Database, playtests: list[tuple[str, Example]], ed: Edition, lang: str,
                  where: tuple[Positions, Positions, dict[str, tuple[Positions, dict[str, int]]]]
                  ) -> Applied:
    """The database in the edition's words; raises InputError for orphaned entries.
    `where`: positions in the main file, in the edition, and per playtest file with the index
    of each of its examples."""
    main_where, ed_where, playtest_where = where
    ov = _Overlay(ed, ed_where, main_where, main_where.file, ed_where.file)
    data = db.model_dump(exclude_unset=False)
    g = data["game"]
    g["language"] = lang
    original_reading = g.get("reading")
    ov.lay(g, ed.game, "game", ("game",), "game")
    if ed.game.reading is None and original_reading == g.get("reading"):
        g["reading"] = None  # a reading in the original script does not belong in the edition
    if g.get("title_en") == g["title"]:
        g["title_en"] = None  # the English title of an English edition is its title
    for kind, key in (("variants", "id"), ("sets", "id"), ("categories", "id"), ("backs", "id")):
        ov.keyed(g[kind], key, getattr(ed.game, kind), kind, ("game", kind), f"game.{kind}", kind[:-1])
    for key, colour in g["palette"].items():
        ov.lay(colour, ed.game.palette.get(key), "palette", ("game", "palette", key),
               f"game.palette.{key}")
    for key in ed.game.palette:
        if key not in g["palette"]:
            ov.orphan(("game", "palette", key), f"game.palette.{key}", "palette colour")
    for key, label in ed.game.labels.items():  # labels print where identifiers would
        if key in g["labels"]:
            g["labels"][key] = label
        else:
            ov.orphan(("game", "labels", key), f"game.labels.{key}", "label")
    untranslated = [k for k in g["labels"] if k not in ed.game.labels]
    if untranslated:
        line, col = main_where.locate(("game", "labels"))
        ov.untranslated.append(Problem(main_where.file, line, col, "game.labels",
                                       f"not translated in {ov.ed_file}: "
                                       f"{', '.join(untranslated)}"))
    ov.keyed(data["cards"], "id", ed.cards, "cards", ("cards",), "cards", "card")
    for i, card in enumerate(data["cards"]):
        words = ed.cards.get(card["id"])
        if words is None or words.reading is None:
            card["reading"] = None  # a reading in the original script has no place here
        _effects(ov, card, words, ("cards", i))
    ov.keyed(data["decks"], "id", ed.decks, "decks", ("decks",), "decks", "deck")
    _sections(ov, data["rules"], ed)
    ov.keyed(data["rulings"], "id", ed.rulings, "rulings", ("rulings",), "rulings", "ruling")
    _glossary(ov, data["glossary"], ed)
    example_ids = {ex["id"] for ex in data["examples"]}
    for i, ex in enumerate(data["examples"]):
        _example(ov, ex, ed.examples.get(ex["id"]), ("examples", i), main_where)
    played: list[tuple[str, Example]] = []
    for file, example in playtests:
        ex = example.model_dump()
        pw, index = playtest_where[file]
        _example(ov, ex, ed.examples.get(example.id), ("examples", index[example.id]), pw)
        played.append((file, Example.model_validate(ex)))
        example_ids.add(example.id)
    for ident in ed.examples:
        if ident not in example_ids:
            ov.orphan(("examples", ident), f"examples.{ident}", "example")
    if ov.orphans:
        raise InputError(ov.orphans)
    try:
        new = Database.model_validate(data)
    except ValidationError as exc:  # a word the schema refuses (an empty title, say)
        raise InputError(schema_problems(exc, data, ed_where)) from None
    return Applied(new, played, set(ed.examples), ov.untranslated)


def _sections(ov: _Overlay, rules: list[dict[str, Any]], ed: Edition) -> None:
    known = set()
    for section, path in _walk_sections(rules, ("rules",)):
        known.add(section["id"])
        ov.lay(section, ed.rules.get(section["id"]), "rules", path, f"rules.{section['id']}")
    for ident in ed.rules:
        if ident not in known:
            ov.orphan(("rules", ident), f"rules.{ident}", "rules section")


def _glossary(ov: _Overlay, glossary: list[dict[str, Any]], ed: Edition) -> None:
    known = set()
    for i, term in enumerate(glossary):
        original = term["term"]
        known.add(original)
        words = ed.glossary.get(original)
        ov.lay(term, words, "glossary", ("glossary", i), f"glossary.{original}")
        if words is not None and words.reading is None:
            term["reading"] = None   # a reading of the original term does not read the edition's
    for original in ed.glossary:
        if original not in known:
            ov.orphan(("glossary", original), f"glossary.{original}", "glossary term")


def edition_path(cards_dir: Path, game_id: str, lang: str) -> Path:
    return cards_dir / f"{game_id}.{lang}.yaml"


def parse_edition(path: Path, display: str, lang: str) -> tuple[Edition, Positions]:
    ed, where, _ = load_model(path, display, Edition, "a mapping of translated words",
                              empty_ok=True)
    if ed.language is not None and ed.language != lang:
        line, col = where.locate(("language",))
        raise InputError(Problem(display, line, col, "language",
                                 f"{ed.language!r} does not match the file name's {lang!r}"))
    return ed, where


__all__ = ["Applied", "Edition", "apply_edition", "edition_path", "parse_edition"]
