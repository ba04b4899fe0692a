"""The template context: everything a rulebook shows, gathered from one game's database.

Templates only arrange what this module prepares; they never compute game facts. Texts that
carry inline markup are turned into safe HTML here (see markup.py), every other string reaches
the template as plain data and is escaped by Jinja.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from markupsafe import Markup

from ...i18n import N_, Words, numbers_in_order, words
from ...model import Card, GameData, InputError
from ...model.schema import RuleSection, Ruling
from ..register import register
from .examples import DrawnExample, Drawer, MiniCard, VerdictLike, lines
from .fontcss import font_css
from .jlreq import japanese_set
from .labels import IDENT_RE, Labels, missing_labels
from .markup import inline, paragraphs
from .pictures import card_pictures

ORIGIN_LABELS = {"designer": N_("Designer"), "project": N_("Project")}


@dataclass
class Section:
    """A rules section ready to print: its paragraphs, its rulings, its subsections."""

    id: str
    anchor: str
    title: str
    origin: str
    level: int
    body: list[Markup]
    rulings: list["RulingView"]
    sections: list["Section"] = field(default_factory=list)


@dataclass
class RulingView:
    id: str
    anchor: str
    title: str
    origin: str
    origin_label: str
    text: Markup
    source: str | None
    where: str  # the anchor of the place the ruling is printed


@dataclass
class EffectView:
    heading: str
    cost: str | None
    counter: str | None
    text: Markup


@dataclass
class CardView:
    id: str
    anchor: str
    name: str
    reading: str | None
    category: str
    set_title: str | None
    set_mark: str | None
    colours: list[Markup]
    copies: int
    variants: list[str]
    facts: list[tuple[str, str]]
    points: str  # the points as printed, "—" when the card has none
    effects: list[EffectView]
    text: Markup
    origin: str
    image: str | None  # relative to the rulebook, when the card PNG export exists
    mini: MiniCard
    rulings: list[RulingView]
    examples: list[tuple[str, str]]  # (anchor, "Example N"): examples are found by number
    sort_key: str
    #: the entry in the card index, when another entry prints the same name: "飯綱（¥0側）"
    index_name: str | None = None


@dataclass
class CardGroup:
    """Cards that differ only in name and colour (♠7, ♥7, ...) share one reference entry;
    each keeps its own anchor, so the index still points at every card."""

    members: list[CardView]

    @property
    def first(self) -> CardView:
        return self.members[0]

    @property
    def same_name(self) -> bool:
        """All members are called the same (Skip in four colours): print the name once."""
        return len({(m.name, m.reading) for m in self.members}) == 1

    @property
    def copies(self) -> int | None:
        """The number a reader counts when the members cannot be told apart (two database
        entries ジョーカー, no colours): both are "the Joker", so the book says 2, not
        "1 each". None when the members differ (♠7 and ♥7: one each)."""
        if len(self.members) > 1 and self.same_name and not any(m.colours for m in self.members):
            return sum(m.copies for m in self.members)
        return None

    @property
    def rulings(self) -> list[RulingView]:
        return [r for m in self.members for r in m.rulings]

    #: example anchor -> its number, so the merged list keeps the examples' order
    order: dict[str, int] = field(default_factory=dict)

    @property
    def examples(self) -> list[tuple[str, str]]:
        """The examples of every member, once each, in the order the book prints them."""
        seen: dict[str, str] = {}
        for m in self.members:
            for anchor, title in m.examples:
                seen.setdefault(anchor, title)
        return sorted(seen.items(), key=lambda item: self.order.get(item[0], 0))


def group_key(card: Card) -> str:
    """What must be equal for cards to share an entry: everything but name, colour, count."""
    data = card.model_dump(exclude={"id", "name", "reading", "colors", "copies", "art", "back",
                                    "tags"})
    return json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)


def group_cards(cards: list[Card], views: dict[str, CardView],
                order: dict[str, int] | None = None) -> list[CardGroup]:
    """`order`: example anchor -> number, the order a group's example list keeps."""
    groups: dict[str, CardGroup] = {}
    for card in cards:
        groups.setdefault(group_key(card), CardGroup([], order or {})).members.append(
            views[card.id])
    return list(groups.values())


