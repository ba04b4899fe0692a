"""Balance statistics from many simulated games.

Games are played in seeded chunks; each chunk yields its games as `Records` (columns of
numbers, cheap to send between processes) and the summary is computed from all chunks merged
in chunk order. Nothing here depends on how many workers played the chunks, so the same seed
always gives the same statistics.
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from dataclasses import dataclass, field
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
    #: turns played: a turn lasts until the turn order passes to another player (plays and
    #: answers inside it are not turns of their own); the first turn is turn 1
    turns: int
    stalled: bool = False   # stopped before an end: at the turn cap or at max_decisions
    capped: bool = False    # stopped at the turn cap (--max-turns), a stalled game
    plays: dict[str, int] = field(default_factory=dict)         # card id -> times played
    held: dict[str, int] = field(default_factory=dict)          # card id -> copies held at end
    winner_plays: dict[str, int] = field(default_factory=dict)  # card id -> plays by winners
    #: per seat: the card ids in its opening hand, and the card ids it played in the game
    opening: tuple[frozenset[str], ...] = ()
    played: tuple[frozenset[str], ...] = ()


#: Why a game stopped before an end, as `Records.stalled` keeps it (0: it ended).
LIMITED, CAPPED = 1, 2   # at the rules' max_decisions; at the turn cap (--max-turns)


@dataclass
class Records:
    """Many games' records as columns, in game order: what a chunk sends back and what the
    summary reads. Per-game values are arrays (under 40 bytes a game when pickled, against
    about 320 for a `GameRecord`); card counts are only ever totalled, so they are kept as
    totals."""

    lineups: list[tuple[str, ...]] = field(default_factory=list)  # distinct seatings
    lineup: array = field(default_factory=lambda: array("H"))     # index into `lineups`
    seeds: array = field(default_factory=lambda: array("i"))      # seeds are 31 bits
    winners: array = field(default_factory=lambda: array("Q"))    # bit s set: seat s won
    stalled: array = field(default_factory=lambda: array("B"))    # CAPPED, LIMITED or 0
    turns: array = field(default_factory=lambda: array("i"))
    scores: array = field(default_factory=lambda: array("d"))     # seats of game 0, game 1...
    plays: Counter[str] = field(default_factory=Counter)
    held: Counter[str] = field(default_factory=Counter)
    winner_plays: Counter[str] = field(default_factory=Counter)
    #: card impact, over the seats of decided games: card id -> seats that held it in their
    #: opening hand (played it), and those seats' win shares
    opening: Counter[str] = field(default_factory=Counter)
    opening_wins: Counter[str] = field(default_factory=Counter)
    played: Counter[str] = field(default_factory=Counter)
    played_wins: Counter[str] = field(default_factory=Counter)

    def __len__(self) -> int:
        return len(self.seeds)

    @property
    def seats(self) -> int:
        return len(self.lineups[0]) if self.lineups else 0

    def _lineup_index(self, seats: tuple[str, ...]) -> int:
        try:
            return self.lineups.index(seats)
        except ValueError:
            self.lineups.append(seats)
            return len(self.lineups) - 1

    def add(self, record: GameRecord) -> None:
        """Append one game (its seats must number as many as the games before it)."""
        if self.lineups and len(record.seats) != self.seats:
            raise ValueError("records of games with different numbers of players")
        if len(record.seats) > 64:
            raise ValueError("more than 64 seats cannot be recorded")
        self.lineup.append(self._lineup_index(record.seats))
        self.seeds.append(record.seed)
        self.winners.append(sum(1 << s for s in set(record.winners)))
        self.stalled.append(CAPPED if record.capped else LIMITED if record.stalled else 0)
        self.turns.append(record.turns)
        self.scores.extend(record.scores)
        self.plays.update(record.plays)
        self.held.update(record.held)
        self.winner_plays.update(record.winner_plays)
        if not record.stalled:
            shares = _win_shares(self.winners[-1], len(record.seats))
            for kept, wins, sets in ((self.opening, self.opening_wins, record.opening),
                                     (self.played, self.played_wins, record.played)):
                for seat, cards in enumerate(sets):
                    for card in sorted(cards):
                        kept[card] += 1
                        wins[card] += shares[seat]

    def extend(self, other: "Records") -> None:
        """Append another chunk's games after these."""
        if self.lineups and other.lineups and other.seats != self.seats:
            raise ValueError("records of games with different numbers of players")
        remap = [self._lineup_index(seats) for seats in other.lineups]
        self.lineup.extend(remap[i] for i in other.lineup)
        for name in ("seeds", "winners", "stalled", "turns", "scores"):
            getattr(self, name).extend(getattr(other, name))
        for name in ("plays", "held", "winner_plays", "opening", "opening_wins", "played",
                     "played_wins"):
            getattr(self, name).update(getattr(other, name))

    @classmethod
    def merged(cls, parts: Iterable["Records"]) -> "Records":
        out = cls()
        for part in parts:
            out.extend(part)
        return out

    @classmethod
    def of(cls, records: Iterable[GameRecord]) -> "Records":
        out = cls()
        for record in records:
            out.add(record)
        return out

    def seat_scores(self, seat: int, finished_only: bool = True) -> list[float]:
        """Seat `seat`'s final scores, in game order (of finished games only, by default)."""
        n = self.seats
        return [self.scores[g * n + seat] for g in range(len(self))
                if not (finished_only and self.stalled[g])]


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


