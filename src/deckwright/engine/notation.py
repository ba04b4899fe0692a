"""A game's notation declared once, as data: its verbs, their words and each argument's kind.

A step of an example is `pN VERB ...`; a game lists the forms its decisions take and the engine
parses, checks and writes them from that list, so a rules module writes no parser:

    NOTATION = Notation(
        Verb("passes", "pass"),
        Verb("flips {slot}", "flip", slot=SLOT),
        Verb("places {card}", "place", card=card("hand")),
        Verb("makes {who} draw", "target", who=seat()),
    )

A form is literal words and `{name}` arguments; each argument has a `Kind` that reads it from
the step's words and writes it back (`player`, `seat`, `card`, `cards`, `number`, `choice`,
`colour`, or a game's own). An action is the tuple `(name, *values)` of its verb by default;
a verb with `make` builds the action itself and one with `split` takes it apart again (a game
whose actions are numbers, or one that picks among copies).

After its fixed words a verb may take keyword clauses, in any order (`summons CARD at camp2
paying a, b!`): `Clause("at", CAMP, required=True)`, `Clause("paying", PAY)` (None when
absent), or a flag `Clause("facedown")` (True when present). Commas separate words as spaces do.

`Notation.parse` gives a `Step`: the player, the verb, each word with its kind, and the action:
what the harness, the verdicts and the rulebook read instead of splitting the text again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..model.steps import split
from .cards import CardRefError
from .state import NotationError

Reader = Callable[[Any, int, Sequence[str]], tuple[Any, int]]   # (state, player, words) -> (value, used)
Writer = Callable[[Any, Any], str]                              # (state, value) -> text ("" : none)
_SLOT = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Kind:
    """How one argument reads from the step's words (taking one or more) and writes back.
    `name` is what the rulebook is told the word is: player, card, zone, colour, number,
    choice, or a game's own."""

    name: str
    read: Reader
    write: Writer
    shown: str = ""   # how the form names it in a message ("CARD"); default: the name in capitals

    @classmethod
    def word(cls, name: str, read: Callable[[Any, int, str], Any], write: Writer,
             shown: str = "") -> "Kind":
        """A kind of exactly one word: `read(state, player, word) -> value`."""
        def reader(state: Any, player: int, words: Sequence[str]) -> tuple[Any, int]:
            if not words:
                raise NotationError("a word is missing at the end")
            return read(state, player, words[0]), 1
        return cls(name, reader, write, shown)


@dataclass(frozen=True)
class Step:
    """A parsed step: its player, its verb, each of its words with what it is, and the action."""

    player: int
    verb: str
    words: tuple[tuple[str, str], ...]   # (word, kind): kind "player", "verb", "word", a Kind's name
    action: Any


@dataclass(frozen=True)
class Clause:
    """A keyword and its argument after a verb's fixed words; a flag when it has no kind."""

    word: str
    kind: Kind | None = None
    required: bool = False


