"""Play many bot games of one game, in seeded chunks, on a Dask cluster or (`local`) here.

The job is cut into chunks of consecutive game numbers. Game number `g` always gets the same
seed and the same seat rotation, and chunk results (`Records`) are merged in chunk order, so a
seed gives identical statistics whether one process, two local workers or a Dask cluster
played it.
"""

from __future__ import annotations

import os
import time
from itertools import combinations
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from ..engine.bots import Bot, bots_of, make_bot, split_spec
from ..engine.game import Game
from ..engine.state import State
from ..model import GameData, Project, UsageError, load_game
from ..app.registry import rules_for
from .bundle import unpack_project
from .stats import GameRecord, Records

CHUNK = 25


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play its chunks; small and picklable."""

    project: str
    game_id: str
    deck: str | None = None
    players: int = 2
    bots: tuple[str, ...] = ("random",)
    games: int = 1000
    seed: int = 0
    max_turns: int = 500
    chunk: int = CHUNK
    #: The project's inputs zipped (`pack_project`) for workers that cannot read `project`, such
    #: as a Dask cluster's: its own rules modules travel with the job, never assumed installed.
    bundle: bytes | None = field(default=None, repr=False)

    def root(self) -> str:
        """The project folder this process reads: `project`, or the unpacked bundle."""
        return self.project if self.bundle is None else unpack_project(self.bundle)

    @property
    def _full_chunks(self) -> int:
        """How many chunks have `chunk` games. The rest (the last two chunks' worth of games
        and the remainder; a small job whole) is cut into chunks a fifth as long, so that the
        processes run out of work nearly together: whoever finishes first waits for at most a
        short chunk of another's. Which games a chunk holds changes no statistic: chunks are
        merged in order, so the games are always in game order."""
        return max(0, (self.games - 2 * self.chunk) // self.chunk)

    @property
    def _short(self) -> int:
        return max(1, self.chunk // 5)

    @property
    def chunk_count(self) -> int:
        rest = self.games - self._full_chunks * self.chunk
        return self._full_chunks + -(-rest // self._short)

    def chunk_range(self, index: int) -> range:
        """The game numbers of chunk `index` (consecutive; the chunks in order are all games)."""
        full = self._full_chunks
        if index < full:
            return range(index * self.chunk, (index + 1) * self.chunk)
        start = full * self.chunk + (index - full) * self._short
        return range(start, min(start + self._short, self.games))

    def seats(self, game_number: int) -> tuple[str, ...]:
        """Bots rotate through the seats so no bot always moves first. With more bots than
        seats, every group of `players` bots plays in turn (each group rotated through the
        seats before the next group sits down), so that the report has a matchup matrix."""
        if len(self.bots) > self.players:
            groups = list(combinations(self.bots, self.players))
            line = list(groups[(game_number // self.players) % len(groups)])
        else:
            line = [self.bots[i % len(self.bots)] for i in range(self.players)]
        shift = game_number % self.players
        return tuple(line[shift:] + line[:shift])

    def game_seed(self, game_number: int) -> int:
        return (self.seed * 1_000_003 + game_number) & 0x7FFFFFFF


#: One Game (and catalogue) per process and job, not per chunk; `prepare` fills it in the
#: parent, so forked workers start with the database loaded instead of each parsing it again.
_GAMES: dict[tuple[str, str, str | None], Game] = {}


def _new_game(data: GameData, deck: str | None, project: str) -> Game:
    cls = rules_for(data.id, project)
    if cls is None:
        raise UsageError(f"{data.id} has no rules module yet, so it cannot be simulated")
    return cls(data, deck)


def _game(project: str, game_id: str, deck: str | None) -> Game:
    key = (project, game_id, deck)
    if key not in _GAMES:
        _GAMES[key] = _new_game(load_game(Project(Path(project)), game_id), deck, project)
    return _GAMES[key]


def prepare(job: Job, data: GameData) -> None:
    """Make the job's Game from a database already loaded (before any worker is forked)."""
    key = (job.root(), job.game_id, job.deck)
    if key not in _GAMES:
        _GAMES[key] = _new_game(data, job.deck, job.root())


def resolve_deck(data: GameData, variant: str | None) -> str | None:
    """The deck to play: the variant's default-looking deck, else the game's default."""
    if variant is None:
        return None
    decks = [d for d in data.db.decks if d.variant == variant or d.id == variant]
    if not decks:
        known = ", ".join(sorted({d.variant or d.id for d in data.db.decks}))
        raise UsageError(f"{data.id} has no variant or deck {variant!r} (known: {known})")
    return next((d for d in decks if d.default), decks[0]).id


def _hand_piles(state: State, players: int) -> list[int] | None:
    layout = state.zones.layout
    if ("hand", 0) not in layout.index:
        return None
    return [layout.of("hand", p) for p in range(players)]


