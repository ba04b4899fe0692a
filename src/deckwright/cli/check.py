"""`deckwright check`: validate game databases and summarise what they hold."""

from __future__ import annotations

import argparse
from collections import Counter

from rich.console import Console
from rich.table import Table

from ..model import GameData, InputError, Project, load_games
from ..press.rulebook.labels import missing_labels


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check", help="validate game databases and print a summary per game",
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


def rules_words(game: GameData) -> dict[str, str]:
    """The identifiers the game's rules module accepts in examples, each of which a rulebook
    may one day print: its zones, its own setup keys and its own expectation keys."""
    from ..engine.expect import SHARED
    from ..rules import rules_for
    cls = rules_for(game.id)
    if cls is None:
        return {}
    words = {spec.name: "zone" for spec in cls.facts.zones}
    words.update({key: "setup key" for key in cls.facts.setup_keys})
    words.update({name[len("actual_"):]: "expectation key" for name in dir(cls.state_class)
                  if name.startswith("actual_")})
    words.update({key: "expectation key" for key in SHARED})
    return {w: what for w, what in words.items() if not w.startswith("p") or not w[1:].isdigit()}


def run(args: argparse.Namespace) -> int:
    games = load_games(Project(args.project), args.games)
    problems = [p for game in games for p in missing_labels(game, rules_words(game))]
    if problems:
        raise InputError(problems)
    out = Console(highlight=False)
    for game in games:
        out.print(summary(game))
    out.print(f"{len(games)} game(s) valid")
    return 0
