"""The leak test of a searching bot: does its choice depend on cards its seat cannot know?

At a position of a real game, the cards the deciding seat cannot place are dealt again into
another assignment it could not tell apart from the real one (`alternative`: the same
history, so the same observation, with the hidden cards elsewhere). The bot decides at both
positions once per seed. A fair bot's choices are drawn from the same distribution at both;
a bot that reads the hidden cards (a resampler that hands the searcher the real state, as in
open_spiel PR #1613) chooses differently. The two samples of choices are compared with a
chi-square test of homogeneity whose p-value is found by permutation (exact for small
samples, where the chi-square approximation is not), at `ALPHA`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Iterator

from .bots import RandomBot
from .game import Game
from .ismcts import ISMCTSBot, Resampler
from .knowledge import Deal, Knowledge
from .state import Action, State

#: A leak is reported when the choices differ with a p-value below this.
ALPHA = 0.001
#: Permutations behind each p-value (the smallest p-value it can give is 1 / (PERMUTATIONS + 1)).
PERMUTATIONS = 1999

@dataclass(frozen=True)
class Position:
    """A decision of a real game, and a world its seat cannot tell from it."""

    state: State
    alternative: State
    seat: int
    actions: list[Action]
    knowledge: Knowledge

def positions(game: Game, players: int, seed: int, rng: random.Random,
              start: int = 0) -> Iterator[Position]:
    """Every decision from the `start`-th on of a random game (seed `seed`) at which the seat
    has a choice and cards it cannot place, each with an alternative dealt by `rng`."""
    state = game.new_state(players, seed)
    state.log.on = False
    bot = RandomBot(seed)
    decisions = 0
    while not state.is_over() and decisions < game.facts.max_decisions:
        seat = state.current_player()
        actions = state.legal_actions()
        if decisions >= start and len(actions) > 1:
            knowledge = Knowledge(game, players, seat).follow(state)
            if Deal(state, seat, knowledge).places:
                yield Position(state.clone(), alternative(state, seat, knowledge, rng), seat,
                               actions, knowledge)
        state.apply(bot.choose(state, actions), check=False)
        decisions += 1


def alternative(state: State, seat: int, knowledge: Knowledge, rng: random.Random) -> State:
    """The real position with the hidden cards dealt again: what the seat sees and knows is
    unchanged (the same history, the same view), only the cards it cannot know moved."""
    other = Deal(state, seat, knowledge).world(rng)
    other.history = list(state.history)
    return other

def choices(position: Position, state: State, seeds: range, budget: int,
            resampler: Resampler | None = None) -> list[str]:
    """The bot's choice at `state` for each seed (as notation, comparable across states)."""
    out = []
    for seed in seeds:
        bot = ISMCTSBot(seed, budget, resampler=resampler)
        bot.knowledge = position.knowledge
        action = bot.choose(state, list(position.actions))
        out.append(repr(action))
    return out

def chi_square(a: list[str], b: list[str]) -> float:
    """The chi-square statistic of homogeneity of two samples of choices."""
    ca, cb = Counter(a), Counter(b)
    na, nb = len(a), len(b)
    total = na + nb
    stat = 0.0
    for key in set(ca) | set(cb):
        col = ca[key] + cb[key]
        for count, n in ((ca[key], na), (cb[key], nb)):
            expected = n * col / total
            stat += (count - expected) ** 2 / expected
    return stat

def p_value(a: list[str], b: list[str], permutations: int = PERMUTATIONS,
            seed: int = 0) -> float:
    """The permutation p-value of `chi_square(a, b)`: how often relabelling the pooled choices
    at random gives a statistic at least as large (seeded, so the test is repeatable)."""
    observed = chi_square(a, b)
    if observed == 0.0:
        return 1.0
    pooled = a + b
    rng = random.Random(seed)
    hits = 0
    for _ in range(permutations):
        rng.shuffle(pooled)
        if chi_square(pooled[:len(a)], pooled[len(a):]) >= observed - 1e-12:
            hits += 1
    return (hits + 1) / (permutations + 1)

@dataclass(frozen=True)
class Verdict:
    p: float
    real: Counter[str]
    other: Counter[str]

    @property
    def leaks(self) -> bool:
        return self.p < ALPHA

def leak_test(position: Position, seeds: range, budget: int,
              resampler: Resampler | None = None) -> Verdict:
    """Compare the bot's choices at the real position and at its alternative."""
    a = choices(position, position.state, seeds, budget, resampler)
    b = choices(position, position.alternative, seeds, budget, resampler)
    return Verdict(p_value(a, b), Counter(a), Counter(b))

def revealing(positions: Iterator[Position], seeds: range, budget: int,
              resampler: Resampler, tries: int) -> tuple[Position, Verdict] | None:
    """The first of `tries` positions at which `resampler` (a leaking one) is caught, or None."""
    for _, position in zip(range(tries), positions):
        verdict = leak_test(position, seeds, budget, resampler)
        if verdict.leaks:
            return position, verdict
    return None
