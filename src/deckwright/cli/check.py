"""`deckwright check`: validate game databases and summarise what they hold."""

from __future__ import annotations

import argparse
from collections import Counter

from . import COMMANDS
from rich.console import Console
from rich.table import Table

from ..model import GameData, Project, load_games


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check", help=COMMANDS["check"],
                       description="Validate cards/<GAME>.yaml and playtest/<GAME>/*.yaml. "
                                   "Every problem is printed as file:line:col: field: message; "
                                   "the exit status is 2 if any is found.")
    p.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    p.set_defaults(run=run)


def summary(game: GameData) -> Table:
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
    return table


def run(args: argparse.Namespace) -> int:
    games = load_games(Project(args.project), args.games)
    out = Console(highlight=False)
    for game in games:
        out.print(summary(game))
    out.print(f"{len(games)} game(s) valid")
    return 0
