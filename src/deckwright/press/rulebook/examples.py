"""A scripted example as the rulebook draws it: mini cards, one sentence per step, an outcome.

The example is the same data the engine runs; here it only becomes something to look at. Press
knows no game's rules, so a step without a `say` sentence is rendered generically: player ids
become "Player N" (プレイヤーN), card references become the card's name (and a mini card), the
few verbs of the shared notation become sentences in the game's language (deckwright's catalogs,
see i18n.py), and every other word is the game's label for it (labels.py): no identifier is ever
shown as written.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from math import ceil
from typing import Any, Mapping, Protocol

from ...i18n import N_, words
from ...model import Card, Example, GameData, Step
from ...model.steps import Words, as_written
from ...model.validate import CARD_REF_RE
from ...shared_notation import BARE_VERBS, TO_VERBS, VERBS
from ..fonts import Metrics, fontbook
from .inks import mini_classes
from .copies import copies_named, places
from .jlreq import japanese_set
from .labels import IDENT_RE, PLAYER_RE, Labels, decision, is_notation, marked

#: An outcome's plain values as sentences in the reader's edition (a shared key's own words;
#: any other key reads "label: value."); True and False of a yes-or-no key each have theirs.
OUTCOME_SENTENCES: dict[str, Any] = {
    "winner": N_("%(value)s wins."), "turn": N_("Next it is %(value)s's turn."),
    "direction": N_("Play goes %(value)s."),
    "over": {True: N_("The game is over."), False: N_("The game goes on.")},
}
#: TRANSLATORS: an outcome's value without a sentence of its own (順位は P1・P2。)
OUTCOME_ANY = N_("%(label)s: %(value)s.")

STATUS_LABELS = {"verified": N_("verified"), "failing": N_("does not match"),
                 "unverified": N_("not verified")}



#: A card name up to this many cells (a full-width character is two) is its own mini label.
SHORT_NAME_CELLS = 6


def _cells(text: str) -> int:
    """Width in cells, a full-width (East Asian wide) character counting two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


class VerdictLike(Protocol):
    """What the rulebook reads from an engine verdict (deckwright.app.verify.Verdict);
    a verdict may also carry `auto_passes`: (step number, players) passed by themselves before
    that step (after the last one when the number is past the end)."""

    status: str
    detail: str


def failing_examples(game: GameData, verdicts: Mapping[str, VerdictLike]) -> list[tuple[str, str]]:
    """(example id, title) of the database's examples whose verdict is failing."""
    return [(ex.id, ex.title) for ex in game.db.examples
            if (v := verdicts.get(ex.id)) is not None and v.status == "failing"]


@dataclass(frozen=True)
class MiniCard:
    """A card drawn small in an example: its name, a short label and its colours."""

    card_id: str
    name: str
    label: str
    inks: tuple[str, ...]

    @property
    def classes(self) -> str:
        """Its colour classes (inks.py says why they are not a style attribute)."""
        return mini_classes(self.inks)

    @property
    def style(self) -> str:
        """Border and band colours as a style attribute, for templates written before the
        classes; only validated #rrggbb values reach this attribute."""
        if not self.inks:
            return ""
        if len(self.inks) == 1:
            return f"--ink:{self.inks[0]};--ink2:{self.inks[0]}"
        return f"--ink:{self.inks[0]};--ink2:{self.inks[1]}"


@dataclass
class Part:
    """One player's (or nobody's) share of a row: mini cards and/or a short text."""

    who: str | None = None
    cards: list[MiniCard] = field(default_factory=list)
    text: str = ""


@dataclass
class Row:
    """A labelled entry of an example's setup or outcome, e.g. 手札: P1 [..] P2 [..]."""

    label: str
    parts: list[Part] = field(default_factory=list)

    @property
    def has_cards(self) -> bool:
        return any(p.cards for p in self.parts)

    @property
    def short(self) -> bool:
        """Short enough to share a line with its neighbours (山札 [5][6]　捨て札 [3])."""
        if self.label == "":
            return True
        cards = sum(len(p.cards) for p in self.parts)
        text = sum(len(p.text) for p in self.parts)
        return len(self.parts) == 1 and self.parts[0].who is None and cards <= 5 and text <= 16


def lines(rows: list[Row]) -> list[list[Row]]:
    """Rows grouped into printed lines: neighbouring short rows share one line."""
    out: list[list[Row]] = []
    for row in rows:
        if row.short and out and all(r.short for r in out[-1]) and len(out[-1]) < 4:
            out[-1].append(row)
        else:
            out.append([row])
    return out


@dataclass
class DrawnStep:
    kind: str  # do, refused or expect
    sentence: str
    cards: list[MiniCard] = field(default_factory=list)
    checks: str = ""  # an `expect` step's checks, as one line of text
    em: float = 0.0   # the sentence's width in the body font, in em (0: not measured)


@dataclass
class FlowCard:
    """A card in an example's flow: the step it belongs to, refused or not."""

    step: int
    card: MiniCard
    refused: bool


