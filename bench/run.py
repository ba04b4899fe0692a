"""Engine throughput: random-bot games per second for every game with a rules module, and the
RLCard comparison (2-player UNO in RLCard's game loop against 2-player bridge-over Basic).

    .venv/bin/python bench/run.py                  # every game, default counts, + RLCard
    .venv/bin/python bench/run.py --games 5000 bridge-over
    .venv/bin/python bench/run.py --versus 20000   # games per side in the RLCard comparison

Every game is seeded (seed = game number), so a run plays the same games every time; only the
clock differs. Invariant checks and the event log are off (the fuzz test checks invariants);
the comparison also prints bridge-over with its log on. The two sides of the comparison are
played in alternating blocks so that a busy machine slows both alike.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from deckwright.engine.fuzz import play_random  # noqa: E402
from deckwright.model import Project, load_game  # noqa: E402
from deckwright.rules import broken, rules_for, registered  # noqa: E402

#: Games per game when --games is not given: the issue's 100,000 for bridge-over.
DEFAULT_GAMES = {"bridge-over": 100_000}
OTHER_GAMES = 2_000
BLOCK = 250


def bench_game(game, games: int, players: int, *, log: bool = False,
               first_seed: int = 0) -> tuple[float, int, int]:
    """(seconds, decisions, checksum of scores) for `games` seeded random games."""
    decisions = checksum = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        played = play_random(game, seed, players=players, log=log)
        decisions += played.decisions
        checksum = (checksum * 31 + sum(played.state.scores())) % 1_000_000_007
    return time.perf_counter() - start, decisions, checksum


def rlcard_uno(games: int, first_seed: int = 0) -> tuple[float, int]:
    """(seconds, decisions) for `games` 2-player UNO games in RLCard's own game loop, each
    player taking a uniformly random legal action."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    decisions = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        game = UnoGame(num_players=2)
        game.np_random = np.random.RandomState(seed)
        pick = random.Random(seed).random   # the same uniform pick as deckwright's RandomBot
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[int(pick() * len(legal))])
            decisions += 1
    return time.perf_counter() - start, decisions


def table(project: Project, only: list[str], games: int | None) -> None:
    print("deckwright engine: random bots, invariants and event log off")
    print(f"{'game':<20}{'players':>8}{'games':>10}{'decisions/game':>16}{'games/s':>10}"
          f"{'decisions/s':>13}  checksum")
    for game_id, game_cls in registered().items():
        if game_id not in project.game_ids() or (only and game_id not in only):
            continue
        game = game_cls(load_game(project, game_id))
        n = games or DEFAULT_GAMES.get(game_id, OTHER_GAMES)
        players = game.facts.bench_players
        seconds, decisions, checksum = bench_game(game, n, players)
        print(f"{game_id:<20}{players:>8}{n:>10}{decisions / n:>16.1f}{n / seconds:>10.0f}"
              f"{decisions / seconds:>13.0f}  {checksum}", flush=True)
    for module, why in broken().items():
        print(f"{module}: rules module does not load: {why}")


def versus(project: Project, games: int) -> None:
    import rlcard

    game_cls = rules_for("bridge-over")
    if game_cls is None:
        print("RLCard comparison: no bridge-over rules module yet")
        return
    data = load_game(project, "bridge-over")
    game = game_cls(data)          # the default deck: Basic set
    print()
    print(f"RLCard comparison: 2 players, uniformly random legal actions, {games} games each,"
          f" alternating blocks of {BLOCK}")
    totals = {"uno": [0.0, 0], "bo": [0.0, 0], "bo-log": [0.0, 0]}
    for first in range(0, games, BLOCK):
        n = min(BLOCK, games - first)
        for key in totals:
            if key == "uno":
                seconds, decisions = rlcard_uno(n, first)
            else:
                seconds, decisions, _ = bench_game(game, n, 2, log=key == "bo-log",
                                                   first_seed=first)
            totals[key][0] += seconds
            totals[key][1] += decisions
    rows = [("uno", f"RLCard {rlcard.__version__} UNO (UnoGame loop)"),
            ("bo", f"bridge-over {game.deck.id} (log off)"),
            ("bo-log", f"bridge-over {game.deck.id} (log on)")]
    for key, label in rows:
        seconds, decisions = totals[key]
        print(f"  {label:<40}{games / seconds:>9.0f} games/s{decisions / games:>9.1f} "
              f"decisions/game{decisions / seconds:>10.0f} decisions/s")
    uno = games / totals["uno"][0]
    ratio = games / totals["bo"][0] / uno
    ratio_log = games / totals["bo-log"][0] / uno
    per_decision = (totals["bo"][1] / totals["bo"][0]) / (totals["uno"][1] / totals["uno"][0])
    print(f"  ratio bridge-over / RLCard UNO: {ratio:.2f}x games/s (log on: {ratio_log:.2f}x; "
          f"target >= 2x), {per_decision:.2f}x decisions/s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME", help="games (default: all)")
    parser.add_argument("--games", type=int, default=None,
                        help=f"random games per game (default: 100,000 for bridge-over, "
                             f"{OTHER_GAMES:,} for the others)")
    parser.add_argument("--versus", type=int, default=10_000,
                        help="games per side in the RLCard comparison (0 to skip; default 10,000)")
    parser.add_argument("-C", "--project", type=Path, default=ROOT)
    args = parser.parse_args(argv)
    project = Project(args.project.resolve())
    unknown = [g for g in args.games_ids if g not in registered()]
    if unknown:
        parser.error(f"no rules module for {', '.join(unknown)} "
                     f"(games with one: {', '.join(registered()) or 'none'})")
    table(project, args.games_ids, args.games)
    if args.versus:
        try:
            versus(project, args.versus)
        except ImportError:
            print("RLCard comparison skipped: rlcard is not installed (pip install -e '.[bench]')")
    return 0


if __name__ == "__main__":
    sys.exit(main())
