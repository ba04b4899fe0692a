"""Bots every game can use: a random legal bot and a greedy bot with a per-game hook.

A bot is anything with `act(state) -> action`, called when `state.current_player()` is its
seat. Both bots here are deterministic for their seed.

The greedy bot scores each legal action with the module's `State.greedy_value(action)` when it
returns a number; otherwise with the engine's default: apply the action to a clone and prefer
a higher own score, then fewer cards in own hand, then the game being over with this player
winning. Ties are broken by the bot's own seeded RNG.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol

from .state import Action, State


class Bot(Protocol):
    def act(self, state: State) -> Action: ...


def choose(bot: Bot, state: State, actions: list[Action]) -> Action:
    """Let a bot pick from already computed legal actions when it can (saves a call)."""
    pick = getattr(bot, "choose", None)
    return pick(state, actions) if pick is not None else bot.act(state)


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._random = self.rng.random

    def act(self, state: State) -> Action:
        return self.choose(state, state.legal_actions())

    def choose(self, state: State, actions: list[Action]) -> Action:
        # random() * n rather than randrange(n): the same uniform pick, three times faster
        return actions[int(self._random() * len(actions))]


def default_value(state: State, action: Action) -> tuple[float, ...]:
    """The engine's default greedy value: own score up, own hand down, winning."""
    me = state.current_player()
    after = state.clone()
    after.checking = False
    after.log.on = False
    after.apply(action, check=False)
    layout = after.zones.layout
    hand = after.zones.size(layout.of("hand", me)) if ("hand", me) in layout.index else 0
    won = 1.0 if after.is_over() and after.winner() == me else 0.0
    return (won, float(after.scores()[me]), -float(hand))


class GreedyBot:
    """Takes the action of highest value (see the module docstring)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def value(self, state: State, action: Action) -> Any:
        own = state.greedy_value(action)
        return (float(own),) if own is not None else default_value(state, action)

    def act(self, state: State) -> Action:
        return self.choose(state, state.legal_actions())

    def choose(self, state: State, actions: list[Action]) -> Action:
        best: list[Action] = []
        best_value: Any = None
        for action in actions:
            v = self.value(state, action)
            if best_value is None or v > best_value:
                best, best_value = [action], v
            elif v == best_value:
                best.append(action)
        return best[self.rng.randrange(len(best))]


def _ismcts(seed: int = 0, budget: int | None = None) -> Bot:
    from .ismcts import ISMCTSBot
    return ISMCTSBot(seed, budget)


#: The engine's bots, by the name `--bots` and `--seats` give them. A name may carry a
#: budget after a colon, for the bots that take one (`ismcts:200`: 200 simulations a decision).
BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot,
                                       "ismcts": _ismcts}
#: The bots whose name may carry a budget.
BUDGETED = frozenset({"ismcts"})


def split_spec(spec: str) -> tuple[str, int | None]:
    """`ismcts:200` -> ("ismcts", 200); `greedy` -> ("greedy", None). ValueError when the
    budget is not a whole number >= 1 or the bot takes none."""
    name, colon, budget = spec.partition(":")
    if not colon:
        return name, None
    if name not in BUDGETED:
        raise ValueError(f"bot {name!r} takes no budget ({spec!r})")
    if not budget.isdigit() or int(budget) < 1:
        raise ValueError(f"{spec!r}: the budget after ':' must be a whole number >= 1")
    return name, int(budget)


def make_bot(kinds: dict[str, Callable[..., Bot]], spec: str, seed: int) -> Bot:
    """The bot `spec` names (see `split_spec`) among `kinds`, seeded with `seed`."""
    name, budget = split_spec(spec)
    return kinds[name](seed) if budget is None else kinds[name](seed, budget)


def bots_of(game_cls: Any) -> dict[str, Callable[..., Bot]]:
    """Bot name -> maker for a Game class: its own `bots`, then the engine's (a game's bot may
    shadow neither)."""
    return {**game_cls.bots, **BOTS}
