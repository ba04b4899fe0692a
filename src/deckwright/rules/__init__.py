"""The bundled games' rules modules, one package a game (`bridge_over` plays `bridge-over`).

Which module plays which game is the application's registry (`deckwright.app.registry`); a
rules module, bundled or a project's own, ends with `register(MyGame)` imported from here, the
line docs/engine.md documents. The registry's other names are kept here too, for scripts
written when the registry lived in this package.
"""

from ..app.registry import (Registration, RulesImportError, broken, games, how_to_add,
                            module_name, register, registered, rules_for)

__all__ = ["Registration", "RulesImportError", "broken", "games", "how_to_add", "module_name",
           "register", "registered", "rules_for"]
