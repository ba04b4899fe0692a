"""The event log: structured entries that read as sentences.

A rules module records `state.log.add("play", p=player, card=inst)`; the entry is a kind and
its arguments, cheap to append on the hot path. It becomes a sentence only when read, through the
module's `EVENTS` templates, e.g. `"play": "{p:player} が {card:card} を出す。"`. The format spec
after the colon says how to render an argument:

- `player`: `p1`, `p2`, ...; `players`: a list of them
- `card`: the card as the module labels it (`State.card_label`); `cards`: a list of them
- `color`: a palette key as its name (`red` -> 赤)
- anything else: Python's own formatting of the value
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING, Any

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
            return "、".join(st.player_name(p) for p in value)
        if spec == "card":
            return st.card_label(value)
        if spec == "cards":
            return "、".join(st.card_label(c) for c in value)
        if spec == "color":
            return st.color_name(value)
        return super().format_field(value, spec)


def sentence(state: "State", kind: str, args: dict[str, Any]) -> str:
    """One entry as a sentence; an entry without a template reads `kind: k=v, ...`."""
    template = state.EVENTS.get(kind)
    if template is None:
        if not args:
            return kind
        return kind + ": " + ", ".join(f"{k}={v}" for k, v in args.items())
    return _Formatter(state).format(template, **args)


def sentences(state: "State") -> list[str]:
    return [sentence(state, kind, args) for kind, args in state.log.entries]
