"""What the search's departures from a game's own policy are worth, valued with the real hands.

    .venv/bin/python bench/policy_gain.py                        # the UNO project, 40 games
    .venv/bin/python bench/policy_gain.py --evidence 0 --budget 200

Plays games of the UNO project (tests/fixtures/uno) with its `plan` rule (`Game.rollout_action`)
for both players; at every decision with a choice it also asks ISMCTS (`ismcts:BUDGET`, seeded
per game and seat) and, where ISMCTS departs from the rule's best value, values both decisions
by ROLLOUTS full games played on by the rule from the real position (the real hands, the deck
shuffled again; the same seeds for both decisions). Prints how many decisions departed and
what a departure gained on average, with its standard error: a head-to-head match against
the rule measures the same thing with far more noise (a departure comes once in thirty
decisions). The real hands make this an umpire's value, not the seat's: it says whether the
search was right, not whether it could have known. Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from deckwright.balance.simulate import _game  # noqa: E402
from deckwright.engine import ismcts  # noqa: E402
from deckwright.engine.ismcts import ISMCTSBot, outcome  # noqa: E402

UNO = ROOT / "tests" / "fixtures" / "uno"


def umpire_value(state, action, seat: int, rollouts: int, seed: int) -> float:
    """`seat`'s mean result when it takes `action` and everyone plays the rule to the end."""
    game = state.game
    total = 0.0
    for i in range(rollouts):
        rng = random.Random(seed + i)
        world = state.world(rng)
        rng.shuffle(world.zones.piles[game.DECK])
        world.apply(action, check=False)
        while not world.is_over():
            world.apply(game.rollout_action(world, world.legal_actions(), rng), check=False)
        total += outcome(world)[seat]
    return total / rollouts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--rollouts", type=int, default=400, help="umpire rollouts a decision")
    ap.add_argument("--budget", type=int, default=200, help="ISMCTS simulations a decision")
    ap.add_argument("--evidence", type=float, default=ismcts.EVIDENCE)
    args = ap.parse_args()
    ismcts.EVIDENCE = args.evidence
    game = _game(str(UNO), "uno", None)
    plan_value = sys.modules[type(game).__module__].plan_value
    gains: list[float] = []
    decisions = 0
    for g in range(args.games):
        state = game.new_state(2, 7000 + g)
        state.log.on = False
        bots = [ISMCTSBot(2 * g + seat, args.budget) for seat in range(2)]
        rng = random.Random(g)
        while not state.is_over():
            actions = state.legal_actions()
            ruled = game.rollout_action(state, actions, rng)
            if len(actions) > 1:
                decisions += 1
                player = state.current_player()
                searched = bots[player].choose(state, actions)
                if plan_value(state, searched) != plan_value(state, ruled):
                    seed = 10 ** 6 * g + decisions
                    gains.append(umpire_value(state, searched, player, args.rollouts, seed)
                                 - umpire_value(state, ruled, player, args.rollouts, seed))
            state.apply(ruled, check=False)
    mean = statistics.mean(gains) if gains else 0.0
    error = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    print(f"uno ismcts:{args.budget} evidence {args.evidence:g}, {args.games} games: departed "
          f"from plan at {len(gains)} of {decisions} decisions; a departure gained "
          f"{mean:+.4f} (standard error {error:.4f}) by {args.rollouts} umpire rollouts; "
          f"per decision {mean * len(gains) / max(1, decisions):+.4f}")


if __name__ == "__main__":
    main()
