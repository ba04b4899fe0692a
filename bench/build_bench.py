"""Start-up and `deckwright build` of every game: cold, unchanged, and after one card's text.

    .venv/bin/python bench/build_bench.py            # every figure (three cold builds take a while)
    .venv/bin/python bench/build_bench.py --no-cold  # start-up and the incremental builds only
    .venv/bin/python bench/build_bench.py --startup-only  # `--help` and `check` only
    .venv/bin/python bench/build_bench.py --against REV [--pairs 3]  # cold builds, now vs REV
    .venv/bin/python bench/build_bench.py --unchanged-against REV [--runs 5]  # unchanged, in turn

The project (cards/, templates/, playtest/ of this repository) is copied to a temporary folder
and built there as a user runs it, each run a separate process: wall seconds, the CPU seconds
of the process and its workers, and the peak memory of the largest single process (the kernel's
own accounting of each finished run); the cold build runs with `--timings`, and its CPU is also
printed summed by target over the games. Targets from issue 17 are printed beside each figure.
On a machine shared with other jobs the wall seconds include time spent waiting for a core;
the CPU seconds do not. deckwright's modules are byte-compiled first, as an installed package
is (with PYTHONDONTWRITEBYTECODE set, every run would compile them again: about 0.3 s that no
user pays). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HELP_TARGET = 0.15
CHECK_TARGET = 0.5   # issue 17: `check` of all five games
UNCHANGED_TARGET = 2.0
COLD_TARGET = 30.0
MEMORY_TARGET = 500.0


def timed(argv: list[str], env: dict[str, str] | None = None
          ) -> tuple[float, float, float, str, str]:
    """(wall s, CPU s of the process and its children, peak MiB of the largest one, stdout,
    stderr)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss / 1024, done.stdout, done.stderr


def by_target(timings: str) -> str:
    """The CPU seconds of a build's `--timings` lines summed by target over the games, the
    largest first, then the checks before the tasks and the workers' own overhead."""
    spent: dict[str, float] = {}
    rest = []
    for line in timings.splitlines():
        if not line.startswith("timing: "):
            continue
        what, seconds = line[len("timing: "):].rsplit(": ", 1)
        cpu = float(seconds.split()[0])
        if what.startswith("load"):
            rest.append(f"checks before the tasks {cpu:.1f}")
        elif " workers (their tasks: " in what:
            tasks = float(what.split("their tasks: ")[1].split()[0])
            rest.append(f"workers' start-up and hand-over {cpu - tasks:.1f}")
        elif " " in what and not what.startswith("whole"):
            target = what.rsplit(" ", 1)[1]
            spent[target] = spent.get(target, 0.0) + cpu
    ranked = sorted(spent.items(), key=lambda kv: -kv[1])
    return ", ".join([f"{name} {cpu:.1f}" for name, cpu in ranked] + rest) + " s CPU"


def replayed(timings: str, project: Path, jobs: int) -> str:
    """The cold build's schedule replayed with each task's measured CPU seconds as its length:
    `deckwright build`'s own estimates and order (a free process takes the ready task with the
    most estimated work ahead of it, a rulebook after its game's PNGs) on `jobs` processes,
    beside the tasks' CPU shared evenly and the longest chain of tasks (a game's PNGs, then its
    rulebook). On a shared machine wall seconds cannot tell a schedule that leaves a core idle
    from waiting for a core; this can."""
    import heapq

    sys.path.insert(0, str(ROOT / "src"))
    from deckwright.cli import build, build_parser
    from deckwright.model import Project
    from deckwright.model.load import load_editions
    from deckwright.press.cards import GamePress

    measured = {}
    for line in timings.splitlines():
        what, _, seconds = line.removeprefix("timing: ").rpartition(": ")
        if line.startswith("timing: ") and what.count(" ") == 1:
            measured[what] = float(seconds.split()[0])
    args = build_parser(["build"]).parse_args(["-C", str(project), "build"])
    args.settings = build.settings(args)
    tasks = [build.Task(g, GamePress(g), name) for g in load_editions(Project(project), [], None)
             for name in build.TARGETS]
    tasks = [t for t in tasks if t.label() in measured]
    cpu = [measured[t.label()] for t in tasks]
    priority = build._priorities(tasks, args)
    ends: dict[int, float] = {}
    running: list[tuple[float, int]] = []
    clock = 0.0
    while len(ends) < len(tasks):
        ready = sorted(build._ready(tasks, set(ends), set(ends) | {i for _, i in running}),
                       key=lambda i: -priority[i])
        for i in ready[:jobs - len(running)]:
            heapq.heappush(running, (clock + cpu[i], i))
        clock, i = heapq.heappop(running)
        ends[i] = clock
    chain = max(cpu[i] + sum(cpu[j] for j, w in enumerate(tasks) if w.game is t.game
                             and t.target in build.TARGETS[w.target].after)
                for i, t in enumerate(tasks))
    return (f"the tasks replayed on {jobs} processes with their measured CPU seconds, in the "
            f"build's own order: the last ends at {clock:.1f} s; their CPU / {jobs}: "
            f"{sum(cpu) / jobs:.1f} s; longest chain (a game's PNGs and rulebook): {chain:.1f} s")


