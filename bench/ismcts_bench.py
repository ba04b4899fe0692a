"""How strong the ISMCTS bot is, and what it costs: per game, two players.

    .venv/bin/python bench/ismcts_bench.py                      # small samples (a shared machine)
    .venv/bin/python bench/ismcts_bench.py --games 1000 --workers 2 --only super-page-one
    .venv/bin/python bench/ismcts_bench.py --budgets 50,100,200 --only super-page-one --games 200

For each game (the five bundled games and the UNO project of tests/fixtures/uno) it plays
`greedy` against `random`, `greedy` against `greedy` (the first seat's win rate: what the seat
alone is worth between equal players), and `ismcts:B` against `greedy` with seat rotation (the
seats swap every game, so neither bot always moves first), as `deckwright simulate` plays them
(the same jobs, chunks and seeds, `--workers` processes on this machine), and prints one table:
the first-named bot's win rate with its 95% Wilson interval and n, games per hour, and the time
of one ISMCTS decision (mean over the decisions of a few games played in this process). A tie
counts half a win to each. B is the game's default (`Game.search_budget`, else the engine's)
unless `--budgets` names others.

A game's own bots (ghost-couple's `memory`, the UNO project's `plan`) are played against greedy
and against ismcts too. Every greedy bot is a fair opponent: a game's `greedy_value` judges
only from what its player may know (ghost-couple's turns a face-down card it remembers, never
one it has not seen; tests/test_rollout_policies.py). A game that gives its own rollout policy
(`Game.rollout_action`, the UNO project's `plan` rule) is searched by one step of improvement
over that policy (docs/engine.md); the table says so under the game, and its own bot's row
against greedy is what the policy alone is worth, so what the search adds is the difference.

`--swapped N` measures how much the deal decides: N deals, each played twice with the two bots'
seats swapped (the same game seed, so the same deal and shuffles as far as the play agrees). A
deal the same seat wins both times was decided by the deal at this level of play; the first bot
can win at most 1 - decided/2 of the games if it won every other deal both ways; the 2N games
are themselves seat-rotated, so their row is a win rate like the others (with ms/dec when
greedy is not among the rivals). `--rivals` names the bots ismcts meets (default: greedy and
the game's own bots).

`--budgets` sweeps the simulations a decision: the default budget is the largest whose 1,000
two-player super-page-one games fit in ten minutes on two cores (the games-per-hour column, run
with --workers 2 on an idle machine). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from deckwright.balance.local import run_local, start_method  # noqa: E402
from deckwright.balance.simulate import Job, _game, play_one, prepare  # noqa: E402
from deckwright.balance.stats import Records, wilson  # noqa: E402
from deckwright.engine.bots import make_bot  # noqa: E402
from deckwright.engine import ismcts  # noqa: E402
from deckwright.engine.ismcts import DEFAULT_BUDGET, ISMCTSBot, search_budget  # noqa: E402
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


def _both_ways(task: tuple[str, str, tuple[str, str], int, int]) -> tuple[float, float]:
    """Deal `number` of the job played with the bots in order and swapped: the first bot's
    share of the win in each (a tie shared; a stalled game 0.5)."""
    game_id, root, bots, seed, number = task
    shares = []
    for order in (bots, bots[::-1]):
        job = Job(project=root, game_id=game_id, players=2, bots=order, games=number + 1,
                  seed=seed)
        record = play_one(_game(root, game_id, None), job, number)   # even: seats = order
        won = [record.seats[p] for p in record.winners]
        shares.append(won.count(bots[0]) / len(won) if won else 0.5)
    return shares[0], shares[1]


def swapped(game_id: str, root: Path, bots: tuple[str, str], deals: int, workers: int,
            seed: int) -> tuple[int, int, int, float, float]:
    """`deals` deals played both ways: (decided by the deal, first bot won both, second bot
    won both, the first bot's wins over the 2 x deals games, seconds). A deal counts as
    decided when the same seat won both games."""
    prepare(Job(project=str(root), game_id=game_id, players=2, bots=bots, games=1, seed=seed),
            load_game(Project(root), game_id))
    tasks = [(game_id, str(root), bots, seed, 2 * d) for d in range(deals)]
    start = time.perf_counter()
    with multiprocessing.get_context(start_method()).Pool(workers) as pool:
        results = pool.map(_both_ways, tasks, chunksize=1)
    seconds = time.perf_counter() - start
    decided = sum(1 for a, b in results if (a, b) in ((1.0, 0.0), (0.0, 1.0)))
    first = sum(1 for a, b in results if a == b == 1.0)
    second = sum(1 for a, b in results if a == b == 0.0)
    return decided, first, second, sum(a + b for a, b in results), seconds


def own_bots(game_id: str, root: Path) -> list[str]:
    """The game's own bots (ghost-couple's memory bot, the UNO project's plan)."""
    return sorted(type(_game(str(root), game_id, None)).bots)


def seat_share(records: Records, seat: int) -> float:
    """Wins of the player in `seat` (a tie shared) over the games."""
    wins = 0.0
    for mask in records.winners:
        won = [s for s in range(records.seats) if mask >> s & 1]
        if won and seat in won:
            wins += 1 / len(won)
    return wins


def row(game_id: str, pairing: str, wins: float, n: int, seconds: float, ms: str = "") -> str:
    low, high = wilson(wins, n)
    return (f"{game_id:<18} {pairing:<26} {wins / n:6.1%}  {low:5.1%}-{high:5.1%}  {n:5d}  "
            f"{n / seconds * 3600 if seconds else 0:8.0f}  {ms:>8}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games per pairing (default 40)")
    ap.add_argument("--slow-games", type=int, default=6,
                    help="games per pairing for original-tcg, whose decisions cost 20x more "
                         "(default 6)")
    ap.add_argument("--budgets", default="",
                    help="simulations a decision, comma-separated (default: each game's own "
                         f"default, `Game.search_budget` or {DEFAULT_BUDGET})")
    ap.add_argument("--only", action="append", help="only these games (repeatable)")
    ap.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--timing-games", type=int, default=2,
                    help="games timed decision by decision in this process (default 2)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rivals", default="",
                    help="the bots ismcts meets, comma-separated, or none (default: greedy "
                         "and the game's own bots)")
    ap.add_argument("--swapped", type=int, default=0,
                    help="also replay this many deals with the seats of ismcts and greedy "
                         "swapped: how many the deal decides (default 0: none)")
    ap.add_argument("--evidence", type=float, default=ismcts.EVIDENCE,
                    help="standard errors by which the search must show a game's own policy "
                         f"worse to leave it (default {ismcts.EVIDENCE}; 0: the most visited)")
    args = ap.parse_args()
    if args.evidence != ismcts.EVIDENCE and start_method() != "fork":
        ap.error("--evidence needs forked workers (Linux): spawned ones load the default")
    ismcts.EVIDENCE = args.evidence     # the workers, forked later, inherit it
    print(f"ISMCTS bench: 2 players, seats rotated, {args.workers} worker(s), seed {args.seed}, "
          f"evidence {args.evidence:g}")
    print(f"{'game':<18} {'pairing (first bot wins)':<26} {'wins':>6}  {'95% Wilson':<11}  "
          f"{'n':>5}  {'games/h':>8}  {'ms/dec':>8}")
    for game_id, root in GAMES.items():
        if args.only and game_id not in args.only:
            continue
        games = args.slow_games if game_id == "original-tcg" else args.games
        records, seconds = play(game_id, root, ("greedy", "random"), games, args.workers,
                                args.seed)
        print(row(game_id, "greedy vs random", *win_shares(records, "greedy"), seconds))
        records, seconds = play(game_id, root, ("greedy", "greedy"), games, args.workers,
                                args.seed)
        print(row(game_id, "greedy vs greedy: seat 1", seat_share(records, 0), len(records),
                  seconds))
        for own in own_bots(game_id, root):
            records, seconds = play(game_id, root, (own, "greedy"), games, args.workers,
                                    args.seed)
            print(row(game_id, f"{own} vs greedy", *win_shares(records, own), seconds))
        game_class = type(_game(str(root), game_id, None))
        if getattr(game_class, "rollout_action", None) is not None:
            print(f"{'':<18} (ISMCTS improves on {game_id}'s own policy, "
                  "Game.rollout_action: keeps its choice unless shown worse)")
        game_budget = search_budget(game_class)
        budgets = [int(b) for b in args.budgets.split(",")] if args.budgets else [game_budget]
        for budget in budgets:
            name = f"ismcts:{budget}"
            rivals = ([] if args.rivals == "none" else args.rivals.split(",") if args.rivals
                      else ["greedy", *own_bots(game_id, root)])
            for rival in rivals:
                records, seconds = play(game_id, root, (name, rival), games, args.workers,
                                        args.seed)
                per, n = (decision_time(game_id, root, budget, args.timing_games)
                          if rival == "greedy" else (0.0, 0))
                print(row(game_id, f"{name} vs {rival}", *win_shares(records, name), seconds,
                          f"{per * 1000:.1f}" if n else ""))
            if args.swapped:
                deals = args.swapped
                decided, first, second, wins, seconds = swapped(
                    game_id, root, (name, "greedy"), deals, args.workers, args.seed)
                per, n = ((0.0, 0) if "greedy" in rivals
                          else decision_time(game_id, root, budget, args.timing_games))
                print(row(game_id, f"{name} vs greedy, swapped", wins, 2 * deals, seconds,
                          f"{per * 1000:.1f}" if n else ""))
                print(f"{game_id:<18} {name} vs greedy, seats swapped on {deals} deals: "
                      f"the deal decided {decided} ({decided / deals:.0%}), {name} won both "
                      f"{first}, greedy won both {second}, the rest split by ties; "
                      f"{name} could win at most {1 - decided / (2 * deals):.1%} "
                      f"({seconds:.0f} s)")


if __name__ == "__main__":
    main()
