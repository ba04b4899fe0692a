"""The bundled games' rules modules, one package a game (`bridge_over` plays `bridge-over`).

Which module plays which game is the application's registry (`deckwright.app.registry`); a
rules module, bundled or a project's own, ends with `register(MyGame)` imported from here, the
line docs/engine.md documents.
"""

from ..app.registry import register

__all__ = ["register"]
