"""Playing whole games with bots: `deckwright fuzz`, the fuzz test and the bench use this.

`play()` runs one game to the end from `game.new_state(players, seed)` with one bot per seat,
optionally checking invariants after every decision and failing a game that outlives
`facts.max_decisions`. `fuzz()` plays seeded random games and returns the first break with its
seed and history, which `notate()` turns back into the game's own notation. Everything is
deterministic for the seed.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from .bots import Bot, RandomBot
from .game import Game
from .state import CHANCE, State


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
    return play_from(game, _start(game, players or len(bots), seed, check, log), bots,
                     seed=seed, check=check)


def _start(game: Game, players: int, seed: int, check: bool, log: bool) -> State:
    state = game.new_state(players, seed)
    state.checking = check
    state.log.on = log
    return state


def play_from(game: Game, state: State, bots: Sequence[Bot], *, seed: int = 0,
              check: bool = False) -> Played:
    """Play a started game to the end (`play()` without the dealing), so a caller keeps the
    state - and its history - when the rules break mid-game."""
    if check:
        state.check()
    # the hot loop of every bench and fuzz run: what `state.apply(a, check=False)` does,
    # with the bound methods looked up once
    limit = game.facts.max_decisions
    pickers = [getattr(bot, "choose", None) or (lambda st, acts, b=bot: b.act(st)) for bot in bots]
    # a RandomBot's pick made here, without a call: the same draw from the same generator
    uniform = [bot._random if type(bot) is RandomBot else None for bot in bots]
    legal, is_over = state.legal_actions, state.is_over
    record, carry_out = state.history.append, state._apply
    cls = type(state)
    plain_end = cls.is_over is State.is_over   # then `state.over` says it
    # the engine's own `current_player()` read here without a call: the prompted player, the
    # open window's asked player, else the turn player (the game is not over inside the loop)
    current = None if plain_end and cls.current_player is State.current_player \
        else state.current_player
    decisions = 0
    for decisions in range(limit + 1):
        if state.over if plain_end else is_over():
            break
        if decisions == limit:
            raise RunawayGame(f"{game.id} seed {seed}: no end after {limit} decisions")
        if current is None:
            window, prompt = state.window, state.prompt
            player = (prompt.player if prompt is not None else state.turns.current
                      if window is None or window._current is None else window._current)
        else:
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
    return Played(state, decisions)


def random_bots(players: int, seed: int) -> list[Bot]:
    return [RandomBot(seed * 1000 + p) for p in range(players)]


def play_random(game: Game, seed: int, *, players: int | None = None, check: bool = False,
                log: bool = True) -> Played:
    n = players or game.facts.bench_players
    return play(game, random_bots(n, seed), seed=seed, players=n, check=check, log=log)


@dataclass
class Break:
    """The first fuzzed game that broke: enough to replay it exactly."""

    seed: int
    players: int
    decisions: int
    error: str
    history: list[tuple[int, Any]]
    #: (file, line) in the rules module where it raised, when the break is an exception there
    where: tuple[str, int] | None = None


@dataclass
class FuzzReport:
    games: int = 0          # games played to the end
    decisions: int = 0
    broken: Break | None = None


def player_counts(game: Game, players: int | None = None) -> list[int]:
    f = game.facts
    return [players] if players else list(range(f.min_players, f.max_players + 1))


def fuzz(game: Game, games: int, *, players: int | None = None, first_seed: int = 0,
         progress: Callable[[int], None] | None = None) -> FuzzReport:
    """Play `games` seeded random games with invariants checked after every decision, stopping
    at the first that breaks them (or raises, stalls or never ends). Without `players` the
    player count cycles through the game's range by seed."""
    counts = player_counts(game, players)
    report = FuzzReport()
    for seed in range(first_seed, first_seed + games):
        n = counts[seed % len(counts)]
        state = None
        try:
            state = _start(game, n, seed, True, False)
            played = play_from(game, state, random_bots(n, seed), seed=seed, check=True)
            if len(played.state.scores()) != n:
                raise AssertionError(f"scores() gives {len(played.state.scores())} scores "
                                     f"for {n} players")
        except Exception as exc:  # noqa: BLE001 - any failure of the rules module is a break
            history = list(state.history) if state is not None else []
            decisions = sum(1 for p, _ in history if p != CHANCE)
            report.broken = Break(seed, n, decisions, f"{type(exc).__name__}: {exc}", history,
                                  _raised_at(exc))
            return report
        report.games += 1
        report.decisions += played.decisions
        if progress:
            progress(seed)
    return report


def _raised_at(exc: BaseException) -> tuple[str, int] | None:
    """The deepest frame outside deckwright itself: the rules module's line that raised."""
    package = Path(__file__).resolve().parents[1]
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if not Path(f.filename).resolve().is_relative_to(package)]
    return (frames[-1].filename, frames[-1].lineno or 0) if frames else None


def notate(game: Game, players: int, history: list[tuple[int, Any]]) -> list[str]:
    """A history's decisions in the game's notation (`p1 plays red-2`), replayed from the
    record alone; stops quietly where the replay itself breaks (the step that broke)."""
    state = game.blank_state(players, seed=0)
    state._replay = history
    lines: list[str] = []
    try:
        state.deal()
        for player, action in history:
            if player == CHANCE:
                continue
            lines.append(state.action_to_string_safe(action))
            state.apply(action, player)
    except Exception:  # noqa: BLE001 - the break being reported
        pass
    return lines
