"""The `deckwright` command line: one module per subcommand, each with `register(subparsers)`.

Every input problem is printed as `file:line:col: field: message` and the command exits with
status 2; no traceback reaches the user for bad input.

Start-up stays quick: `deckwright --help` lists the commands from `COMMANDS` without importing
any of them, and a command's module (with pydantic, reportlab, WeasyPrint, the engine...) is
imported only when that command is run or its own help is asked for.
"""

from __future__ import annotations

import argparse
import gc
import sys
from importlib import import_module
from pathlib import Path

from typing import Sequence

from .. import __version__
from ..model import InputError, UsageError
from ..paths import UnsafePath

#: Subcommand modules, in the order `--help` lists them, with the line `--help` shows for each
#: (the module's `register` passes the same line to argparse: `help=COMMANDS[name]`).
COMMANDS = {
    "new": "start a new game project in a new folder NAME/",
    "check": "find every problem build would refuse, and summarise each game",
    "build": "build print-and-play sheets, PNGs, TTS exports and rulebooks into build/",
    "preflight": "what each print service or table would reject or crop, before upload",
    "playtest": "run every example (database and playtest/) through the rules engine",
    "fuzz": "play random games, checking the rules' invariants after every decision",
    "simulate": "play many bot games and write a balance report",
    "play": "play a game in the browser against bots",
    "serve": "a live preview in the browser that updates as you save",
    "games": "list the games: database, rules module and where it comes from",
    "schema": "print or write the JSON Schemas of databases, playtest files and layouts",
}
_GLOBAL_WITH_VALUE = ("-C", "--project")
#: The help of the commands' GAME arguments.
GAME_IDS_HELP = ("game ids (default: every game of the project); a game the project's cards/ "
                 "does not have is the one bundled with deckwright ('deckwright games')")


def command_named(argv: Sequence[str]) -> str | None:
    """The subcommand `argv` asks for (the first word that is not a global option or its value),
    or None (e.g. `deckwright --help`)."""
    words = iter(argv)
    for word in words:
        if word in _GLOBAL_WITH_VALUE:
            next(words, None)
        elif word == "--":
            word = next(words, None)
            return word if word in COMMANDS else None
        elif not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for `argv`: the named command registered in full, every other one as its
    help line only. With argv None, every command is registered in full (for docs and tests)."""
    parser = argparse.ArgumentParser(
        prog="deckwright",
        description="Turn YAML card databases into print-and-play sheets, rulebooks and "
                    "executable playtests.",
        epilog="Run 'deckwright COMMAND --help' for a command's options.")
    parser.add_argument("--version", action="version", version=f"deckwright {__version__}")
    parser.add_argument("-C", "--project", type=Path, default=Path("."), metavar="DIR",
                        help="project folder holding cards/, templates/, playtest/, rules/ "
                             "(default: .)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    wanted = None if argv is None else command_named(argv)
    for name, line in COMMANDS.items():
        if argv is not None and name != wanted:
            sub.add_parser(name, help=line, add_help=False)  # listed; imported when used
            continue
        try:
            module = import_module(f".{name}", __name__)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.endswith(f"cli.{name}"):
                continue  # a command not built yet is simply not offered
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None, *, own_process: bool = False) -> int:
    """Run one command; with `own_process` (the `deckwright` program itself, not a caller
    in the same process), the objects made by importing it are exempt from garbage collection:
    they live as long as the process, and scanning them for cycles again and again was a
    tenth of `check`."""
    argv = sys.argv[1:] if argv is None else argv
    if own_process:
        gc.disable()
    try:
        parser = build_parser(argv)
        args = parser.parse_args(argv)
    finally:
        if own_process:
            gc.freeze()
            gc.enable()
    args.project = args.project.resolve()  # outputs and file URIs need an absolute root
    from ..model import Project   # not needed for --help
    from ..app.registry import set_reporter

    set_reporter(lambda note: _say(note))
    try:
        return int(args.run(args) or 0)
    except InputError as exc:
        for problem in exc.problems:
            _say(str(problem))
        return 2
    except (UsageError, UnsafePath) as exc:
        _say(f"deckwright: error: {exc}")
        return 2
    except OSError as exc:  # an unwritable or missing folder, a full disk: one line, no traceback
        where = f" {Project(args.project).display(Path(exc.filename))}" if exc.filename else ""
        _say(f"deckwright: error: cannot use{where}: {exc.strerror or exc}")
        return 2
    except KeyboardInterrupt:
        _say("deckwright: interrupted")
        return 130


def _say(line: str) -> None:
    """One line on stderr, through rich (which wraps it for the terminal). rich is imported
    at the first line said, not before every command: `simulate` forks its helpers before it
    needs rich, and a helper needs no console."""
    from rich.console import Console
    Console(stderr=True, highlight=False, soft_wrap=True).print(line, markup=False)


def run() -> None:
    sys.exit(main(own_process=True))
