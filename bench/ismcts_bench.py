"""How strong the ISMCTS bot is, and what it costs: per game, two players.

    .venv/bin/python bench/ismcts_bench.py                      # small samples (a shared machine)
    .venv/bin/python bench/ismcts_bench.py --games 1000 --workers 2 --only super-page-one
    .venv/bin/python bench/ismcts_bench.py --budgets 50,100,200 --only super-page-one --games 200

For each game (the five bundled games and the UNO project of tests/fixtures/uno) it plays
`ismcts:B` against `greedy` and `greedy` against `random` with seat rotation (the seats swap
every game, so neither bot always moves first), as `deckwright simulate` plays them (the same
jobs, chunks and seeds, `--workers` processes on this machine), and prints each bot's win rate
with its 95% Wilson interval, the games per hour, and the time of one ISMCTS decision (mean over
the decisions of a few games played in this process). A tie counts half a win to each.

A game's own bots (ghost-couple's `memory`) are played against ismcts too: the engine's greedy
bot reads the state, and ghost-couple's `greedy_value` looks at the face-down cards it would
turn, so there greedy is not a fair opponent and `memory` is.

`--budgets` sweeps the simulations a decision: the default budget is the largest whose 1,000
two-player super-page-one games fit in ten minutes on two cores (the games-per-hour column, run
with --workers 2 on an idle machine). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from deckwright.balance.local import run_local  # noqa: E402
from deckwright.balance.simulate import Job, _game, prepare  # noqa: E402
from deckwright.balance.stats import Records, wilson  # noqa: E402
from deckwright.engine.bots import make_bot  # noqa: E402
from deckwright.engine.ismcts import DEFAULT_BUDGET, ISMCTSBot  # noqa: E402
from deckwright.balance.simulate import bots_of  # noqa: E402
from deckwright.model import Project, load_game  # noqa: E402

UNO = ROOT / "tests" / "fixtures" / "uno"
GAMES = {"super-page-one": ROOT, "uno": UNO, "bridge-over": ROOT, "treasure-scramble": ROOT,
         "ghost-couple": ROOT, "original-tcg": ROOT}


def win_shares(records: Records, name: str) -> tuple[float, int]:
    """Wins of bot `name` (a tie shared) over the games it played."""
    wins = 0.0
    for lineup_index, mask in zip(records.lineup, records.winners):
        seats = records.lineups[lineup_index]
        won = [s for s in range(len(seats)) if mask >> s & 1]
        if won:
            wins += sum(1 for s in won if seats[s] == name) / len(won)
    return wins, len(records)


def play(game_id: str, root: Path, bots: tuple[str, str], games: int, workers: int,
         seed: int) -> tuple[Records, float]:
    job = Job(project=str(root), game_id=game_id, players=2, bots=bots, games=games, seed=seed,
              chunk=max(1, min(25, games // (2 * workers) or 1)))
    prepare(job, load_game(Project(root), game_id))
    start = time.perf_counter()
    outcome = run_local(job, workers)
    return outcome.records, time.perf_counter() - start


def decision_time(game_id: str, root: Path, budget: int, games: int) -> tuple[float, int]:
    """Mean seconds of one ISMCTS decision (with a choice to make) over `games` games."""
    game = _game(str(root), game_id, None)
    kinds = bots_of(type(game))
    spent, decisions = 0.0, 0
    for g in range(games):
        state = game.new_state(2, 1000 + g)
        state.log.on = False
        bots = [ISMCTSBot(g, budget), make_bot(kinds, "greedy", g)]
        steps = 0
        while not state.is_over() and steps < 2000:
            p = state.current_player()
            actions = state.legal_actions()
            if p == 0 and len(actions) > 1:
                t = time.perf_counter()
                action = bots[0].choose(state, actions)
                spent += time.perf_counter() - t
                decisions += 1
            else:
                action = bots[p].choose(state, actions)
            state.apply(action, check=False)
            steps += 1
    return (spent / decisions if decisions else 0.0), decisions


def own_bots(game_id: str, root: Path) -> list[str]:
    """The game's own bots (ghost-couple's memory bot plays fair; its greedy bot reads the
    face-down field through the module's greedy_value)."""
    return sorted(type(_game(str(root), game_id, None)).bots)


def line(label: str, name: str, records: Records, seconds: float) -> str:
    wins, n = win_shares(records, name)
    low, high = wilson(wins, n)
    per_hour = n / seconds * 3600 if seconds else 0.0
    return (f"  {label:<22} {name:>12} wins {wins / n:6.1%} (95% {low:5.1%}-{high:5.1%}, "
            f"n={n})  {per_hour:9.0f} games/h")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games per pairing (default 40)")
    ap.add_argument("--slow-games", type=int, default=6,
                    help="games per pairing for original-tcg, whose decisions cost 20x more "
                         "(default 6)")
    ap.add_argument("--budgets", default=str(DEFAULT_BUDGET),
                    help=f"simulations a decision, comma-separated (default {DEFAULT_BUDGET})")
    ap.add_argument("--only", action="append", help="only these games (repeatable)")
    ap.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--timing-games", type=int, default=2,
                    help="games timed decision by decision in this process (default 2)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    print(f"ISMCTS bench: 2 players, seats rotated, {args.workers} worker(s), seed {args.seed}")
    for game_id, root in GAMES.items():
        if args.only and game_id not in args.only:
            continue
        games = args.slow_games if game_id == "original-tcg" else args.games
        print(f"{game_id}:")
        records, seconds = play(game_id, root, ("greedy", "random"), games, args.workers,
                                args.seed)
        print(line("greedy vs random", "greedy", records, seconds))
        for budget in budgets:
            name = f"ismcts:{budget}"
            records, seconds = play(game_id, root, (name, "greedy"), games, args.workers,
                                    args.seed)
            print(line("ismcts vs greedy", name, records, seconds))
            for own in own_bots(game_id, root):
                records, seconds = play(game_id, root, (name, own), games, args.workers,
                                        args.seed)
                print(line(f"ismcts vs {own}", name, records, seconds))
            per, n = decision_time(game_id, root, budget, args.timing_games)
            print(f"  {'':<22} {name:>12} {per * 1000:8.1f} ms a decision (mean of {n})")


if __name__ == "__main__":
    main()
