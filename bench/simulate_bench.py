"""Balance simulation speed: the whole `deckwright simulate` command with 1 and 2 workers, and
games per second per game inside one process.

    .venv/bin/python bench/simulate_bench.py                  # bridge-over, 2000 games, 5 rounds
    .venv/bin/python bench/simulate_bench.py --games 500 --rounds 3 --table-games 200

The command is run as a user runs it: its default bots random,greedy, the HTML and JSON report,
no PDF, as a separate process with its modules' bytecode cached (in a temporary folder, after a
warm-up run: an installed package has its .pyc files). Each round runs 1 worker and 2 workers in
turn (the order alternating) and takes the ratio within the round; the min and median over the
rounds are printed beside the target.

Two ratios are printed, because the machine this runs on is usually shared:

- **wall**: the clock, which is what the target is about. When other jobs keep the cores busy,
  both runs wait for a core and the ratio says more about the load than about deckwright.
- **CPU critical path**: what the clock would show on two free cores. With one worker the
  process's own CPU seconds are its wall time on a free core. With two, the parent plays a
  share of the games itself beside its helper and does all the serial work (start-up, loading
  the game, the report), so its own CPU seconds are the longest path through the run; the
  helper's CPU seconds are printed too, to show they fit inside it. Read from /proc when the
  process has exited and before it is reaped (Linux; 10 ms resolution).

The statistics of the two runs are compared byte for byte (they must not depend on the number
of workers). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from deckwright.balance.local import run_local  # noqa: E402
from deckwright.balance.simulate import Job, prepare  # noqa: E402
from deckwright.model import Project, load_game  # noqa: E402
from deckwright.rules import registered  # noqa: E402

TARGET = 1.6   # issue 17: the whole command with 2 workers at least 1.6x faster than with 1
TICK = os.sysconf("SC_CLK_TCK")


@dataclass
class Run:
    wall: float
    own_cpu: float        # the command's process alone
    helpers_cpu: float    # the processes it started and waited for


def command(game: str, games: int, workers: int, json_out: Path) -> list[str]:
    return [sys.executable, "-m", "deckwright", "-C", str(ROOT), "simulate", game,
            "--games", str(games), "--workers", str(workers), "--json", str(json_out)]


def timed(argv: list[str], env: dict[str, str]) -> Run:
    """Run `argv`; its wall time, and its own and its children's CPU seconds, read from
    /proc/PID/stat between its exit and its reaping (utime, stime, cutime, cstime)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, env=env)
    os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT)
    wall = time.perf_counter() - start
    fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
    utime, stime, cutime, cstime = (int(f) / TICK for f in fields[11:15])
    if proc.wait() != 0:
        raise SystemExit(f"{' '.join(argv)} failed with status {proc.returncode}")
    return Run(wall, utime + stime, cutime + cstime)


def whole_command(game: str, games: int, rounds: int) -> None:
    print(f"`deckwright simulate {game} --games {games}` (default bots, HTML and JSON report, "
          f"no PDF), whole process, {rounds} rounds; load average at start "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    runs: dict[int, list[Run]] = {1: [], 2: []}
    same = True
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        for workers in (1, 2):   # warm-up: bytecode written, files in the page cache
            timed(command(game, games, workers, Path(tmp) / "warm.json"), env)
        for r in range(rounds):
            stats = {}
            for workers in ((1, 2) if r % 2 == 0 else (2, 1)):
                out = Path(tmp) / f"stats-{workers}.json"
                runs[workers].append(timed(command(game, games, workers, out), env))
                stats[workers] = out.read_bytes()
            same = same and stats[1] == stats[2]
    one, two = runs[1], runs[2]
    wall = [a.wall / b.wall for a, b in zip(one, two)]
    path = [a.own_cpu / b.own_cpu for a, b in zip(one, two)]
    med = statistics.median
    print(f"  1 worker : wall {med(r.wall for r in one):.2f} s, CPU {med(r.own_cpu for r in one):.2f} s"
          f"   (medians)")
    print(f"  2 workers: wall {med(r.wall for r in two):.2f} s, CPU of the parent "
          f"{med(r.own_cpu for r in two):.2f} s, of its helper {med(r.helpers_cpu for r in two):.2f} s")
    print(f"  speed-up 2 workers / 1, wall             : {min(wall):.2f}x min, {med(wall):.2f}x "
          f"median  (target >= {TARGET}x)")
    print(f"  speed-up 2 workers / 1, CPU critical path: {min(path):.2f}x min, {med(path):.2f}x "
          f"median  (target >= {TARGET}x; the wall ratio on two free cores)")
    print(f"  load average at end {os.getloadavg()[0]:.1f}; statistics identical for 1 and 2 "
          f"workers: {'yes' if same else 'NO'}")


def per_game(games: int) -> None:
    print(f"Simulation alone (in one process, random bots), {games} games per game")
    print(f"{'game':20} {'1 worker g/s':>14} {'2 workers g/s':>14} {'speed-up':>9}")
    for game_id, cls in registered().items():
        job = Job(project=str(ROOT), game_id=game_id, players=cls.facts.bench_players,
                  bots=("random",), games=games, seed=1, chunk=50)
        prepare(job, load_game(Project(ROOT), game_id))  # loaded before timing; helpers fork warm
        one = run_local(job, 1)
        two = run_local(job, 2)
        r1, r2 = len(one.records) / one.seconds, len(two.records) / two.seconds
        print(f"{game_id:20} {r1:14.0f} {r2:14.0f} {r2 / r1:8.2f}x", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="bridge-over")
    parser.add_argument("--games", type=int, default=2000, help="games of the whole command")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--table-games", type=int, default=1000,
                        help="games per game in the per-game table (0 skips it)")
    args = parser.parse_args()
    whole_command(args.game, args.games, args.rounds)
    if args.table_games:
        print()
        per_game(args.table_games)


if __name__ == "__main__":
    main()
