"""What a cut ISMCTS rollout of original-tcg should be judged by: fitted to who won greedy games.

    .venv/bin/python bench/judge_fit.py              # 400 games, a few seconds
    .venv/bin/python bench/judge_fit.py --games 1000

Plays `--games` two-player games of greedy against greedy (seeded) and, every 25 decisions,
takes each player's standing against the other: health (life cards x 11 less the damage
counters), the power of its soldiers on the field, their number, its warehouse, hand and
support (capped at 15). A logistic regression (Newton's method) of "this player won" on the
differences is fitted for a few sets of them, and its log loss and share of winners guessed
are printed beside the engine's own cut judgement (`ismcts.outcome`: life cards, then fewer
cards in hand), which is what a rollout cut at `ROLLOUT_CAP` got before original-tcg gave its
own (`OriginalTcg.judge_rollout`, whose weights are the health-and-power row of this table).
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from deckwright.balance.simulate import _game  # noqa: E402
from deckwright.engine import EMPTY  # noqa: E402
from deckwright.engine.bots import GreedyBot  # noqa: E402

NAMES = ("health", "power", "soldiers", "warehouse", "hand", "support")
#: the sets of differences fitted (indices into NAMES)
MODELS = ((0,), (0, 1), (0, 1, 2), (0, 1, 3), (0, 1, 2, 3, 4, 5))
EVERY = 25


def standing(state, p: int) -> list[float]:
    """Player p's figures (NAMES) and its count of life cards."""
    g, piles = state.game, state.zones.piles
    health, power = state.standing(p)
    soldiers = sum(1 for i in piles[g.SOLD] if i != EMPTY and state.owner[i] == p)
    return [health, power, soldiers, len(piles[g.WARE[p]]), len(piles[g.HAND[p]]),
            min(len(piles[g.SUPPORT[p]]), 15), len(piles[g.LIFE[p]])]


def samples(games: int) -> tuple[np.ndarray, np.ndarray]:
    """Differences (player minus other; the last column life cards) and whether the player
    won, from every EVERY-th position of `games` decided greedy games, both players."""
    game = _game(str(ROOT), "original-tcg", None)
    rows, won = [], []
    for g in range(games):
        state = game.new_state(2, 5000 + g)
        state.log.on = False
        bots = [GreedyBot(g), GreedyBot(g + 77)]
        taken, steps = [], 0
        while not state.is_over() and steps < 3000:
            if steps and steps % EVERY == 0:
                taken.append([standing(state, p) for p in (0, 1)])
            state.apply(bots[state.current_player()].choose(state, state.legal_actions()),
                        check=False)
            steps += 1
        winner = state.winner() if state.is_over() else None
        if winner is None:
            continue
        for both in taken:
            for p in (0, 1):
                rows.append([a - b for a, b in zip(both[p], both[1 - p])])
                won.append(1.0 if p == winner else 0.0)
    return np.array(rows, float), np.array(won)


def fit(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float, float]:
    """Logistic regression without intercept (the judgement is symmetric): weights, mean
    log loss, share guessed right."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) / len(y)
        hess = (x * (p * (1 - p))[:, None]).T @ x / len(y) + 1e-9 * np.eye(x.shape[1])
        w -= np.linalg.solve(hess, grad)
    p = 1 / (1 + np.exp(-(x @ w)))
    loss = -np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))
    right = np.where(p == 0.5, 0.5, (p > 0.5) == (y > 0.5))   # an even guess half right
    return w, float(loss), float(np.mean(right))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400, help="greedy games (default 400)")
    args = ap.parse_args()
    x, y = samples(args.games)
    print(f"original-tcg, greedy against greedy: {args.games} games, {len(y)} standings "
          f"(each player's, every {EVERY} decisions of a decided game)")
    print(f"{'judged by (difference)':<52} {'weights':<44} {'log loss':>8} {'right':>6}")
    for cols in MODELS:
        w, loss, right = fit(x[:, cols], y)
        print(f"{', '.join(NAMES[c] for c in cols):<52} "
              f"{' '.join(f'{v:+.3f}' for v in w):<44} {loss:8.3f} {right:6.1%}")
    life, hand = x[:, 6], x[:, 4]
    guess = np.where(life != 0, (life > 0) * 1.0, np.where(hand != 0, (hand < 0) * 1.0, 0.5))
    right = np.where(guess == 0.5, 0.5, (guess > 0.5) == (y > 0.5))
    by_hand = (life == 0) & (hand != 0)
    print(f"{'engine outcome: life cards, then fewer in hand':<52} {'(0 or 1)':<44} "
          f"{'':>8} {np.mean(right):6.1%}")
    print(f"  life cards decide {np.mean(life != 0):.1%} of standings, the hands "
          f"{np.mean(by_hand):.1%} (and guess {np.mean(right[by_hand]):.1%} of those right), "
          f"a tie {np.mean(guess == 0.5):.1%}")


if __name__ == "__main__":
    main()
