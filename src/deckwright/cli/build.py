"""`deckwright build`: print-and-play sheets, PNGs, TTS exports and rulebooks per game.

Targets live in a small registry: a target is a name, a help line, a function that builds it
for one game, and optionally the command-line flags it adds. Adding one is one import and one
entry in TARGETS.

Each (game, target) pair is a task. A task whose inputs are unchanged is skipped without
drawing anything (the targets keep their keys in deckwright.manifest); the others run in a
pool of processes (`--jobs`, default: one per core), so a cold build of several games keeps
every core busy: a free process takes the ready task with the most estimated work ahead of it
(its own and that of the tasks waiting for it), so no long task starts last while the other
cores idle. A rulebook waits for its game's PNGs, which it shows. Before anything is written,
every face of every game that will be redrawn is checked for overflow, and the hidden temporary
files a killed build left are removed.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import pickle
import resource
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from multiprocessing import get_context
from pathlib import Path
from typing import Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from . import COMMANDS, GAME_IDS_HELP
from .. import atomic
from .. import paths
from ..model import GameData, Project, UsageError, kept_yaml
from ..model.load import load_editions
from ..press import checked_faces, targets as press_targets
from ..press.cards import GamePress
from ..press.preflight import preflight
from ..press.rulebook import target as rulebook_target
from ..press.pod import SERVICES as POD_SERVICES
from ..press.sheet import PAPERS, Options
from ..app.registry import RulesImportError, how_to_add, rules_for
from ..app.words import rules_words

Tick = Callable[[int], None]


@dataclass
class Done:
    """What one task made: the files written, and failures to report after the last task
    (e.g. failing rulebook examples as (game, example, title))."""

    written: list[Path] = field(default_factory=list)
    failing: list[tuple[str, str, str]] = field(default_factory=list)
    #: the CPU and wall seconds the task took in its process (for `--timings`)
    cpu: float = 0.0
    wall: float = 0.0


@dataclass(frozen=True)
class Target:
    """One kind of output `deckwright build` can make for a game."""

    help: str
    #: build it for one game: (game, press, args, tick) -> Done
    run: Callable[[GameData, GamePress, argparse.Namespace, Tick], Done]
    #: how many ticks it will report for a game (for the progress bar)
    units: Callable[[GameData, GamePress, argparse.Namespace], int]
    #: its own command-line flags, if any
    add_arguments: Callable[[argparse.ArgumentParser], None] | None = None
    #: whether it draws card faces (then every face is checked for overflow before any write)
    draws_faces: bool = True
    #: a cheap test that it is up to date for a game: what it would report (None: build it);
    #: without one the target decides inside `run`
    fresh: Callable[[GameData, GamePress, argparse.Namespace], Done | None] | None = None
    #: targets of the same game it must wait for
    after: tuple[str, ...] = ()
    #: what to do with every task's `failing` after the last one (may exit)
    report: Callable[[list[tuple[str, str, str]], argparse.Namespace], None] | None = None
    #: a rough estimate of its CPU seconds for a game, to start the longest tasks first
    cost: Callable[[GameData, GamePress, argparse.Namespace], float] = lambda *_: 1.0
    #: modules a pool worker imports before running it in a process of its own, which ends
    #: with the task: what the task leaves behind (WeasyPrint's layout, boxes in reference
    #: cycles) goes with that process instead of being collected, and the imports, done
    #: once in the worker, are not repeated for each task (None: run in the worker itself)
    own_process: tuple[str, ...] | None = None


def _press_target(name: str) -> dict[str, Callable]:
    fn = {"pnp": press_targets.pnp, "png": press_targets.pngs, "tts": press_targets.tts_sheets,
          "pod": press_targets.pod_files, "cgs": press_targets.cgs_game}[name]

    def run(game: GameData, press: GamePress, args: argparse.Namespace, tick: Tick) -> Done:
        return Done(fn(press, game.project.build_dir, args.settings, tick, force=args.force))

    def units(game: GameData, press: GamePress, args: argparse.Namespace) -> int:
        return press_targets.units(press, name, args.settings)

    def fresh(game: GameData, press: GamePress, args: argparse.Namespace) -> Done | None:
        up = not args.force and press_targets.is_fresh(press, game.project.build_dir, name,
                                                       args.settings)
        return Done() if up else None

    def cost(game: GameData, press: GamePress, args: argparse.Namespace) -> float:
        return units(game, press, args) * _SECONDS_PER_UNIT[name]

    return {"run": run, "units": units, "fresh": fresh, "cost": cost}


#: CPU seconds per progress tick of each press target (the median over the five games of two
#: cold builds' `--timings`, shared 2-core machine, 23 Nov 2026, after TTS and PNG drew each
#: face once; a game whose decks share faces draws fewer: bridge-over's pod costs half its
#: estimate), only to order a cold build's tasks: only their order matters, and with many
#: small tasks left to fill the cores after the rulebooks, a rough one serves.
_SECONDS_PER_UNIT = {"pnp": 0.001, "png": 0.010, "tts": 0.0035, "pod": 0.005, "cgs": 0.009}


def _rulebook(game: GameData, press: GamePress, args: argparse.Namespace, tick: Tick) -> Done:
    """The one place the build runs the engine: its verdicts go to press as data (kept
    between builds: the engine runs only when the examples' inputs changed)."""
    from ..app import verdict_cache   # only this target needs the rules engine

    written, failing = rulebook_target.run(game, press, args, tick,
                                           verdicts=verdict_cache.verdicts(game, args.force))
    return Done(written, failing)


def _rulebook_fresh(game: GameData, press: GamePress, args: argparse.Namespace) -> Done | None:
    """Up to date when the kept verdicts are current and the rulebook was made from them."""
    from ..app import verdict_cache

    verdicts = None if args.force else verdict_cache.load(game)
    failing = None if verdicts is None else rulebook_target.fresh(game, args, verdicts)
    return None if failing is None else Done(failing=failing)


#: Build targets in the order they run; `--only` picks some of them.
TARGETS: dict[str, Target] = {
    "pnp": Target("print-and-play sheets pnp-<paper>.pdf and calibration-<paper>.pdf",
                  **_press_target("pnp")),
    "png": Target("cards/<card-id>.png at 300 dpi, one per distinct face and back",
                  **_press_target("png")),
    "tts": Target("tts/: Tabletop Simulator deck sheets, back image and deck JSON",
                  **_press_target("tts")),
    "pod": Target("pod/: print-on-demand files (The Game Crafter, MakePlayingCards zips, "
                  "DriveThruCards PDF)", **_press_target("pod")),
    "cgs": Target("cgs/<game>.zip: the game for Card Game Simulator", **_press_target("cgs")),
    "rulebook": Target(rulebook_target.HELP, _rulebook, rulebook_target.units,
                       rulebook_target.add_arguments, draws_faces=False,
                       fresh=_rulebook_fresh, after=("png",), cost=rulebook_target.cost,
                       own_process=("weasyprint",),
                       report=lambda failing, args: rulebook_target.report(
                           failing, args.allow_failing_examples)),
}


def register(sub: argparse._SubParsersAction) -> None:
    names = ", ".join(f"{k} ({t.help})" for k, t in TARGETS.items())
    p = sub.add_parser(
        "build", help=COMMANDS["build"],
        description="Build every target for the named games (default: all) into build/<game>/; "
                    "decks other than the default go to build/<game>/<deck-id>/, editions in "
                    "other languages (cards/<game>.<lang>.yaml) to build/<game>/<lang>/. "
                    f"Targets: {names}.")
    p.add_argument("games", nargs="*", metavar="GAME", help=GAME_IDS_HELP)
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
    p.add_argument("--jobs", "-j", metavar="N", type=int, default=None,
                   help="processes building at once (default: one per core)")
    p.add_argument("--force", action="store_true",
                   help="rebuild every target even when its inputs are unchanged, from the "
                        "files themselves (nothing an earlier build kept is read)")
    p.add_argument("--timings", action="store_true",
                   help="print each task's CPU and wall seconds to stderr as it ends, and the "
                        "checks' before the tasks start (to see where a build's time goes)")
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
                      f"{how_to_add(game.id, game.project)}", markup=False)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class Task:
    game: GameData
    press: GamePress
    target: str

    def label(self) -> str:
        """`game target`, `game.lang target` for an edition."""
        edition = f".{self.game.edition}" if self.game.edition else ""
        return f"{self.game.id}{edition} {self.target}"