def _win_shares(winners: int, seats: int) -> list[float]:
    """A tie shares the win: two winners get half a win each, so rates still add up to one."""
    share = 1.0 / winners.bit_count() if winners else 0.0
    return [share if winners >> s & 1 else 0.0 for s in range(seats)]


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
    stalled_seeds: list[int]   # every game stopped before an end ...
    capped_seeds: list[int]    # ... of which these at the turn cap (--max-turns)
    seat_rates: list[Rate]
    bot_rates: dict[str, Rate]
    first_player: Rate
    lengths: dict[int, int]
    length_stats: dict[str, float]
    score_stats: list[dict[str, float]]
    plays: dict[str, int]
    held: dict[str, int]
    winner_plays: dict[str, int]
    #: bot -> opponent bot -> the bot's win rate in games where both played
    matchups: dict[str, dict[str, Rate]] = field(default_factory=dict)
    card_impact: list["CardImpact"] = field(default_factory=list)
    max_turns: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "finished": self.finished, "stalled": len(self.stalled_seeds),
            "stalled_seeds": self.stalled_seeds,
            "cut_at_max_turns": len(self.capped_seeds), "cut_at_max_turns_seeds": self.capped_seeds,
            "seats": [r.to_json() for r in self.seat_rates],
            "bots": {name: r.to_json() for name, r in self.bot_rates.items()},
            "first_player": self.first_player.to_json(),
            "length": {"histogram": {str(k): v for k, v in self.lengths.items()}, **self.length_stats},
            "scores": self.score_stats,
            "cards": {"played": self.plays, "held_at_end": self.held, "in_winner_plays": self.winner_plays},
            "matchups": {a: {b: r.to_json() for b, r in row.items()}
                         for a, row in self.matchups.items()},
            "card_impact": {"min_sample": MIN_SAMPLE,
                            "cards": [c.to_json() for c in self.card_impact]},
        }


#: Seat-games a card impact needs on each side (with the card, without it) to be shown.
MIN_SAMPLE = 30


@dataclass(frozen=True)
class Lift:
    """A win rate with a card against the win rate without it, over seats of decided games."""

    with_card: Rate
    without: Rate

    @property
    def lift(self) -> float:
        return self.with_card.value - self.without.value

    @property
    def p_value(self) -> float:
        """Two-sided two-proportion z-test of 'the card changes nothing'."""
        a, b = self.with_card, self.without
        pooled = (a.wins + b.wins) / (a.games + b.games)
        se = math.sqrt(pooled * (1 - pooled) * (1 / a.games + 1 / b.games))
        if se == 0:
            return 1.0
        return math.erfc(abs(self.lift) / se / math.sqrt(2))

    def to_json(self) -> dict[str, Any]:
        return {"with": self.with_card.to_json(), "without": self.without.to_json(),
                "lift": self.lift, "p": self.p_value}


@dataclass(frozen=True)
class CardImpact:
    """One card's lifts: held in the opening hand, and played (None below `MIN_SAMPLE`)."""

    card: str
    opening: Lift | None
    played: Lift | None

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card,
                "opening_hand": self.opening.to_json() if self.opening else None,
                "played": self.played.to_json() if self.played else None}


def _lift(n: int, wins: float, seat_games: int, total_wins: float) -> Lift | None:
    if n < MIN_SAMPLE or seat_games - n < MIN_SAMPLE:
        return None
    return Lift(Rate(wins, n), Rate(total_wins - wins, seat_games - n))


