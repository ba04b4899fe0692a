"""A scripted example as the rulebook draws it: mini cards, one sentence per step, an outcome.

The example is the same data the engine runs; here it only becomes something to look at. Press
knows no game's rules, so a step without a `say` sentence is rendered generically: player ids
become 「プレイヤーN」, card references become the card's name (and a mini card), the few
verbs of the shared notation are translated, and every other word is the game's label for it
(labels.py): no identifier is ever shown as written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol

from ...model import Card, Example, GameData, Step
from ...model.validate import CARD_REF_RE
from .labels import IDENT_RE, PLAYER_RE, Labels, is_notation, notation_tokens

#: The shared notation's common verbs, as Japanese verbs taking their objects with を; a game's
#: own verbs are its labels (labels.py).
VERBS = {"plays": "出す", "play": "出す", "draws": "引く", "draw": "引く", "declares": "宣言する",
         "flips": "めくる", "takes": "取る", "discards": "捨てる", "names": "指定する",
         "chooses": "選ぶ", "reveals": "公開する", "attacks": "攻撃する", "gives": "渡す",
         "counters": "打ち消す", "places": "置く", "moves": "動かす", "activates": "使う",
         "uses": "使う", "returns": "戻す", "vanishes": "消す", "turns": "めくる",
         "calls": "宣言する", "shuffles": "混ぜる"}
#: Verbs without an object.
BARE_VERBS = {"passes": "パスする", "pass": "パスする", "draws": "山札から引く",
              "draw": "山札から引く", "ends": "手番を終える", "shuffles": "山札を混ぜる"}

STATUS_LABELS = {"verified": "検証済み", "failing": "検証で不一致", "unverified": "未検証"}


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


def _join(words: list[str]) -> str:
    """Words of one phrase: cards in a row with ・ (「A」・「B」), anything else with a space."""
    out = ""
    for word in words:
        if out:
            out += "・" if out.endswith(("」", "）")) and word.startswith("「") else " "
        out += word
    return out


class Drawer:
    """Turns examples of one game into `DrawnExample`s."""

    def __init__(self, game: GameData):
        self.game = game
        self.palette = game.db.game.palette
        self.labels = Labels(game)

    # --- cards and words ---------------------------------------------------------------------

    def card_of(self, ref: str) -> Card | None:
        match = CARD_REF_RE.match(ref) if isinstance(ref, str) else None
        return self.game.cards.get(match.group(1)) if match else None

    def mini(self, card: Card) -> MiniCard:
        """A card drawn small: a playing card as its suit and rank (♠A, the name with the suit's
        name put as its symbol), a long name with a rank as the rank, else the name (the chip
        widens for it, never clipping it)."""
        inks = tuple(self.palette[c].hex for c in card.colors if c in self.palette)
        colours = [self.palette[c] for c in card.colors if c in self.palette]
        colour = next((c for c in colours if c.symbol), None)
        suit = next((c for c in colours if c.symbol and card.name.startswith(c.name)
                     and len(card.name) > len(c.name)), None)
        label = card.name
        if suit is not None:
            label = suit.symbol + card.name[len(suit.name):].removeprefix("の")
        elif card.rank is not None and len(card.name) > 3:
            rank = self.labels.get(card.rank) if isinstance(card.rank, str) else None
            label = rank or f"{colour.symbol if colour and colour.symbol else ''}{card.rank}"
        return MiniCard(card.id, card.name, label, inks)

    def word(self, token: str, mark: str = "") -> str:
        """One word of a decision: a player, a card, a number, else the game's label."""
        player = PLAYER_RE.match(token)
        if player:
            return f"プレイヤー{player.group(1)}"
        card = self.labels.card(token)
        if card is not None:
            return card + (self.labels[mark] if mark else "")
        if token.isdigit() or token in self.palette:
            return self.palette[token].name if token in self.palette else token
        return self.labels[token]

    def sentence(self, notation: str) -> str:
        """A readable rendering of a decision in the shared notation:
        `p1 plays red-2` -> プレイヤー1：「赤の2」を出す。 A preposition puts its particle after
        its object (`moves X to Y` -> XをYへ動かす); a game's own verbs and words are its labels."""
        tokens = notation_tokens(notation)
        subject = ""
        if tokens and PLAYER_RE.match(tokens[0][0]):
            subject, tokens = self.word(tokens[0][0]) + "：", tokens[1:]
        if not tokens:
            return subject + "。"
        verb = tokens[0][0]
        if len(tokens) == 1:
            said = BARE_VERBS.get(verb) or VERBS.get(verb) or self.labels[verb]
            return f"{subject}{said}。"
        phrases: list[list[str]] = [[]]
        tails: list[str] = ["を"]
        for word, mark in tokens[1:]:
            tail = self.labels.postposition(word)
            if tail is not None:
                phrases.append([])
                tails.append(tail)
            else:
                phrases[-1].append(self.word(word, mark))
        said = "".join(_join(words) + tail for i, (words, tail) in enumerate(zip(phrases, tails))
                       if words or i)
        return f"{subject}{said}{VERBS.get(verb) or self.labels[verb]}。"

    def cards_in(self, notation: str) -> list[MiniCard]:
        found = [self.card_of(t) for t, _ in notation_tokens(notation)]
        return [self.mini(c) for c in found if c is not None]

    # --- values ------------------------------------------------------------------------------

    def value_text(self, value: Any, scope: str | None = None) -> str:
        """A value in words: players as P1, cards by name, identifiers by their labels (a
        label `key.value` first, `scope` being the key the value belongs to)."""
        if value is None:
            return "なし"
        if isinstance(value, bool):
            return "はい" if value else "いいえ"
        if isinstance(value, str):
            if value in self.palette:
                return self.palette[value].name
            if scope == "events" or not is_notation(value):
                return self.labels.prose(value)
            return " ".join(self.who(w, scope) for w in value.split())
        if isinstance(value, list):
            return "・".join(self.value_text(v, scope) for v in value) or "なし"
        if isinstance(value, dict):
            return "、".join(f"{self.who(k, scope)} {self.value_text(v, self.scope(k, scope))}"
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
        """A mapping key or a word: a player, a card, a position, an identifier's label, or a
        sentence as written."""
        text = str(key)
        found = self.labels.player(text) or self.labels.card(text)
        if found is not None:
            return found
        if not isinstance(key, str) or text.isdigit() or not IDENT_RE.match(text):
            return self.labels.prose(text)
        return self.labels.need(text, scope)

    def rows(self, key: str, value: Any) -> list[Row]:
        """One row per setup or expectation entry; a mapping gets one part per player."""
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

    def step(self, step: Step | str) -> DrawnStep:
        if isinstance(step, str):
            step = Step(do=step)
        if step.do is not None:
            said = self.labels.prose(step.say) if step.say else self.sentence(step.do)
            return DrawnStep("do", said, self.cards_in(step.do))
        if step.refused is not None:
            said = self.labels.prose(step.say) if step.say else self.sentence(step.refused)
            reason = f"（理由：{step.reason}）" if step.reason else ""
            return DrawnStep("refused", f"{said}{reason}", self.cards_in(step.refused))
        checks = "、".join(f"{self.who(k)} {self.value_text(v, k)}"
                           for k, v in (step.expect or {}).items())
        said = self.labels.prose(step.say) if step.say else "ここで確かめる："
        return DrawnStep("expect", said, checks=checks)

    def draw(self, example: Example, verdict: VerdictLike | None, number: int) -> DrawnExample:
        status = verdict.status if verdict is not None else "unverified"
        detail = verdict.detail if verdict is not None else ""
        return DrawnExample(
            id=example.id, number=number, title=example.title,
            text=self.labels.prose(example.text) if example.text else None, origin=example.origin,
            source=example.source, variant=example.variant,
            cards=[self.game.card(c) for c in example.cards],
            setup=self.mapping_rows(example.setup),
            steps=[self.step(s) for s in example.steps],
            outcome=self.mapping_rows(example.expect),
            status=status, status_label=STATUS_LABELS.get(status, status), detail=detail)
