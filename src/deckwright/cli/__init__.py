"""The `deckwright` command line: one module per subcommand, each with `register(subparsers)`.

Every input problem is printed as `file:line:col: field: message` and the command exits with
status 2; no traceback reaches the user for bad input.
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module
from pathlib import Path

from rich.console import Console

from .. import __version__
from ..model import InputError, UsageError
from ..rules import set_reporter

#: Subcommand modules, in the order `--help` lists them.
COMMANDS = ["new", "check", "build", "playtest", "fuzz", "simulate", "play", "serve", "games",
            "schema"]


def build_parser() -> argparse.ArgumentParser:
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
    for name in COMMANDS:
        try:
            module = import_module(f".{name}", __name__)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.endswith(f"cli.{name}"):
                continue  # a command not built yet is simply not offered
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    args.project = args.project.resolve()  # outputs and file URIs need an absolute root
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    set_reporter(lambda note: err.print(note, markup=False))
    try:
        return int(args.run(args) or 0)
    except InputError as exc:
        for problem in exc.problems:
            err.print(str(problem), markup=False)
        return 2
    except UsageError as exc:
        err.print(f"deckwright: error: {exc}", markup=False)
        return 2
    except KeyboardInterrupt:
        err.print("deckwright: interrupted", markup=False)
        return 130


def run() -> None:
    sys.exit(main())
