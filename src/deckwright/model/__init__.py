"""The validated model: YAML card databases loaded safely into pydantic objects.

Data flows one way: YAML -> this model -> {press, engine}. Nothing here draws or plays.

The errors load at once (the command line needs them before anything else); the rest loads
on first use, so `deckwright --help` does not import pydantic.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .errors import InputError, Problem, UsageError

if TYPE_CHECKING:
    from .load import GameData, Project, load_game, load_games
    from .schema import CARD_SIZES, Card, Database, Deck, Example, Game, Ruling, Step

_LAZY = {name: "load" for name in ("GameData", "Project", "load_game", "load_games")} | {
    name: "schema" for name in ("CARD_SIZES", "Card", "Database", "Deck", "Example", "Game",
                                "Ruling", "Step")}

__all__ = ["CARD_SIZES", "Card", "Database", "Deck", "Example", "Game", "GameData", "InputError",
           "Problem", "Project", "Ruling", "Step", "UsageError", "load_game", "load_games"]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
