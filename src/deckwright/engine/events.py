"""The event log: structured entries that read as sentences.

A rules module records `state.log.add("play", p=player, card=inst)`; the entry is a kind and
its arguments, cheap to append on the hot path. It becomes a sentence only when read, through a
template, e.g. `"{p:player} が {card:card} を出す。"`: the module's own in the state's language
(`TRANSLATIONS[lang]["events"]`, or `EVENTS` when the module is written in that language), else
the engine's for the kinds every game shares (shared_events.py: play, draw, skip, ...), else the
module's `EVENTS` in its own language. The format spec after the colon says how to render an
argument:

- `player`: `p1`, `p2`, ...; `players`: a list of them
- `card`: the card as the module labels it (`State.card_label`); `cards`: a list of them
- `color`: a palette key as its name (`red` -> 赤)
- anything else: Python's own formatting of the value

An entry may name a card some players may not see (a card given from hand to hand). A seat at
a table reads the log through `witness.Witness`, which names a card only to the players who
could see it right after the entry (what their views showed) or whom the entry declares:
`log.add("look", seen_by=(p,), p=p, card=inst)` for a card shown to `p` alone and put back in
the same decision. To the others such a card reads "a card".
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING, Any, Callable, Iterable

from ..i18n import words
from . import shared_events

if TYPE_CHECKING:
    from .state import State


class EventLog:
    __slots__ = ("entries", "on", "seen_by")

    def __init__(self, on: bool = True):
        self.entries: list[tuple[str, dict[str, Any]]] = []
        #: Off for benchmarks only: nothing is recorded (replay does not need the log).
        self.on = on
        #: entry index -> the players the entry shows its cards to besides those who can see
        #: them afterwards (sparse: only entries that declare it)
        self.seen_by: dict[int, frozenset[int]] = {}

    def add(self, kind: str, seen_by: Iterable[int] | None = None, **args: Any) -> None:
        if self.on:
            if seen_by is not None:
                self.seen_by[len(self.entries)] = frozenset(seen_by)
            self.entries.append((kind, args))

    def clone(self) -> "EventLog":
        new = EventLog.__new__(EventLog)
        new.entries, new.on, new.seen_by = self.entries.copy(), self.on, self.seen_by.copy()
        return new

    def kinds(self) -> list[str]:
        return [kind for kind, _ in self.entries]

    def __len__(self) -> int:
        return len(self.entries)


#: How a reader names a card instance: the state's `card_label`, or a table's own naming.
Namer = Callable[[int], str]


class _Formatter(string.Formatter):
    def __init__(self, state: "State", name: Namer | None = None,
                 shown: Callable[[int], bool] | None = None, who: Namer | None = None):
        self.state = state
        self.name = name or state.card_label
        self.shown = shown
        self.who = who or state.player_name

    def card(self, inst: int) -> str:
        if self.shown is None or self.shown(inst):
            return self.name(inst)
        _ = words(self.state.language)
        return _("a card")

    def format_field(self, value: Any, spec: str) -> str:
        st = self.state
        if spec == "player":
            return self.who(value)
        if spec == "players":
            return words(st.language).join([self.who(p) for p in value])
        if spec == "card":
            return self.card(value)
        if spec == "cards":
            if self.shown is not None and not all(self.shown(c) for c in value):
                n = len(value)
                return words(st.language).ngettext("%(n)s card", "%(n)s cards", n, n=n)
            return words(st.language).join([self.name(c) for c in value])
        if spec == "color":
            return st.color_name(value)
        return super().format_field(value, spec)


def _translated(state: "State", table: str, key: str) -> str | None:
    """The module's template in the state's language from `TRANSLATIONS` (its base language,
    `en` or `ja`, also matches `en-GB` or `ja-JP`)."""
    for lang in (state.language, state.language.split("-")[0]):
        found = state.TRANSLATIONS.get(lang, {}).get(table, {}).get(key)
        if found is not None:
            return found
    return None


def _text(state: "State", table: str, key: str, args: dict[str, Any]) -> str | None:
    """The template an entry or a reason reads: the module's own in the state's language, else
    the engine's shared sentence in that language, else the module's own in its language, else
    the engine's in the module's language. A module that does not declare its `LANGUAGE` (one
    written before the engine worded the shared kinds) has its `EVENTS` read in every
    language, as they were then."""
    own = state.EVENTS if table == "events" else state.REASONS
    found = _translated(state, table, key)
    module = state.LANGUAGE
    if found is None and (module is None or shared_events.same_language(module, state.language)):
        found = own.get(key)
    if found is None and table == "events":
        found = shared_events.template(state.language, key, args)
    if found is None:
        found = own.get(key)
    if found is None and table == "events" and module is not None:
        found = shared_events.template(module, key, args)
    return found


def template(state: "State", table: str, key: str, args: dict[str, Any],
             name: Namer | None = None, shown: Callable[[int], bool] | None = None,
             who: Namer | None = None) -> str:
    """An `events` or `reasons` template filled in (`_text` says whose); unknown keys read
    `key: k=v` (without a template nothing says which values are cards, so a reader who may not
    see every card gets the kind alone). `name` names a card and `who` a player (default: the
    state's `card_label` and `player_name`); `shown(inst)` says whether the reader may see a
    card (default: every card, named)."""
    text = _text(state, table, key, args)
    if text is None:
        if not args or shown is not None:
            return key
        return key + ": " + ", ".join(f"{k}={v}" for k, v in args.items())
    return _Formatter(state, name, shown, who).format(text, **args)


def sentence(state: "State", kind: str, args: dict[str, Any], name: Namer | None = None,
             shown: Callable[[int], bool] | None = None, who: Namer | None = None) -> str:
    """One entry as a sentence; an entry without a template reads `kind: k=v, ...`."""
    return template(state, "events", kind, args, name, shown, who)


def sentences(state: "State") -> list[str]:
    return [sentence(state, kind, args) for kind, args in state.log.entries]
