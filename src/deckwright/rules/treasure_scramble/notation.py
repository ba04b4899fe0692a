"""The step grammar of treasure-scramble examples (see the package docstring), as data."""

from __future__ import annotations

from typing import Any, Sequence

from deckwright.engine.notation import Kind, Notation, Verb, card, cards
from deckwright.engine.state import NotationError

from .facts import FIELD_SLOTS, slot_name


def _slot(word: str) -> int:
    if len(word) >= 2 and word[0] == "f" and word[1:].isdigit() and 1 <= int(word[1:]) <= FIELD_SLOTS:
        return int(word[1:]) - 1
    raise NotationError(f"{word!r} is not a field slot (f1, f2, ...)")


def _read_target(state: Any, p: int, words: Sequence[str]) -> tuple[tuple, int]:
    """`pM` or one or more slots `fK [fJ]`."""
    if len(words) == 1 and words[0].startswith("p"):
        return ("p", state.parse_player(words[0])), 1
    if not words:
        raise NotationError("expected 'on pM' or 'on fK [fJ]'")
    return ("f",) + tuple(sorted(_slot(w) for w in words)), len(words)


def _write_target(state: Any, target: tuple) -> str:
    return (state.player_name(target[1]) if target[0] == "p"
            else " ".join(slot_name(s) for s in target[1:]))


def _read_choice(state: Any, p: int, words: Sequence[str]) -> tuple[tuple, int]:
    word = words[0] if words else ""
    if word[:1] == "p" and word[1:].isdigit():
        return ("p", state.parse_player(word)), 1
    if word[:1] == "f" and word[1:].isdigit():
        return ("f", _slot(word)), 1
    if word in state.game.data.cards:
        return ("k", word), 1
    raise NotationError(f"{word!r} is not a player, a field slot or a card id")


def _write_choice(state: Any, value: tuple) -> str:
    return (state.player_name(value[1]) if value[0] == "p"
            else slot_name(value[1]) if value[0] == "f" else value[1])


SLOT = Kind.word("slot", lambda s, p, w: _slot(w), lambda s, v: slot_name(v), "fK")
TARGET = Kind("target", _read_target, _write_target, "pM|fK [fJ]")
CHOICE = Kind("choice", _read_choice, _write_choice, "pM|fK|KIND")
HAND = card("hand")

NOTATION = Notation(
    Verb("places {card}", "place", card=HAND),
    Verb("uses {card}", make=lambda s, p, c: ("use", c, ()),
         split=lambda a: (a[1],) if a[0] == "use" and not a[2] else None, card=HAND),
    Verb("uses {card} on {target}", "use", card=HAND, target=TARGET),
    Verb("passes", "pass"),
    Verb("flips {slot}", "flip", slot=SLOT),
    Verb("declares {card}", "declare", card=HAND),
    Verb("chooses {choice}", "choose", choice=CHOICE),
    Verb("gives {card}", "give", card=HAND),
    Verb("discards {cards}", "discard", cards=cards("hand")),
)