def play_one(game: Game, job: Job, number: int) -> GameRecord:
    """Play game number `number` of the job and record what the designer wants to know."""
    seed = job.game_seed(number)
    seats = job.seats(number)
    kinds = bots_of(type(game))
    bots: list[Bot] = [make_bot(kinds, name, seed * 31 + seat) for seat, name in enumerate(seats)]
    state = game.new_state(job.players, seed)
    state.log.on = False
    hands = _hand_piles(state, job.players)
    catalogue = game.catalogue
    opening = tuple(frozenset(catalogue.ids[i] for i in state.zones.piles[pile])
                    for pile in hands) if hands else ()
    plays: Counter[str] = Counter()
    by_seat: list[Counter[str]] = [Counter() for _ in range(job.players)]
    turns, last, decisions = 1, state.turns.current, 0
    stalled = capped = False
    while not state.is_over():
        if turns > job.max_turns or decisions >= game.facts.max_decisions:
            stalled, capped = True, turns > job.max_turns
            break
        player = state.current_player()
        before = list(state.zones.piles[hands[player]]) if hands else []
        state.apply(bots[player].act(state), check=False)
        decisions += 1
        after_list = state.zones.piles[hands[player]] if hands else before
        # the common cases (nothing left the hand, or cards were only drawn) without a set
        if after_list[:len(before)] != before:
            after = set(after_list)
            for inst in before:
                if inst not in after:
                    card = catalogue.ids[inst]
                    plays[card] += 1
                    by_seat[player][card] += 1
        if state.turns.current != last:
            turns, last = turns + 1, state.turns.current
    held: Counter[str] = Counter()
    if hands:
        for pile in hands:
            held.update(catalogue.ids[i] for i in state.zones.piles[pile])
    winners: tuple[int, ...] = ()
    if not stalled:
        returns = state.returns()
        best = max(returns)
        winners = tuple(p for p, r in enumerate(returns) if r == best)
    winner_plays: Counter[str] = Counter()
    for p in winners:
        winner_plays.update(by_seat[p])
    return GameRecord(seed=seed, seats=seats, winners=winners,
                      scores=tuple(float(s) for s in state.scores()), turns=turns,
                      stalled=stalled, capped=capped, plays=dict(plays), held=dict(held),
                      winner_plays=dict(winner_plays), opening=opening,
                      played=tuple(frozenset(c) for c in by_seat))


def play_chunk(job: Job, index: int) -> Records:
    """A worker's unit of work: the games of chunk `index`, in order, as columns."""
    game = _game(job.root(), job.game_id, job.deck)
    return Records.of(play_one(game, job, n) for n in job.chunk_range(index))


Progress = Callable[[int], None]


@dataclass
class Outcome:
    records: Records = field(default_factory=Records)
    interrupted: bool = False
    seconds: float = 0.0


def in_order(done: dict[int, Records]) -> Records:
    """Chunks merged in chunk order, whatever order they finished in."""
    return Records.merged(done[i] for i in sorted(done))


def run_dask(job: Job, address: str, progress: Progress | None = None) -> Outcome:
    """Play the job on a Dask distributed cluster; the chunks and their merge order are the same."""
    from distributed import Client, as_completed  # imported only when a scheduler is named

    start = time.perf_counter()
    done: dict[int, Records] = {}
    with Client(address) as client:
        shared = client.scatter(job, broadcast=True, hash=False)   # the bundle travels once
        futures = [client.submit(play_chunk, shared, i, pure=False,
                                 key=f"{job.game_id}-{job.seed}-{i}")
                   for i in range(job.chunk_count)]
        index = {f.key: i for i, f in enumerate(futures)}
        try:
            for fut in as_completed(futures):
                records = fut.result()
                done[index[fut.key]] = records
                if progress:
                    progress(len(records))
        except KeyboardInterrupt:
            client.cancel(futures)
            return Outcome(in_order(done), True, time.perf_counter() - start)
    return Outcome(in_order(done), False, time.perf_counter() - start)


def default_workers() -> int:
    """The processors this process may run on (at most 8)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:   # no affinity on this system (macOS, Windows)
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, 8))


def check_bots(names: Sequence[str], cls: type[Game]) -> tuple[str, ...]:
    """The bot names as given (`ismcts:200` included), or UsageError naming the bad ones."""
    known = bots_of(cls)
    unknown = []
    for spec in names:
        try:
            name, _budget = split_spec(spec)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        if name not in known:
            unknown.append(spec)
    if unknown or not names:
        raise UsageError(f"unknown bot {', '.join(unknown) or '(none)'} (known: {', '.join(known)}; "
                         f"ismcts:N searches N simulations a decision)")
    return tuple(names)