@dataclass
class DeckView:
    id: str
    mark: str  # ①②③: the deck's column heading in the components table
    title: str
    variant: str | None
    description: str | None
    total: int

    @property
    def says_total(self) -> bool:
        """The title counts the cards itself (「トランプ 54 枚」, "54 playing cards"): the list
        does not say 54 a second time."""
        return re.search(rf"(?<![0-9]){self.total}(?![0-9])", self.title) is not None


@dataclass
class ComponentRow:
    group: "CardGroup"
    cells: list[str]
    note: str | None  # the set, when another row prints the same name (Reset, Reset)
    #: the category's title when this row starts a run of its category (the table says what
    #: the cards are once, above them, instead of on every row); None inside a run
    heading: str | None = None


@dataclass
class TocEntry:
    anchor: str
    title: str
    level: int


def index_entries(groups: list[CardGroup]) -> list[CardView]:
    """Every card name once per entry it is printed in, ordered by what the index shows:
    names in Latin letters or digits alphabetically first, then the rest by reading in kana
    order."""
    entries = [m for g in groups for m in (g.members[:1] if g.same_name else g.members)]
    return sorted(entries, key=lambda c: (c.sort_key, c.id))


def circled(n: int) -> str:
    """①..⑳ for 1..20, else the number in brackets."""
    return chr(0x2460 + n - 1) if 1 <= n <= 20 else f"({n})"


def _stat(value: Any, labels: Labels, key: str, _: Words) -> str:
    """A stat's value in words: a label `key.value` when the game gives one (side.0: ¥0側),
    an identifier (`effect: reset`) by its label, a card by its name."""
    if value is None:
        return "—"
    if isinstance(value, list):
        return _.join([_stat(v, labels, key, _) for v in value])
    scoped = labels.own.get(f"{key}.{value}")
    if scoped is not None:
        return scoped
    if isinstance(value, bool):
        return _.pgettext("stat", "yes") if value else _.pgettext("stat", "no")
    if isinstance(value, str) and IDENT_RE.match(value):
        return labels.get(value, key) or labels.card(value) or labels.need(value, key)
    return str(value)


#: A character a reader may need a reading for: a kanji.
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々]")


def shown_reading(name: str, reading: str | None) -> str | None:
    """The reading printed beside a name, only where the name has kanji to read (ビナルクスの
    仙龍); a name in kana, Latin letters or suits reads as written (スペードA, never
    「スペードA（すぺーどのえーす）」). The index still sorts by the reading."""
    return reading if reading and _KANJI.search(name) else None


