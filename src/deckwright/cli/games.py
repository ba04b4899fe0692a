"""`deckwright games`: which rules module plays which game, and why (like pytest --trace-config)."""

from __future__ import annotations

import argparse

from . import COMMANDS
from rich.console import Console

from ..model import Project
from ..model import bundled
from ..app.registry import broken, games, misregistered, module_name


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "games", help=COMMANDS["games"],
        description="List the project's games (a database cards/<GAME>.yaml, or a module of "
                    "its rules/) and which rules module plays each: the project's "
                    "rules/<game>.py, an installed package's 'deckwright.games' entry point, or "
                    "a game bundled with deckwright. A database in the project's cards/ comes "
                    "before a bundled one; when several define one game id the project's wins, "
                    "then an installed one, then the bundled one; the others are listed as not "
                    "used. With --all, or in a folder with no games of its own, also the "
                    "installed and bundled games. Exit status 2 if a project rules module does "
                    "not import.")
    p.add_argument("--all", action="store_true",
                   help="also list the installed and bundled games the project has no "
                        "database for")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    project = Project(args.project)
    if not project.root.is_dir():
        project.require_games()   # names the folder and suggests `deckwright new`
    found = games(project)
    databases = set(project.game_ids())
    own = databases | {i for i, r in found.items() if r.origin.kind == "project"}
    shipped = set() if bundled.is_bundled_tree(project.root) else set(bundled.game_ids())
    every = args.all or not own
    ids = sorted(own | shipped | set(found) if every else own)
    out = Console(highlight=False, soft_wrap=True)
    width = max((len(i) for i in ids), default=4)
    for game_id in ids:
        reg = found.get(game_id)
        wrong = None if reg else misregistered(game_id, project)
        rules = (str(reg.origin) if reg else str(wrong) if wrong else
                 f"no rules module (add rules/{module_name(game_id)}.py)")
        database = (f"cards/{game_id}.yaml" if game_id in databases else
                    f"cards/{game_id}.yaml (bundled)" if game_id in shipped else "no database")
        out.print(f"{game_id:<{width}}  {database}  rules: {rules}", markup=False)
        for other in reg.shadows if reg else ():
            out.print(f"{'':<{width}}  not used: {other}", markup=False)
        if game_id in databases and game_id in shipped:
            out.print(f"{'':<{width}}  not used: cards/{game_id}.yaml (bundled)", markup=False)
    for name, why in sorted(broken().items()):
        out.print(f"does not import: {name}: {why}", markup=False)
    hidden = len((set(found) | shipped) - set(ids))
    if hidden:
        out.print(f"({hidden} installed or bundled game(s) with no database here: "
                  f"'deckwright games --all' lists them)", markup=False)
    out.print(f"(databases are looked for in {project.display(project.cards_dir)}/, then among "
              f"the games bundled with deckwright; rules modules in "
              f"{project.display(project.root / 'rules')}/, then the 'deckwright.games' entry "
              f"points, then deckwright's own; the first found is used)", markup=False)
    return 0
