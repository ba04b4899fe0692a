"""Engine cost per decision as valgrind's cachegrind counts it: figures that do not move with
the load of a shared machine, beside bench/run.py's CPU times.

    .venv/bin/python bench/cachegrind_bench.py                   # bridge-over, original-tcg, super-page-one
    .venv/bin/python bench/cachegrind_bench.py original-tcg bridge-over --scale 2

Each game is played twice under `valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes`:
once with no games (imports and loading only) and once with seeded random games (invariants and
event log off, the players bench/run.py uses); the difference, over the decisions played, is the
cost of a decision: instructions executed, misses of the first-level instruction and data caches
and mispredicted branches, as valgrind simulates them (its own caches and predictor, not the real
CPU's, so the misses are a guide to where time goes, not a measure of it). The same code and
seeds print the same instruction counts from run to run to within about 0.1% (the misses move
a few percent: where the memory lands differs). bench/run.py's CPU ratio is the target; these
counts say whether a change executes less (instructions) and touches less (misses).

Needs valgrind (Debian package `valgrind`); without it the script says so and exits 0.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Seeded games per game at --scale 1: a few thousand decisions each.
GAMES = {"bridge-over": 60, "original-tcg": 10, "super-page-one": 30}
COUNTS = (("instructions", r"I\s+refs:\s+([\d,]+)"), ("I1 misses", r"I1\s+misses:\s+([\d,]+)"),
          ("D1 misses", r"D1\s+misses:\s+([\d,]+)"), ("mispredicts", r"Mispredicts:\s+([\d,]+)"))


def child(game_id: str, games: int) -> None:
    """Load the game, play `games` seeded random games, print the decisions played."""
    sys.path.insert(0, str(ROOT / "src"))
    from deckwright.engine.fuzz import play_random
    from deckwright.model import Project, load_game
    from deckwright.app.registry import rules_for

    game = rules_for(game_id)(load_game(Project(ROOT), game_id))
    players = 2 if game_id == "bridge-over" else game.facts.bench_players
    decisions = 0
    for seed in range(games):
        decisions += play_random(game, seed, players=players, log=False).decisions
    print(f"decisions {decisions}")


def counted(game_id: str, games: int) -> tuple[dict[str, int], int]:
    """cachegrind's totals for a child process playing `games` games, and its decisions."""
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes",
         "--cachegrind-out-file=/dev/null", sys.executable, __file__, "--child", game_id,
         str(games)], capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONHASHSEED": "0"})     # (string hashes: the same sets each run)
    totals = {}
    for name, pattern in COUNTS:
        found = re.search(pattern, run.stderr)
        if found is None:
            raise SystemExit(f"cachegrind printed no {name!r} count:\n{run.stderr[-2000:]}")
        totals[name] = int(found.group(1).replace(",", ""))
    decisions = int(re.search(r"decisions (\d+)", run.stdout).group(1))
    return totals, decisions


def per_decision(game_id: str, games: int) -> tuple[dict[str, float], int]:
    base, _ = counted(game_id, 0)
    full, decisions = counted(game_id, games)
    return {name: (full[name] - base[name]) / decisions for name, _ in COUNTS}, decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game_ids", nargs="*", metavar="GAME", help="games (default: %(default)s)",
                        default=list(GAMES))
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the games played")
    parser.add_argument("--child", nargs=2, metavar=("GAME", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child[0], int(args.child[1]))
        return 0
    if shutil.which("valgrind") is None:
        print("cachegrind skipped: valgrind is not installed (apt-get install valgrind)")
        return 0
    print("valgrind cachegrind, per decision (random bots, invariants and event log off); "
          "simulated caches and branch predictor")
    print(f"{'game':<16}{'decisions':>10}" + "".join(f"{name:>14}" for name, _ in COUNTS))
    rows = {}
    for game_id in args.game_ids:
        rows[game_id], decisions = per_decision(game_id, max(1, int(GAMES.get(game_id, 20) * args.scale)))
        print(f"{game_id:<16}{decisions:>10}" + "".join(f"{rows[game_id][name]:>14,.0f}"
                                                       for name, _ in COUNTS), flush=True)
    if "bridge-over" in rows:
        for game_id, row in rows.items():
            if game_id != "bridge-over":
                ratios = ", ".join(f"{name} {row[name] / rows['bridge-over'][name]:.2f}x"
                                   for name, _ in COUNTS)
                print(f"{game_id} / bridge-over per decision: {ratios}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