class ContextBuilder:
    """Builds the context of one game's rulebook."""

    def __init__(self, game: GameData, verdicts: Mapping[str, VerdictLike], out_dir: Path,
                 image: Callable[[Card], str | None] | None = None, proof: bool = True):
        """`image(card)` gives the picture's address; by default the built PNG beside the
        rulebook, when there is one (the live preview serves its own). `proof`: the edition
        with everything the engine verified (False: the reader's edition, Drawer says how
        they differ)."""
        self.game, self.db, self.verdicts, self.out_dir = game, game.db, verdicts, out_dir
        self.image = image or self.built_png
        self.palette = game.db.game.palette
        self.proof = proof
        self.drawer = Drawer(game, proof, book=True)
        self._ = words(game.language)
        self.labels = self.drawer.labels
        self.pictures = card_pictures(game, out_dir) if image is None else {}

    def text(self, value: str | None) -> Markup:
        """A designer's text with its markup, quoting players, cards and places by name."""
        return inline(self.labels.prose(value) if value else value, self.palette, self._)

    def sort_key(self, primary: str | None, fallback: str) -> str:
        """Index and glossary order: a Japanese game sorts by reading (gojūon), others by
        the word itself."""
        return self._.sort_key((primary if self._.is_japanese else None) or fallback)

    def name_key(self, name: str, reading: str | None) -> str:
        """The index order of a printed name: names in Latin letters or digits as spelt (so
        "Wild" is not filed under わ), then the others in the language's order."""
        folded = unicodedata.normalize("NFKC", name)
        if folded[:1].isascii() and folded[:1].isalnum():
            return "1" + numbers_in_order(folded.casefold())
        # a name in kana sorts as written, its numbers by value (ゴースト1 … ゴースト9, not by
        # the reading's spelt numerals いち, きゅう, ご …); only kanji need the reading
        return "2" + self.sort_key(shown_reading(name, reading), name)

    def index_key(self, card: Card) -> str:
        """A card's place in the index. Playing cards (a suit, a colour with a symbol, and a
        numeric rank) come first in the game's own order: by suit as the palette lists them,
        then by rank (A, 2 … 10, J, Q, K as the ranks count), never by the spelling of their
        names (♠10 before ♠A, クラブ8 before クラブA); every other card by its name."""
        suits = [k for k, c in self.palette.items() if c.symbol]
        suit = next((suits.index(c) for c in card.colors if c in suits), None)
        rank = card.rank
        if suit is not None and isinstance(rank, (int, float)) and not isinstance(rank, bool):
            return f"0{suit:03d}{int(rank * 1000) + 10**8:010d}"
        return self.name_key(card.name, card.reading)

    # --- rulings -------------------------------------------------------------------------------

    def ruling(self, r: Ruling, where: str) -> RulingView:
        return RulingView(r.id, f"ruling-{r.id}", japanese_set(r.title, prose=False), r.origin,
                          self._(ORIGIN_LABELS[r.origin]),
                          self.text(r.text), r.source, where)

    def placed_rulings(self) -> dict[str, RulingView]:
        """Where each ruling is printed: its first card, else its first rules section, else
        the general rulings chapter. A ruling whose words a rules section already says
        (`stated_in`) is not printed again: a reader meets each rule once."""
        placed = {}
        for r in self.db.rulings:
            if r.stated_in is not None:
                continue
            where = (f"card-{r.cards[0].split('#')[0]}" if r.cards
                     else f"rule-{r.rules[0]}" if r.rules else "rulings")
            placed[r.id] = self.ruling(r, where)
        return placed

    # --- rules ---------------------------------------------------------------------------------

    def section(self, s: RuleSection, level: int, rulings: dict[str, RulingView]) -> Section:
        anchor = f"rule-{s.id}"
        own = [v for v in rulings.values() if v.where == anchor]
        return Section(s.id, anchor, japanese_set(s.title, prose=False), s.origin, level,
                       paragraphs(self.labels.prose(s.body), self.palette, self._),
                       own, [self.section(c, level + 1, rulings) for c in s.sections])

    # --- cards ---------------------------------------------------------------------------------

    def facts(self, card: Card) -> list[tuple[str, str]]:
        _ = self._
        facts: list[tuple[str, str]] = []
        if card.rank is not None:
            facts.append((_("Rank"), _stat(card.rank, self.labels, "rank", _)))
        if card.points is not None:
            facts.append((_("Points"), self.points(card)))
        facts += [(self.labels[k], _stat(v, self.labels, k, _))
                  for k, v in card.stats.items() if v is not None]
        return facts

    def points(self, card: Card) -> str:
        if isinstance(card.points, dict):
            return self._("; ").join(f"{self.labels[k]} {v}" for k, v in card.points.items())
        return "—" if card.points is None else str(card.points)

    def effects(self, card: Card) -> list[EffectView]:
        views = []
        for e in card.effects:
            parts = [self.labels[e.kind]] + [p for p in (e.type, e.name) if p]
            views.append(EffectView(self._.join(parts), e.cost, e.counter, self.text(e.text)))
        return views

    def built_png(self, card: Card) -> str | None:
        """The PNG export's picture of the card, from whichever deck's folder holds it."""
        return self.pictures.get(card.id)

    def card(self, card: Card, rulings: dict[str, RulingView],
             examples: dict[str, list[tuple[str, str]]]) -> CardView:
        g = self.db.game
        category = next(c.title for c in g.categories if c.id == card.category)
        card_set = next((s for s in g.sets if s.id == card.set), None)
        variants = [v.title for v in g.variants if card.variants and v.id in card.variants]
        anchor = f"card-{card.id}"
        return CardView(
            id=card.id, anchor=anchor, name=card.name, reading=shown_reading(card.name, card.reading),
            category=category,
            # a set is a fact only where the game's cards come in more than one
            set_title=card_set.title if card_set and len({c.set for c in self.db.cards}) > 1
            else None,
            set_mark=card_set.mark if card_set else None,
            colours=[self.text("{%s}" % c) for c in card.colors if c in self.palette
                     and not (self.palette[c].symbol and self.palette[c].symbol in card.name)],
            copies=card.copies, variants=variants, facts=self.facts(card),
            points=self.points(card),
            effects=self.effects(card), text=self.text(card.text), origin=card.origin,
            image=self.image(card),
            mini=self.drawer.mini(card),
            rulings=[v for v in rulings.values() if v.where == anchor],
            examples=examples.get(card.id, []),
            sort_key=self.index_key(card))

    # --- the whole book ------------------------------------------------------------------------

    def components(self, groups: list[CardGroup]) -> dict[str, Any]:
        """One table: a row per card group, a column per deck (edition or variant), headed
        ①②③ after the list of decks above it (a deck's title would not fit a column)."""
        variants = {v.id: v.title for v in self.db.game.variants}
        decks, contents = [], []
        for n, deck in enumerate(self.db.decks, 1):
            counts = self.game.deck_contents(deck)
            contents.append(counts)
            decks.append(DeckView(deck.id, circled(n), japanese_set(deck.title, prose=False),
                                  variants.get(deck.variant or ""),
                                  deck.description and japanese_set(deck.description),
                                  sum(counts.values())))
        rows = []
        for group in groups:
            cells = []
            for counts in contents:
                n = [counts.get(m.id, 0) for m in group.members]
                cells.append("—" if not any(n) else str(n[0]) if len(n) == 1
                             else str(sum(n)) if group.copies is not None
                             else self._("%(n)s each", n=n[0]) if len(set(n)) == 1
                             else self._.join([str(x) for x in n]))
            if any(c != "—" for c in cells):
                rows.append(ComponentRow(group, cells, None))
        # rows that print the same names and colours say what else tells them apart
        def shown(r: ComponentRow) -> tuple[str, ...]:
            return tuple(f"{m.name}{''.join(m.colours)}" for m in r.group.members)
        names = Counter(shown(r) for r in rows)
        for r in rows:
            if names[shown(r)] > 1:
                r.note = self.kind(r.group.first)
        if len({r.group.first.category for r in rows}) > 1:
            # the cards of a category together, categories in the game's order
            order = {c.title: i for i, c in enumerate(self.db.game.categories)}
            rows.sort(key=lambda r: order.get(r.group.first.category, len(order)))
            for before, r in zip([None, *rows], rows):
                if before is None or before.group.first.category != r.group.first.category:
                    r.heading = r.group.first.category
        points = any(c.points is not None for c in self.db.cards)
        return {"decks": decks, "rows": rows, "points": points}

    def kind(self, card: CardView) -> str:
        """What tells a card from another of its name in the components table: its set, else
        its variants, else its category."""
        return card.set_title or self._.join(card.variants) or card.category

    def index(self, groups: list[CardGroup]) -> list[CardView]:
        """The card index's entries; a name printed by more than one entry is followed by
        what tells each apart (its colours where they do, else its set, variants or category):
        ghost-couple's two sides of 飯綱 were two identical lines."""
        entries = index_entries(groups)
        names = Counter(e.name for e in entries)
        for entry in entries:
            if names[entry.name] > 1:
                note = self.drawer.told_by_colour(self.game.card(entry.id)) or self.kind(entry)
                # TRANSLATORS: a card index entry whose name another entry prints too, and
                # what tells it apart (its colours, set, variants or category)
                entry.index_name = self._("%(name)s (%(note)s)", name=entry.name, note=note)
        return entries

    def build(self, page: str) -> dict[str, Any]:
        steps = {ex_id: dict(getattr(v, "steps", ()) or ()) for ex_id, v in self.verdicts.items()}
        problems = missing_labels(self.game, steps)   # the words the drawer will print
        if problems:  # `check` reports these too; a rulebook never prints an identifier
            raise InputError(problems)
        g = self.db.game
        rulings = self.placed_rulings()
        drawn: list[DrawnExample] = [self.drawer.draw(ex, self.verdicts.get(ex.id), n, page)
                                     for n, ex in enumerate(self.db.examples, 1)]
        per_card: dict[str, list[tuple[str, str]]] = {}
        for ex in drawn:
            for c in ex.cards:
                per_card.setdefault(c.id, []).append(
                    # TRANSLATORS: one example in a card's list of examples ("Examples: 14, 15")
                    (f"example-{ex.id}", self._.pgettext("example list", "Example %(n)s",
                                                         n=ex.number)))
        cards = {c.id: self.card(c, rulings, per_card) for c in self.db.cards}
        sections = [self.section(s, 2, rulings) for s in self.db.rules]
        general = [v for v in rulings.values() if v.where == "rulings"]
        fills = self.fills_in(rulings, sections, cards, drawn)
        chapters = self.chapters(sections, drawn, general, fills)
        groups = group_cards(self.db.cards, cards, {f"example-{ex.id}": ex.number for ex in drawn})
        plain = g.model_dump(mode="json")  # data, not the model: nothing leads to a class
        return {
            "game": plain, "title": g.title, "page": page, "lang": g.language, "lines": lines,
            "polite": register(self.game) == "polite",
            "proof": self.proof,
            "players": (self._.ngettext("%(num)d player", "%(num)d players", g.players.min)
                        if g.players.min == g.players.max
                        else self._("%(min)s–%(max)s players", min=g.players.min,
                                    max=g.players.max)),
            "summary": self.text(g.summary), "variants": plain["variants"],
            "theme": plain["theme"], "font_css": font_css(self.game, self.out_dir),
            "toc": chapters, "sections": sections,
            "components": self.components(groups), "cards": list(cards.values()),
            "card_groups": groups,
            "examples": drawn, "general_rulings": general, "fills": fills,
            "glossary": [{"term": t.term, "reading": shown_reading(t.term, t.reading),
                          "text": self.text(t.text)}
                         for t in sorted(self.db.glossary,
                                         key=lambda t: self.sort_key(t.reading, t.term))],
            "index": self.index(groups),
            "counts": {s: sum(ex.status == s for ex in drawn)
                       for s in ("verified", "failing", "unverified")},
        }

    def fills_in(self, rulings: dict[str, RulingView], sections: list[Section],
                 cards: dict[str, CardView], drawn: list[DrawnExample]) -> list[dict[str, Any]]:
        """Everything the project decided: rulings, cards, rule sections and examples."""
        items: list[dict[str, Any]] = []
        for v in rulings.values():
            if v.origin == "project":
                items.append({"kind": self._("Ruling"), "title": v.title, "anchor": v.anchor,
                              "text": v.text})

        def walk(ss: list[Section]) -> None:
            for s in ss:
                if s.origin == "project":
                    items.append({"kind": self._("Rule"), "title": s.title, "anchor": s.anchor,
                                  "text": s.body[0] if s.body else Markup("")})
                walk(s.sections)
        walk(sections)
        items += [{"kind": self._("Card"), "title": c.name, "anchor": c.anchor, "text": c.text}
                  for c in cards.values() if c.origin == "project"]
        items += [{"kind": self._("Example"),
                   "title": self._("Example %(n)s", n=ex.number) + " " + ex.title,
                   "anchor": f"example-{ex.id}", "text": Markup("")}
                  for ex in drawn if ex.origin == "project"]
        return items

    def chapters(self, sections: list[Section], drawn: list[DrawnExample],
                 general: list[RulingView], fills: list[dict[str, Any]]) -> list[TocEntry]:
        """The table of contents: chapters and the rules' first level of subsections."""
        _ = self._
        toc = [TocEntry("components", _("Components"), 1)]
        if sections:
            toc.append(TocEntry("rules", _("Rules"), 1))
            toc += [TocEntry(s.anchor, s.title, 2) for s in sections]
        if drawn:
            toc.append(TocEntry("examples", _("Examples of play"), 1))
        toc.append(TocEntry("cards", _("Card reference"), 1))
        if general:
            toc.append(TocEntry("rulings", _("Other rulings"), 1))
        toc.append(TocEntry("fills", _("What this edition filled in"), 1))
        if self.db.glossary:
            toc.append(TocEntry("glossary", _("Glossary"), 1))
        toc.append(TocEntry("index", _("Card index"), 1))
        return toc
