"""The card-database model: what a `cards/<game>.yaml` file may hold.

These pydantic models are the single definition of the format. The JSON Schemas committed at
`schema/deckwright.schema.json` and `schema/playtest.schema.json` are generated from them, so
editors check the same rules the CLI does; every field has a description and an example. Every model forbids unknown keys: a misspelt field is an error, never silently ignored.
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
LANGUAGE_RE = re.compile(r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$")


def _language(value: Any) -> str:
    if not isinstance(value, str) or not LANGUAGE_RE.match(value):
        raise PydanticCustomError("language", "expected a BCP 47 language tag such as en, ja or pt-BR")
    return value


Language = Annotated[str, PlainValidator(_language),
                     WithJsonSchema({"type": "string", "pattern": LANGUAGE_RE.pattern})]
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


def doc(description: str, *examples: Any, **field: Any) -> Any:
    """A field with the description and examples an editor shows while the designer types."""
    return Field(description=description, examples=list(examples) if examples else None, **field)


Origin = Literal["designer", "project"]
ORIGIN = ("designer: the source text says it; project: a gap the project filled "
          "(printed as a project ruling)")


class Strict(BaseModel):
    """Base for every model: unknown keys are errors and values are not coerced."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=False)


# --- game ---------------------------------------------------------------------------------------

class PlayerCount(Strict):
    """How many people can play."""

    min: Positive = doc("fewest players", 2)
    max: Positive = doc("most players", 4)


class CustomSize(Strict):
    """A card size not among the presets, in millimetres."""

    width_mm: Millimetres = doc("trimmed width in mm (10-500)", 63.5)
    height_mm: Millimetres = doc("trimmed height in mm (10-500)", 88.9)


class Variant(Strict):
    """An edition or rules variant (bridge-over's Azumanga Court / Windia War)."""

    id: Slug = doc("stable id that cards, decks and examples name", "standard")
    title: str = doc("name printed in the rulebook", "標準ルール")
    description: str | None = doc("what is different in this variant", "4人で遊ぶときのルール。", default=None)


class CardSet(Strict):
    """A set of cards (Basic, Expansion), with the mark printed on its faces."""

    id: Slug = doc("stable id that cards and deck selections name", "basic")
    title: str = doc("name printed in the rulebook", "基本セット")
    mark: str | None = doc("short mark printed on the card face", "★", default=None)
    description: str | None = doc("what the set is", "最初に遊ぶ50枚。", default=None)


class Category(Strict):
    """A card category; it picks the face layout and the back design."""

    id: Slug = doc("stable id that cards name in `category`", "unit")
    title: str = doc("name printed on the face and in the rulebook", "ユニット")
    layout: str | None = doc("face layout name in templates/faces/; defaults to the category id",
                             "unit", "playing-card", default=None)
    back: Slug | None = doc("back design id; defaults to the game's first back", "default",
                           default=None)
    description: str | None = doc("what cards of this category do", "場に出して戦うカード。", default=None)


class Colour(Strict):
    """A colour, suit or element a card can have, with the ink that draws it."""

    name: str = doc("name printed in the rulebook", "赤", "Spade")
    hex: HexColour = doc("ink as #rrggbb", "#d0312d")
    symbol: str | None = doc("short mark printed in icons", "♠", "火", default=None)


class Back(Strict):
    """A card back design."""

    id: Slug = doc("stable id that categories and cards name in `back`", "default")
    title: str = doc("name of the back (printed on it unless `text` is given)", "フォックス")
    color: HexColour = doc("main colour of the back as #rrggbb", "#333333")
    accent: HexColour | None = doc("second colour of the back as #rrggbb", "#c0392b", default=None)
    text: str | None = doc("text printed on the back (defaults to the title)", "FOX", default=None)


class Theme(Strict):
    """Colours, fonts and page format for the rulebook and card furniture."""

    primary: HexColour = doc("headings, bands and frames", "#3a4a6b", default="#3a4a6b")
    accent: HexColour = doc("emphasis and highlights", "#c0392b", default="#c0392b")
    paper: HexColour = doc("page and card background", "#ffffff", default="#ffffff")
    ink: HexColour = doc("body text", "#1a1a1a", default="#1a1a1a")
    page: Literal["a5", "a4"] = doc("rulebook page size", "a5", default="a5")
    font: str | None = doc("rulebook body font: mincho, gothic, or a family in the project's "
                           "fonts/ folder (docs/fonts.md)", "mincho", "Noto Serif JP", default=None)
    heading_font: str | None = doc("rulebook headings font: gothic, mincho, or a family in the "
                                   "project's fonts/ folder", "gothic", "Noto Sans JP", default=None)


