"""Engine throughput beside its peers: random-bot games per second, CPU time, interleaved rounds.

    .venv/bin/python bench/run.py                     # every figure, default sizes
    .venv/bin/python bench/run.py --rounds 9 --scale 2
    .venv/bin/python bench/run.py --games 0           # only the interleaved comparison
    .venv/bin/python bench/run.py --where             # also: engine / rules module shares
    .venv/bin/python bench/run.py --table-only bridge-over --games 5000

Every side is timed in CPU seconds (`time.process_time`), so time the process spends waiting for
a core on a loaded machine is not counted. The sides are played in turn within each round (the
order rotated every round), and each ratio is taken within a round, so a machine that speeds up
or slows down between rounds moves both sides of a ratio alike; the min and median over the
rounds are printed. Peers are timed the way their users run them fast:

- RLCard UNO: one `UnoGame` object for every game, its RandomState reseeded per game (a new
  `UnoGame()` per game seeds from the OS and runs at about two thirds of RLCard's own speed).
- OpenSpiel crazy_eights, 2 players: the Python loop (legal actions, uniform pick, chance outcomes
  sampled, all through pyspiel), and the C++ loop (`pyspiel.evaluate_bots` with its uniform
  random bots: no Python per decision).

Every deckwright game is seeded (seed = game number), so a run plays the same games every time;
the checksum of scores shows that. Invariant checks and the event log are off, as for the peers.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from deckwright.engine.fuzz import play_random  # noqa: E402
from deckwright.model import Project, load_game  # noqa: E402
from deckwright.app.registry import broken, registered, rules_for  # noqa: E402

#: (games per round, at --scale 1) for each side of the interleaved comparison.
ROUND_GAMES = {"bridge-over": 400, "uno": 400, "c8-py": 300, "c8-cpp": 2000,
               "original-tcg": 30, "super-page-one": 100, "bridge-over-log": 400}
#: Targets from issue 17: bridge-over / RLCard UNO games/s, and each game's cost per decision
#: against bridge-over's.
TARGET_UNO = 1.0
GOAL_UNO = 2.0
TARGET_PER_DECISION = 2.0
TABLE_GAMES = 2_000

#: A side plays `n` games from seed `first` and returns (CPU seconds, decisions).
Side = Callable[[int, int], tuple[float, int]]


def deckwright_side(game, players: int, *, log: bool = False) -> Side:
    def run(n: int, first: int) -> tuple[float, int]:
        decisions = 0
        start = time.process_time()
        for seed in range(first, first + n):
            decisions += play_random(game, seed, players=players, log=log).decisions
        return time.process_time() - start, decisions
    return run


def rlcard_side() -> Side:
    """2-player UNO in RLCard's game loop, one game object reseeded per game."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=2)
    rng = np.random.RandomState(0)
    game.np_random = rng

    def run(n: int, first: int) -> tuple[float, int]:
        decisions = 0
        start = time.process_time()
        for seed in range(first, first + n):
            rng.seed(seed)
            pick = random.Random(seed).random   # the same uniform pick as deckwright's RandomBot
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                game.step(legal[int(pick() * len(legal))])
                decisions += 1
        return time.process_time() - start, decisions
    return run


def openspiel_sides() -> tuple[Side, Side]:
    """crazy_eights, 2 players: (Python loop, C++ loop)."""
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": 2})

    def python_loop(n: int, first: int) -> tuple[float, int]:
        decisions = 0
        start = time.process_time()
        for seed in range(first, first + n):
            pick = random.Random(seed).random
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()   # uniform in crazy_eights' deal
                    state.apply_action(outcomes[int(pick() * len(outcomes))][0])
                    continue
                legal = state.legal_actions()
                state.apply_action(legal[int(pick() * len(legal))])
                decisions += 1
        return time.process_time() - start, decisions

    def cpp_loop(n: int, first: int) -> tuple[float, int]:
        bots = [pyspiel.make_uniform_random_bot(p, first + p) for p in range(2)]
        start = time.process_time()
        for seed in range(first, first + n):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        return time.process_time() - start, 0   # decisions are not visible from Python
    return python_loop, cpp_loop


