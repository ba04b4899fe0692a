"""`deckwright fuzz`: random games of a game with its invariants checked after every decision.

The same code path as the bundled games' fuzz test (`engine.fuzz.fuzz`): a designer runs on
their own rules module exactly what deckwright's test suite runs on the bundled ones.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from . import COMMANDS
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..atomic import write_text
from ..engine.fuzz import Break, fuzz, notate, player_counts
from ..engine.game import Game
from ..model import Project, UsageError, load_game
from ..app.registry import how_to_add, rules_for
from .simulate import _positive

SHOWN = 30   # decisions printed before the break; the whole history goes to a file


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "fuzz", help=COMMANDS["fuzz"],
        description="Play seeded random-bot games of GAME with its rules module, checking after "
                    "every decision that each card is in exactly one zone, the game's own "
                    "invariants hold, a player who must decide has a legal action, and the game "
                    "ends within its max_decisions. The first game that breaks is reported with "
                    "its seed, the command that replays it, and its history in the game's "
                    "notation (also written to build/GAME/fuzz-seed-S.txt). Exit status 1 on a "
                    "break, 2 for bad input.")
    p.add_argument("game", metavar="GAME", help="game id")
    p.add_argument("--games", type=_positive, default=1000, metavar="N",
                   help="games to play (default: 1000)")
    p.add_argument("--players", type=_positive, metavar="N",
                   help="players (default: every count the game allows, in turn)")
    p.add_argument("--seed", type=int, default=0, metavar="S",
                   help="seed of the first game; game i uses seed S+i (default: 0)")
    p.set_defaults(run=run)


def load(args: argparse.Namespace) -> Game:
    project = Project(args.project)
    data = load_game(project, args.game)
    cls = rules_for(data.id, project)
    if cls is None:
        raise UsageError(f"{data.id} cannot be fuzzed: {how_to_add(data.id, project)}")
    game = cls(data)
    if args.players:
        try:
            game.check_players(args.players)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    return game


def run(args: argparse.Namespace) -> int:
    game = load(args)
    out = Console(highlight=False, soft_wrap=True)
    counts = player_counts(game, args.players)
    columns = [TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn()]
    with Progress(*columns, console=out, transient=True) as bar:
        task = bar.add_task(f"fuzz {game.id}", total=args.games)
        report = fuzz(game, args.games, players=args.players, first_seed=args.seed,
                      progress=lambda seed: bar.advance(task))
    seeds = f"seeds {args.seed}-{args.seed + args.games - 1}"
    who = "-".join(str(n) for n in (counts[0], counts[-1])) if len(counts) > 1 else str(counts[0])
    if report.broken is None:
        out.print(f"{game.id}: {report.games} games ({who} players, {seeds}), "
                  f"{report.decisions} decisions, no invariant broken", markup=False)
        return 0
    _report_break(out, game, report.broken, args, report.games)
    return 1


def _report_break(out: Console, game: Game, broken: Break, args: argparse.Namespace,
                  ended: int) -> None:
    moves = notate(game, broken.players, broken.history)
    project = Project(args.project)
    path = project.build_dir / game.id / f"fuzz-seed-{broken.seed}.txt"
    replay = (f"deckwright fuzz {game.id} --seed {broken.seed} --games 1 "
              f"--players {broken.players}")
    lines = [f"{game.id} seed {broken.seed}, {broken.players} players: {broken.error}",
             f"replay: {replay}", ""]
    lines += [f"{i}. {move}" for i, move in enumerate(moves, 1)]
    write_text(path, "\n".join(lines) + "\n")
    out.print(f"BROKEN {game.id} seed {broken.seed} ({broken.players} players) after "
              f"{broken.decisions} decisions, {ended} game(s) before it ended cleanly",
              markup=False)
    out.print(f"  {broken.error}", markup=False)
    if broken.where:
        file, line = broken.where
        out.print(f"  raised at {project.display(Path(file))}:{line}", markup=False)
    if moves:
        out.print(f"  broke at decision {len(moves)}: {moves[-1]}", markup=False)
    out.print(f"  replay: {replay}", markup=False)
    first = max(0, len(moves) - SHOWN)
    if first:
        out.print(f"  ... {first} earlier decision(s) in {project.display(path)}", markup=False)
    for i, move in enumerate(moves[first:], first + 1):
        out.print(f"  {i}. {move}", markup=False)
    out.print(f"wrote {project.display(path)}", markup=False)