#: The tasks of the build in progress, inherited by the forked workers (never pickled).
_TASKS: list[Task] = []
_ARGS: list[argparse.Namespace] = []


def _work(index: int) -> Done:
    """Run task `index` in a worker process (its progress is reported when it ends)."""
    task = _TASKS[index]
    warm = TARGETS[task.target].own_process
    if warm is not None:
        _warm(warm)
        return _forked(lambda: _timed(task, _ARGS[0], lambda n: None))
    try:
        return _timed(task, _ARGS[0], lambda n: None)
    finally:
        _give_back_memory()


def _warm(modules: tuple[str, ...]) -> None:
    """Import a task's modules in this worker, once. What the first import made (WeasyPrint's
    modules and tables) lives as long as the worker, so it is frozen like what the worker
    inherited: the collection after each later task in this worker (`_give_back_memory`)
    skips it instead of walking it again, about 15 ms a task."""
    if all(name in sys.modules for name in modules):
        return
    for name in modules:
        importlib.import_module(name)
    gc.collect()
    gc.freeze()


def _forked(run: Callable[[], Done]) -> Done:
    """`run()` in a child process of this one, which ends with it; its result, or the
    exception it raised, comes back pickled through a pipe."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:   # the child: never returns
        status = 0
        try:
            os.close(read)
            try:
                outcome: tuple[bool, object] = (True, run())
            except BaseException as exc:   # handed to the parent, which raises it
                outcome = (False, exc)
            with os.fdopen(write, "wb") as out:
                pickle.dump(outcome, out)
        except BaseException:
            status = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(status)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    if not data:
        raise RuntimeError(f"a build task's process ended without a result "
                           f"(wait status {status})")
    ok, value = pickle.loads(data)
    if not ok:
        raise value   # type: ignore[misc]
    return value   # type: ignore[return-value]


def _cpu() -> float:
    """CPU seconds of this process so far (every thread, user and system)."""
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def _timed(task: Task, args: argparse.Namespace, tick: Tick) -> Done:
    """Run one task, noting the CPU and wall seconds it took in this process."""
    cpu, wall = _cpu(), time.perf_counter()
    done = TARGETS[task.target].run(task.game, task.press, args, tick)
    return replace(done, cpu=_cpu() - cpu, wall=time.perf_counter() - wall)


def _report_time(what: str, cpu: float, wall: float | None = None) -> None:
    """One `--timings` line on stderr: `timing: <what>: <cpu> s CPU, <wall> s wall`."""
    seconds = f"{cpu:.2f} s CPU" + ("" if wall is None else f", {wall:.2f} s wall")
    print(f"timing: {what}: {seconds}", file=sys.stderr, flush=True)


def _give_back_memory() -> None:
    """A worker runs many tasks: hand what a finished one freed back to the system, so the
    next task (a rulebook's layout is the largest) does not start on top of its high-water
    mark. glibc keeps freed heap otherwise; elsewhere only the collection is done."""
    import ctypes

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


def _priorities(tasks: list[Task], args: argparse.Namespace) -> list[float]:
    """Each task's estimated seconds plus those of the longest chain of tasks waiting for it
    (a game's PNGs carry its rulebook's): the critical path a free process should start."""
    cost = [TARGETS[t.target].cost(t.game, t.press, args) for t in tasks]
    memo: dict[int, float] = {}

    def path(i: int) -> float:
        if i not in memo:
            waiting = [j for j, t in enumerate(tasks) if t.game is tasks[i].game
                       and tasks[i].target in TARGETS[t.target].after]
            memo[i] = cost[i] + max((path(j) for j in waiting), default=0.0)
        return memo[i]
    return [path(i) for i in range(len(tasks))]


def _ready(tasks: list[Task], done: set[int], started: set[int]) -> list[int]:
    """Tasks not started whose game's earlier targets they wait for are done."""
    waiting = {(id(t.game), t.target) for i, t in enumerate(tasks) if i not in done}
    return [i for i, t in enumerate(tasks) if i not in started
            and not any((id(t.game), w) in waiting for w in TARGETS[t.target].after)]


def warn_preflight(presses: list[GamePress], names: list[str], args: argparse.Namespace,
                   project: Project) -> None:
    """What `deckwright preflight` would reject in the files just built, as warnings: for the
    services whose target this build made (the pod services it was asked for)."""
    from ..press.intake import run as intake
    from ..press.services import services
    wanted = [s.id for s in services().values()
              if s.export in names or (s.export in args.settings.pod_services and "pod" in names)]
    if not wanted:
        return
    for f in intake(presses, wanted, project.build_dir):
        if f.verdict == "reject":
            print(f"preflight: {f.game}: {f.service} {f.check}: {f.detail} [warning]",
                  file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    with atomic.one_build_at_a_time(Path(args.project)), \
            kept_yaml.notes(args.project, keeping=True, reading=not args.force) as notes:
        return _run(args, notes)


def _run(args: argparse.Namespace, notes: kept_yaml.Notes) -> int:
    cpu, wall = _cpu(), time.perf_counter()
    args.settings = settings(args)
    names = chosen(args)
    project = Project(args.project)
    games = load_editions(project, args.games, args.lang)
    presses = [GamePress(g) for g in games]   # for the up-to-date tests: nothing planned yet
    for game in games:  # what a killed build left behind
        atomic.clean_temps(game.out_dir)
    tasks: list[Task] = []
    unchanged: list[tuple[Task, Done]] = []
    for game, press in zip(games, presses):
        for name in names:
            fresh = TARGETS[name].fresh
            waits = any(t.game is game and t.target in TARGETS[name].after for t in tasks)
            up = None if fresh is None or waits else fresh(game, press, args)
            if up is None:
                tasks.append(Task(game, press, name))
            else:
                unchanged.append((Task(game, press, name), up))
    # the checks `check` runs, those the remaining tasks need, on every game that has one,
    # before anything is written; those presses (faces planned) are the ones that draw
    stale = [g for g in games if any(t.game is g for t in tasks)]
    checked = preflight(stale, faces=any(TARGETS[t.target].draws_faces for t in tasks),
                        rulebook=any(t.target == "rulebook" for t in tasks),
                        vocabulary=rules_words)
    ready = {id(p.game): p for p in checked}
    tasks = [Task(t.game, ready[id(t.game)], t.target) for t in tasks]
    if args.timings:
        _report_time("load, up-to-date tests and checks", _cpu() - cpu, time.perf_counter() - wall)
    warn_unverified([g for g in stale if any(t.game is g and t.target == "rulebook"
                                             for t in tasks)])
    paths.prepare_build_dir(project.root)  # a file or unwritable: one line, now
    checked_faces.keep(checked)   # for `check`: these games' faces plan without a problem
    out = Console(highlight=False)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    jobs = max(1, min(args.jobs or _cores(), len(tasks)))
    results: list[Done] = []
    if jobs == 1:
        with Progress(*columns, console=out, transient=False) as progress:
            for t in tasks:
                bar = progress.add_task(t.label(),
                                        total=TARGETS[t.target].units(t.game, t.press, args))
                results.append(_timed(t, args, lambda n, bar=bar: progress.advance(bar, n)))
                progress.update(bar, completed=progress.tasks[bar].total)
                if args.timings:
                    _report_time(t.label(), results[-1].cpu, results[-1].wall)
    else:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        results = _in_pool(tasks, args, jobs, out, columns)
        if args.timings:   # the workers have ended: the kernel has their accounts
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            spent = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            _report_time(f"{jobs} workers (their tasks: {sum(r.cpu for r in results):.2f} s "
                         f"CPU, the rest their start-up and hand-over)", spent)
    written = [p for r in results for p in r.written]
    order = {id(g): i for i, g in enumerate(games)}   # failures listed game by game, as named
    every = sorted([*zip(tasks, results), *unchanged], key=lambda tr: order[id(tr[0].game)])
    for name in names:
        failing = [f for t, r in every if t.target == name for f in r.failing]
        if failing and TARGETS[name].report is not None:
            TARGETS[name].report(failing, args)
    warn_preflight([ready.get(id(g), p) for g, p in zip(games, presses)], names, args, project)
    notes.keep()   # for `check`: what the YAML files of a build that went through parse to
    if args.timings:
        _report_time("whole build (this process)", _cpu() - cpu, time.perf_counter() - wall)
    out.print(summary(len(written), len(unchanged) + sum(not r.written for r in results),
                      project.display(project.build_dir)))
    return 0


def summary(written: int, unchanged: int, build_dir: str) -> str:
    """The build's last line: how many files it wrote and how many targets it left as they
    were (skipped as up to date, or run and found current, e.g. after an engine change that
    the rulebook does not show); a build that wrote nothing says so, not "0 file(s) written"."""
    kept = f" ({unchanged} target(s) unchanged)" if unchanged else ""
    if not written:
        return f"nothing written under {build_dir}/{kept}"
    return f"{written} file(s) written under {build_dir}/{kept}"


def _in_pool(tasks: list[Task], args: argparse.Namespace, jobs: int, out: Console,
             columns: tuple) -> list[Done]:
    """Run the tasks in `jobs` forked processes, each task once the tasks it waits for are
    done; results in task order."""
    _TASKS[:], _ARGS[:] = tasks, [args]
    priority = _priorities(tasks, args)
    results: dict[int, Done] = {}
    started: set[int] = set()
    running: dict[Future, int] = {}
    # what the workers inherit (the games, their planned faces, the imports) is never garbage:
    # frozen, a worker's collections skip it instead of walking (and copying) it every time
    gc.collect()
    gc.freeze()
    try:
        with ProcessPoolExecutor(jobs, mp_context=get_context("fork")) as pool:
            def start() -> None:   # as many as there are free processes, the longest first
                ready = sorted(_ready(tasks, set(results), started), key=lambda i: -priority[i])
                for i in ready[:jobs - len(running)]:
                    started.add(i)
                    running[pool.submit(_work, i)] = i
            start()  # the workers fork here, before the progress display starts its thread
            # a bar moves only when its task ends: redrawn twice a second, not ten times
            with Progress(*columns, console=out, transient=False,
                          refresh_per_second=2) as progress:
                bars = {i: progress.add_task(t.label(), total=1)
                        for i, t in enumerate(tasks)}
                while running:
                    finished, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in finished:
                        i = running.pop(future)
                        results[i] = future.result()   # a worker's error is raised here
                        progress.update(bars[i], completed=1)
                        if getattr(args, "timings", False):
                            _report_time(tasks[i].label(), results[i].cpu, results[i].wall)
                    start()
    finally:
        gc.unfreeze()
        _TASKS.clear()
        _ARGS.clear()
    return [results[i] for i in range(len(tasks))]
