"""Balance simulation speed: the whole `deckwright simulate` command with 1 and 2 workers, and
games per second per game inside one process.

    .venv/bin/python bench/simulate_bench.py                  # bridge-over, 2000 games, 3 rounds
    .venv/bin/python bench/simulate_bench.py --games 500 --rounds 2 --table-games 200

The command is run as a user runs it (its default bots random,greedy, the HTML and JSON report,
no PDF), as a separate process, 1 worker and 2 workers in turn within each round; the ratio is
taken within a round (wall time: a speed-up from a second core is only visible on the clock),
and the min and median over the rounds are printed beside the target. On a machine other jobs
share, a round in which they took a core shows a low ratio: read the median. The statistics of
the two runs are compared byte for byte (they must not depend on the number of workers).
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from deckwright.balance.local import run_local  # noqa: E402
from deckwright.balance.simulate import Job, prepare  # noqa: E402
from deckwright.model import Project, load_game  # noqa: E402
from deckwright.rules import registered  # noqa: E402

TARGET = 1.6   # issue 17: the whole command with 2 workers at least 1.6x faster than with 1


def command(game: str, games: int, workers: int, json_out: Path) -> list[str]:
    return [sys.executable, "-m", "deckwright", "-C", str(ROOT), "simulate", game,
            "--games", str(games), "--workers", str(workers), "--json", str(json_out)]


def whole_command(game: str, games: int, rounds: int) -> None:
    print(f"`deckwright simulate {game} --games {games}` (default bots, HTML and JSON report, "
          f"no PDF), whole process, wall seconds, {rounds} rounds")
    times: dict[int, list[float]] = {1: [], 2: []}
    same = True
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            stats = {}
            for workers in ((1, 2) if r % 2 == 0 else (2, 1)):
                out = Path(tmp) / f"stats-{workers}.json"
                start = time.perf_counter()
                subprocess.run(command(game, games, workers, out), check=True,
                               stdout=subprocess.DEVNULL)
                times[workers].append(time.perf_counter() - start)
                stats[workers] = out.read_bytes()
            same = same and stats[1] == stats[2]
    ratios = [a / b for a, b in zip(times[1], times[2])]
    print(f"  1 worker : median {statistics.median(times[1]):.2f} s   "
          f"2 workers: median {statistics.median(times[2]):.2f} s")
    print(f"  speed-up 2 workers / 1: {min(ratios):.2f}x min, {statistics.median(ratios):.2f}x "
          f"median  (target >= {TARGET}x)")
    print(f"  statistics identical for 1 and 2 workers: {'yes' if same else 'NO'}")


def per_game(games: int) -> None:
    print(f"Simulation alone (in one process, random bots), {games} games per game")
    print(f"{'game':20} {'1 worker g/s':>14} {'2 workers g/s':>14} {'speed-up':>9}")
    for game_id, cls in registered().items():
        job = Job(project=str(ROOT), game_id=game_id, players=cls.facts.bench_players,
                  bots=("random",), games=games, seed=1, chunk=50)
        prepare(job, load_game(Project(ROOT), game_id))  # loaded before timing; workers fork warm
        one = run_local(job, 1)
        two = run_local(job, 2)
        r1, r2 = len(one.records) / one.seconds, len(two.records) / two.seconds
        print(f"{game_id:20} {r1:14.0f} {r2:14.0f} {r2 / r1:8.2f}x", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="bridge-over")
    parser.add_argument("--games", type=int, default=2000, help="games of the whole command")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--table-games", type=int, default=1000,
                        help="games per game in the per-game table (0 skips it)")
    args = parser.parse_args()
    whole_command(args.game, args.games, args.rounds)
    if args.table_games:
        print()
        per_game(args.table_games)


if __name__ == "__main__":
    main()