#: The built-in stylesheet's line heights in an example (rulebook.css, print), in mm, each a
#: little under the exact figure: the title (10 pt × 1.35), a line of text (8 pt × 1.4), a row
#: of mini cards (7.8 mm), a row of text (8 pt × 1.3).
TITLE_MM, LINE_MM, CARDS_MM, ROW_MM = 4.76, 3.95, 7.8, 3.66
#: The part of that sum an example's floor claims, for what rounding may take off.
FLOOR_SHARE = 0.95
#: Below an example's content, its padding and border (1.2 mm and .6 pt); inside its outcome,
#: the outcome's padding above and below (.8 mm each).
EXAMPLE_FOOT_MM, OUTCOME_PAD_MM = 1.41, 1.6
#: The width of the text on a page (the built-in stylesheet's margins), an example's content
#: inside it (2 mm of padding and .6 pt of border each side), the indent of its step list and
#: the share of the example each of two step columns takes.
PAGE_TEXT_MM = {"a5": 118.0, "a4": 180.0}
#: The height of the text on a page (the built-in stylesheet's top and bottom margins), and the
#: share of it an example may take and still never be split: a longer one continues on the
#: next page between its parts (setup, flow, steps, outcome), else it would leave the page
#: before it that much empty (ghost-couple printed one example a page, half of each empty).
PAGE_HEIGHT_MM = {"a5": 178.0, "a4": 265.0}
WHOLE_SHARE = 0.3
#: An example is told long (may continue) from its floor and the lines its rows of mini cards
#: wrap onto, which still fall short of its printed height by up to a sixth (original-tcg's 例8
#: and 例20, floors of 27% and 23% of the page, printed over 30% with their rows of cards
#: wrapped, left the page before them 30% empty).
LONG_SHARE = WHOLE_SHARE * 5 / 6
EXAMPLE_INSET_MM, STEPS_INDENT_MM, COLUMN_SHARE = 4.43, 5.0, 0.47
#: An example's text size (8 pt), and the part of a text's width (its characters' advances in
#: the body font) that counts when finding how many lines it takes at least.
EXAMPLE_PT, WIDTH_SHARE = 8.0, 0.97
PT_MM = 25.4 / 72


@dataclass
class DrawnExample:
    id: str
    number: int  # 例1, 例2, ... in the order the database lists them
    title: str
    text: str | None
    origin: str
    source: str | None
    variant: str | None
    cards: list[Card]
    setup: list[Row]
    steps: list[DrawnStep]
    outcome: list[Row]
    status: str
    status_label: str
    detail: str
    text_em: float = 0.0   # the text's width in the body font, in em (0: not measured)
    measure_mm: float = 0.0   # its content's width on the page (0: not known)
    #: the reader's edition: the outcome's plain values as sentences (its rows keep the cards)
    outcome_text: str = ""
    outcome_em: float = 0.0
    page_mm: float = 0.0   # the height of the text on its page (0: not known)

    @property
    def long(self) -> bool:
        """Too tall to be kept whole without leaving a page before it over WHOLE_SHARE
        empty: it may continue on the next page between its parts (and has no floor). Told
        from its floor and the lines its rows of mini cards wrap onto, which the floor does
        not count (original-tcg's 例20: its floor 23% of the page, printed over 40%)."""
        if not self.page_mm:
            return False
        wrapped = sum(_card_lines(line, self.measure_mm) - 1 for line in
                      lines(self.setup) + lines(self.outcome)) + self.flow_lines - 1
        return self.floor_mm + wrapped * CARDS_MM > LONG_SHARE * self.page_mm

    @property
    def flow_lines(self) -> int:
        """Lines the flow's mini cards take at least (each with its step number)."""
        widths = [_mini_mm(f.card) + FLOW_NUMBER_MM for f in self.flow]
        return _lines_of(widths, self.measure_mm - ROW_LABEL_MM) if widths else 1

    @property
    def first_column(self) -> int:
        """How many steps the first column holds: a list of more than five is printed in
        two halves side by side."""
        n = len(self.steps)
        return (n + 1) // 2 if n > 5 else n

    def text_lines(self, em: float, measure_mm: float) -> int:
        """How many lines a text `em` wide takes at least in a column `measure_mm` wide (as
        many as its characters' advances fill: breaking it can only add lines)."""
        if not em or measure_mm <= 0:
            return 1
        return max(1, ceil(em * EXAMPLE_PT * PT_MM * WIDTH_SHARE / measure_mm))

    @property
    def step_lines(self) -> int:
        """Lines of the taller step column, each step at least one."""
        half = self.first_column
        if not self.measure_mm:
            return half
        two = half < len(self.steps)
        column = (COLUMN_SHARE * self.measure_mm if two else self.measure_mm) - STEPS_INDENT_MM
        counts = [self.text_lines(s.em, column) for s in self.steps]
        return max(sum(counts[:half]), sum(counts[half:]))

    @property
    def floor_mm(self) -> float:
        """A height the printed example cannot be under: its title, the lines its text and
        the taller column of steps take at least, each row of its setup, flow and outcome,
        and the padding below it and inside its outcome.

        The example template starts the example with an empty block this tall whose negative
        bottom margin takes its height back. An example never splits across pages, and
        WeasyPrint laid one that did not fit at the foot of a page out as far as the foot
        before dropping it and starting again on the next page; the block overflows first,
        so the example moves on before any of it is laid out. Being a floor, it never
        overflows where the example itself would fit: the pages are the same."""
        mm = TITLE_MM + self.step_lines * LINE_MM + EXAMPLE_FOOT_MM
        mm += self.text_lines(self.text_em, self.measure_mm) * LINE_MM if self.text else 0
        mm += CARDS_MM if self.flow else 0
        mm += LINE_MM + OUTCOME_PAD_MM if self.outcome or self.outcome_text else 0   # its label
        mm += self.text_lines(self.outcome_em, self.measure_mm) * LINE_MM if self.outcome_text else 0
        for line in lines(self.setup) + lines(self.outcome):
            if any(row.label or any(p.who or p.cards or p.text for p in row.parts)
                   for row in line):   # an empty row prints nothing
                mm += CARDS_MM if any(row.has_cards for row in line) else ROW_MM
        return round(mm * FLOOR_SHARE, 2)

    @property
    def flow(self) -> list[FlowCard]:
        """The sequence of mini cards the steps name, numbered by step."""
        return [FlowCard(i, c, s.kind == "refused") for i, s in enumerate(self.steps, 1)
                for c in s.cards]