@dataclass(frozen=True, eq=False)
class Verb:
    """One form of decision: `"places {card} at {cell}"` and the action it stands for."""

    form: str
    action: str = ""
    make: Callable[..., Any] | None = None    # (state, player, *values) -> action
    split: Callable[[Any], tuple | None] | None = None   # action -> values, None: not this verb
    kinds: dict[str, Kind] = field(default_factory=dict)
    clauses: tuple[Clause, ...] = ()

    def __init__(self, form: str, action: Any = "", *, make: Callable[..., Any] | None = None,
                 split: Callable[[Any], tuple | None] | None = None,
                 clauses: tuple[Clause, ...] = (), **kinds: Kind):
        object.__setattr__(self, "form", form)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "make", make)
        object.__setattr__(self, "split", split)
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "clauses", clauses)
        missing = set(_SLOT.findall(form)) ^ set(kinds)
        if missing:
            raise ValueError(f"{form!r}: arguments and kinds differ: {sorted(missing)}")

    @property
    def word(self) -> str:
        return self.form.split()[0]

    @property
    def parts(self) -> list[str]:
        return self.form.split()[1:]

    def shown(self) -> str:
        """The form as a message shows it: 'pN places CARD at CELL'."""
        text = _SLOT.sub(lambda m: self.kinds[m.group(1)].shown or m.group(1).upper(), self.form)
        for c in self.clauses:
            part = c.word + (f" {c.kind.shown or c.kind.name.upper()}" if c.kind else "")
            text += f" {part}" if c.required else f" [{part}]"
        return "pN " + text

    def read(self, state: Any, player: int, words: Sequence[str]) -> tuple[Any, list[tuple[str, str]]] | None:
        """The action and the words' kinds, None if the words do not have this form; a word
        that has its place but not its kind's shape raises NotationError."""
        words, groups = self._grouped(words)
        values, shown, at = [], [], 0
        for part in self.parts:
            slot = _SLOT.fullmatch(part)
            if slot is None:
                if at >= len(words) or words[at] != part:
                    return None
                shown.append((part, "word"))
                at += 1
                continue
            kind = self.kinds[slot.group(1)]
            value, used = kind.read(state, player, words[at:])
            values.append(value)
            shown += [(w, kind.name) for w in words[at:at + used]]
            at += used
        if at != len(words):
            return None
        for clause in self.clauses:
            got = groups.get(clause.word)
            if got is None:
                if clause.required:
                    return None
                values.append(None if clause.kind else False)
                continue
            shown.append((clause.word, "word"))
            if clause.kind is None:
                if got:
                    return None
                values.append(True)
                continue
            value, used = clause.kind.read(state, player, got)
            if used != len(got):
                return None
            values.append(value)
            shown += [(w, clause.kind.name) for w in got]
        action = (self.make(state, player, *values) if self.make is not None
                  else (self.action, *values))
        return action, shown

    def _grouped(self, words: Sequence[str]) -> tuple[Sequence[str], dict[str, list[str]]]:
        """The fixed words, and each clause's words under its keyword (in any order)."""
        if not self.clauses:
            return words, {}
        keys = {c.word for c in self.clauses}
        head: list[str] = []
        groups: dict[str, list[str]] = {}
        into = head
        for word in words:
            if word in keys:
                into = groups.setdefault(word, [])
            else:
                into.append(word)
        return head, groups

    def values(self, action: Any) -> tuple | None:
        if self.split is not None:
            return self.split(action)
        if isinstance(action, tuple) and action and action[0] == self.action \
                and len(action) == len(self.kinds) + len(self.clauses) + 1:
            return action[1:]
        return None

    def write(self, state: Any, values: tuple) -> str:
        it = iter(values)
        out = []
        for part in self.parts:
            slot = _SLOT.fullmatch(part)
            out.append(part if slot is None else self.kinds[slot.group(1)].write(state, next(it)))
        for clause in self.clauses:   # a clause whose kind writes nothing is left out
            value = next(it)
            text = (clause.word if value else "") if clause.kind is None else \
                clause.kind.write(state, value)
            if text:
                out.append(text if clause.kind is None else f"{clause.word} {text}")
        return " ".join([self.word, *(o for o in out if o)])


class Notation:
    """A game's verbs, in the order a step is tried against them."""

    def __init__(self, *verbs: Verb):
        self.verbs = verbs
        self.by_word: dict[str, list[Verb]] = {}
        for verb in verbs:
            self.by_word.setdefault(verb.word, []).append(verb)

    def parse(self, state: Any, text: str) -> Step:
        """The step `text` as a Step; NotationError naming what is wrong otherwise. (Its
        words are split as model/steps.py splits any step; a step no notation reads keeps
        them as written there, `as_written`.)"""
        words = split(text)
        if len(words) < 2:
            raise NotationError(f"expected 'pN VERB ...', got {text!r}")
        player = state.parse_player(words[0])
        first: NotationError | None = None
        for verb in self.by_word.get(words[1], ()):
            try:
                found = verb.read(state, player, words[2:])
            except NotationError as exc:
                first = first or exc
                continue
            if found is not None:
                action, shown = found
                return Step(player, verb.word,
                            ((words[0], "player"), (words[1], "verb"), *shown), action)
        if first is not None:
            raise first
        forms = ", ".join(f"'{v.shown()}'" for v in self.verbs)
        raise NotationError(f"{text!r}: expected one of {forms}")

    def write(self, state: Any, action: Any) -> str:
        """The action as a step of the deciding player: `parse(write(a)).action == a`."""
        me = state.current_player()
        who = state.player_name(me) if me >= 0 else "p?"
        for verb in self.verbs:
            values = verb.values(action)
            if values is not None:
                return f"{who} {verb.write(state, values)}"
        return f"{who} {action!r}"


# --- the engine's kinds ------------------------------------------------------------------------

def player() -> Kind:
    """A player of this game, `p2` -> seat 1."""
    return Kind.word("player", lambda s, p, w: s.parse_player(w), lambda s, v: s.player_name(v),
                     "pM")


