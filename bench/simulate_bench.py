"""Balance simulation speed: games per second per game on one core, and the 2-worker speed-up.

Run: .venv/bin/python bench/simulate_bench.py [--games N]. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from deckwright.balance.simulate import Job, _game, run_local  # noqa: E402
from deckwright.rules import registered  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    print(f"{'game':20} {'1 worker g/s':>14} {'2 workers g/s':>14} {'speed-up':>9}")
    for game_id, cls in registered().items():
        job = Job(project=str(ROOT), game_id=game_id, players=cls.facts.bench_players,
                  bots=("random",), games=args.games, seed=1, chunk=50)
        _game(job.project, job.game_id, job.deck)  # load the database before timing (workers fork warm)
        one = run_local(job, 1)
        two = run_local(job, 2)
        r1, r2 = len(one.records) / one.seconds, len(two.records) / two.seconds
        print(f"{game_id:20} {r1:14.0f} {r2:14.0f} {r2 / r1:8.2f}x")


if __name__ == "__main__":
    main()