#: A mini card's width in print (rulebook.css: 5 pt gothic label, .5 mm padding each side, .5 mm
#: margin, 5.8 mm at least), a flow card's step number, an example row's label column.
MINI_PT, MINI_PAD_MM, MINI_MIN_MM, FLOW_NUMBER_MM, ROW_LABEL_MM = 5.0, 1.5, 5.8, 2.0, 12.0
ROW_TEXT_PT = 7.0


def _mini_mm(card: MiniCard) -> float:
    """A mini card's printed width, at least (a half-width character half an em)."""
    return max(MINI_MIN_MM, _cells(card.label) / 2 * MINI_PT * PT_MM + MINI_PAD_MM)


def _lines_of(widths: list[float], measure_mm: float) -> int:
    """Lines that pieces this wide take in a column `measure_mm` wide, none split."""
    count, used = 1, 0.0
    for w in widths:
        if used and used + w > measure_mm:
            count, used = count + 1, 0.0
        used += w
    return count


def _card_lines(line: list[Row], measure_mm: float) -> int:
    """Lines one printed line of rows takes once its mini cards wrap (1 without cards)."""
    if not measure_mm or not any(row.has_cards for row in line):
        return 1
    widths: list[float] = []
    for row in line:
        for part in row.parts:
            # a part's name and text (7 pt at least), then its cards, each unbroken
            head = _cells(f"{part.who or ''}{part.text}") / 2 * ROW_TEXT_PT * PT_MM
            widths += ([head] if head else []) + [_mini_mm(c) for c in part.cards]
    return _lines_of(widths, measure_mm - ROW_LABEL_MM)


def _join(words: list[str]) -> str:
    """Words of one phrase: cards in a row with ・ (「A」・「B」), anything else with a space."""
    out = ""
    for word in words:
        if out:
            out += "・" if out.endswith(("」", "）")) and word.startswith("「") else " "
        out += word
    return out


