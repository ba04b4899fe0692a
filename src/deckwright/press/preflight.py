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
from . import checked_faces
from .cards import GamePress
from .fonts import fontbook
from .rulebook.labels import StepWords, missing_labels, unlabelled_rules_words
from .register import register_problems
from .terms import face_term_problems, prose_term_problems


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


def _fonts(game: GameData, press: GamePress) -> list[Problem]:
    """Every file in the project's fonts/ reads through (fonts.py): a corrupt one stops the
    build here, as one line, rather than a traceback halfway through drawing."""
    return [Problem(file, 1, 1, "font", why)
            for file, why in fontbook(game.project.root).problems]


def _rulebook_templates(game: GameData, press: GamePress) -> list[Problem]:
    """The project's rulebook templates compile; its stylesheet is inside it, UTF-8, no URLs."""
    from .rulebook.render import preflight as templates
    try:
        templates(game.project.templates_dir, game.project.display)
        if (game.project.templates_dir / "rulebook").is_dir():
            _trial_render(game)  # a project's own templates: errors only rendering finds
    except InputError as exc:
        return exc.problems
    return []


def _trial_render(game: GameData) -> None:
    """Render the rulebook's HTML once, without verdicts or pictures, so that an undefined
    name or a sandbox refusal in a project's template stops `build` before any target writes."""
    from .rulebook.context import ContextBuilder
    from .rulebook.render import render_page, template_dirs
    context = ContextBuilder(game, {}, game.out_dir, image=lambda card: None).build(
        game.db.game.theme.page)
    render_page(template_dirs(game.project.templates_dir), context, game.project.display)


def _labels(game: GameData, press: GamePress, steps: StepWords | None = None) -> list[Problem]:
    """Every identifier the rulebook prints has the game's word for it (rulebook/labels.py);
    the decision steps' words are those the caller hands in (`Steps`: the verdicts' parsed
    words), else as written (model/steps.py)."""
    return missing_labels(game, steps)


def _terms(game: GameData, press: GamePress) -> list[Problem]:
    """A term a face or the book prints is the glossary's word (terms.py)."""
    return face_term_problems(game) + prose_term_problems(game)


def _register(game: GameData, press: GamePress) -> list[Problem]:
    """The book's rules, rulings and examples keep one register (register.py)."""
    return register_problems(game)


@dataclass(frozen=True)
class Check:
    name: str
    run: Callable[[GameData, GamePress], list[Problem]]
    faces: bool      # needed before drawing card faces
    rulebook: bool   # needed before rendering the rulebook


#: The checks, in the order they run. A new kind of problem `build` refuses belongs here.
CHECKS = [
    Check("fonts", _fonts, faces=True, rulebook=True),
    Check("layouts", _layouts, faces=True, rulebook=False),
    Check("faces", _faces, faces=True, rulebook=False),
    Check("terms", _terms, faces=True, rulebook=True),
    Check("register", _register, faces=False, rulebook=True),
    Check("theme fonts", _theme_fonts, faces=False, rulebook=True),
    Check("rulebook templates", _rulebook_templates, faces=False, rulebook=True),
    Check("labels", _labels, faces=False, rulebook=True),
]


#: The identifiers a game's rules module accepts in examples (zones, setup and expectation
#: keys), word -> what it is; the build's orchestration asks the engine, press never does.
Vocabulary = Callable[[GameData], dict[str, str]]
#: Every decision step of a game's examples as words with their kinds (labels.StepWords), as
#: the application layer reads them (app/steps.py: the verdicts' parsed steps, else as
#: written); press never splits a step's text itself.
Steps = Callable[[GameData], StepWords]


def problems(games: list[GameData], faces: bool = True, rulebook: bool = True,
             vocabulary: Vocabulary | None = None, kept_faces: bool = False,
             presses: list[GamePress] | None = None,
             steps: Steps | None = None) -> tuple[list[GamePress], list[Problem]]:
    """Run the checks the outputs need on every game; every problem of every game at once.
    With `vocabulary`, the rulebook checks also want a label for each of its words; with
    `steps`, for each word of the examples' decision steps. With
    `kept_faces` (`check`), a game whose faces a build found printable from the same inputs
    (checked_faces.py) is not planned again, nor are its layouts loaded: the build kept that
    note only once its layouts check too found nothing, and the note's key covers every input
    of that check (deckwright's code, the fonts, the layouts, the database, the edition).
    `presses` are the games' own presses when the caller keeps them (the live preview, whose
    press already holds the plans of the faces that did not change)."""
    presses = presses or [GamePress(g) for g in games]
    found: list[Problem] = []
    for game, press in zip(games, presses):
        kept = kept_faces and checked_faces.clean(press)
        for check in CHECKS:
            if kept and check.run in (_layouts, _faces):
                continue
            if (check.faces and faces) or (check.rulebook and rulebook):
                if check.run is _labels:
                    found += _labels(game, press, steps(game) if steps else None)
                else:
                    found += check.run(game, press)
        if rulebook and vocabulary is not None:
            found += unlabelled_rules_words(game, vocabulary(game))
    return presses, found


def preflight(games: list[GameData], faces: bool = True, rulebook: bool = True,
              vocabulary: Vocabulary | None = None, steps: Steps | None = None) -> list[GamePress]:
    """The games' presses, ready to draw; raises one InputError with every problem found."""
    presses, found = problems(games, faces, rulebook, vocabulary, steps=steps)
    if found:
        raise InputError(found)
    return presses
