"""The card-database model: what a `cards/<game>.yaml` file may hold.

These pydantic models are the single definition of the format. The JSON Schema committed at
`schema/deckwright.schema.json` is generated from them, so editors check the same rules the CLI
does. Every model forbids unknown keys: a misspelt field is an error, never silently ignored.
Cross-references (a deck naming a card, a ruling naming a rule) are checked in `validate.py`.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, PrivateAttr, WithJsonSchema
from pydantic_core import PydanticCustomError

# --- value types with the messages a designer should read -------------------------------------

SLUG_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def _slug(value: Any) -> str:
    if not isinstance(value, str) or not SLUG_RE.match(value):
        raise PydanticCustomError(
            "slug", "expected an id of lower-case ASCII letters, digits, '-' or '_'")
    return value


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PydanticCustomError("count", "expected a whole number >= 0")
    return value


def _positive(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise PydanticCustomError("positive", "expected a whole number >= 1")
    return value


def _integer(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PydanticCustomError("integer", "expected a whole number")
    return value


def _points(value: Any) -> int | dict[str, int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, dict) and value and all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
            for k, v in value.items()):
        return value
    raise PydanticCustomError(
        "points", "expected a whole number, or a mapping of states to whole numbers "
        "(e.g. {hand: 40, public: 0})")


def _hex(value: Any) -> str:
    if not isinstance(value, str) or not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        raise PydanticCustomError("colour", "expected a colour written #rrggbb")
    return value


def _mm(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 10 <= value <= 500:
        raise PydanticCustomError("mm", "expected a length in millimetres between 10 and 500")
    return float(value)


Slug = Annotated[str, PlainValidator(_slug),
                 WithJsonSchema({"type": "string", "pattern": SLUG_RE.pattern})]
Count = Annotated[int, PlainValidator(_count), WithJsonSchema({"type": "integer", "minimum": 0})]
Positive = Annotated[int, PlainValidator(_positive),
                     WithJsonSchema({"type": "integer", "minimum": 1})]
Integer = Annotated[int, PlainValidator(_integer), WithJsonSchema({"type": "integer"})]
Points = Annotated[int | dict[str, int], PlainValidator(_points), WithJsonSchema({
    "oneOf": [{"type": "integer"},
              {"type": "object", "additionalProperties": {"type": "integer"}, "minProperties": 1}]})]
HexColour = Annotated[str, PlainValidator(_hex),
                      WithJsonSchema({"type": "string", "pattern": "^#[0-9a-fA-F]{6}$"})]
Millimetres = Annotated[float, PlainValidator(_mm),
                        WithJsonSchema({"type": "number", "minimum": 10, "maximum": 500})]
Scalar = str | int | float | bool
StatValue = Scalar | list[Scalar] | None

#: Card sizes in millimetres (width, height), the presets the sheets know by name.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "tcg": (63.0, 88.0),
    "bridge": (57.2, 88.9),
    "mini": (44.5, 63.5),
    "japanese": (59.0, 86.0),
    "tarot": (69.9, 120.7),
}


class Strict(BaseModel):
    """Base for every model: unknown keys are errors and values are not coerced."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=False)


# --- game ---------------------------------------------------------------------------------------

class PlayerCount(Strict):
    min: Positive
    max: Positive


class CustomSize(Strict):
    width_mm: Millimetres
    height_mm: Millimetres


class Variant(Strict):
    """An edition or rules variant (bridge-over's Azumanga Court / Windia War)."""

    id: Slug
    title: str
    description: str | None = None


class CardSet(Strict):
    """A set of cards (Basic, Expansion), with the mark printed on its faces."""

    id: Slug
    title: str
    mark: str | None = None
    description: str | None = None


class Category(Strict):
    """A card category; it picks the face layout and the back design."""

    id: Slug
    title: str
    layout: str | None = Field(None, description="face layout name; defaults to the category id")
    back: Slug | None = Field(None, description="back design id; defaults to the game's first back")
    description: str | None = None


class Colour(Strict):
    """A colour, suit or element a card can have, with the ink that draws it."""

    name: str
    hex: HexColour
    symbol: str | None = Field(None, description="short mark printed in icons, e.g. ♠ or 火")


class Back(Strict):
    id: Slug
    title: str
    color: HexColour
    accent: HexColour | None = None
    text: str | None = Field(None, description="text printed on the back (defaults to the title)")


class Theme(Strict):
    """Colours and page format for the rulebook and card furniture."""

    primary: HexColour = "#3a4a6b"
    accent: HexColour = "#c0392b"
    paper: HexColour = "#ffffff"
    ink: HexColour = "#1a1a1a"
    page: Literal["a5", "a4"] = "a5"


class Game(Strict):
    id: Slug
    title: str
    reading: str | None = None
    title_en: str | None = None
    players: PlayerCount
    play_time: str | None = None
    card_size: Literal["poker", "tcg", "bridge", "mini", "japanese", "tarot"] | CustomSize = "poker"
    variants: list[Variant] = Field(default_factory=list)
    sets: list[CardSet] = Field(default_factory=list)
    categories: list[Category] = Field(min_length=1)
    palette: dict[str, Colour] = Field(default_factory=dict)
    backs: list[Back] = Field(min_length=1)
    source: str = Field(description="the seed text this database was written from")
    credit: str | None = Field(None, description="designer credit as the source text gives it")
    summary: str | None = None
    theme: Theme = Field(default_factory=Theme)

    def size_mm(self) -> tuple[float, float]:
        if isinstance(self.card_size, CustomSize):
            return (self.card_size.width_mm, self.card_size.height_mm)
        return CARD_SIZES[self.card_size]


