"""A scripted example as the rulebook draws it: mini cards, one sentence per step, an outcome.

The example is the same data the engine runs; here it only becomes something to look at. Press
knows no game's rules, so a step without a `say` sentence is rendered generically: player ids
become "Player N" (プレイヤーN), card references become the card's name (and a mini card), and
the few verbs of the shared notation become sentences in the game's language (deckwright's
catalogs, see i18n.py); anything else is shown as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol

from ...i18n import N_, words
from ...model import Card, Example, GameData, Step
from ...model.validate import CARD_REF_RE

PLAYER_RE = re.compile(r"^p(\d+)$")

#: Labels of the shared setup and expectation keys (docs/format.md); other keys show as written.
KEY_LABELS = {
    "players": N_("Players"), "turn": N_("Turn"), "hands": N_("Hands"),
    "hand_sizes": N_("Hand sizes"), "deck": N_("Deck"), "discard": N_("Discard pile"),
    "top": N_("Top card"), "direction": N_("Direction of play"), "scores": N_("Scores"),
    "winner": N_("Winner"), "over": N_("Game over"), "deck_size": N_("Cards in the deck"),
    "discard_size": N_("Cards in the discard pile"), "public": N_("Face-up cards"),
    "events": N_("What happens"), "options": N_("Options"),
}

#: Values of the shared expectation keys, in words (docs/format.md).
WORDS = {"clockwise": N_("clockwise"), "counterclockwise": N_("counterclockwise")}

#: The shared notation's common verbs with an object, as sentences; a game's own verbs are
#: shown as written.
VERBS = {
    "plays": N_("%(who)s plays %(what)s."), "play": N_("%(who)s plays %(what)s."),
    "draws": N_("%(who)s draws %(what)s."), "draw": N_("%(who)s draws %(what)s."),
    "declares": N_("%(who)s declares %(what)s."), "calls": N_("%(who)s declares %(what)s."),
    "flips": N_("%(who)s turns over %(what)s."), "turns": N_("%(who)s turns over %(what)s."),
    "takes": N_("%(who)s takes %(what)s."), "discards": N_("%(who)s discards %(what)s."),
    "names": N_("%(who)s names %(what)s."), "chooses": N_("%(who)s chooses %(what)s."),
    "reveals": N_("%(who)s reveals %(what)s."), "attacks": N_("%(who)s attacks %(what)s."),
    "gives": N_("%(who)s gives %(what)s."), "counters": N_("%(who)s counters %(what)s."),
    "places": N_("%(who)s places %(what)s."), "moves": N_("%(who)s moves %(what)s."),
    "activates": N_("%(who)s uses %(what)s."), "uses": N_("%(who)s uses %(what)s."),
    "returns": N_("%(who)s returns %(what)s."), "vanishes": N_("%(who)s removes %(what)s."),
    "shuffles": N_("%(who)s shuffles %(what)s."),
}
#: The verbs that take `to PLACE` (`moves X to Y`).
TO_VERBS = {
    "moves": N_("%(who)s moves %(what)s to %(where)s."),
    "gives": N_("%(who)s gives %(what)s to %(where)s."),
    "places": N_("%(who)s places %(what)s on %(where)s."),
    "returns": N_("%(who)s returns %(what)s to %(where)s."),
}
#: Verbs without an object.
BARE_VERBS = {"passes": N_("%(who)s passes."), "pass": N_("%(who)s passes."),
              "draws": N_("%(who)s draws from the deck."), "draw": N_("%(who)s draws from the deck."),
              "ends": N_("%(who)s ends the turn."), "shuffles": N_("%(who)s shuffles the deck.")}

STATUS_LABELS = {"verified": N_("verified"), "failing": N_("does not match"),
                 "unverified": N_("not verified")}


class VerdictLike(Protocol):
    """What the rulebook reads from an engine verdict (deckwright.engine.verify.Verdict)."""

    status: str
    detail: str


@dataclass(frozen=True)
class MiniCard:
    """A card drawn small in an example: its name, a short label and its colours."""

    card_id: str
    name: str
    label: str
    inks: tuple[str, ...]

    @property
    def style(self) -> str:
        """Border and band colours; only validated #rrggbb values reach this attribute."""
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


@dataclass
class FlowCard:
    """A card in an example's flow: the step it belongs to, refused or not."""

    step: int
    card: MiniCard
    refused: bool


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

    @property
    def flow(self) -> list[FlowCard]:
        """The sequence of mini cards the steps name, numbered by step."""
        return [FlowCard(i, c, s.kind == "refused") for i, s in enumerate(self.steps, 1)
                for c in s.cards]


