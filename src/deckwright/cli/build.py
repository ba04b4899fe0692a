"""`deckwright build`: print-and-play sheets, PNGs and TTS exports (and more targets) per game.

Targets live in a small registry: a target is a name, a help line, a function that builds it
for one game, and optionally the command-line flags it adds. Adding one (e.g. the rulebook) is
one import and one entry in TARGETS.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from . import COMMANDS
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..model import GameData, Project, UsageError, load_games
from ..press import targets as press_targets
from ..press.cards import GamePress
from ..press.rulebook import target as rulebook_target
from ..press.sheet import PAPERS, Options

Tick = Callable[[int], None]


@dataclass(frozen=True)
class Target:
    """One kind of output `deckwright build` can make for a game."""

    help: str
    #: build it for one game: (game, press, args, tick) -> files written
    run: Callable[[GameData, GamePress, argparse.Namespace, Tick], list[Path]]
    #: how many ticks it will report for a game (for the progress bar)
    units: Callable[[GameData, GamePress, argparse.Namespace], int]
    #: its own command-line flags, if any
    add_arguments: Callable[[argparse.ArgumentParser], None] | None = None
    #: whether it draws card faces (then every face is checked for overflow before any write)
    draws_faces: bool = True


def _press_target(name: str) -> tuple[Callable, Callable]:
    fn = {"pnp": press_targets.pnp, "png": press_targets.pngs, "tts": press_targets.tts_sheets}[name]

    def run(game: GameData, press: GamePress, args: argparse.Namespace, tick: Tick) -> list[Path]:
        return fn(press, game.project.build_dir, args.settings, tick)

    def units(game: GameData, press: GamePress, args: argparse.Namespace) -> int:
        return press_targets.units(press, name, args.settings)

    return run, units


#: Build targets in the order they run; `--only` picks some of them.
TARGETS: dict[str, Target] = {
    "pnp": Target("print-and-play sheets pnp-<paper>.pdf and calibration-<paper>.pdf",
                  *_press_target("pnp")),
    "png": Target("cards/<card-id>.png at 300 dpi, one per distinct face and back",
                  *_press_target("png")),
    "tts": Target("tts/: Tabletop Simulator deck sheets, back image and deck JSON",
                  *_press_target("tts")),
    "rulebook": Target(rulebook_target.HELP, rulebook_target.run, rulebook_target.units,
                       rulebook_target.add_arguments, draws_faces=False),
}


def register(sub: argparse._SubParsersAction) -> None:
    names = ", ".join(f"{k} ({t.help})" for k, t in TARGETS.items())
    p = sub.add_parser(
        "build", help=COMMANDS["build"],
        description="Build every target for the named games (default: all) into build/<game>/; "
                    "decks other than the default go to build/<game>/<deck-id>/. "
                    f"Targets: {names}.")
    p.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    p.add_argument("--only", metavar="T,T", help=f"comma-separated targets ({', '.join(TARGETS)})")
    p.add_argument("--paper", metavar="a4|letter", help="one paper size (default: both)")
    p.add_argument("--bleed", metavar="MM", default="3", help="bleed around each card (default 3)")
    p.add_argument("--duplex", metavar="long|short|off", default="long",
                   help="how the paper is turned for the backs (default long)")
    p.add_argument("--gutterfold", action="store_true",
                   help="fronts and backs on one page, folded (single-sided printers)")
    p.add_argument("--back-offset", metavar="X,Y", default="0,0",
                   help="shift the backs by X,Y mm (+x right, +y up, as the back is seen)")
    p.add_argument("--cut-lines", action="store_true", help="draw dashed cut lines on the trim")
    p.add_argument("--png-trim", action="store_true", help="PNGs trimmed to the card (no bleed)")
    for target in TARGETS.values():
        if target.add_arguments is not None:
            target.add_arguments(p)
    p.set_defaults(run=run)


def _number(text: str, what: str, low: float, high: float) -> float:
    try:
        value = float(text)
    except ValueError:
        raise UsageError(f"{what} must be a number of mm, got {text!r}") from None
    if not low <= value <= high:
        raise UsageError(f"{what} must be between {low:g} and {high:g} mm, got {text}")
    return value


def settings(args: argparse.Namespace) -> press_targets.Settings:
    """Check the press flags; every mistake is one line and exit status 2."""
    if args.paper is not None and args.paper not in PAPERS:
        raise UsageError(f"--paper must be one of {', '.join(PAPERS)}, got {args.paper!r}")
    if args.duplex not in ("long", "short", "off"):
        raise UsageError(f"--duplex must be long, short or off, got {args.duplex!r}")
    bleed = _number(args.bleed, "--bleed", 0, 10)
    parts = args.back_offset.split(",")
    if len(parts) != 2:
        raise UsageError(f"--back-offset must be X,Y in mm, got {args.back_offset!r}")
    offset = (_number(parts[0], "--back-offset X", -20, 20), _number(parts[1], "--back-offset Y", -20, 20))
    papers = (args.paper,) if args.paper else tuple(PAPERS)
    sheet = Options(papers[0], bleed, args.duplex, args.gutterfold, offset, args.cut_lines)
    return press_targets.Settings(papers, sheet, not args.png_trim)


def chosen(args: argparse.Namespace) -> list[str]:
    if not args.only:
        return list(TARGETS)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in TARGETS]
    if unknown or not names:
        raise UsageError(f"unknown target {', '.join(unknown) or '(none)'} for --only "
                         f"(known: {', '.join(TARGETS)})")
    return [n for n in TARGETS if n in names]


def run(args: argparse.Namespace) -> int:
    args.settings = settings(args)
    names = chosen(args)
    games = load_games(Project(args.project), args.games)
    presses = [GamePress(g) for g in games]
    if any(TARGETS[n].draws_faces for n in names):
        for press in presses:  # every overflow of every game before anything is written
            press.check()
    out = Console(highlight=False)
    written: list[Path] = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=out, transient=False) as progress:
        for game, press in zip(games, presses):
            for name in names:
                target = TARGETS[name]
                task = progress.add_task(f"{game.id} {name}", total=target.units(game, press, args))
                written += target.run(game, press, args,
                                      lambda n, task=task: progress.advance(task, n))
                progress.update(task, completed=progress.tasks[task].total)
    out.print(f"{len(written)} file(s) written under {Project(args.project).display(Project(args.project).build_dir)}/")
    return 0
