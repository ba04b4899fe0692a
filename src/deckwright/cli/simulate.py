"""`deckwright simulate`: many bot games of one game, and a balance report a designer reads."""

from __future__ import annotations

import argparse
import gc
import time
from pathlib import Path
from typing import Any, Callable

from . import COMMANDS

from ..balance.bundle import pack_project
from ..balance.local import Team
from ..balance.simulate import (Job, Outcome, check_bots, default_workers, prepare, resolve_deck,
                                run_dask)
from .. import paths
from ..model import GameData, Project, UsageError, load_game
from ..app.registry import how_to_add, rules_for


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {value}")
    return value


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "simulate", help=COMMANDS["simulate"],
        description="Play seeded bot games of GAME with seat rotation and a turn cap, then write "
                    "build/GAME/balance.html and balance.json (and balance.pdf with --pdf): win "
                    "rates per seat and "
                    "per bot with 95% confidence intervals, a matchup matrix, card impact (win "
                    "rates with a card in the opening hand or played against without it), game "
                    "length in turns, scores, card use, and the games cut at the turn cap or "
                    "stopped at the rules' limit of decisions, with their seeds. The statistics "
                    "for a seed are the same for "
                    "any number of workers. Ctrl-C stops and reports the games finished.")
    p.add_argument("game", metavar="GAME", help="game id")
    p.add_argument("--variant", metavar="V", help="variant or deck id (default: the default deck)")
    p.add_argument("--players", type=_positive, metavar="N", help="players (default: the game's minimum)")
    p.add_argument("--games", type=_positive, default=1000, metavar="N", help="games to play (default: 1000)")
    p.add_argument("--bots", default="random,greedy", metavar="B,B",
                   help="bots assigned to seats in turn, rotated every game: random, greedy, ismcts "
                        "(a search over the worlds the seat cannot tell apart; ismcts:N for N "
                        "simulations a decision), or a game's own bot such as ghost-couple's "
                        "memory; with more bots than players every group of bots plays in turn "
                        "(default: random,greedy)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the whole job (default: 0)")
    p.add_argument("--workers", type=_positive, metavar="N",
                   help=f"processes playing on this machine, this one included (default: "
                        f"{default_workers()}, the processors it may use, at most 8)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on a Dask distributed scheduler, e.g. tcp://10.0.0.5:8786; the "
                        "project's cards/, playtest/ and rules/ are sent with the job, so the "
                        "workers need deckwright installed but not the project")
    p.add_argument("--max-turns", type=_positive, default=500, metavar="N",
                   help="turn cap: a game still going after N turns is cut, counted apart and "
                        "named with its seed in the summary, and left out of the statistics; a "
                        "turn lasts until the turn passes to another player (default: 500)")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the statistics to FILE")
    p.add_argument("--against", metavar="REV|PATH",
                   help="also play the same seeds with another version of the project (a git "
                        "revision of the project folder, or another folder) and report what "
                        "changed beyond chance: first-player and bot win rates, card lifts, "
                        "game length (written to build/GAME/against.json)")
    p.add_argument("--pdf", action="store_true",
                   help="also write balance.pdf (about 2 s more; without it a balance.pdf of an "
                        "earlier run is removed, so it never disagrees with balance.html)")
    p.add_argument("--no-pdf", action="store_true",
                   help="no balance.pdf: the default, accepted so older scripts keep working")
    p.set_defaults(run=run)


def make_job(args: argparse.Namespace) -> tuple[Job, object]:
    project = Project(args.project.resolve())
    data = load_game(project, args.game)
    cls = rules_for(data.id, project)
    if cls is None:
        raise UsageError(f"{data.id} cannot be simulated: {how_to_add(data.id, project)}")
    facts = cls.facts
    players = args.players or facts.bench_players
    if not facts.min_players <= players <= facts.max_players:
        raise UsageError(f"{data.id} is for {facts.min_players}-{facts.max_players} players, not {players}")
    bots = check_bots([b.strip() for b in args.bots.split(",") if b.strip()], cls)
    job = Job(project=str(project.root), game_id=data.id, deck=resolve_deck(data, args.variant),
              players=players, bots=bots, games=args.games, seed=args.seed,
              max_turns=args.max_turns,
              bundle=pack_project(project.root) if args.scheduler else None)
    return job, data


