"""Playing whole games with bots: the fuzz test, `deckwright simulate` and the bench use this.

`play()` runs one game to the end from `game.new_state(players, seed)` with one bot per seat,
optionally checking invariants after every decision and failing a game that outlives
`facts.max_decisions`. Everything is deterministic for the seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .bots import Bot, RandomBot
from .game import Game
from .state import State


class RunawayGame(AssertionError):
    """A game that did not end within its `max_decisions`."""


class StuckGame(AssertionError):
    """A game that is not over but offers its deciding player no legal action."""


@dataclass
class Played:
    state: State
    decisions: int


def play(game: Game, bots: Sequence[Bot], *, seed: int = 0, players: int | None = None,
         check: bool = False, log: bool = True) -> Played:
    """Play one game to the end; raises InvariantError / RunawayGame when the rules break."""
    state = game.new_state(players or len(bots), seed)
    state.checking = check
    state.log.on = log
    if check:
        state.check()
    # the hot loop of every bench and fuzz run: what `state.apply(a, check=False)` does,
    # with the bound methods looked up once
    limit = game.facts.max_decisions
    pickers = [getattr(bot, "choose", None) or (lambda st, acts, b=bot: b.act(st)) for bot in bots]
    # a RandomBot's pick made here, without a call: the same draw from the same generator
    uniform = [bot._random if type(bot) is RandomBot else None for bot in bots]
    current, legal, is_over = state.current_player, state.legal_actions, state.is_over
    record, carry_out = state.history.append, state._apply
    plain_end = type(state).is_over is State.is_over   # then `state.over` says it
    decisions = 0
    while not (state.over if plain_end else is_over()):
        if decisions >= limit:
            raise RunawayGame(f"{game.id} seed {seed}: no end after {limit} decisions")
        player = current()
        actions = legal() if player >= 0 else []
        if not actions:
            raise StuckGame(f"{game.id} seed {seed}: not over, but "
                            f"{'nobody decides' if player < 0 else 'no legal action'} "
                            f"after {decisions} decisions")
        draw = uniform[player]
        action = (actions[int(draw() * len(actions))] if draw is not None
                  else pickers[player](state, actions))
        record((player, action))
        carry_out(action)
        if check:
            state.check(action)
        decisions += 1
    return Played(state, decisions)


def random_bots(players: int, seed: int) -> list[Bot]:
    return [RandomBot(seed * 1000 + p) for p in range(players)]


def play_random(game: Game, seed: int, *, players: int | None = None, check: bool = False,
                log: bool = True) -> Played:
    n = players or game.facts.bench_players
    return play(game, random_bots(n, seed), seed=seed, players=n, check=check, log=log)


def fuzz(game: Game, games: int, *, players: int | None = None, first_seed: int = 0,
         progress: Callable[[int], None] | None = None) -> list[Played]:
    """Play `games` seeded random games with invariants on; raises at the first broken one."""
    results = []
    for seed in range(first_seed, first_seed + games):
        results.append(play_random(game, seed, players=players, check=True, log=False))
        if progress:
            progress(seed)
    return results
