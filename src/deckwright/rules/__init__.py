"""The rules modules: one `rules/<game>.py` per game, registered under its game id.

A module ends with one line, `register(MyGame)`. Modules are found by importing every module of
this package (`bridge_over.py` for `bridge-over`); nothing else lists them, so adding a game
never means editing this file or the tests.
"""

from __future__ import annotations

import pkgutil
import traceback
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.game import Game

_REGISTRY: dict[str, type["Game"]] = {}
_BROKEN: dict[str, str] = {}   # module name -> why it failed to import
_discovered = False


class RulesImportError(Exception):
    """A game's rules module exists but fails to import."""


def register(game_cls: type["Game"]) -> type["Game"]:
    """Register a Game subclass under its `facts.game_id` (the last line of a rules module)."""
    game_id = game_cls.facts.game_id
    known = _REGISTRY.get(game_id)
    if known is not None and known.__qualname__ != game_cls.__qualname__:
        raise ValueError(f"game {game_id!r} is already registered by {known.__module__}")
    _REGISTRY[game_id] = game_cls
    return game_cls


def discover() -> None:
    """Import every rules module once; a module that fails to import is remembered, not fatal."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        try:
            import_module(f"{__name__}.{info.name}")
        except Exception as exc:  # noqa: BLE001 - reported per game by rules_for
            last = traceback.extract_tb(exc.__traceback__)[-1]
            _BROKEN[info.name] = (f"{type(exc).__name__}: {exc} "
                                  f"({last.filename.rsplit('/', 1)[-1]}:{last.lineno})")


def module_name(game_id: str) -> str:
    return game_id.replace("-", "_")


def rules_for(game_id: str) -> type["Game"] | None:
    """The registered Game class of a game; None when it has no rules module yet."""
    discover()
    if game_id in _REGISTRY:
        return _REGISTRY[game_id]
    broken = _BROKEN.get(module_name(game_id))
    if broken:
        raise RulesImportError(f"src/deckwright/rules/{module_name(game_id)}.py: {broken}")
    return None


def registered() -> dict[str, type["Game"]]:
    """Every game with a rules module, by game id."""
    discover()
    return dict(sorted(_REGISTRY.items()))


def broken() -> dict[str, str]:
    """Rules modules that failed to import: module name -> error."""
    discover()
    return dict(_BROKEN)
