"""The identifiers a game's rules module accepts in examples, which a rulebook may print."""

from __future__ import annotations

from ..model import GameData
from .registry import RulesImportError, rules_for


def rules_words(game: GameData) -> dict[str, str]:
    """Word -> what it is ("zone", "setup key", "expectation key") for the game's rules module:
    its zones, its own setup keys and its own expectation keys (players p1, p2 ... left out);
    empty without a module or when it does not import (that is reported on its own)."""
    from ..engine.expect import SHARED   # the engine loads only when a game is asked about

    try:
        cls = rules_for(game.id, game.project)
    except RulesImportError:
        return {}
    if cls is None:
        return {}
    words = {spec.name: "zone" for spec in cls.facts.zones}
    words.update({key: "setup key" for key in cls.facts.setup_keys})
    words.update({name[len("actual_"):]: "expectation key" for name in dir(cls.state_class)
                  if name.startswith("actual_")})
    words.update({spec.key: "expectation key" for spec in cls.facts.zones if spec.key})
    if cls.state_class.PHASES is not None:
        words["phase"] = "expectation key"
    words.update({key: "expectation key" for key in SHARED})
    return {w: what for w, what in words.items() if not w.startswith("p") or not w[1:].isdigit()}
