"""The event log: structured entries that read as sentences.

A rules module records `state.log.add("play", p=player, card=inst)`; the entry is a kind and
its arguments, cheap to append on the hot path. It becomes a sentence only when read, through the
module's `EVENTS` templates, e.g. `"play": "{p:player} が {card:card} を出す。"`, or their
translation into the state's language (`TRANSLATIONS[lang]["events"]`). The format spec
after the colon says how to render an argument:

- `player`: `p1`, `p2`, ...; `players`: a list of them
- `card`: the card as the module labels it (`State.card_label`); `cards`: a list of them
- `color`: a palette key as its name (`red` -> 赤)
- anything else: Python's own formatting of the value
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING, Any

from ..i18n import words

if TYPE_CHECKING:
    from .state import State


class EventLog:
    __slots__ = ("entries", "on")

    def __init__(self, on: bool = True):
        self.entries: list[tuple[str, dict[str, Any]]] = []
        #: Off for benchmarks only: nothing is recorded (replay does not need the log).
        self.on = on

    def add(self, kind: str, **args: Any) -> None:
        if self.on:
            self.entries.append((kind, args))

    def clone(self) -> "EventLog":
        new = EventLog.__new__(EventLog)
        new.entries, new.on = self.entries.copy(), self.on
        return new

    def kinds(self) -> list[str]:
        return [kind for kind, _ in self.entries]

    def __len__(self) -> int:
        return len(self.entries)


class _Formatter(string.Formatter):
    def __init__(self, state: "State"):
        self.state = state

    def format_field(self, value: Any, spec: str) -> str:
        st = self.state
        if spec == "player":
            return st.player_name(value)
        if spec == "players":
            return words(st.language).join([st.player_name(p) for p in value])
        if spec == "card":
            return st.card_label(value)
        if spec == "cards":
            return words(st.language).join([st.card_label(c) for c in value])
        if spec == "color":
            return st.color_name(value)
        return super().format_field(value, spec)


def _own(state: "State", table: str, key: str) -> str | None:
    """A module's template in the state's language (its base language, `en` or `ja`, also
    matches `en-GB` or `ja-JP`), else in the module's own language."""
    for lang in (state.language, state.language.split("-")[0]):
        found = state.TRANSLATIONS.get(lang, {}).get(table, {}).get(key)
        if found is not None:
            return found
    return (state.EVENTS if table == "events" else state.REASONS).get(key)


def template(state: "State", table: str, key: str, args: dict[str, Any]) -> str:
    """A module's `events` or `reasons` template filled in; unknown keys read `key: k=v`."""
    text = _own(state, table, key)
    if text is None:
        if not args:
            return key
        return key + ": " + ", ".join(f"{k}={v}" for k, v in args.items())
    return _Formatter(state).format(text, **args)


def sentence(state: "State", kind: str, args: dict[str, Any]) -> str:
    """One entry as a sentence; an entry without a template reads `kind: k=v, ...`."""
    return template(state, "events", kind, args)


def sentences(state: "State") -> list[str]:
    return [sentence(state, kind, args) for kind, args in state.log.entries]
