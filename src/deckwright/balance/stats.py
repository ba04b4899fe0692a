"""Balance statistics from many simulated games.

Games are played in seeded chunks; each chunk yields a list of `GameRecord`s and the summary is
computed from all records in chunk order. Nothing here depends on how many workers played the
chunks, so the same seed always gives the same statistics.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import asdict, dataclass, field
from statistics import mean, median
from typing import Any, Iterable, Sequence

Z95 = 1.959963984540054


@dataclass(frozen=True)
class GameRecord:
    """What one simulated game tells the designer."""

    seed: int
    seats: tuple[str, ...]            # bot name per seat, seat 0 moves first
    winners: tuple[int, ...]          # seats that won (several on a tie, none when stalled)
    scores: tuple[float, ...]         # final score per seat
    turns: int
    stalled: bool = False
    plays: dict[str, int] = field(default_factory=dict)         # card id -> times played
    held: dict[str, int] = field(default_factory=dict)          # card id -> copies held at end
    winner_plays: dict[str, int] = field(default_factory=dict)  # card id -> plays by winners

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["seats"], data["winners"], data["scores"] = list(self.seats), list(self.winners), list(self.scores)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameRecord":
        return cls(**{**data, "seats": tuple(data["seats"]), "winners": tuple(data["winners"]),
                      "scores": tuple(data["scores"])})


@dataclass(frozen=True)
class Rate:
    """A proportion with its Wilson 95% confidence interval."""

    wins: float
    games: int

    @property
    def value(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, float]:
        low, high = self.interval
        return {"wins": self.wins, "games": self.games, "rate": self.value, "low": low, "high": high}


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval: well-behaved near 0 and 1 and for small samples, unlike p ± z·se."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def _win_share(record: GameRecord, seat: int) -> float:
    """A tie shares the win: two winners get half a win each, so rates still add up to one."""
    return 1.0 / len(record.winners) if seat in record.winners else 0.0


def histogram(values: Iterable[int]) -> dict[int, int]:
    return dict(sorted(Counter(values).items()))


def percentile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return float(sorted_values[index])


@dataclass
class Summary:
    """Everything the report and the JSON file show."""

    games: int
    finished: int
    stalled_seeds: list[int]
    seat_rates: list[Rate]
    bot_rates: dict[str, Rate]
    first_player: Rate
    lengths: dict[int, int]
    length_stats: dict[str, float]
    score_stats: list[dict[str, float]]
    plays: dict[str, int]
    held: dict[str, int]
    winner_plays: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "finished": self.finished, "stalled": len(self.stalled_seeds),
            "stalled_seeds": self.stalled_seeds,
            "seats": [r.to_json() for r in self.seat_rates],
            "bots": {name: r.to_json() for name, r in self.bot_rates.items()},
            "first_player": self.first_player.to_json(),
            "length": {"histogram": {str(k): v for k, v in self.lengths.items()}, **self.length_stats},
            "scores": self.score_stats,
            "cards": {"played": self.plays, "held_at_end": self.held, "in_winner_plays": self.winner_plays},
        }


def summarise(records: Sequence[GameRecord]) -> Summary:
    """Aggregate records (already in chunk order) into the designer's numbers."""
    if not records:
        raise ValueError("no games were played")
    n_seats = len(records[0].seats)
    finished = [r for r in records if not r.stalled]
    seat_rates = [Rate(sum(_win_share(r, s) for r in finished), len(finished)) for s in range(n_seats)]
    bot_wins: Counter[str] = Counter()
    bot_games: Counter[str] = Counter()
    for r in finished:
        for seat, bot in enumerate(r.seats):
            bot_games[bot] += 1
            bot_wins[bot] += _win_share(r, seat)
    lengths = sorted(r.turns for r in finished)
    plays: Counter[str] = Counter()
    held: Counter[str] = Counter()
    winner_plays: Counter[str] = Counter()
    for r in records:
        plays.update(r.plays)
        held.update(r.held)
        winner_plays.update(r.winner_plays)
    score_stats = []
    for s in range(n_seats):
        values = sorted(r.scores[s] for r in finished)
        score_stats.append({"mean": mean(values) if values else 0.0,
                            "median": float(median(values)) if values else 0.0,
                            "min": float(values[0]) if values else 0.0,
                            "max": float(values[-1]) if values else 0.0})
    return Summary(
        games=len(records), finished=len(finished),
        stalled_seeds=[r.seed for r in records if r.stalled],
        seat_rates=seat_rates,
        bot_rates={b: Rate(bot_wins[b], bot_games[b]) for b in sorted(bot_games)},
        first_player=seat_rates[0] if seat_rates else Rate(0, 0),
        lengths=histogram(lengths),
        length_stats={"mean": mean(lengths) if lengths else 0.0,
                      "median": float(median(lengths)) if lengths else 0.0,
                      "p90": percentile(lengths, 0.9),
                      "max": float(lengths[-1]) if lengths else 0.0},
        score_stats=score_stats,
        plays=dict(sorted(plays.items(), key=lambda kv: (-kv[1], kv[0]))),
        held=dict(sorted(held.items(), key=lambda kv: (-kv[1], kv[0]))),
        winner_plays=dict(sorted(winner_plays.items(), key=lambda kv: (-kv[1], kv[0]))),
    )