class Drawer:
    """Turns examples of one game into `DrawnExample`s, for one of the book's two editions.

    The reader's edition (`proof=False`) prints an example as a published rulebook does: the
    steps as sentences, a check only where its `say` tells the reader something, no reasons
    cited by key, nothing the engine did by itself, nothing the rules filled in for the
    harness. The proof (`proof=True`, the default for tools and tests) adds all of that, so
    a designer can see what the engine verified."""

    def __init__(self, game: GameData, proof: bool = True, book: bool = False):
        """`book`: players are named as a book's rows name them (P1) in the sentences too,
        so a book names them one way; elsewhere (the live table) as プレイヤー1."""
        self.game = game
        self.proof = proof
        self.book = book
        self.palette = game.db.game.palette
        self._ = words(game.language)
        self.labels = Labels(game)
        self._body: Metrics | None = None
        self._by_name: dict[str, list[Card]] | None = None   # name -> the cards of that name

    # --- cards and words ---------------------------------------------------------------------

    def card_of(self, ref: str) -> Card | None:
        match = CARD_REF_RE.match(ref) if isinstance(ref, str) else None
        return self.game.cards.get(match.group(1)) if match else None

    def mini(self, card: Card) -> MiniCard:
        """A card drawn small: a playing card as its suit and rank (♠A, the name with the suit's
        name put as its symbol); a long name (over three full-width characters or six
        half-width ones, so "Three" is not shortened where "Two" is not) with a rank as the
        game's label for the rank or its colour's symbol and the rank (B3); else the name (the
        chip widens for it, never clipping it). A bare rank is never the label: a Joker of rank
        0 is not a card a reader would know as "0"."""
        inks = tuple(self.palette[c].hex for c in card.colors if c in self.palette)
        colours = [self.palette[c] for c in card.colors if c in self.palette]
        colour = next((c for c in colours if c.symbol), None)
        suit = next((c for c in colours if c.symbol and card.name.startswith(c.name)
                     and len(card.name) > len(c.name)), None)
        label = card.name
        if suit is not None:
            label = suit.symbol + card.name[len(suit.name):].removeprefix("の")
        elif card.rank is not None and _cells(card.name) > SHORT_NAME_CELLS:
            rank = self.labels.get(card.rank) if isinstance(card.rank, str) else None
            if rank or colour is not None:
                label = rank or f"{colour.symbol}{card.rank}"
        return MiniCard(card.id, card.name, label, inks)

    def word(self, token: str, mark: str = "") -> str:
        """One word of a decision: a player, a card (a numbered copy says which), a number, a
        colour, else the game's label for it."""
        player = PLAYER_RE.match(token)
        if player:
            return (self.labels.player(token) or token) if self.book else \
                self._("Player %(n)s", n=player.group(1))
        card = self.card_of(token)
        if card is not None:
            name = self._("“%(name)s”", name=card.name)
            colours = self.told_by_colour(card)
            if colours:
                # TRANSLATORS: a card whose name other cards share, told apart by its colours
                name = self._("%(card)s (%(colours)s)", card=name, colours=colours)
            return self.labels.copy_named(token, name) + (self.labels[mark] if mark else "")
        if token in self.palette:
            return self.palette[token].name
        return token if token.isdigit() else self.labels[token]

    def told_by_colour(self, card: Card) -> str:
        """The colour names that tell `card` from the other cards of its name ("One" in red, in
        blue and in yellow: "One" (Yellow)), or "" when its name is its own or its colours do
        not tell it apart."""
        if self._by_name is None:
            self._by_name = {}
            for other in self.game.db.cards:
                self._by_name.setdefault(other.name, []).append(other)
        namesakes = [c for c in self._by_name[card.name] if c.id != card.id]
        if not namesakes or any(c.colors == card.colors for c in namesakes):
            return ""
        return self._(", ").join(self.palette[c].name for c in card.colors if c in self.palette)

    def sentence(self, words: Words) -> str:
        """A readable rendering of a decision, from its words as the game's notation parsed
        them (labels.Words): `p1 plays red-2` -> Player 1 plays “Red 2”. (プレイヤー1：「赤の2」
        を出す。) A decision with the game's own verb, or with phrases (`on X`, `paying A, B`),
        is put together from the game's labels: the object, then each phrase (its label's 〜
        is where the words go), then the verb. Set per JLREQ (the spaces the parts bring
        close up around 「」 and between Japanese words; 「P2 が「4」を出す」)."""
        player, verb, rest = decision(words)
        who = self.word(player) if player else ""
        self.labels.speaker = who or None   # 「P1 が自陣1の「X」を」, not 「P1 がP1の自陣1の」
        try:
            return japanese_set(self._sentence(who, verb, rest))
        finally:
            self.labels.speaker = None

    def _sentence(self, who: str, verb: str, rest: list[tuple[str, str]]) -> str:
        _ = self._
        if not verb:
            return who
        if self.labels.shared_form(verb, [w for w, _m in rest]):
            if not rest:
                return _(BARE_VERBS[verb], who=who).strip()
            plain = [w for w, _m in rest]
            if "to" in plain:  # `moves X to Y`
                at = plain.index("to")
                where = " ".join(self.word(w, m) for w, m in rest[at + 1:])
                what = " ".join(self.word(w, m) for w, m in rest[:at])
                return _(TO_VERBS[verb], who=who, what=what, where=where).strip()
            what = _join(self.said(rest))   # 「スペードJ」・「ダイヤJ」
            return _(VERBS[verb], who=who, what=what).strip()
        said = self.labels.need(verb, "verb")   # `verb.draws` where `draws` names a stat
        if not rest:
            return _("%(who)s: %(verb)s.", who=who, verb=said).strip()
        objects: list[tuple[str, str]] = []
        phrases: list[tuple[str, list[tuple[str, str]]]] = []
        for word, mark in rest:
            template = self.labels.phrase(word)
            if template is not None:
                phrases.append((template, []))
            else:
                (phrases[-1][1] if phrases else objects).append((word, mark))
        # TRANSLATORS: the object of a decision; Japanese adds its particle (「X」を)
        parts = [_.pgettext("object", "%(what)s", what=_join(self.said(objects)))] if objects else []
        parts += [template.replace("〜", _join(self.said(ws))) for template, ws in phrases]
        what = "".join(parts).strip()
        # set per JLREQ: the spaces the parts bring close up between Japanese words and stay
        # between Japanese and Latin (「P2 が P1 を指名する」, 「「4」を出す」)
        return _("%(who)s: %(what)s %(verb)s.", who=who, what=what, verb=said).strip()

    def said(self, words: list[tuple[str, str]]) -> list[str]:
        """Each (word, mark) of a decision as said. In the reader's edition copies of one card
        next to each other, which the reader need not tell apart, are counted (「X」3枚（墓地へ）,
        not 「X」（1枚目）（墓地へ）・「X」（2枚目）…); the proof says each as the data does."""
        runs: list[list[Any]] = []   # [the card or word as said, its mark, how many]
        for word, mark in words:
            text = self.word(word)
            if (not self.proof and runs and runs[-1][:2] == [text, mark]
                    and self.card_of(word) is not None):
                runs[-1][2] += 1
            else:
                runs.append([text, mark, 1])
        # TRANSLATORS: copies of one card counted in a step (「X」3枚)
        return [(self._("%(n)s × %(card)s", card=text, n=n) if n > 1 else text)
                + (self.labels[mark] if mark else "") for text, mark, n in runs]

    def cards_in(self, words: Words) -> list[MiniCard]:
        """The mini cards of the cards a decision names, in its order."""
        found = [self.card_of(marked(w)[0]) for w, _kind in words]
        return [self.mini(c) for c in found if c is not None]

    def decided(self, step: Step, text: str, words: Words | None) -> tuple[str, list[MiniCard]]:
        """A decision step's sentence and cards: its `say` sentence, else its words as the
        verdict carries them (parsed by the game's notation), else, without one (a book
        drawn without verdicts), as the model holds the step written."""
        words = words or as_written(text)
        return (self.labels.prose(step.say) if step.say else self.sentence(words),
                self.cards_in(words))

    # --- values ------------------------------------------------------------------------------

    def value_text(self, value: Any, scope: str | None = None) -> str:
        """A value in words: players as P1, cards by name, identifiers by their labels (a
        label `key.value` first, `scope` being the key the value belongs to)."""
        _ = self._
        if value is None:
            return _("none")
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if isinstance(value, str):
            if value in self.palette:
                return self.palette[value].name
            if scope == "events" or not is_notation(value):
                return self.labels.prose(value)
            return " ".join(self.who(w, scope) for w in value.split())
        if isinstance(value, list):
            return _.join([self.value_text(v, scope) for v in value]) or _("none")
        if isinstance(value, dict):
            # TRANSLATORS: the separator between the entries of a mapping (P1 3; P2 4)
            return _("; ").join(f"{self.who(k, scope)} {self.value_text(v, self.scope(k, scope))}"
                                for k, v in value.items())
        return str(value)

    def scope(self, key: Any, outer: str | None) -> str | None:
        """The key a nested value belongs to: a word key (`camp`), else the outer one."""
        word = isinstance(key, str) and IDENT_RE.match(key) and not self.card_of(key)
        return key if word and not PLAYER_RE.match(key) else outer

    def part(self, value: Any, who: str | None = None, scope: str | None = None) -> Part:
        """Card references become mini cards; anything else becomes text."""
        if isinstance(value, list) and value and all(self.card_of(v) for v in value):
            return Part(who, [self.mini(self.card_of(v)) for v in value])  # type: ignore[arg-type]
        if isinstance(value, str) and self.card_of(value):
            return Part(who, [self.mini(self.card_of(value))])  # type: ignore[arg-type]
        return Part(who, text=self.value_text(value, scope))

    def who(self, key: Any, scope: str | None = None) -> str:
        """A mapping key or a word: a player (P1), a card, a position, an identifier's label,
        or a sentence as written."""
        text = str(key)
        found = self.labels.player(text) or self.labels.card(text)
        if found is not None:
            return found
        if not isinstance(key, str) or text.isdigit() or not IDENT_RE.match(text):
            return self.labels.prose(text)
        return self.labels.need(text, scope)

    def rows(self, key: str, value: Any) -> list[Row]:
        """One row per setup or expectation entry; a mapping gets one part per player. A
        player's row shows where each card is, so it names no copy by its place."""
        if PLAYER_RE.match(str(key)) and self.labels.copies:
            told, self.labels.copies = self.labels.copies, {}
            try:
                return self.rows(key, value)
            finally:
                self.labels.copies = told
        label = self.who(key)
        if isinstance(value, dict) and value:
            return [Row(label, [self.part(v, self.who(k, key), self.scope(k, key))
                                for k, v in value.items()])]
        return [Row(label, [self.part(value, scope=key)])]

    def mapping_rows(self, mapping: Mapping[str, Any] | None) -> list[Row]:
        """Rows of a setup or outcome; short plain values share one line (人数 4　手番 P1)."""
        out: list[Row] = []
        for key, value in (mapping or {}).items():
            for row in self.rows(key, value):
                simple = len(row.parts) == 1 and not row.parts[0].cards and row.parts[0].who is None
                if simple and len(row.parts[0].text) <= 24:
                    part = Part(row.label, text=row.parts[0].text)
                    if out and out[-1].label == "":
                        out[-1].parts.append(part)
                    else:
                        out.append(Row("", [part]))
                else:
                    out.append(row)
        return out

    # --- steps and examples ------------------------------------------------------------------

    def step(self, step: Step | str, refused_as: str = "",
             words: Words | None = None) -> DrawnStep | None:
        """One step; `refused_as` is the engine's refusal sentence for a `refused:` step (from
        the verdict), printed when the step cites its rule by id rather than by words; `words`
        a decision's words (the verdict's `steps`). None: a check the reader's edition leaves
        out."""
        if isinstance(step, str):
            step = Step(do=step)
        if step.do is not None:
            said, cards = self.decided(step, step.do, words)
            return DrawnStep("do", said, cards)
        if step.refused is not None:
            said, cards = self.decided(step, step.refused, words)
            why = step.reason or (self.rule_title(step.because) if step.because else "")
            if step.because and why == step.because:
                # a reason id the database does not title: the engine's words, else the game's
                # label for it, else no reason at all (an id never reaches a reader)
                why = refused_as or self.labels.get(step.because) or ""
            reason = self._(" (reason: %(reason)s)", reason=why) if why and self.proof else ""
            return DrawnStep("refused", f"{said}{reason}", cards)
        if not self.proof:   # a check reads as a sentence only where its `say` tells something
            return DrawnStep("expect", self.labels.prose(step.say)) if step.say else None
        checks = self._("; ").join(f"{self.who(k)} {self.value_text(v, k)}"
                                   for k, v in (step.expect or {}).items())
        said = self.labels.prose(step.say) if step.say else self._("Check here:")
        return DrawnStep("expect", said, checks=checks)

    def default_rows(self, verdict: VerdictLike | None) -> list[Row]:
        """What the rules filled in where the setup was silent, labelled as such (the proof
        only: a reader is told how to set up in the rules, not the harness's fill)."""
        out: list[Row] = []
        if not self.proof:
            return out
        for key, value in getattr(verdict, "setup_defaults", ()) or ():
            for row in self.rows(key, value):
                # TRANSLATORS: the label of what the rules filled in where an example's
                # setup was silent (the deck: the rest, shuffled)
                row.label = self._("%(label)s (not given)", label=row.label)
                out.append(row)
        return out

    def rule_title(self, rule_id: str | None) -> str:
        """The title of the rules section or ruling a refusal cites (`because:`)."""
        if not rule_id:
            return ""
        sections = list(self.game.db.rules)
        while sections:
            section = sections.pop()
            if section.id == rule_id:
                return section.title
            sections += section.sections
        ruling = next((r for r in self.game.db.rulings if r.id == rule_id), None)
        return ruling.title if ruling is not None else rule_id

    def passed(self, players: Any) -> str:
        """How an example's automatic passes read (`auto_pass: true`), naming who passed."""
        who = self._.join([self.who(p) for p in players])
        # TRANSLATORS: players who passed by themselves in an example (P2, P3)
        return self._.npgettext("auto-pass", "%(who)s passes.", "%(who)s pass.", len(players),
                                who=who)

    def steps(self, example: Example, verdict: VerdictLike | None) -> list[DrawnStep]:
        """The steps, with the passes the engine made by itself shown compactly: before the
        step they came before, or after the last step; in the proof, also what else the
        engine did by itself. A check the reader's edition leaves out takes its place in the
        numbering away, so the flow's numbers are the printed ones."""
        refused = {n: text for n, text, _rule in getattr(verdict, "refusals", ()) or ()}
        parsed = dict(getattr(verdict, "steps", ()) or ())
        drawn = [self.step(s, refused.get(i, ""), parsed.get(i))
                 for i, s in enumerate(example.steps, 1)]
        steps = [d for d in drawn if d is not None]
        # script step n -> the printed step at or after it (a left-out check: the next one)
        at = [len(steps) + 1] * (len(drawn) + 2)
        for k in range(len(drawn), 0, -1):
            at[k] = sum(d is not None for d in drawn[:k]) if drawn[k - 1] else at[k + 1]
        gap = self._.between_sentences
        automatic = (getattr(verdict, "automatic", ()) or ()) if self.proof else ()
        for n, sentences in automatic:   # the proof leaves no step out: numbers are the script's
            # the engine's own sentences name players and cards as its notation does (p1)
            # TRANSLATORS: what the engine did by itself (a forced draw), beside an example's step
            what = self._("(automatic: %(what)s)",
                          what=gap.join(self.labels.prose(s) for s in sentences))
            if n == 0 and steps:
                steps[0].sentence = f"{what}{gap}{steps[0].sentence}"
            elif 1 <= n <= len(steps):
                steps[n - 1].sentence = f"{steps[n - 1].sentence}{gap}{what}"
        for n, players in getattr(verdict, "auto_passes", ()) or ():
            n = at[n] if 1 <= n < len(at) else n
            if 1 <= n <= len(steps):
                steps[n - 1].sentence = f"{self.passed(players)}{gap}{steps[n - 1].sentence}"
            elif steps:
                steps[-1].sentence = f"{steps[-1].sentence}{gap}{self.passed(players)}"
        return steps

    def body_em(self, text: str) -> float:
        """The width of `text` in the body font, in em, counting only the characters the font
        has (another font sets the rest, perhaps narrower): what an example's floor measures."""
        if self._body is None:
            self._body = fontbook(self.game.project.root).metrics(
                self.game.db.game.theme.font or "mincho")
        body = self._body
        return sum(body.char(c) for c in text if body.has(c))

    def draw(self, example: Example, verdict: VerdictLike | None, number: int,
             page: str | None = None) -> DrawnExample:
        """An example as the book prints it; with the `page` size, its floor also counts the
        lines its text and steps take at least."""
        status = verdict.status if verdict is not None else "unverified"
        detail = verdict.detail if verdict is not None else ""
        drawn = self._draw(example, verdict, number, status, detail)
        if page in PAGE_TEXT_MM:
            drawn.measure_mm = PAGE_TEXT_MM[page] - EXAMPLE_INSET_MM
            drawn.page_mm = PAGE_HEIGHT_MM[page]
            drawn.text_em = self.body_em(drawn.text) if drawn.text else 0.0
            for step in drawn.steps:
                step.em = self.body_em(step.sentence)
            drawn.outcome_em = self.body_em(drawn.outcome_text)
        return drawn

    def outcome_sentence(self, key: str, value: Any) -> str | None:
        """An outcome's plain value (a player, a word, a number, yes or no) as a sentence, for
        the reader's edition; None for cards and per-player values, which stay rows; "" for
        nobody or nothing (no winner yet), which goes without saying."""
        if isinstance(value, dict) or self.card_of(value) is not None or (
                isinstance(value, list) and any(self.card_of(v) for v in value)):
            return None
        said = OUTCOME_SENTENCES.get(key)
        if value is None or value == []:
            return ""   # nobody, nothing: a reader is told what is, not 「順位は なし」
        own = self.labels.own.get(f"{key}.outcome")
        if own is not None and not isinstance(value, bool):
            # the game's own sentence (`faceup.outcome: 表のカードは{value}枚。`), singular|plural
            # where the language counts ("{value} card is left.|{value} cards are left."); a
            # list of players counts its players ("P1 has gone out.|P1, P2 have gone out")
            one, _bar, many = own.partition("|")
            count = len(value) if isinstance(value, (list, tuple)) else value
            chosen = one if count == 1 or not many else many
            return chosen.replace("{value}", self.value_text(value, key))
        if isinstance(value, int) and not isinstance(value, bool):
            # a count of cards as a sentence, not "Cards left in the deck: 7."
            if key == "deck_size":
                return self._.ngettext("%(num)d card is left in the deck.",
                                       "%(num)d cards are left in the deck.", value)
            if key == "discard_size":
                return self._.ngettext("%(num)d card is in the discard pile.",
                                       "%(num)d cards are in the discard pile.", value)
        if isinstance(said, dict):
            return self._(said[bool(value)]) if isinstance(value, bool) else None
        text = self.value_text(value, key)
        if said is not None:
            return self._(said, value=text)
        if isinstance(value, bool):   # a game's own yes-or-no: `key.true` / `key.false` labels
            own = self.labels.own.get(f"{key}.{str(value).lower()}")
            return own if own is not None else self._(OUTCOME_ANY, label=self.who(key), value=text)
        return self._(OUTCOME_ANY, label=self.who(key), value=text)

    def entries_said(self, key: str, value: Any) -> list[str] | None:
        """An outcome that gives each card or player a plain value (places, powers, counters)
        as sentences, for the reader's edition: the game's label `<key>.outcome` with {who}
        and {value} (「{who}は{value}に置かれる。」), else 「Xのパワーは7。」. Copies of a card
        with the same value are counted (「X」2枚), the rest named as the other ones; None for
        anything else (cards stay pictured in rows)."""
        if not isinstance(value, dict) or not value or any(
                isinstance(v, (dict, list)) or self.card_of(v) for v in value.values()):
            return None
        cards = {k: self.card_of(k) for k in value}
        values: dict[str, list[str]] = {}   # card id -> the values its copies have here
        for k, v in value.items():
            if cards[k] is not None:
                values.setdefault(cards[k].id, []).append(repr(v))
        groups: list[list[Any]] = []   # [who as said, value, how many]
        for k, v in value.items():
            card = cards[k]
            # copies that all end alike need no telling apart: 「X」2枚
            alike = card is not None and len(values[card.id]) > 1 == len(set(values[card.id]))
            who = self.labels.card(card.id) if alike else self.who(k, key)
            same = next((g for g in groups if g[:2] == [who, v]), None)
            if same is not None and card is not None:
                same[2] += 1
            else:
                groups.append([who, v, 1])
        own = self.labels.own.get(f"{key}.outcome")
        out, named = [], set()
        for who, v, n in groups:
            if who in named:   # copies the setup did not place apart, with another value
                said = (self._("the other %(n)s × %(card)s", card=who, n=n) if n > 1
                        else self._("the other %(card)s", card=who))
            else:
                said = self._("%(n)s × %(card)s", card=who, n=n) if n > 1 else who
            named.add(who)
            text = self.value_text(v, key)
            if own:
                out.append(own.replace("{who}", said).replace("{value}", text))
            elif (sentence := self.entry_sentence(key, said, v)) is not None:
                out.append(sentence)
            else:
                # TRANSLATORS: one card's or player's value in an example's outcome
                out.append(self._("%(who)s: %(label)s %(value)s.", who=said,
                                  label=self.who(key), value=text))
        return out

    def entry_sentence(self, key: str, who: str, value: Any) -> str | None:
        """A shared key's count for one player as a sentence of its own, singular or plural
        (「P2 の手札は 1枚。」, "P2 has 1 card in hand."); None for another key or value."""
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        if key == "hand_sizes":
            return self._.ngettext("%(who)s has %(num)d card in hand.",
                                   "%(who)s has %(num)d cards in hand.", value, who=who)
        if key == "scores":
            return self._.ngettext("%(who)s has %(num)d point.", "%(who)s has %(num)d points.",
                                   value, who=who)
        return None

    def events_said(self, value: Any, log: tuple[str, ...]) -> list[str]:
        """The events an outcome names (fragments of the engine's sentences, 「戦闘開始」) as
        the engine said them in this example's run, in the book's words."""
        out: list[str] = []
        for text in value if isinstance(value, list) else [value]:
            whole = next((s for s in log if str(text) in s), None)
            said = (self._.ended(self.labels.prose(whole)) if whole is not None else
                    self._(OUTCOME_ANY, label=self.who("events"), value=self.labels.prose(str(text))))
            if said not in out:
                out.append(said)
        return out

    def outcome(self, example: Example, verdict: VerdictLike | None) -> tuple[list[Row], str]:
        """The outcome as the engine's end state holds it (verdict.end_state), or, unverified,
        as the example expects it: rows of cards and per-player values, and, in the reader's
        edition, the plain values, places and events as sentences instead of rows."""
        end = getattr(verdict, "end_state", ()) or ()
        mapping = dict(end) if end else dict(example.expect or {})
        if self.proof:
            return self.mapping_rows(mapping), ""
        rows: list[Row] = []
        sentences: list[str] = []
        for key, value in mapping.items():
            if key == "events":
                sentences += self.events_said(value, tuple(getattr(verdict, "log", ()) or ()))
                continue
            said = self.outcome_sentence(key, value)
            each = self.entries_said(key, value) if said is None else None
            if each is not None:
                sentences += each
            elif said is None:
                rows += self.rows(key, value)
            elif said:
                sentences.append(said)
        return rows, self._.between_sentences.join(sentences)   # set per JLREQ in _draw

    def place_words(self, keys: tuple[str, ...]) -> tuple[str, str] | None:
        """Whose place and which a setup puts a card in, from the keys leading to it (`p2`,
        `camp`, `3`): ("P2", "自陣3"); None where the keys are not a player's place."""
        if not 2 <= len(keys) <= 3 or not PLAYER_RE.match(keys[0]):
            return None
        slot = keys[2] if len(keys) == 3 else ""
        if slot and not slot.isdigit():
            return None
        where = self.labels.get(f"{keys[1]}{slot}")
        return (self.who(keys[0]), where) if where else None

    def _draw(self, example: Example, verdict: VerdictLike | None, number: int, status: str,
              detail: str) -> DrawnExample:
        if self.proof:
            return self._drawn(example, verdict, number, status, detail)
        told_apart = copies_named(example, getattr(verdict, "end_state", ()), self.game.cards)
        self.labels.copies = places(example, told_apart, self.place_words)
        try:
            return self._drawn(example, verdict, number, status, detail)
        finally:
            self.labels.copies = None

    def _drawn(self, example: Example, verdict: VerdictLike | None, number: int, status: str,
               detail: str) -> DrawnExample:
        outcome, outcome_text = self.outcome(example, verdict)
        steps = self.steps(example, verdict)
        for step in steps:   # deckwright's sentences with names put in: 「は 準備フェイズ」
            step.sentence = japanese_set(step.sentence)
        return DrawnExample(
            id=example.id, number=number, title=japanese_set(example.title, prose=False),
            text=self.labels.prose(example.text) if example.text else None, origin=example.origin,
            source=example.source, variant=example.variant,
            cards=[self.game.card(c) for c in example.cards],
            setup=self.mapping_rows(example.setup) + self.default_rows(verdict),
            steps=steps, outcome=outcome, outcome_text=japanese_set(outcome_text),
            status=status, detail=detail,
            status_label=self._(STATUS_LABELS[status]) if status in STATUS_LABELS else status)
