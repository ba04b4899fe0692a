"""Everything `build` would refuse, found without drawing: the one list of checks.

`deckwright check` runs every check; `deckwright build` runs the ones its targets need before
anything is written. Faces are planned, which fits every text with the same code that draws it
(measuring, never drawing), so an overflow, a missing glyph, missing or unreadable art and a bad
layout expression are found here. Layouts are loaded, which validates their keys, colours and
fonts. Nothing here knows a game's rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..model import GameData, InputError, Problem
from .cards import GamePress
from .fonts import fontbook


def _layouts(game: GameData, press: GamePress) -> list[Problem]:
    return press.layout_problems()


def _faces(game: GameData, press: GamePress) -> list[Problem]:
    return press.problems()


def _theme_fonts(game: GameData, press: GamePress) -> list[Problem]:
    """The rulebook theme's fonts are built in or in the project's fonts/."""
    book = fontbook(game.project.root)
    theme = game.db.game.theme
    problems = []
    for key in ("font", "heading_font"):
        name = getattr(theme, key)
        if name is not None and not book.known(name):
            path = ("game", "theme", key)
            problems.append(game.located().problem(path, f"game.theme.{key}", book.unknown(name)))
    return problems


@dataclass(frozen=True)
class Check:
    name: str
    run: Callable[[GameData, GamePress], list[Problem]]
    faces: bool      # needed before drawing card faces
    rulebook: bool   # needed before rendering the rulebook


#: The checks, in the order they run. A new kind of problem `build` refuses belongs here.
CHECKS = [
    Check("layouts", _layouts, faces=True, rulebook=False),
    Check("faces", _faces, faces=True, rulebook=False),
    Check("theme fonts", _theme_fonts, faces=False, rulebook=True),
]


def problems(games: list[GameData], faces: bool = True,
             rulebook: bool = True) -> tuple[list[GamePress], list[Problem]]:
    """Run the checks the outputs need on every game; every problem of every game at once."""
    presses = [GamePress(g) for g in games]
    found: list[Problem] = []
    for game, press in zip(games, presses):
        for check in CHECKS:
            if (check.faces and faces) or (check.rulebook and rulebook):
                found += check.run(game, press)
    return presses, found


def preflight(games: list[GameData], faces: bool = True, rulebook: bool = True) -> list[GamePress]:
    """The games' presses, ready to draw; raises one InputError with every problem found."""
    presses, found = problems(games, faces, rulebook)
    if found:
        raise InputError(found)
    return presses