class Game(Strict):
    """Facts about the game as a whole."""

    # an edition re-validates the main database's dump, which names fields, not aliases
    model_config = ConfigDict(**Strict.model_config, populate_by_name=True)

    id: Slug = doc("the game id; must equal the database's file name", "fox-hunt")
    title: str = doc("the game's title", "フォックスハント")
    reading: str | None = doc("reading of the title in kana", "ふぉっくすはんと", default=None)
    title_en: str | None = doc("title in English", "Fox Hunt", default=None)
    language: Language = doc("BCP 47 tag of the language the database is written in; "
                             "deckwright prints its own words in it (docs/languages.md)",
                             "ja", "en", default="en")
    #: `register` in the file (the Python name would shadow BaseModel.register)
    prose_register: Literal["polite", "plain"] | None = doc(
        "the book's one register in Japanese: polite (です・ます) or plain (である); default "
        "plain for a Japanese book, none for other languages; `check` refuses a sentence of "
        "rules, rulings or examples in the other (docs/languages.md)", "plain", "polite",
        default=None, alias="register")
    players: PlayerCount = doc("how many people can play", {"min": 2, "max": 4})
    play_time: str | None = doc("play time as printed", "15分", default=None)
    card_size: Literal["poker", "tcg", "bridge", "mini", "japanese", "tarot"] | CustomSize = doc(
        "a preset card size or {width_mm, height_mm}", "poker", {"width_mm": 60, "height_mm": 90},
        default="poker")
    variants: list[Variant] = doc("editions or rules variants",
                                  [{"id": "standard", "title": "標準"}], default_factory=list)
    sets: list[CardSet] = doc("sets of cards", [{"id": "basic", "title": "基本", "mark": "★"}],
                              default_factory=list)
    categories: list[Category] = doc("card categories (at least one)",
                                     [{"id": "unit", "title": "ユニット"}], min_length=1)
    palette: dict[str, Colour] = doc(
        "colour/suit/element keys cards use in `colors` and `{key}` icons",
        {"red": {"name": "赤", "hex": "#d0312d"}}, default_factory=dict)
    backs: list[Back] = doc("back designs (at least one)",
                            [{"id": "default", "title": "フォックス", "color": "#333333"}],
                            min_length=1)
    source: str = doc("the source text this database was written from", "seeds/fox-hunt.md")
    credit: str | None = doc("designer credit as the source text gives it", "作：山田", default=None)
    summary: str | None = doc("one paragraph printed on the rulebook's cover",
                              "狐を追いかける2〜4人用のカードゲーム。", default=None)
    theme: Theme = doc("rulebook colours, fonts and page size", {"primary": "#3a4a6b", "page": "a5"},
                       default_factory=Theme)
    labels: dict[str, str] = doc(
        "the game's words for the identifiers a reader would otherwise see: zones, stats, "
        "effect kinds, example keys and values, notation words; `deckwright check` names any "
        "that is missing (docs/format.md)",
        {"graveyard": "墓地", "counter": "対抗", "phase.main": "行動フェイズ"},
        default_factory=dict)

    def size_mm(self) -> tuple[float, float]:
        if isinstance(self.card_size, CustomSize):
            return (self.card_size.width_mm, self.card_size.height_mm)
        return CARD_SIZES[self.card_size]


# --- cards --------------------------------------------------------------------------------------

class Effect(Strict):
    """One effect block (original-tcg's ■ blocks; any game's named abilities)."""

    kind: str = doc("what sort of effect; the game's rules module gives the kinds meaning",
                    "normal", "counter", "permanent", "rule")
    type: str | None = doc("effect type printed before the name", "スペル", "武術", default=None)
    name: str | None = doc("the effect's name", "火炎", default=None)
    counter: str | None = doc("what a counter effect answers", "攻撃宣言", default=None)
    cost: str | None = doc("cost in the game's notation", "光4", "闇4(C)", default=None)
    text: str = doc("the effect text; {icon} and **emphasis** markup", "相手のユニット1体に3ダメージ。")
    script: list[dict[str, Any]] | dict[str, Any] | None = doc(
        "machine-readable form the game's rules module reads", {"event": "draw", "count": 2}, default=None)
    origin: Origin = doc("project: the effect is (partly) the project's reconstruction of a gap "
                         "in the source", "designer", "project", default="designer")