def card_impact(records: Records, finished: int) -> list[CardImpact]:
    """Every card's lifts, cards in id order (decided games only: each gives out one win)."""
    seat_games = finished * records.seats
    out = []
    for card in sorted(set(records.opening) | set(records.played)):
        opening = _lift(records.opening[card], records.opening_wins[card], seat_games, finished)
        played = _lift(records.played[card], records.played_wins[card], seat_games, finished)
        if opening or played:
            out.append(CardImpact(card, opening, played))
    return out


def standing_out(impacts: list[CardImpact], alpha: float = 0.05) -> list[tuple[str, str, Lift]]:
    """(card, "opening"/"played", lift) whose lift is significant after Bonferroni's
    correction over every lift shown, largest first."""
    lifts = [(c.card, kind, lift) for c in impacts
             for kind, lift in (("opening", c.opening), ("played", c.played)) if lift]
    if not lifts:
        return []
    cut = alpha / len(lifts)
    return sorted([x for x in lifts if x[2].p_value < cut], key=lambda x: -abs(x[2].lift))


def matchups(records: Records, finished: list[int],
             shares: list[list[float]]) -> dict[str, dict[str, Rate]]:
    """Each bot's win rate against each other bot, over the games where both sat."""
    wins: dict[tuple[str, str], float] = {}
    games: Counter[tuple[str, str]] = Counter()
    for g, share in zip(finished, shares):
        seats = records.lineups[records.lineup[g]]
        bots = sorted(set(seats))
        for a in bots:
            won = sum(share[s] for s, b in enumerate(seats) if b == a)
            for b in bots:
                if a != b:
                    games[(a, b)] += 1
                    wins[(a, b)] = wins.get((a, b), 0.0) + won
    out: dict[str, dict[str, Rate]] = {}
    for (a, b), n in sorted(games.items()):
        out.setdefault(a, {})[b] = Rate(wins[(a, b)], n)
    return out


def summarise(records: Records) -> Summary:
    """Aggregate records (already in chunk order) into the designer's numbers."""
    if not len(records):
        raise ValueError("no games were played")
    n_seats = records.seats
    finished = [g for g in range(len(records)) if not records.stalled[g]]
    shares = [_win_shares(records.winners[g], n_seats) for g in finished]
    # summed game by game in game order, so the floats are the same however the chunks ran
    seat_rates = [Rate(sum(share[s] for share in shares), len(finished)) for s in range(n_seats)]
    bot_wins: Counter[str] = Counter()
    bot_games: Counter[str] = Counter()
    for g, share in zip(finished, shares):
        for seat, bot in enumerate(records.lineups[records.lineup[g]]):
            bot_games[bot] += 1
            bot_wins[bot] += share[seat]
    lengths = sorted(records.turns[g] for g in finished)
    score_stats = []
    for s in range(n_seats):
        values = sorted(records.seat_scores(s))
        score_stats.append({"mean": mean(values) if values else 0.0,
                            "median": float(median(values)) if values else 0.0,
                            "min": float(values[0]) if values else 0.0,
                            "max": float(values[-1]) if values else 0.0})
    return Summary(
        games=len(records), finished=len(finished),
        stalled_seeds=[records.seeds[g] for g in range(len(records)) if records.stalled[g]],
        capped_seeds=[records.seeds[g] for g in range(len(records)) if records.stalled[g] == CAPPED],
        seat_rates=seat_rates,
        bot_rates={b: Rate(bot_wins[b], bot_games[b]) for b in sorted(bot_games)},
        first_player=seat_rates[0] if seat_rates else Rate(0, 0),
        lengths=histogram(lengths),
        length_stats={"mean": mean(lengths) if lengths else 0.0,
                      "median": float(median(lengths)) if lengths else 0.0,
                      "p90": percentile(lengths, 0.9),
                      "max": float(lengths[-1]) if lengths else 0.0},
        score_stats=score_stats,
        plays=_by_count(records.plays),
        held=_by_count(records.held),
        winner_plays=_by_count(records.winner_plays),
        matchups=matchups(records, finished, shares),
        card_impact=card_impact(records, len(finished)),
    )


def _by_count(counts: Counter[str]) -> dict[str, int]:
    """Most first, ties by id: the same order whichever chunk counted a card first."""
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