def run(args: argparse.Namespace) -> int:
    job, data = make_job(args)
    paths.prepare_build_dir(data.project.home)  # a file or unwritable: one line, before games
    if args.against:   # a revision or folder that cannot be read: one line, before games
        from ..balance.against import other_version
        args.against_folder = other_version(data.project.root, args.against)
    workers = args.workers or default_workers()
    if args.scheduler:
        outcome, out = _play(job, lambda advance: run_dask(job, args.scheduler, advance))
    else:
        prepare(job, data)   # the helpers fork with the game loaded
        gc.freeze()          # see the end of `run`
        with Team(job, workers) as team:   # helpers fork here, before any thread exists
            # the report's libraries load in this process's share of the playing time
            outcome, out = _play(job, lambda advance: team.run(
                advance, meanwhile=lambda: _report_ready(data)))
    from ..balance.report import card_labels, findings, write_report
    from ..balance.stats import summarise
    from ..i18n import words
    if not len(outcome.records):
        out.print("interrupted before any game finished; nothing to report")
        return 130
    summary = summarise(outcome.records)
    files = write_report(data, job, summary, outcome.records, interrupted=outcome.interrupted,
                         json_path=args.json, pdf=args.pdf)
    speed = len(outcome.records) / outcome.seconds if outcome.seconds else 0.0
    where = f"Dask {args.scheduler}" if args.scheduler else f"{workers} worker(s)"
    out.print(f"{len(outcome.records)} games in {outcome.seconds:.1f} s ({speed:.0f} games/s, {where})")
    for f in findings(summary, job, card_labels(data), words(data.language)):
        out.print(("! " if f.level == "warn" else "- ") + f.text, markup=False)
    if args.against:
        files.append(_against(args, job, data, workers, summary, out))
    for path in files:
        out.print(f"wrote {data.project.display(path)}", markup=False)
    # What the command loaded lives until it exits: frozen, the garbage collector never walks
    # it again, neither during the games (nor, forked, in the helpers, whose pages it would
    # copy) nor in the interpreter's last collection at exit, which walked the whole heap and
    # was a noticeable part of the fixed cost of every run.
    gc.freeze()
    return 130 if outcome.interrupted else 0


def _against(args: argparse.Namespace, job: Job, data: GameData, workers: int, summary: Any,
             out: Any) -> Path:
    """Play the job with the other version and print what changed; returns the JSON file."""
    import json
    from ..atomic import write_text
    from ..balance import against
    from ..balance.report import card_labels
    from ..i18n import words
    before = against.play_other(args.against_folder, job, workers, args.variant)
    changes = against.compare(before, summary.to_json())
    _ = words(data.language)
    for line in against.sentences(changes, card_labels(data), args.against, _):
        out.print("~ " + line, markup=False)
    path = data.out_dir / "against.json"
    write_text(path, json.dumps({"against": args.against, "games": job.games, "seed": job.seed,
                                 "alpha": against.ALPHA, "correction": "bonferroni",
                                 "changes": [c.to_json(len(changes)) for c in changes]},
                                ensure_ascii=False, indent=2, sort_keys=True) + "\n")
    return path


def _report_ready(data: GameData) -> None:
    """The report's libraries loaded, its template compiled and the game's words read: done
    in this process's share of the playing time, while the helpers play, rather than after
    the last game, when nothing else runs."""
    from ..balance.report import warm_up
    warm_up(data)


def _play(job: Job, play: Callable[[Callable[[int], None]], Outcome]) -> tuple[Outcome, Any]:
    """`play(advance)` under a progress bar; returns its outcome and the console. rich loads
    here, after any helper forked, and the bar redraws only when games finish (at most ten
    times a second): no drawing thread takes turns with this process's own games."""
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn)

    out = Console(highlight=False)
    columns = [TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]} games/s"), TimeElapsedColumn()]
    with Progress(*columns, console=out, transient=True, auto_refresh=False) as bar:
        task = bar.add_task(f"simulate {job.game_id}", total=job.games, rate="-")
        drawn = 0.0

        def advance(n: int) -> None:
            nonlocal drawn
            bar.advance(task, n)
            now = time.monotonic()
            if now - drawn >= 0.1:
                t = bar.tasks[task]
                if t.elapsed:
                    bar.update(task, rate=f"{t.completed / t.elapsed:.0f}")
                bar.refresh()
                drawn = now

        return play(advance), out