class Card(Strict):
    """One distinct card face."""

    id: Slug = doc("stable id, unique in the game; decks, rulings and examples name it", "red-fox")
    name: str = doc("the card's name as printed", "赤狐")
    reading: str | None = doc("reading of the name in kana", "あかぎつね", default=None)
    category: Slug = doc("a category id from game.categories", "unit")
    colors: list[str] = doc("colour/suit/element keys from the game's palette", ["red"],
                            default_factory=list)
    set: Slug | None = doc("a set id from game.sets", "basic", default=None)
    variants: list[Slug] | None = doc("editions it exists in; all when absent", ["standard"], default=None)
    copies: Count = doc("copies in a deck that selects it", 1, 3, default=1)
    rank: Integer | str | None = doc("number or rank used for matching", 7, "K", default=None)
    points: Points | None = doc("points it scores, or points by where it is", 3,
                                {"hand": 40, "public": 0}, default=None)
    stats: dict[str, StatValue] = doc("game-specific values", {"cost": 5, "power": 7,
                                                               "element": ["火"]},
                                      default_factory=dict)
    effects: list[Effect] = doc("effect blocks", [{"kind": "normal", "text": "1枚引く。"}],
                                default_factory=list)
    text: str | None = doc("effect text; {icon} and **emphasis** markup",
                           "{red} を出したら **1枚引く**。", default=None)
    origin: Origin = doc(ORIGIN, "designer", default="designer")
    tags: list[str] = doc("free labels deck selections can use", ["starter"], default_factory=list)
    art: str | None = doc("image file relative to the project (PNG or JPEG)", "art/red-fox.png", default=None)
    back: Slug | None = doc("a back id overriding the category's back", "default", default=None)


# --- decks --------------------------------------------------------------------------------------

class Select(Strict):
    """Cards chosen by their fields; each matching card comes with its `copies`."""

    sets: list[Slug] | None = doc("cards of these sets", ["basic"], default=None)
    categories: list[Slug] | None = doc("cards of these categories", ["unit", "spell"], default=None)
    tags: list[str] | None = doc("cards with any of these tags", ["starter"], default=None)


class Deck(Strict):
    """A deck list: selected cards and explicit counts."""

    id: Slug = doc("stable id (decks other than the default are built into build/<game>/<id>/)",
                   "standard")
    title: str = doc("name printed in the rulebook", "標準デッキ")
    variant: Slug | None = doc("the variant it is for; cards of other editions are left out",
                               "standard", default=None)
    default: bool = doc("the deck built and played unless another is named", True, default=False)
    total: Count | None = doc("the total the source text states; checked", 54, default=None)
    select: Select | None = doc("take every matching card with its copies", {"sets": ["basic"]}, default=None)
    cards: dict[str, Count] = doc("card id -> copies, added to or overriding select",
                                  {"red-fox": 2}, default_factory=dict)
    description: str | None = doc("what the deck is for", "はじめて遊ぶ人向け。", default=None)


# --- rules, rulings, glossary -------------------------------------------------------------------

RuleKind = Literal["overview", "components", "setup", "turn", "effects", "scoring", "end",
                   "variant", "other"]


class RuleSection(Strict):
    """A section of the rulebook, in our own words."""

    id: Slug = doc("stable id rulings name", "setup")
    title: str = doc("section heading", "準備")
    kind: RuleKind = doc("what the section is about (places it in the rulebook)", "setup",
                         default="other")
    body: str = doc("section text; **emphasis** and {icon} markup", "各自5枚ずつ配る。", default="")
    origin: Origin = doc(ORIGIN, "designer", default="designer")
    sections: list["RuleSection"] = doc("subsections", [{"id": "deal", "title": "配る"}],
                                        default_factory=list)


class Ruling(Strict):
    """A clarification of the rules."""

    id: Slug = doc("stable id examples name", "first-card")
    origin: Origin = doc(ORIGIN, "project")
    title: str = doc("the question it answers", "最初の場札は？")
    text: str = doc("the answer", "山札の一番上をめくって場札にする。")
    cards: list[str] = doc("cards it is about", ["red-fox"], default_factory=list)
    rules: list[Slug] = doc("rules sections it clarifies", ["setup"], default_factory=list)
    source: str | None = doc("where the source text says it", "Q&A 3", default=None)
    stated_in: Slug | None = doc(
        "the rules section, or the card, whose text already says all of this ruling: the book "
        "states the rule once, there, and prints no box for it (an edition may say so for its "
        "own words)", "setup", default=None)


