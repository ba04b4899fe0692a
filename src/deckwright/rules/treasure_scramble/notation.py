"""The step grammar of treasure-scramble examples (field slots f1, f2, ... as placed), as data."""

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


def _write(state: Any, value: tuple) -> str:
    """A target or a choice: ("p", player), ("f", slot, ...) or ("k", card id)."""
    if value[0] == "p":
        return state.player_name(value[1])
    return " ".join(slot_name(s) for s in value[1:]) if value[0] == "f" else value[1]


def _read_choice(state: Any, p: int, words: Sequence[str]) -> tuple[tuple, int]:
    word = words[0] if words else ""
    if word[:1] == "p" and word[1:].isdigit():
        return ("p", state.parse_player(word)), 1
    if word[:1] == "f" and word[1:].isdigit():
        return ("f", _slot(word)), 1
    if word in state.game.data.cards:
        return ("k", word), 1
    raise NotationError(f"{word!r} is not a player, a field slot or a card id")


SLOT = Kind.word("slot", lambda s, p, w: _slot(w), lambda s, v: slot_name(v), "fK")
TARGET = Kind("target", _read_target, _write, "pM|fK [fJ]")
CHOICE = Kind("choice", _read_choice, _write, "pM|fK|KIND")
HAND = card("hand")

NOTATION = Notation(
    Verb("places {card}", "place", card=HAND),          # gathering: a hand card face down
    Verb("uses {card}", make=lambda s, p, c: ("use", c, ()),   # gathering: a magic card,
         split=lambda a: (a[1],) if a[0] == "use" and not a[2] else None, card=HAND),
    Verb("uses {card} on {target}", "use", card=HAND, target=TARGET),   # on what it needs
    Verb("passes", "pass"),          # gathering with nothing placeable; or no declaration
    Verb("flips {slot}", "flip", slot=SLOT),            # scramble: flip a field slot
    Verb("declares {card}", "declare", card=HAND),      # a hand card face down (bluffs too)
    # a choice an effect asks: Reflect's receiver, False Information's or Swap's slot, Big
    # Release's kind; Swap's card given into the slot looked at; Plunder's cards discarded
    Verb("chooses {choice}", "choose", choice=CHOICE),
    Verb("gives {card}", "give", card=HAND),
    Verb("discards {cards}", "discard", cards=cards("hand")),
)
