"""Turn pydantic errors and cross-reference checks into located `Problem`s.

Type checks come from the pydantic models; everything that needs the whole file (unique ids,
references between cards, decks, rulings and examples, stated deck totals, inline markup) is
checked here, so that all problems of a file are reported in one run.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Iterable, Iterator, TypeVar, get_args

from pydantic import BaseModel, ValidationError

from .. import paths
from .errors import InputError, Path, Problem, format_path
from .schema import Card, Database, Deck, Example, Game, PlaytestFile, RuleSection, Ruling, Term
from .yamlsafe import Positions, load_yaml

M = TypeVar("M", bound=BaseModel)

_MESSAGES = {
    "extra_forbidden": "unknown field",
    "missing": "required field is missing",
    "string_type": "expected text",
    "bool_type": "expected true or false",
    "list_type": "expected a list",
    "dict_type": "expected a mapping",
    "model_type": "expected a mapping",
    "model_attributes_type": "expected a mapping",
    "float_type": "expected a number",
    "int_type": "expected a whole number",
}

_ROOTS = (Database, PlaytestFile)

#: Inline markup: `{icon}` or `{icon:arg}` for vector icons, `**text**` for emphasis.
ICON_RE = re.compile(r"\{([a-z0-9_-]+)(?::([^}]*))?\}")
BUILTIN_ICONS = {"draw", "skip", "reverse", "cost", "point"}
CARD_REF_RE = re.compile(r"^([a-z0-9][a-z0-9_-]*)(?:#\d+)?$")


def _resolve(data: Any, loc: tuple[Any, ...]) -> Path:
    """Keep only the parts of a pydantic location that exist in the data (drops union tags)."""
    path: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part in node:
            node = node[part]
            path.append(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
            path.append(part)
    return tuple(path)


def _message(err: dict[str, Any]) -> str:
    kind = err["type"]
    if kind in _MESSAGES:
        return _MESSAGES[kind] + err.get("suggestion", "")
    if kind == "literal_error":
        return "expected one of " + err["ctx"]["expected"].replace("'", "")
    if kind == "too_short":
        return f"expected at least {err['ctx']['min_length']} item(s)"
    return err["msg"][0].lower() + err["msg"][1:]


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The models a field's type can hold (through lists, dicts, unions and Annotated)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in get_args(annotation) for m in _models_in(arg)]


def _suggestion(root: str, loc: tuple[Any, ...]) -> str:
    """' (did you mean copies?)' for a misspelt key, found by walking the models along `loc`."""
    models = [m for m in _ROOTS if m.__name__ == root]
    for part in loc[:-1]:
        found = [sub for m in models if isinstance(part, str) and part in m.model_fields
                 for sub in _models_in(m.model_fields[part].annotation)]
        named = [m for m in models if part == m.__name__]  # a union branch tag
        models = found or named or models
    keys = sorted({k for m in models for k in m.model_fields})
    close = difflib.get_close_matches(str(loc[-1]), keys, n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


def schema_problems(exc: ValidationError, data: Any, where: Positions) -> list[Problem]:
    """One problem per offending field; union branches that do not apply are dropped."""
    found: dict[Path, tuple[str, str]] = {}
    for err in exc.errors(include_url=False):
        kind = err["type"]
        loc = tuple(err["loc"])
        if kind == "extra_forbidden":
            err = dict(err, suggestion=_suggestion(exc.title, loc))
        # a missing key is named in the path and located at its parent mapping
        path = _resolve(data, loc[:-1]) + (loc[-1],) if kind == "missing" else _resolve(data, loc)
        previous = found.get(path)
        if previous is None or (previous[0].endswith("_type") and not kind.endswith("_type")):
            found[path] = (kind, _message(err))
    # a type mismatch of one union branch is noise when another branch reports deeper problems
    deeper = {p[:i] for p in found for i in range(len(p))}
    return [where.problem(path, format_path(path), msg) for path, (kind, msg) in found.items()
            if not (kind.endswith("_type") and path in deeper)]


def _duplicates(items: Iterable[tuple[int, str]], prefix: str, where: Positions) -> Iterator[Problem]:
    seen: dict[str, int] = {}
    for index, ident in items:
        if ident in seen:
            yield where.problem((prefix, index, "id"), f"{prefix}[{index}].id",
                                f"duplicate id {ident!r} (first used by {prefix}[{seen[ident]}])")
        else:
            seen[ident] = index


def deck_contents(db: Database, deck: Deck) -> dict[str, int]:
    """Card id -> copies for a deck: the selected cards with their copies, then explicit counts."""
    counts: dict[str, int] = {}
    if deck.select is not None:
        sel = deck.select
        for card in db.cards:
            if card is None:  # a card that failed validation (see `salvage`)
                continue
            if sel.sets is not None and card.set not in sel.sets:
                continue
            if sel.categories is not None and card.category not in sel.categories:
                continue
            if sel.tags is not None and not set(sel.tags) & set(card.tags):
                continue
            if deck.variant and card.variants is not None and deck.variant not in card.variants:
                continue
            if card.copies:
                counts[card.id] = card.copies
    for card_id, n in deck.cards.items():
        if n:
            counts[card_id] = n
        else:
            counts.pop(card_id, None)
    return counts


class _Checker:
    """Collects cross-reference problems of one database."""

    def __init__(self, db: Database, where: Positions, invalid_ids: dict[str, set[str]] | None = None):
        self.db, self.where = db, where
        self.problems: list[Problem] = []
        game = db.game
        #: ids of items that failed validation: already reported, so not "unknown" here too
        self.invalid = invalid_ids or {}
        self.card_ids = {c.id for c in db.cards if c is not None} | self.invalid.get("cards", set())
        self.sets = {s.id for s in game.sets}
        self.variants = {v.id for v in game.variants}
        self.categories = {c.id for c in game.categories}
        self.backs = {b.id for b in game.backs}
        self.colours = set(game.palette)
        self.rule_ids = set(_rule_ids(db.rules)) | self.invalid.get("rules", set())
        self.ruling_ids = {r.id for r in db.rulings if r is not None} | self.invalid.get("rulings", set())

    def add(self, path: Path, message: str) -> None:
        self.problems.append(self.where.problem(path, format_path(path), message))

    def need(self, value: str | None, known: set[str], path: Path, what: str) -> None:
        if value is not None and value not in known:
            choices = ", ".join(sorted(known)) or "none are declared"
            self.add(path, f"unknown {what} {value!r} (known: {choices})")

    def run(self) -> list[Problem]:
        self.game()
        self.cards()
        self.decks()
        self.rulings()
        self.prose()
        self.examples(self.db.examples, ("examples",))
        return self.problems

    def game(self) -> None:
        g = self.db.game
        if g.players.min > g.players.max:
            self.add(("game", "players", "min"), "players.min is larger than players.max")
        for i, cat in enumerate(g.categories):
            self.need(cat.back, self.backs, ("game", "categories", i, "back"), "back")
            if cat.layout is not None:
                self.plain(cat.layout, ("game", "categories", i, "layout"), "layout name")
        for key in g.palette:  # palette keys name files (backs that vary by colour)
            self.plain(key, ("game", "palette", key), "palette key")
        self.problems += _duplicates(enumerate(c.id for c in g.categories), "game.categories", self.where)

    def cards(self) -> None:
        if not self.db.cards and "cards" not in self.invalid:
            self.add(("cards",), "a database needs at least one card (under cards: or from "
                                 "a sheet named by cards_from:)")
        self.problems += _duplicates(_ids(self.db.cards), "cards", self.where)
        for i, card in enumerate(self.db.cards):
            if card is None:
                continue
            base = ("cards", i)
            self.need(card.category, self.categories, base + ("category",), "category")
            self.need(card.set, self.sets, base + ("set",), "set")
            self.need(card.back, self.backs, base + ("back",), "back")
            for j, colour in enumerate(card.colors):
                self.need(colour, self.colours, base + ("colors", j), "colour")
            for j, variant in enumerate(card.variants or []):
                self.need(variant, self.variants, base + ("variants", j), "variant")
            texts = [(base + ("text",), card.text)] + [
                (base + ("effects", j, "text"), e.text) for j, e in enumerate(card.effects)]
            for path, text in texts:
                self.markup(text, path)

    def plain(self, value: str, path: Path, what: str) -> None:
        """Ids that become file names must be plain (see deckwright.paths)."""
        if not paths.is_safe_id(value):
            self.add(path, f"{what} {value!r} is not a plain id ({paths.SAFE_ID_RULE})")

    def prose(self) -> None:
        """Inline icons in the rulebook's own text: rules, glossary, rulings, examples."""
        def sections(items: list[Any], base: Path) -> None:
            for i, section in enumerate(items):
                if section is not None:  # None: an entry with problems of its own
                    self.markup(section.body, base + (i, "body"))
                    sections(section.sections, base + (i, "sections"))
        sections(self.db.rules, ("rules",))
        for i, term in enumerate(self.db.glossary):
            if term is not None:
                self.markup(term.text, ("glossary", i, "text"))
        for i, ruling in enumerate(self.db.rulings):
            if ruling is not None:
                self.markup(ruling.text, ("rulings", i, "text"))

    def markup(self, text: str | None, path: Path) -> None:
        for match in ICON_RE.finditer(text or ""):
            if match.group(1) not in self.colours | BUILTIN_ICONS:
                self.add(path, f"unknown icon {{{match.group(1)}}} (use a palette key or one of "
                               f"{', '.join(sorted(BUILTIN_ICONS))})")

    def decks(self) -> None:
        self.problems += _duplicates(_ids(self.db.decks), "decks", self.where)
        if sum(d.default for d in self.db.decks if d is not None) > 1:
            self.add(("decks",), "more than one deck is marked default: true")
        for i, deck in enumerate(self.db.decks):
            if deck is None:
                continue
            base = ("decks", i)
            self.need(deck.variant, self.variants, base + ("variant",), "variant")
            if deck.select:
                for j, s in enumerate(deck.select.sets or []):
                    self.need(s, self.sets, base + ("select", "sets", j), "set")
                for j, c in enumerate(deck.select.categories or []):
                    self.need(c, self.categories, base + ("select", "categories", j), "category")
            unknown = [c for c in deck.cards if c not in self.card_ids]
            for card_id in unknown:
                self.add(base + ("cards", card_id), f"unknown card {card_id!r}")
            if deck.total is not None and not unknown and "cards" not in self.invalid:
                got = sum(deck_contents(self.db, deck).values())
                if got != deck.total:
                    self.add(base + ("total",),
                             f"deck has {got} cards but its stated total is {deck.total}")

    def rulings(self) -> None:
        self.problems += _duplicates(_ids(self.db.rulings), "rulings", self.where)
        for i, ruling in enumerate(self.db.rulings):
            if ruling is None:
                continue
            for j, card in enumerate(ruling.cards):
                self.need(card, self.card_ids, ("rulings", i, "cards", j), "card")
            for j, rule in enumerate(ruling.rules):
                self.need(rule, self.rule_ids, ("rulings", i, "rules", j), "rules section")
            if ruling.stated_in is not None:
                self.need(ruling.stated_in, self.rule_ids | self.card_ids,
                          ("rulings", i, "stated_in"), "rules section or card")

    def examples(self, examples: list[Example], prefix: Path) -> None:
        self.problems += _duplicates(_ids(examples), format_path(prefix), self.where)
        for i, ex in enumerate(examples):
            if ex is None:
                continue
            base = prefix + (i,)
            for j, card in enumerate(ex.cards):
                self.need(card, self.card_ids, base + ("cards", j), "card")
            for j, ruling in enumerate(ex.rulings):
                self.need(ruling, self.ruling_ids, base + ("rulings", j), "ruling")
            self.need(ex.variant, self.variants, base + ("variant",), "variant")
            self.need(ex.deck, {d.id for d in self.db.decks if d is not None}
                      | self.invalid.get("decks", set()), base + ("deck",), "deck")
            self.markup(ex.text, base + ("text",))
            for j, step in enumerate(ex.steps):
                if not isinstance(step, str):
                    self.markup(step.say, base + ("steps", j, "say"))
            for path, ref in _setup_card_refs(ex.setup, base + ("setup",)):
                m = CARD_REF_RE.match(ref)
                if not m or m.group(1) not in self.card_ids:
                    self.add(path, f"unknown card {ref!r}")
            for j, step in enumerate(ex.steps):
                if not isinstance(step, str):
                    given = [k for k in ("do", "refused", "expect") if getattr(step, k) is not None]
                    if len(given) != 1:
                        self.add(base + ("steps", j),
                                 "a step needs exactly one of do, refused or expect")