def table(project: Project, only: list[str], games: int) -> None:
    print("deckwright engine, every game: random bots, invariants and event log off, CPU time")
    print(f"{'game':<20}{'players':>8}{'games':>8}{'decisions/game':>16}{'games/s':>9}"
          f"{'us/decision':>13}  checksum")
    for game_id, game_cls in registered().items():
        if game_id not in project.game_ids() or (only and game_id not in only):
            continue
        game = game_cls(load_game(project, game_id))
        players = game.facts.bench_players
        decisions = checksum = 0
        start = time.process_time()
        for seed in range(games):
            played = play_random(game, seed, players=players, log=False)
            decisions += played.decisions
            checksum = (checksum * 31 + sum(played.state.scores())) % 1_000_000_007
        seconds = time.process_time() - start
        print(f"{game_id:<20}{players:>8}{games:>8}{decisions / games:>16.1f}{games / seconds:>9.0f}"
              f"{seconds / decisions * 1e6:>13.2f}  {checksum}", flush=True)
    for module, why in broken().items():
        print(f"{module}: rules module does not load: {why}")


def sides(project: Project) -> dict[str, tuple[str, Side]]:
    """Every side of the interleaved comparison that can run here: key -> (label, side)."""
    out: dict[str, tuple[str, Side]] = {}
    for game_id in ("bridge-over", "original-tcg", "super-page-one"):
        cls = rules_for(game_id)
        if cls is None or game_id not in project.game_ids():
            continue
        game = cls(load_game(project, game_id))
        players = 2 if game_id == "bridge-over" else game.facts.bench_players
        label = f"deckwright {game_id} ({players}p" + (f", {game.deck.id})" if game_id == "bridge-over" else ")")
        out[game_id] = (label, deckwright_side(game, players))
        if game_id == "bridge-over":
            out["bridge-over-log"] = (label[:-1] + ", event log on)",
                                      deckwright_side(game, players, log=True))
    try:
        import rlcard
        out["uno"] = (f"RLCard {rlcard.__version__} UNO (2p, one game reseeded)", rlcard_side())
    except ImportError:
        print("RLCard skipped: not installed (pip install -e '.[bench]')")
    try:
        import pyspiel  # noqa: F401
        py_loop, cpp_loop = openspiel_sides()
        out["c8-py"] = ("OpenSpiel crazy_eights (2p, Python loop)", py_loop)
        out["c8-cpp"] = ("OpenSpiel crazy_eights (2p, C++ loop)", cpp_loop)
    except ImportError:
        print("OpenSpiel skipped: open_spiel is not installed (pip install -e '.[bench]')")
    return out


def interleaved(project: Project, rounds: int, scale: float) -> None:
    runs = sides(project)
    order = list(runs)
    per_round: dict[str, list[tuple[float, int, int]]] = {k: [] for k in order}
    for r in range(rounds):
        shift = r % len(order)
        for key in order[shift:] + order[:shift]:
            n = max(1, int(ROUND_GAMES[key] * scale))
            seconds, decisions = runs[key][1](n, r * n)
            per_round[key].append((seconds, decisions, n))
    print()
    print(f"Interleaved: {rounds} rounds, sides in rotating order, CPU time; per side the median "
          "round")
    print(f"  {'side':<60}{'games/s':>9}{'decisions/game':>16}{'us/decision':>13}")
    for key in order:
        gps = statistics.median(n / s for s, _, n in per_round[key])
        dec = sum(d for _, d, _ in per_round[key]) / sum(n for _, _, n in per_round[key])
        usd = statistics.median(s / d * 1e6 for s, d, _ in per_round[key] if d) if dec else None
        print(f"  {runs[key][0]:<60}{gps:>9.0f}{f'{dec:.1f}' if dec else 'n/a':>16}"
              f"{f'{usd:.2f}' if usd is not None else 'n/a':>13}")

    def ratio(a: str, b: str, per_decision: bool = False) -> tuple[float, float]:
        values = []
        for (sa, da, na), (sb, db, nb) in zip(per_round[a], per_round[b]):
            values.append((sa / da) / (sb / db) if per_decision else (na / sa) / (nb / sb))
        return min(values), statistics.median(values)

    print()
    print("Ratios within each round (min / median over rounds):")
    if "bridge-over" in runs:
        for peer, what in (("uno", "RLCard UNO"), ("c8-py", "OpenSpiel crazy_eights Python loop"),
                           ("c8-cpp", "OpenSpiel crazy_eights C++ loop")):
            if peer not in runs:
                continue
            lo, med = ratio("bridge-over", peer)
            aim = (f"target >= {TARGET_UNO:.1f}x, goal {GOAL_UNO:.0f}x" if peer == "uno"
                   else "peer only, no target")
            print(f"  bridge-over / {what} games/s: {lo:.2f}x / {med:.2f}x  ({aim})")
        lo, med = ratio("bridge-over-log", "bridge-over")
        print(f"  bridge-over event log on / off games/s: {lo:.2f}x / {med:.2f}x  (no target)")
        for other in ("original-tcg", "super-page-one"):
            if other in runs:
                lo, med = ratio(other, "bridge-over", per_decision=True)
                hi = max((sa / da) / (sb / db) for (sa, da, _), (sb, db, _)
                         in zip(per_round[other], per_round["bridge-over"]))
                print(f"  {other} / bridge-over CPU per decision: {med:.2f}x median, {hi:.2f}x "
                      f"worst round  (target <= {TARGET_PER_DECISION:.0f}x)")