def seat() -> Kind:
    """A player word kept even when the seat is not in this game, so that the rules refuse
    it with their reason."""
    def read(state: Any, p: int, word: str) -> int:
        if len(word) >= 2 and word[0] == "p" and word[1:].isdigit() and int(word[1:]) >= 1:
            return int(word[1:]) - 1
        raise NotationError(f"{word!r} is not a player (p1, p2, ...)")
    return Kind.word("player", read, lambda s, v: f"p{v + 1}", "pM")


def _piles(state: Any, player: int, where: Sequence[str | Callable[[Any, int], Any]]) -> list[int]:
    layout, found = state.zones.layout, []
    for place in where:
        if callable(place):
            got = place(state, player)
            found += list(got) if isinstance(got, (list, tuple)) else [got]
        else:
            found.append(layout.of(place, player) if (place, player) in layout.index
                         else layout.of(place))
    return found


def card(*where: str | Callable[[Any, int], Any],
         ref: Callable[[Any, int], str] | None = None) -> Kind:
    """A card reference, as the copy in the first of `where` (zone names, the deciding
    player's own for a per-player zone, or `(state, player) -> pile(s)`) that holds one;
    written as its reference (`ref` to write it otherwise)."""
    def read(state: Any, p: int, word: str) -> int:
        return state.find_card(word, *_piles(state, p, where))
    return Kind.word("card", read, ref or (lambda s, v: s.game.catalogue.ref(v)))


def cards(*where: str | Callable[[Any, int], Any]) -> Kind:
    """One or more card references to the end of the step, each a different copy (preferring
    copies in `where`), as a sorted tuple."""
    def read(state: Any, p: int, words: Sequence[str]) -> tuple[tuple[int, ...], int]:
        if not words:
            raise NotationError("a card is missing at the end")
        piles, chosen = _piles(state, p, where), []
        for word in words:
            try:
                candidates = state.game.catalogue.resolve(word)
            except CardRefError as exc:
                raise NotationError(str(exc)) from None
            free = [c for c in candidates if c not in chosen]
            inside = [c for c in free if state.zones.where[c] in piles]
            chosen.append((inside or free or candidates)[0])
        return tuple(sorted(chosen)), len(words)
    return Kind("card", read, lambda s, v: " ".join(s.game.catalogue.ref(c) for c in v), "CARD...")


def number(low: int, high: int, *, base: int = 1, name: str = "number", what: str = "") -> Kind:
    """A whole number `low`..`high`, kept as `value - base` (places counted from 1)."""
    def read(state: Any, p: int, word: str) -> int:
        if word.isdigit() and low <= int(word) <= high:
            return int(word) - base
        raise NotationError(f"{word!r} is not {what or 'a number'} ({low}-{high})")
    return Kind.word(name, read, lambda s, v: str(v + base))


def choice(*words: str, name: str = "choice") -> Kind:
    """One of a fixed set of words, kept as the word."""
    def read(state: Any, p: int, word: str) -> str:
        if word in words:
            return word
        raise NotationError(f"{word!r} is not one of {', '.join(words)}")
    return Kind.word(name, read, lambda s, v: v, "|".join(words))


def indexed(*words: str, name: str = "choice") -> Kind:
    """One of a fixed set of words, kept as its index (`skip|reverse|onward` -> 0, 1, 2)."""
    def read(state: Any, p: int, word: str) -> int:
        if word in words:
            return words.index(word)
        raise NotationError(f"{word!r} is not one of {', '.join(words)}")
    return Kind.word(name, read, lambda s, v: words[v], "|".join(words))


def colour(*keys: str) -> Kind:
    """A colour of the game's palette, by its key or its name there, kept as its index in
    `keys`; written as the key."""
    def read(state: Any, p: int, word: str) -> int:
        if word in keys:
            return keys.index(word)
        palette = state.game.data.db.game.palette
        for i, key in enumerate(keys):
            if key in palette and palette[key].name == word:
                return i
        raise NotationError(f"unknown colour {word!r} (colours: {', '.join(keys)})")
    return Kind.word("colour", read, lambda s, v: keys[v], "COLOUR")


def coded(form: str, base: int, end: int, **kinds: Kind) -> Verb:
    """A verb of one argument whose action is the number `base + value`, below `end` (a game
    that keeps its actions as numbers for speed: bridge-over's `1000 + card`)."""
    return Verb(form, make=lambda state, player, value: base + value,
                split=lambda a: (a - base,) if isinstance(a, int) and base <= a < end else None,
                **kinds)


def bare(word: str, action: Any) -> Verb:
    """A verb of no argument that stands for one fixed action (`passes` -> PASS)."""
    return Verb(word, make=lambda state, player: action,
                split=lambda a: () if a == action else None)