def compiled() -> None:
    """Byte-compile the deckwright package the runs import, as pip does when installing."""
    import deckwright
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(deckwright.__file__).parent)],
                   check=True, capture_output=True)


def deckwright(*args: str) -> list[str]:
    return [sys.executable, "-m", "deckwright", *args]


def startup(runs: int) -> None:
    """`deckwright --help`, and `deckwright check` of every game of a copy of this repository's
    project, run in turn: once with nothing built, once with what a build keeps for it (the
    examples' verdicts, the note that the faces plan cleanly and the notes of what the YAML
    files parse to, kept here by the calls the build makes, `verdict_cache.verdicts`,
    `preflight`, `checked_faces.keep` and `kept_yaml.Notes.keep`, rather than by a whole
    build). Wall seconds, and check's CPU seconds, which waiting for a core on a shared
    machine does not inflate."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = project_copy(Path(tmp) / "fresh")
        kept = project_copy(Path(tmp) / "kept")
        keep_verdicts(kept)
        commands = {"help": deckwright("--help"),
                    "check": deckwright("-C", str(fresh), "check"),
                    "check, verdicts kept": deckwright("-C", str(kept), "check")}
        walls: dict[str, list[float]] = {name: [] for name in commands}
        cpus: dict[str, list[float]] = {name: [] for name in commands}
        for r in range(runs):
            for name in (list(commands) if r % 2 == 0 else list(commands)[::-1]):
                wall, cpu, *_ = timed(commands[name])
                walls[name].append(wall)
                cpus[name].append(cpu)
    med = statistics.median
    print(f"`deckwright --help`: median {med(walls['help']):.3f} s, min {min(walls['help']):.3f} s "
          f"wall over {runs} runs  (target <= {HELP_TARGET} s)")
    stems = [p.stem for p in (ROOT / "cards").glob("*.yaml")]
    games, editions = sum("." not in s for s in stems), sum("." in s for s in stems)
    kept = "the examples' verdicts, face plans and parsed YAML kept by a build"
    for name, what in (("check", "nothing built"), ("check, verdicts kept", kept)):
        print(f"`deckwright check` ({games} games, {editions} edition(s); {what}): median "
              f"{med(walls[name]):.3f} s, min {min(walls[name]):.3f} s wall, median "
              f"{med(cpus[name]):.3f} s CPU over {runs} runs  (target <= {CHECK_TARGET} s)")


def keep_verdicts(project: Path) -> None:
    """Keep every game's example verdicts, the note that its faces plan without a problem and
    the notes of what its YAML files parse to, in `project`'s build/, by the calls
    `deckwright build` makes."""
    sys.path.insert(0, str(ROOT / "src"))
    from deckwright import paths
    from deckwright.app import verdict_cache
    from deckwright.model import Project, kept_yaml
    from deckwright.model.load import load_editions, load_games
    from deckwright.press import checked_faces
    from deckwright.press.preflight import preflight

    for game in load_games(Project(project)):
        verdict_cache.verdicts(game)
    with kept_yaml.notes(project, keeping=True) as notes:
        checked = preflight(load_editions(Project(project)), rulebook=False)
        paths.prepare_build_dir(project)
        checked_faces.keep(checked)
        notes.keep()


def project_copy(where: Path) -> Path:
    for part in ("cards", "templates", "playtest"):
        if (ROOT / part).is_dir():
            shutil.copytree(ROOT / part, where / part)
    return where


def one_card_changed(project: Path) -> str:
    """Change one card's text in bridge-over: the first card under `cards:` written as its own
    block (`- id: X`, not a YAML anchor that other cards merge) with a one-line text."""
    db = project / "cards" / "bridge-over.yaml"
    lines = db.read_text(encoding="utf-8").split("\n")
    start = lines.index("cards:")
    card = None
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if not line.startswith(" "):
            break
        if line.startswith("  - "):
            card = line.split("id:", 1)[1].strip() if line.startswith("  - id:") else None
        elif card and line.startswith("    text: ") and not line.rstrip().endswith((">-", "|")):
            lines[i] = line.rstrip() + "（改）"
            db.write_text("\n".join(lines), encoding="utf-8")
            return card
    raise SystemExit("no card of its own with a one-line text in bridge-over.yaml")


def cold_builds(project: Path, build: list[str], runs: int) -> None:
    """`runs` cold builds, each into an emptied build/: the min and median, and the by-target
    split and schedule of the fastest. This machine's speed drifts (the same cold build has
    taken from three quarters to one and a half times its median within an hour, in CPU
    seconds too), so the fastest run is the figure nearest the machine undisturbed."""
    done = []
    for _ in range(runs):
        shutil.rmtree(project / "build", ignore_errors=True)
        done.append(timed([*build, "--timings"]))
    walls, cpus = [d[0] for d in done], [d[1] for d in done]
    fastest = min(done, key=lambda d: d[0])
    print(f"cold `deckwright build` of every game ({os.cpu_count()} cores), {runs} run(s): "
          f"{min(walls):.1f} s min, {statistics.median(walls):.1f} s median wall; "
          f"{min(cpus):.1f} s min, {statistics.median(cpus):.1f} s median CPU; "
          f"peak {max(d[2] for d in done):.0f} MiB  (targets <= {COLD_TARGET:.0f} s, "
          f"<= {MEMORY_TARGET:.0f} MiB)")
    print(f"  the fastest run by target (`--timings`, all games): {by_target(fastest[4])}")
    print(f"  schedule: {replayed(fastest[4], project, os.cpu_count() or 1)}")


def exported(rev: str, where: Path) -> Path:
    """The repository as it was at `rev` (its code and its project: src/, cards/, templates/,
    playtest/) in `where`, byte-compiled as an installed package is."""
    where.mkdir()
    parts = [p for p in ("src", "cards", "templates", "playtest")
             if subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{rev}:{p}"],
                               capture_output=True).returncode == 0]
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, *parts],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(where / "src")], check=True,
                   capture_output=True)
    return where


def against(rev: str, pairs: int) -> None:
    """Cold builds of every game by this code and by the code at `rev`, in turn (the order
    alternating), each into its own emptied build/: the ratios of their CPU and wall seconds
    pair by pair, so that the machine's drift, which moves a cold build's seconds by a third
    within minutes, moves both sides of a ratio alike. `rev`'s code builds `rev`'s own project
    and is imported ahead of this one (PYTHONPATH)."""
    with tempfile.TemporaryDirectory() as tmp:
        now = project_copy(Path(tmp) / "now")
        old = exported(rev, Path(tmp) / "old")
        env = {**os.environ, "PYTHONPATH": str(old / "src")}
        sides = {"now": (deckwright("-C", str(now), "build"), None, now),
                 rev: (deckwright("-C", str(old), "build"), env, old)}
        seconds: dict[str, list[tuple[float, float]]] = {name: [] for name in sides}
        for r in range(pairs):
            for name in (list(sides) if r % 2 == 0 else list(sides)[::-1]):
                argv, side_env, project = sides[name]
                shutil.rmtree(project / "build", ignore_errors=True)
                wall, cpu, *_ = timed(argv, side_env)
                seconds[name].append((cpu, wall))
    print_ratios("cold `deckwright build`", rev, f"{pairs} pair(s) in turn", seconds)


def print_ratios(build: str, rev: str, runs: str, seconds: dict[str, list[tuple[float, float]]]
                 ) -> None:
    """CPU and wall ratios of this code's runs to `rev`'s, run by run (each pair ran in turn,
    so the machine's drift moves both sides of a ratio alike), and each side's median."""
    med = statistics.median
    for i, what in enumerate(("CPU", "wall")):
        ratios = [a[i] / b[i] for a, b in zip(seconds["now"], seconds[rev])]
        print(f"{build}, this code against {rev}'s, {runs}: {what} now/{rev} "
              f"{min(ratios):.3f} min, {med(ratios):.3f} median, {max(ratios):.3f} max (now "
              f"{med(s[i] for s in seconds['now']):.2f} s, {rev} "
              f"{med(s[i] for s in seconds[rev]):.2f} s median)")


def unchanged_against(rev: str, runs: int) -> None:
    """Unchanged builds of every game by this code and by the code at `rev`, in turn, each
    side in its own project built once before (its keys are its own code's): CPU and wall
    seconds of each side and their ratio run by run, so the machine's drift moves both sides of
    a ratio alike. `rev`'s code builds `rev`'s own project and is imported ahead of this one."""
    with tempfile.TemporaryDirectory() as tmp:
        now = project_copy(Path(tmp) / "now")
        old = exported(rev, Path(tmp) / "old")
        env = {**os.environ, "PYTHONPATH": str(old / "src")}
        sides = {"now": (deckwright("-C", str(now), "build"), None),
                 rev: (deckwright("-C", str(old), "build"), env)}
        for argv, side_env in sides.values():
            timed(argv, side_env)
        seconds: dict[str, list[tuple[float, float]]] = {name: [] for name in sides}
        said = {}
        for r in range(runs):
            for name in (list(sides) if r % 2 == 0 else list(sides)[::-1]):
                wall, cpu, _, out, _ = timed(*sides[name])
                seconds[name].append((cpu, wall))
                said[name] = out.strip().splitlines()[-1]
    print_ratios("unchanged `deckwright build`", rev, f"{runs} run(s) each in turn", seconds)
    for name, line in said.items():
        print(f"  {name} said: {line}")


def builds(cold: int, runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        project = project_copy(Path(tmp) / "project")
        build = deckwright("-C", str(project), "build")
        if cold:
            cold_builds(project, build, cold)
        else:
            timed(build)
        walls, cpus = [], []
        for _ in range(runs):
            wall, cpu, _, out, _ = timed(build)
            walls.append(wall)
            cpus.append(cpu)
        print(f"unchanged `deckwright build` of every game: median {statistics.median(walls):.2f} s "
              f"wall, {statistics.median(cpus):.2f} s CPU over {runs} runs  "
              f"(target <= {UNCHANGED_TARGET:.0f} s); it said: {out.strip().splitlines()[-1]}")
        card = one_card_changed(project)
        stamps = {p: p.stat().st_mtime_ns for p in (project / "build").rglob("*") if p.is_file()}
        wall, cpu, _, _, _ = timed(build)
        redrawn = sorted(p.relative_to(project / "build").as_posix()
                         for p in (project / "build").rglob("*")
                         if p.is_file() and stamps.get(p) != p.stat().st_mtime_ns
                         and ".deckwright" not in p.parts)
        pngs = sorted({Path(p).name for p in redrawn if p.endswith(".png") and "/cards/" in p})
        decks = len({p.rsplit("/cards/", 1)[0] for p in redrawn if "/cards/" in p})
        games = sorted({p.split("/")[0] for p in redrawn})
        print(f"one card's text changed (bridge-over {card}): {wall:.1f} s wall, {cpu:.1f} s CPU; "
              f"{len(redrawn)} file(s) rewritten, all in {', '.join(games)}; card PNGs redrawn: "
              f"{', '.join(pngs) or 'none'} (in {decks} deck folder(s))  (target: that game's "
              f"affected outputs only, that card's PNG)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-cold", action="store_true", help="skip the cold build")
    parser.add_argument("--cold-runs", type=int, default=3,
                        help="cold builds, their min and median printed (default 3)")
    parser.add_argument("--runs", type=int, default=5, help="runs of the repeated figures")
    parser.add_argument("--startup-only", action="store_true",
                        help="only `deckwright --help` and `deckwright check`, no builds")
    parser.add_argument("--against", metavar="REV",
                        help="only cold builds, this code's and a git revision's in turn")
    parser.add_argument("--pairs", type=int, default=3, help="pairs of cold builds for --against")
    parser.add_argument("--unchanged-against", metavar="REV",
                        help="only unchanged builds, this code's and a git revision's in turn "
                             "(--runs of each)")
    args = parser.parse_args()
    compiled()
    if args.against:
        against(args.against, args.pairs)
        return
    if args.unchanged_against:
        unchanged_against(args.unchanged_against, args.runs)
        return
    startup(args.runs)
    if not args.startup_only:
        builds(0 if args.no_cold else args.cold_runs, args.runs)


if __name__ == "__main__":
    main()
