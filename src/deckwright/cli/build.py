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

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .. import paths
from ..model import GameData, Project, UsageError
from ..model.load import load_editions
from ..press import targets as press_targets
from ..press.cards import GamePress
from ..press.preflight import preflight
from ..press.rulebook import target as rulebook_target
from ..press.pod import SERVICES as POD_SERVICES
from ..press.sheet import PAPERS, Options
from ..rules import RulesImportError, how_to_add, rules_for
from .check import rules_words

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
    fn = {"pnp": press_targets.pnp, "png": press_targets.pngs, "tts": press_targets.tts_sheets,
          "pod": press_targets.pod_files, "cgs": press_targets.cgs_game}[name]

    def run(game: GameData, press: GamePress, args: argparse.Namespace, tick: Tick) -> list[Path]:
        return fn(press, game.project.build_dir, args.settings, tick)

    def units(game: GameData, press: GamePress, args: argparse.Namespace) -> int:
        return press_targets.units(press, name, args.settings)

    return run, units


def _rulebook(game: GameData, press: GamePress, args: argparse.Namespace, tick: Tick) -> list[Path]:
    """The one place the build runs the engine: its verdicts go to press as data."""
    from ..engine import verify   # only this target needs the rules engine

    return rulebook_target.run(game, press, args, tick, verdicts=verify.verify_examples(game))


#: Build targets in the order they run; `--only` picks some of them.
TARGETS: dict[str, Target] = {
    "pnp": Target("print-and-play sheets pnp-<paper>.pdf and calibration-<paper>.pdf",
                  *_press_target("pnp")),
    "png": Target("cards/<card-id>.png at 300 dpi, one per distinct face and back",
                  *_press_target("png")),
    "tts": Target("tts/: Tabletop Simulator deck sheets, back image and deck JSON",
                  *_press_target("tts")),
    "pod": Target("pod/: print-on-demand files (The Game Crafter, MakePlayingCards zips, "
                  "DriveThruCards PDF)", *_press_target("pod")),
    "cgs": Target("cgs/<game>.zip: the game for Card Game Simulator", *_press_target("cgs")),
    "rulebook": Target(rulebook_target.HELP, _rulebook, rulebook_target.units,
                       rulebook_target.add_arguments, draws_faces=False),
}


def register(sub: argparse._SubParsersAction) -> None:
    names = ", ".join(f"{k} ({t.help})" for k, t in TARGETS.items())
    p = sub.add_parser(
        "build", help="build print-and-play sheets, PNGs and TTS exports into build/",
        description="Build every target for the named games (default: all) into build/<game>/; "
                    "decks other than the default go to build/<game>/<deck-id>/, editions in "
                    "other languages (cards/<game>.<lang>.yaml) to build/<game>/<lang>/. "
                    f"Targets: {names}.")
    p.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    p.add_argument("--lang", metavar="TAG",
                   help="build only this language's edition (cards/<game>.<TAG>.yaml) into "
                        "build/<game>/<TAG>/ (default: every game in its own language and in "
                        "every edition it has)")
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
    p.add_argument("--apart", action="store_true",
                   help="cards apart, each with its whole bleed (default: cards abut and share "
                        "cut lines, 9 poker cards a page)")
    p.add_argument("--png-trim", action="store_true", help="PNGs trimmed to the card (no bleed)")
    p.add_argument("--pod", metavar="S,S", default=",".join(POD_SERVICES),
                   help=f"print-on-demand services for the pod target ({', '.join(POD_SERVICES)})")
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
    sheet = Options(papers[0], bleed, args.duplex, args.gutterfold, offset, args.cut_lines,
                    "apart" if args.apart else "abut")
    services = tuple(s.strip() for s in args.pod.split(",") if s.strip())
    unknown = [s for s in services if s not in POD_SERVICES]
    if unknown or not services:
        raise UsageError(f"unknown print-on-demand service {', '.join(unknown) or '(none)'} for "
                         f"--pod (known: {', '.join(POD_SERVICES)})")
    return press_targets.Settings(papers, sheet, not args.png_trim, services)


def chosen(args: argparse.Namespace) -> list[str]:
    if not args.only:
        return list(TARGETS)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in TARGETS]
    if unknown or not names:
        raise UsageError(f"unknown target {', '.join(unknown) or '(none)'} for --only "
                         f"(known: {', '.join(TARGETS)})")
    return [n for n in TARGETS if n in names]


def warn_unverified(games: list[GameData]) -> None:
    """Say how many examples a rulebook will print unverified, and how to verify them."""
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    for game in games:
        examples = len(game.all_examples())
        if not examples:
            continue
        try:
            missing = rules_for(game.id, game.project) is None
        except RulesImportError:
            continue   # reported as failing examples by the rulebook target
        if missing:
            err.print(f"warning: {game.id}: {examples} example(s) will be printed unverified; "
                      f"{how_to_add(game.id)}", markup=False)


def run(args: argparse.Namespace) -> int:
    args.settings = settings(args)
    names = chosen(args)
    games = load_editions(Project(args.project), args.games, args.lang)
    args.last_game = games[-1]
    # the checks `check` runs, those these targets need, on every game before anything is written
    presses = preflight(games, faces=any(TARGETS[n].draws_faces for n in names),
                        rulebook="rulebook" in names, vocabulary=rules_words)
    if "rulebook" in names:
        warn_unverified(games)
    paths.prepare_build_dir(Project(args.project).root)  # a file or unwritable: one line, now
    out = Console(highlight=False)
    written: list[Path] = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=out, transient=False) as progress:
        for game, press in zip(games, presses):
            for name in names:
                target = TARGETS[name]
                label = f"{game.id}{'.' + game.edition if game.edition else ''} {name}"
                task = progress.add_task(label, total=target.units(game, press, args))
                written += target.run(game, press, args,
                                      lambda n, task=task: progress.advance(task, n))
                progress.update(task, completed=progress.tasks[task].total)
    out.print(f"{len(written)} file(s) written under {Project(args.project).display(Project(args.project).build_dir)}/")
    return 0