def _ids(items: list[Any]) -> Iterator[tuple[int, str]]:
    return ((i, item.id) for i, item in enumerate(items) if item is not None)


def _rule_ids(sections: list[Any]) -> Iterator[str]:
    for s in sections:
        if s is None:
            continue
        yield s.id
        yield from _rule_ids(s.sections)


def _setup_card_refs(value: Any, path: Path, in_list: bool = False) -> Iterator[tuple[Path, str]]:
    """Every string inside a list in an example's setup names a card (`options` excepted)."""
    if isinstance(value, dict):
        for key, child in value.items():
            if key != "options":
                yield from _setup_card_refs(child, path + (key,), False)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _setup_card_refs(child, path + (index,), True)
    elif isinstance(value, str) and in_list:
        yield path, value


def check_database(db: Database, where: Positions,
                   invalid_ids: dict[str, set[str]] | None = None) -> list[Problem]:
    return _Checker(db, where, invalid_ids).run()


#: The lists of a database whose items are validated one by one by `salvage`.
_ITEMS = {"cards": Card, "decks": Deck, "rules": RuleSection, "rulings": Ruling,
          "examples": Example, "glossary": Term}


def salvage(data: dict[str, Any]) -> tuple[Database, dict[str, set[str]]] | None:
    """The parts of an invalid database that are valid on their own, for cross-references.

    Schema problems and cross-reference problems are then reported in the same run. An item
    that fails stays in its place as None (positions are by index); its id, if it has one, is
    returned so that references to it are not reported as unknown too. None when the game
    section itself is invalid: nothing can be checked against it.
    """
    try:
        game = Game.model_validate(data.get("game"))
    except ValidationError:
        return None
    parts: dict[str, list[Any]] = {}
    invalid: dict[str, set[str]] = {}
    for key, model in _ITEMS.items():
        raw = data.get(key) or []
        if not isinstance(raw, list):
            return None
        parts[key] = []
        for item in raw:
            try:
                parts[key].append(model.model_validate(item))
            except ValidationError as exc:
                parts[key].append(_without_bad_fields(model, item, exc))
                ident = item.get("id") if isinstance(item, dict) else None
                invalid.setdefault(key, set()).update([ident] if isinstance(ident, str) else [])
    return Database.model_construct(game=game, **parts), invalid