#: Seeded games per game for --where (cProfile slows them down several times).
WHERE_GAMES = {"bridge-over": 300, "original-tcg": 40, "super-page-one": 100}


def where(project: Project) -> None:
    """Where a decision's CPU goes, by part of the code: the shared engine (`deckwright.engine`),
    the game's own rules module, built-in functions, the rest. cProfile's own time per function,
    summed by file, over seeded random games (the players of the interleaved comparison):
    compiling the engine core, issue 17's fallback, can only speed up the engine's share, so
    a game whose decisions are mostly its rules module gains the least from it."""
    import cProfile
    import pstats

    print()
    print("Where a decision's CPU goes (cProfile's own time per function, summed by part):")
    print(f"  {'game':<20}{'engine':>9}{'rules module':>14}{'built-ins':>11}{'other':>8}")
    for game_id, games in WHERE_GAMES.items():
        cls = rules_for(game_id)
        if cls is None or game_id not in project.game_ids():
            continue
        game = cls(load_game(project, game_id))
        players = 2 if game_id == "bridge-over" else game.facts.bench_players
        profile = cProfile.Profile()
        profile.runcall(deckwright_side(game, players), games, 0)
        own = Counter()
        module = f"/rules/{game_id.replace('-', '_')}/"
        for (path, _, _), (_, _, tottime, _, _) in pstats.Stats(profile).stats.items():
            part = ("engine" if "/deckwright/engine/" in path else "rules" if module in path
                    else "built-ins" if path == "~" else "other")
            own[part] += tottime
        total = sum(own.values())
        print(f"  {game_id:<20}" + "".join(f"{own[part] / total:>{width}.0%}" for part, width in
                                           (("engine", 9), ("rules", 14), ("built-ins", 11),
                                            ("other", 8))))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME",
                        help="games in the per-game table (default: all)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply every side's games per round (default 1)")
    parser.add_argument("--games", type=int, default=TABLE_GAMES,
                        help=f"games per game in the per-game table (default {TABLE_GAMES:,}; 0 skips)")
    parser.add_argument("--table-only", action="store_true",
                        help="skip the interleaved comparison with the peers")
    parser.add_argument("--where", action="store_true",
                        help="also print where a decision's CPU goes: engine, rules module, rest")
    parser.add_argument("-C", "--project", type=Path, default=ROOT)
    args = parser.parse_args(argv)
    project = Project(args.project.resolve())
    unknown = [g for g in args.games_ids if g not in registered()]
    if unknown:
        parser.error(f"no rules module for {', '.join(unknown)} "
                     f"(games with one: {', '.join(registered()) or 'none'})")
    print("CPU-time figures from one process; on a shared machine read the ratios, not the rates.")
    if args.games:
        table(project, args.games_ids, args.games)
    if not args.table_only:
        interleaved(project, args.rounds, args.scale)
    if args.where:
        where(project)
    return 0


if __name__ == "__main__":
    sys.exit(main())
