"""`deckwright new`: a new project folder that checks, builds (and with --rules plays) at once.

The files come from the package's `scaffold/` folder, with `__GAME__`, `__TITLE__` and
`__MODULE__` replaced, or with `--from GAME` from a game bundled with deckwright (copy_game.py).
Everything is written into a temporary folder beside the target and renamed into place, so a
failure leaves nothing half-made; an existing project is never touched.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from . import COMMANDS
from rich.console import Console

from ..atomic import _umask
from ..model import UsageError
from ..model.schema import SLUG_RE
from ..app.registry import module_name
from .schema import write_schemas

SCAFFOLD = files("deckwright") / "scaffold"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "new", help=COMMANDS["new"],
        description="Make NAME/ (inside -C DIR, default the current folder) with "
                    "cards/NAME.yaml (a small matching game to edit), the JSON Schemas in "
                    "schema/ for your editor, a face layout and a back in templates/faces/NAME/, "
                    "and with --rules a working rules module rules/NAME.py with two worked "
                    "examples. With --from GAME, the project is a copy of a game bundled with "
                    "deckwright ('deckwright games' lists them) under the id NAME instead: its "
                    "database and editions, face layouts, playtests and a copy of its rules "
                    "package as rules/NAME/ to edit. 'deckwright check', 'build', 'playtest', "
                    "'fuzz' and 'simulate' work on it at once. NAME is also the game id: "
                    "lower-case letters, digits, '-' and '_'. An existing, non-empty NAME/ is "
                    "never overwritten (exit status 2).")
    p.add_argument("name", metavar="NAME", help="folder and game id, e.g. fox-and-hound")
    start = p.add_mutually_exclusive_group()
    start.add_argument("--rules", action="store_true",
                       help="also write rules/NAME.py, a rules module to edit, and two examples")
    start.add_argument("--from", dest="source", metavar="GAME",
                       help="start from a copy of this bundled game (e.g. super-page-one), "
                            "renamed NAME: cards/NAME.yaml and its editions, "
                            "templates/faces/NAME/, playtest/NAME/ and rules/NAME/")
    p.add_argument("--title", help="the game's title (default: NAME in words; with --from, the "
                                   "bundled game's own)")
    p.set_defaults(run=run)


def _copy_tree(source: Traversable, dest: Path, words: dict[str, str], rules: bool) -> None:
    for item in sorted(source.iterdir(), key=lambda t: t.name):
        name = item.name
        if name.startswith(("_", ".")) and not name.startswith(("__GAME__", "__MODULE__")):
            continue   # __pycache__, __init__.py
        if name == "examples.yaml" or (name == "rules" and not rules):
            continue
        for key, value in words.items():
            name = name.replace(key, value)
        target = dest / ("." + name if name == "gitignore" else name)
        if item.is_dir():
            target.mkdir()
            _copy_tree(item, target, words, rules)
            continue
        text = item.read_text(encoding="utf-8")
        for key, value in words.items():
            text = text.replace(key, value)
        target.write_text(text, encoding="utf-8")


def make_project(target: Path, game_id: str, title: str | None, rules: bool,
                 source: str | None = None) -> None:
    """Write the scaffold, or with `source` a copy of that bundled game, into `target` (which
    must not exist), all or nothing."""
    work = Path(tempfile.mkdtemp(prefix=f".{game_id}.", dir=target.parent))
    try:
        if source is not None:
            from ..copy_game import copy_game
            copy_game(source, game_id, work, title)
            (work / ".gitignore").write_text((SCAFFOLD / "gitignore").read_text(encoding="utf-8"),
                                             encoding="utf-8")
        else:
            _scaffold(work, game_id, title or _title(game_id), rules)
        write_schemas(work / "schema")
        os.chmod(work, 0o777 & ~_umask())
        os.rename(work, target)
    finally:
        if work.exists():
            shutil.rmtree(work)


def _scaffold(work: Path, game_id: str, title: str, rules: bool) -> None:
    words = {"__GAME__": game_id, "__TITLE__": title, "__MODULE__": module_name(game_id)}
    _copy_tree(SCAFFOLD, work, words, rules)
    if rules:   # the worked examples the rules module verifies
        examples = (SCAFFOLD / "examples.yaml").read_text(encoding="utf-8")
        with open(work / "cards" / f"{game_id}.yaml", "a", encoding="utf-8") as db:
            db.write(examples)


def _title(game_id: str) -> str:
    return game_id.replace("-", " ").replace("_", " ").title()


def run(args: argparse.Namespace) -> int:
    target = args.project / args.name
    game_id = Path(args.name).name
    if not SLUG_RE.match(game_id):
        raise UsageError(f"{args.name!r}: a project name is its game id: lower-case ASCII "
                         f"letters, digits, '-' or '_', starting with a letter or digit")
    if not target.parent.is_dir():
        raise UsageError(f"{target.parent}: no such folder to make {game_id}/ in")
    if target.exists() or target.is_symlink():
        if target.is_dir() and not target.is_symlink() and not any(target.iterdir()):
            target.rmdir()   # an empty folder made beforehand is fine
        else:
            raise UsageError(f"{target}: already exists; deckwright new never overwrites a "
                             f"project (choose another NAME, or remove the folder)")
    make_project(target, game_id, args.title, args.rules, args.source)
    out = Console(highlight=False, soft_wrap=True)
    out.print(f"made {target}/" + (f" from {args.source}" if args.source else ""), markup=False)
    steps = ["check", "build"] + (["playtest", f"fuzz {game_id}", f"simulate {game_id}"]
                                  if args.rules or args.source else [])
    out.print(f"next: cd {args.name} && " + " && ".join(f"deckwright {s}" for s in steps),
              markup=False)
    return 0