def _without_bad_fields(model: type[BaseModel], item: Any, exc: ValidationError) -> Any:
    """The item without the fields already reported, if the rest is valid: so a card with a bad
    `copies` still has its `category` checked. None when nothing sound remains."""
    if not isinstance(item, dict):
        return None
    bad = {err["loc"][0] for err in exc.errors() if err["loc"]}
    try:
        return model.model_validate({k: v for k, v in item.items() if k not in bad})
    except ValidationError:
        return None


def check_examples(db: Database, examples: list[Example], prefix: Path,
                   where: Positions) -> list[Problem]:
    """Check a playtest file's examples against its game's database."""
    checker = _Checker(db, where)
    checker.examples(examples, prefix)
    return checker.problems


def load_model(path: Any, name: str, model: type[M], expected: str,
               empty_ok: bool = False) -> tuple[M, Positions, Any]:
    """A YAML file validated as `model`: (the model, positions, the raw data); InputError with
    every schema problem located, or one line saying what the file should hold (`expected`).
    With `empty_ok`, an empty file is an empty mapping."""
    data, where = load_yaml(path, name)
    if data is None and empty_ok:
        data = {}
    if not isinstance(data, dict):
        raise InputError(Problem(name, 1, 1, "", f"expected {expected}"))
    try:
        return model.model_validate(data), where, data
    except ValidationError as exc:
        raise InputError(schema_problems(exc, data, where)) from None
