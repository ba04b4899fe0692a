"""original-tcg (オリジナルカードゲーム) on the shared engine.

Two players, a 60-card deck each: five cards face up as life (戦力), the rest as support (支援).
Soldiers, spells and lands are paid for with warehouse cards; soldiers move over a field of three
soldier rows (p1's camp, the battlefield, p2's camp) and fight; effects form a counter stack.
Every card fact (stats, elements, effect scripts) is read from `cards/original-tcg.yaml`.

## Notation (the `do:` / `refused:` steps of examples)

Squares are named from the acting player's side: `camp1`..`camp5` (own camp), `bf1`..`bf5`
(battlefield), `enemy1`..`enemy5` (the opponent's camp). Cards are references (`id` or `id#n`).
A payment is `paying A, B!` (`!` sends that warehouse card to the graveyard, counting as two);
without `paying` the rules pick the canonical payment (tap in warehouse order).

The verbs and their clauses are `NOTATION` (notation.py; a step that fits none is refused
with every form listed): `passes` declines the counter right, `buys` spends two warehouse
cards for one support card (phase 3), `ends` declares the end of the turn (phase 4). EFFECT
is the effect's script id in the database (`fireball`, `realizing`, ...; `gold` and
`otherworld` for the special types 2 黄金 and 異界). Targets may be cards or `p1`/`p2`.

## Setup keys (besides the shared `turn`, `options`)

`p1:`/`p2:` with `hand`, `life` (top first; default five filler cards), `support` (top first;
default ten), `graveyard`, `warehouse`, `tapped`, `camp`/`battlefield`/`enemy_camp`
(`{"3": [cards]}`: a soldier and/or a spell or land), `counters` (0-10); `damage: {card: n}`;
`phase:` draw|store|upkeep|main|buy|restock|end (default main); `options: {type2: {card: 緋},
elements: {card: [dark]}, facedown: [cards]}`. The turn so far and what lasts:
`fresh: [cards]` (placed this turn), `moved: [soldiers]` (moved this turn), `used: {effect:
[cards]}` (effects activated this turn), `modifiers: [{card: c, delta: [cost, move, power],
until: leaves|turn-end, from: source}]` (`until` default leaves, `from` the card whose effect
gave it, which matters for 太陽), `bound: {spell: soldier}` (the card a spell chose),
`due: [cards]` (with `phase: upkeep`: the upkeep still to pay; default every card that has
one) and `turn_number` (default 1; the game is decided on life after turn 200). A plain
reference takes the lowest copy not yet placed; cards are placed p1 before p2, each player's
zones in the order hand, graveyard, warehouse, life, support, camp, battlefield, enemy_camp.
`deckwright play` writes a position back in these keys (writeback.py).

## Expectation keys

`at` (`camp3`, `bf2`, `enemy1` from the card owner's side, or `hand`, `graveyard`,
`warehouse`, `life`, `support`), `power`, `cost`, `move`, `upkeep`, `damage` (counters on a
card), `counters` (on a player), `life_sizes`, `support_sizes`, `tapped`, `phase`, `resolved`.
"""

from __future__ import annotations

import math
import random

from deckwright.engine import Action, Game, GameFacts, ZoneSpec
from deckwright.rules import register

from .state import OriginalTcgState

FACTS = GameFacts(
    game_id="original-tcg",
    min_players=2,
    max_players=2,
    zones=(
        ZoneSpec("hand", per_player=True, visibility="owner"),
        ZoneSpec("life", per_player=True, visibility="public"),
        ZoneSpec("support", per_player=True, visibility="hidden"),
        ZoneSpec("graveyard", per_player=True, visibility="public"),
        ZoneSpec("warehouse", per_player=True, visibility="public"),
        ZoneSpec("veiled", per_player=True, visibility="owner"),
        ZoneSpec("soldiers", grid=(3, 5)),
        ZoneSpec("ground", grid=(2, 5)),
        ZoneSpec("arena"),
    ),
    max_decisions=20000,
    default_players=2,
    setup_keys=("p1", "p2", "phase", "damage", "fresh", "moved", "used", "modifiers", "bound",
                "due", "turn_number"),
    seat_decks=True,
    example_copies=8,      # every card in enough copies for any position a script sets up
)

#: The weights of `OriginalTcg.judge_rollout` on each side's `standing`: health, field power.
JUDGE_WEIGHTS = (0.084, 0.115)


class OriginalTcg(Game):
    """A real game: p1 plays the chosen deck, p2 the next sample deck (engine seat decks)."""

    facts = FACTS
    state_class = OriginalTcgState
    #: `ismcts` without a number searches 40 simulations a decision here: a decision's
    #: rollouts replay long combat chains, 200 made a game take minutes (bench/ismcts_bench.py)
    search_budget = 40
    #: rollout decisions before the search judges a simulation (`judge_rollout`): about four
    #: turns, against the engine's 20 (two turns, in which life rarely changes)
    rollout_cap = 40

    def prepare(self) -> None:
        from .facts import prepare_facts
        prepare_facts(self)

    def rollout_action(self, state: OriginalTcgState, actions: list[Action],
                       rng: random.Random) -> Action:
        """ISMCTS's rollout policy (docs/engine.md): the greedy values (`greedy_value` reads the
        face-up board and pile sizes), so the search keeps their choice unless its rollouts
        show another better: at 40 simulations a decision the most visited is mostly noise
        (bench/RESULTS.md)."""
        values = [state.greedy_value(action) for action in actions]
        top = max(values)
        best = [action for action, value in zip(actions, values) if value == top]
        return best[int(rng.random() * len(best))]

    def judge_rollout(self, state: OriginalTcgState) -> list[float]:
        """Each player's chance of winning a rollout cut at `rollout_cap`, read from the board:
        a logistic of the difference in health (life cards x 11 - damage counters: what is
        left to lose) and in the power of the soldiers on the field. The weights were fitted
        to who won 400 greedy-against-greedy games from positions every 25 decisions
        (bench/judge_fit.py); the engine's own cut judgement (life, then fewer cards in hand)
        guesses the winner less often, and where the hands decide it, worse than a coin."""
        edge = sum(w * (mine - theirs) for w, (mine, theirs) in
                   zip(JUDGE_WEIGHTS, zip(*(state.standing(p) for p in (0, 1)))))
        first = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, edge))))
        return [first, 1.0 - first]


register(OriginalTcg)