class Term(Strict):
    """A glossary entry."""

    term: str = doc("the word", "手番")
    reading: str | None = doc("reading in kana", "てばん", default=None)
    text: str = doc("its meaning", "カードを出せる番のこと。")
    avoid: list[str] = doc("other words for the same concept that the game does not print "
                           "(synonyms, old terms); `check` refuses one on a face or in the book",
                           ["戦闘力"], default_factory=list)


# --- examples -----------------------------------------------------------------------------------

class Step(Strict):
    """One line of a scripted example: a decision, a decision that must be refused, or a check."""

    do: str | None = doc("a decision in the game's notation", "p1 plays red-fox", default=None)
    refused: str | None = doc("a decision the rules must refuse", "p2 plays blue-3", default=None)
    reason: str | None = doc("text the refusal reason must contain", "順番", default=None)
    because: str | None = doc("the id of the rule (rules section or ruling) the refusal must cite",
                              "wild-last-card", default=None)
    expect: dict[str, Any] | None = doc("a check in the middle of the script", {"top": "red-fox"}, default=None)
    say: str | None = doc("the sentence the rulebook prints for this step", "赤狐を出す。", default=None)


class Example(Strict):
    """A worked example: printed in the rulebook and run by the engine as a playtest."""

    id: Slug = doc("unique across the database and playtest files", "play-red")
    title: str = doc("heading printed in the rulebook", "赤を出す")
    cards: list[str] = doc("the cards this example is about", ["red-fox"], default_factory=list)
    rulings: list[Slug] = doc("rulings it demonstrates", ["first-card"], default_factory=list)
    origin: Origin = doc(ORIGIN, "designer", default="designer")
    source: str | None = doc("where the source text gives it", "ルールブック p.3", default=None)
    variant: Slug | None = doc("the variant it is played in", "standard", default=None)
    deck: Slug | None = doc("the deck played; default: the variant's default deck, else the "
                            "game's default deck", "standard", default=None)
    text: str | None = doc("a sentence printed before the steps", "手札から赤を出す例。", default=None)
    setup: dict[str, Any] = doc("the state it starts from; strings in lists name cards",
                                {"players": 2, "hands": {"p1": ["red-fox"]}}, default_factory=dict)
    steps: list[Step | str] = doc("decisions, refusals and checks in order",
                                  [{"do": "p1 plays red-fox"}], default_factory=list)
    expect: dict[str, Any] | None = doc("the outcome checked at the end",
                                        {"top": "red-fox", "hand_sizes": {"p1": 0}}, default=None)
    auto_pass: bool | None = doc("a response window passes by itself for players the next step "
                                 "does not name (default: the playtest file's, else no)", True,
                                 default=None)
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

    game: Game = doc("the game's facts", {"id": "fox-hunt", "title": "フォックスハント"})
    cards_from: str | list[str] | None = doc(
        "spreadsheets (CSV or XLSX, inside the project) whose rows are more cards: a file, "
        "file#Sheet, or a list of them; see docs/format.md",
        "cards/fox.xlsx#Cards", ["cards/units.csv", "cards/spells.csv"], default=None)
    cards: list[Card] = doc("the cards; with cards_from, the sheets' rows follow these",
                            [{"id": "red-fox", "name": "赤狐", "category": "unit"}],
                            default_factory=list)
    decks: list[Deck] = doc("deck lists (at least one)",
                            [{"id": "standard", "title": "標準", "select": {"sets": ["basic"]}}],
                            min_length=1)
    rules: list[RuleSection] = doc("the rulebook's sections",
                                   [{"id": "setup", "title": "準備", "kind": "setup"}],
                                   default_factory=list)
    glossary: list[Term] = doc("terms with their meaning", [{"term": "手番", "text": "…"}],
                               default_factory=list)
    rulings: list[Ruling] = doc("clarifications",
                                [{"id": "first-card", "origin": "project", "title": "…",
                                  "text": "…"}], default_factory=list)
    examples: list[Example] = doc("worked examples the engine runs",
                                  [{"id": "play-red", "title": "赤を出す"}], default_factory=list)


class PlaytestFile(Strict):
    """A `playtest/<game>/*.yaml` file: longer scripted examples for one game."""

    game: Slug = doc("the id of the game these examples play", "fox-hunt")
    auto_pass: bool = doc("auto_pass for every example of the file that does not say otherwise",
                          True, default=False)
    examples: list[Example] = doc("scripted examples (at least one)",
                                  [{"id": "long-turn", "title": "長い手番"}], min_length=1)
