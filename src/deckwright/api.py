"""deckwright's Python API: a project's games played from a script or a notebook.

    from deckwright import api

    project = api.open_project("fox")              # a folder made by `deckwright new fox --rules`
    api.games(project)                             # ['fox']
    game = api.load(project, "fox")                # the database with its rules
    played = api.play(game, 100, bots=("random", "greedy"), seed=7)
    played[0].result.winner, played[0].result.scores
    played[0].history                              # [(player, action), ...], chance included
    played[0].steps()                              # the decisions in the game's notation
    for state in played[0].states(): ...           # every state along the game, replayed
    api.replay(game, played[0].players, played[0].history)   # the final state again

Game `i` of `play(game, n, seed=s)` is seeded `s + i`, and seat `k`'s bot `bots[k % len(bots)]`
with seed `(s + i) * 31 + k`, so the same call plays the same games on every machine. The
names below are the API; everything else in deckwright may change between versions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

from .app.registry import RulesImportError, how_to_add, rules_for
from .app.registry import games as _registry
from .engine.bots import bots_of, make_bot, split_spec
from .engine.fuzz import RunawayGame, StuckGame, play_from
from .engine.game import Game
from .engine.setup import SetupError
from .engine.state import (CHANCE, InvariantError, NotationError, Refused, ReplayError,
                           State)
from .model import InputError, Project, UsageError, load_game

__all__ = ["CHANCE", "Game", "InputError", "InvariantError", "NotationError", "Played", "Project",
           "Refused", "ReplayError", "Result", "RulesImportError", "SetupError", "State",
           "UsageError", "bot_names", "games", "load", "open_project", "play", "replay"]


def open_project(path: str | Path = ".") -> Project:
    """The project folder at `path` (its cards/, playtest/ and rules/); nothing is read yet."""
    project = Project(Path(path))
    project.require_games()   # UsageError naming the folder when it holds no game
    return project


def games(project: Project) -> list[str]:
    """The project's games: a database in cards/ or a rules module in its rules/, sorted.
    InputError when a rules module of the project does not import."""
    own = {i for i, r in _registry(project).items() if r.origin.kind == "project"}
    return sorted(set(project.game_ids()) | own)


def load(project: Project, game_id: str, deck: str | None = None) -> Game:
    """The game with its rules, on its default deck (or `deck`). InputError for a database
    with problems (every one of them), UsageError for a game without rules."""
    data = load_game(project, game_id)
    cls = rules_for(game_id, project)
    if cls is None:
        raise UsageError(how_to_add(game_id, project))
    if deck is None:
        return cls(data)
    found = next((d for d in data.db.decks if d.id == deck), None)
    if found is None:
        raise UsageError(f"{game_id} has no deck {deck!r} "
                         f"(decks: {', '.join(d.id for d in data.db.decks)})")
    return cls(data, found)


def bot_names(game: Game) -> list[str]:
    """The bots that can play the game: the engine's (random, greedy, ismcts) and the game's
    own. `ismcts:N` names the searching bot with N simulations a decision."""
    return list(bots_of(type(game)))


@dataclass(frozen=True)
class Result:
    """How a game ended."""

    over: bool                 # False: stopped at the rules' limit of decisions, or stuck
    winner: int | None         # the winning seat, None on a tie or when not over
    scores: tuple[float, ...]  # per seat
    decisions: int             # decisions taken (chance events not counted)
    stopped: str = ""          # why a game that is not over stopped


@dataclass
class Played:
    """One seeded game: who sat where, everything that happened, how it ended."""

    game: Game
    seed: int
    players: int
    bots: tuple[str, ...]              # per seat
    history: list[tuple[int, Any]]     # (player, action); (CHANCE, outcome) for chance
    result: Result
    final: State = field(repr=False)

    def steps(self) -> list[str]:
        """The decisions in the game's notation (`p1 plays red-2`), in order."""
        decisions = [action for player, action in self.history if player != CHANCE]
        # the replay yields the state before each decision (one object, changed in place)
        return [state.action_to_string(action) for state, action in
                zip(self.game.replaying(self.players, self.history), decisions)]

    def states(self) -> Iterator[State]:
        """The dealt state, then the state after each decision: each its own copy."""
        for state in self.game.replaying(self.players, self.history):
            yield state.clone()

    def sentences(self) -> list[str]:
        """The game's event log as sentences, in the game's language."""
        return self.final.sentences()


def play(game: Game, n: int = 1, *, bots: Sequence[str] = ("random",),
         players: int | None = None, seed: int = 0, log: bool = True) -> list[Played]:
    """`n` seeded games of `game` with the named bots (cycled over the seats), on
    `players` seats (default: the game's bench count). UsageError for an unknown bot or a
    player count the game does not allow."""
    kinds = bots_of(type(game))
    unknown = [b for b in bots if _bot_name(b) not in kinds]
    if unknown or not bots:
        raise UsageError(f"unknown bot {', '.join(unknown) or '(none)'} "
                         f"(known: {', '.join(kinds)})")
    seats = players or game.facts.bench_players
    try:
        game.check_players(seats)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    out = []
    for i in range(n):
        game_seed = seed + i
        names = tuple(bots[k % len(bots)] for k in range(seats))
        state = game.new_state(seats, game_seed)
        state.log.on = log
        stopped, decisions = "", 0
        try:
            decisions = play_from(game, state, [make_bot(kinds, name, game_seed * 31 + k)
                                                for k, name in enumerate(names)],
                                  seed=game_seed).decisions
        except (RunawayGame, StuckGame) as exc:
            stopped = str(exc)
            decisions = sum(1 for p, _ in state.history if p != CHANCE)
        over = state.is_over()
        result = Result(over, state.winner() if over else None,
                        tuple(float(s) for s in state.scores()), decisions, stopped)
        out.append(Played(game, game_seed, seats, names, list(state.history), result, state))
    return out


def replay(game: Game, players: int, history: Sequence[tuple[int, Any]]) -> State:
    """The state a history leads to, rebuilt from the history alone (its chance outcomes
    included): ReplayError when it does not fit the game."""
    return game.replay(players, list(history))


def _bot_name(spec: str) -> str | None:
    """The bot a name gives (`ismcts:200` -> ismcts), None when its budget is malformed."""
    try:
        return split_spec(spec)[0]
    except ValueError:
        return None
