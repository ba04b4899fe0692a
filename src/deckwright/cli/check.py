"""`deckwright check`: everything `build` would refuse, found without drawing, in one run."""

from __future__ import annotations

import argparse
from collections import Counter

from . import COMMANDS
from rich.console import Console
from rich.table import Table

from ..model import GameData, InputError, Project
from ..model.load import load_each
from ..press.preflight import problems
from ..rules import Registration, how_to_add
from ..rules import games as registry


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check", help=COMMANDS["check"],
        description="Validate cards/<GAME>.yaml, the sheets it names, playtest/<GAME>/*.yaml and "
                    "the face layouts, and plan every face without drawing it: unknown or "
                    "misspelt keys, colours, fonts and glyphs, text that does not fit, missing "
                    "or unreadable art. Every problem of every file is printed in one run as "
                    "file:line:col: field: message, sorted by file and line; the exit status is "
                    "2 if any is found.")
    p.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    p.set_defaults(run=run)


def summary(game: GameData, rules: Registration | None = None) -> Table:
    """The table `check` prints: what a designer wants to confirm at a glance."""
    db = game.db
    table = Table(title=f"{db.game.title} ({game.id})", title_justify="left", show_header=False)
    table.add_column("what", style="bold")
    table.add_column("value")
    table.add_row("cards", f"{len(db.cards)} distinct, {sum(c.copies for c in db.cards)} copies")
    for deck in db.decks:
        total = sum(game.deck_contents(deck).values())
        stated = "" if deck.total is None else f" (stated {deck.total})"
        mark = " [default]" if deck is game.default_deck else ""
        table.add_row(f"deck {deck.id}", f"{total} cards{stated}{mark}")
    origins = Counter(r.origin for r in db.rulings)
    table.add_row("rulings", f"{origins['designer']} designer, {origins['project']} project")
    examples = game.all_examples()
    table.add_row("examples", f"{len(db.examples)} in database, {len(examples) - len(db.examples)} in playtest/")
    table.add_row("rules", str(rules.origin) if rules else f"none: {how_to_add(game.id)}")
    if rules and rules.shadows:
        table.add_row("not used", ", ".join(str(o) for o in rules.shadows))
    return table


def run(args: argparse.Namespace) -> int:
    project = Project(args.project)
    games, found = load_each(project, args.games)
    found += problems(games)[1]  # the games that loaded are checked as build would
    if found:
        raise InputError(found)
    rules = registry(project)   # a project rules module that does not import: exit 2
    out = Console(highlight=False)
    for game in games:
        out.print(summary(game, rules.get(game.id)))
    out.print(f"{len(games)} game(s) valid")
    return 0