class Drawer:
    """Turns examples of one game into `DrawnExample`s."""

    def __init__(self, game: GameData):
        self.game = game
        self.palette = game.db.game.palette
        self._ = words(game.language)

    # --- cards and words ---------------------------------------------------------------------

    def card_of(self, ref: str) -> Card | None:
        match = CARD_REF_RE.match(ref) if isinstance(ref, str) else None
        return self.game.cards.get(match.group(1)) if match else None

    def mini(self, card: Card) -> MiniCard:
        inks = tuple(self.palette[c].hex for c in card.colors if c in self.palette)
        short = len(card.name) <= 3
        label = card.name if short or card.rank is None else str(card.rank)
        return MiniCard(card.id, card.name, label, inks)

    def word(self, token: str) -> str:
        player = PLAYER_RE.match(token)
        if player:
            return self._("Player %(n)s", n=player.group(1))
        card = self.card_of(token)
        return self._("“%(name)s”", name=card.name) if card is not None else token

    def sentence(self, notation: str) -> str:
        """A readable rendering of a decision in the shared notation: `p1 plays red-2` ->
        Player 1 plays “Red 2”. (プレイヤー1：「赤の2」を出す。) Unknown words are kept."""
        _ = self._
        tokens = notation.split()
        who = ""
        if tokens and PLAYER_RE.match(tokens[0]):
            who, tokens = self.word(tokens[0]), tokens[1:]
        if tokens and tokens[0] in BARE_VERBS and len(tokens) == 1:
            return _(BARE_VERBS[tokens[0]], who=who).strip()
        if tokens and tokens[0] in VERBS and len(tokens) > 1:
            rest = tokens[1:]
            if "to" in rest[:-1] and tokens[0] in TO_VERBS:  # `moves X to Y`
                at = rest.index("to")
                where = " ".join(self.word(t) for t in rest[at + 1:])
                what = " ".join(self.word(t) for t in rest[:at])
                return _(TO_VERBS[tokens[0]], who=who, what=what, where=where).strip()
            what = " ".join(self.word(t) for t in rest)
            return _(VERBS[tokens[0]], who=who, what=what).strip()
        return _("%(who)s %(what)s.", who=who, what=" ".join(self.word(t) for t in tokens)).strip()

    def cards_in(self, notation: str) -> list[MiniCard]:
        found = [self.card_of(t) for t in notation.split()]
        return [self.mini(c) for c in found if c is not None]

    # --- values ------------------------------------------------------------------------------

    def value_text(self, value: Any) -> str:
        """A value in words: players as P1, cards by name, lists and mappings spelled out."""
        _ = self._
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if isinstance(value, str):
            card = self.card_of(value)
            if card:
                return _("“%(name)s”", name=card.name)
            if value in self.palette:
                return self.palette[value].name
            return _(WORDS[value]) if value in WORDS else self.who(value)
        if isinstance(value, list):
            return _.join([self.value_text(v) for v in value]) or _("none")
        if isinstance(value, dict):
            # TRANSLATORS: the separator between the entries of a mapping (P1 3; P2 4)
            return _("; ").join(f"{self.who(k)} {self.value_text(v)}" for k, v in value.items())
        return str(value)

    def part(self, value: Any, who: str | None = None) -> Part:
        """Card references become mini cards; anything else becomes text."""
        if isinstance(value, list) and value and all(self.card_of(v) for v in value):
            return Part(who, [self.mini(self.card_of(v)) for v in value])  # type: ignore[arg-type]
        if isinstance(value, str) and self.card_of(value):
            return Part(who, [self.mini(self.card_of(value))])  # type: ignore[arg-type]
        return Part(who, text=self.value_text(value))

    def who(self, key: Any) -> str:
        player = PLAYER_RE.match(str(key))
        return f"P{player.group(1)}" if player else str(key)

    def rows(self, key: str, value: Any) -> list[Row]:
        """One row per setup or expectation entry; a mapping gets one part per player."""
        label = self._(KEY_LABELS[key]) if key in KEY_LABELS else key
        if isinstance(value, dict) and value:
            return [Row(label, [self.part(v, self.who(k)) for k, v in value.items()])]
        return [Row(label, [self.part(value)])]

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

    def step(self, step: Step | str) -> DrawnStep:
        if isinstance(step, str):
            step = Step(do=step)
        if step.do is not None:
            return DrawnStep("do", step.say or self.sentence(step.do), self.cards_in(step.do))
        if step.refused is not None:
            said = step.say or self.sentence(step.refused)
            reason = self._(" (reason: %(reason)s)", reason=step.reason) if step.reason else ""
            return DrawnStep("refused", f"{said}{reason}", self.cards_in(step.refused))
        checks = self._("; ").join(
            f"{self._(KEY_LABELS[k]) if k in KEY_LABELS else k} {self.value_text(v)}"
            for k, v in (step.expect or {}).items())
        return DrawnStep("expect", step.say or self._("Check here:"), checks=checks)

    def draw(self, example: Example, verdict: VerdictLike | None, number: int) -> DrawnExample:
        status = verdict.status if verdict is not None else "unverified"
        detail = verdict.detail if verdict is not None else ""
        return DrawnExample(
            id=example.id, number=number, title=example.title, text=example.text, origin=example.origin,
            source=example.source, variant=example.variant,
            cards=[self.game.card(c) for c in example.cards],
            setup=self.mapping_rows(example.setup),
            steps=[self.step(s) for s in example.steps],
            outcome=self.mapping_rows(example.expect),
            status=status, detail=detail,
            status_label=self._(STATUS_LABELS[status]) if status in STATUS_LABELS else status)