# --- cards --------------------------------------------------------------------------------------

class Effect(Strict):
    """One effect block (original-tcg's ■ blocks; any game's named abilities)."""

    kind: str = Field(description="normal, counter, forced-counter, permanent, rule, ...")
    type: str | None = Field(None, description="effect type, e.g. スペル or 武術")
    name: str | None = None
    counter: str | None = Field(None, description="what a counter effect answers")
    cost: str | None = Field(None, description="cost notation, e.g. 光4 or 闇4(C)")
    text: str
    script: list[dict[str, Any]] | dict[str, Any] | None = Field(
        None, description="machine-readable form the game's rules module reads")
    origin: Literal["designer", "project"] = Field(
        "designer", description="project: the effect is (partly) the project's reconstruction")


class Card(Strict):
    id: Slug
    name: str
    reading: str | None = None
    category: Slug
    colors: list[str] = Field(default_factory=list,
                              description="colour/suit/element keys from the game's palette")
    set: Slug | None = None
    variants: list[Slug] | None = Field(None, description="editions it exists in; all when absent")
    copies: Count = 1
    rank: Integer | str | None = Field(None, description="number or rank used for matching")
    points: Points | None = None
    stats: dict[str, StatValue] = Field(default_factory=dict)
    effects: list[Effect] = Field(default_factory=list)
    text: str | None = Field(None, description="effect text; {icon} and **emphasis** markup")
    origin: Literal["designer", "project"] = "designer"
    tags: list[str] = Field(default_factory=list)
    art: str | None = Field(None, description="optional image path relative to the project")
    back: Slug | None = None


# --- decks --------------------------------------------------------------------------------------

class Select(Strict):
    """Cards chosen by their fields; each matching card comes with its `copies`."""

    sets: list[Slug] | None = None
    categories: list[Slug] | None = None
    tags: list[str] | None = None


class Deck(Strict):
    id: Slug
    title: str
    variant: Slug | None = None
    default: bool = False
    total: Count | None = Field(None, description="the total the source text states")
    select: Select | None = None
    cards: dict[str, Count] = Field(default_factory=dict,
                                    description="card id -> copies, added to or overriding select")
    description: str | None = None


# --- rules, rulings, glossary -------------------------------------------------------------------

RuleKind = Literal["overview", "components", "setup", "turn", "effects", "scoring", "end",
                   "variant", "other"]


class RuleSection(Strict):
    id: Slug
    title: str
    kind: RuleKind = "other"
    body: str = ""
    origin: Literal["designer", "project"] = "designer"
    sections: list["RuleSection"] = Field(default_factory=list)


class Ruling(Strict):
    id: Slug
    origin: Literal["designer", "project"]
    title: str
    text: str
    cards: list[str] = Field(default_factory=list)
    rules: list[Slug] = Field(default_factory=list)
    source: str | None = Field(None, description="where the source text says it, e.g. Q&A 3")


class Term(Strict):
    term: str
    reading: str | None = None
    text: str


# --- examples -----------------------------------------------------------------------------------

class Step(Strict):
    """One line of a scripted example: a decision, a decision that must be refused, or a check."""

    do: str | None = None
    refused: str | None = Field(None, description="a decision the rules must refuse")
    reason: str | None = Field(None, description="text the refusal reason must contain")
    because: str | None = Field(None, description="the id of the rule (section or ruling) the "
                                                  "refusal must cite")
    expect: dict[str, Any] | None = None
    say: str | None = Field(None, description="the sentence the rulebook prints for this step")


class Example(Strict):
    id: Slug
    title: str
    cards: list[str] = Field(default_factory=list, description="the cards this example is about")
    rulings: list[Slug] = Field(default_factory=list)
    origin: Literal["designer", "project"] = "designer"
    source: str | None = None
    variant: Slug | None = None
    deck: Slug | None = Field(None, description="the deck played; default: the variant's "
                                                "default deck, else the game's default deck")
    text: str | None = None
    setup: dict[str, Any] = Field(default_factory=dict)
    steps: list[Step | str] = Field(default_factory=list)
    expect: dict[str, Any] | None = None
    auto_pass: bool | None = Field(None, description="a response window the next step does not "
                                   "name passes by itself (default: the playtest file's, else no)")
    #: Where the example's parts are in its file (set by the loader): file name and
    #: path-within-the-example -> (line, column).
    _where: tuple[str, dict[tuple[Any, ...], tuple[int, int]]] | None = PrivateAttr(None)

    def locate(self, *path: Any) -> tuple[str, int, int] | None:
        """(file, line, column) of a part of this example, e.g. `locate("steps", 2)`: the
        longest prefix of `path` the file has; None for an example built in code."""
        if self._where is None:
            return None
        name, marks = self._where
        for end in range(len(path), -1, -1):
            mark = marks.get(tuple(path[:end]))
            if mark is not None:
                return (name, mark[0], mark[1])
        return None


class Database(Strict):
    """A whole `cards/<game>.yaml` file."""

    game: Game
    cards: list[Card] = Field(min_length=1)
    decks: list[Deck] = Field(min_length=1)
    rules: list[RuleSection] = Field(default_factory=list)
    glossary: list[Term] = Field(default_factory=list)
    rulings: list[Ruling] = Field(default_factory=list)
    examples: list[Example] = Field(default_factory=list)


class PlaytestFile(Strict):
    """A `playtest/<game>/*.yaml` file: longer scripted examples for one game."""

    game: Slug
    auto_pass: bool = Field(False, description="auto_pass for every example of the file that "
                                               "does not say otherwise")
    examples: list[Example] = Field(min_length=1)
