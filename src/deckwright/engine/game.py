"""A game: its facts, its card catalogue and its state class, built once from the database.

A rules module declares

    class BridgeOver(Game):
        facts = FACTS            # GameFacts: the game's facts as data
        state_class = BridgeOverState

and ends with `register(BridgeOver)`. `BridgeOver(data)` builds the catalogue of the default
deck (or `deck=`) once; every state shares it. Each zone's pile index is an attribute named
for the zone in capitals (`game.DECK`; `game.HAND[p]` for a zone per player). `prepare()` is
the hook for precomputing card facts the hot path needs (`self.color =
self.catalogue.column(lambda c: c.colors[0])`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterator, Mapping, Sequence

from ..model import Deck, GameData
from .cards import Catalogue
from .facts import GameFacts
from .state import CHANCE, ReplayError, State
from .zones import Layout


class Game:
    facts: ClassVar[GameFacts]
    state_class: ClassVar[type[State]]
    #: Bots of the game's own (name -> class taking a seed), offered next to the engine's
    #: random and greedy bots, e.g. a fair bot that plays only from its player's view.
    bots: ClassVar[dict[str, type]] = {}

    def __init__(self, data: GameData, deck: Deck | str | None = None, *,
                 counts: Mapping[str, int] | None = None,
                 seat_decks: Sequence[Deck | str] | None = None):
        if data.id != self.facts.game_id:
            raise ValueError(f"{type(self).__name__} plays {self.facts.game_id!r}, not {data.id!r}")
        self.data = data
        self.deck = self._deck(deck) if deck is not None else data.default_deck
        #: A game with `facts.seat_decks`: each seat's deck contents (card id -> copies), seat 1
        #: first; empty for an example (whose setup places every card itself).
        self.seat_decks: tuple[dict[str, int], ...] = ()
        if counts is None and self.facts.seat_decks:
            decks = [self._deck(d) for d in seat_decks] if seat_decks else self._default_seats()
            self.seat_decks = tuple(dict(data.deck_contents(d)) for d in decks)
            counts = {}
            for contents in self.seat_decks:
                for card_id, n in contents.items():
                    counts[card_id] = counts.get(card_id, 0) + n
        self.catalogue = Catalogue(data, counts if counts is not None
                                   else data.deck_contents(self.deck))
        #: The seat whose deck each card instance belongs to (all 0 without seat decks).
        self.seat_of = self._seats_of_instances()
        #: How the log, the views and refusals name each card instance (`State.card_label`):
        #: its card id unless `prepare()` says otherwise (`cat.column(lambda c: c.name)`).
        self.labels: Sequence[str] = self.catalogue.ids
        self._layouts: dict[int, Layout] = {}
        for spec in self.facts.zones:   # `self.DECK`, `self.HAND[p]`: each zone's pile index
            setattr(self, spec.name.upper().replace("-", "_"),
                    self.zones_of(spec.name) if spec.per_player else self.zone(spec.name))
        self.prepare()

    def _deck(self, deck: Deck | str) -> Deck:
        return self.data.deck(deck) if isinstance(deck, str) else deck

    def _default_seats(self) -> list[Deck]:
        """Seat 1 plays the chosen deck, the other seats (of the game's bench player count) the
        database's other decks in order (again from the first when there are fewer decks)."""
        others = [d for d in self.data.db.decks if d.id != self.deck.id] or [self.deck]
        n = self.facts.bench_players
        return [self.deck] + [others[k % len(others)] for k in range(n - 1)]

    def _seats_of_instances(self) -> tuple[int, ...]:
        cat = self.catalogue
        if not self.seat_decks:
            return tuple(0 for _ in cat.ids)
        out = []
        for card_id, copy in zip(cat.ids, cat.copy):
            total, seat = 0, 0
            for seat, contents in enumerate(self.seat_decks):
                total += contents.get(card_id, 0)
                if copy <= total:
                    break
            out.append(seat)
        return tuple(out)

    def prepare(self) -> None:
        """Precompute what the hot path reads (card fact columns); nothing by default."""

    @property
    def id(self) -> str:
        return self.facts.game_id

    def layout(self, players: int) -> Layout:
        layout = self._layouts.get(players)
        if layout is None:
            layout = self._layouts[players] = Layout(self.facts.zones, players,
                                                     self.facts.max_players)
        return layout

    def zone(self, name: str, player: int | None = None) -> int:
        """A zone's pile index, the same for every number of players: `self.DECK =
        self.zone("deck")` in `prepare()`."""
        return self.layout(self.facts.min_players).of(name, player)

    def zones_of(self, name: str) -> tuple[int, ...]:
        """A per-player zone's pile index for every seat: `self.HAND = self.zones_of("hand")`."""
        return tuple(self.layout(self.facts.max_players).of(name, p)
                     for p in range(self.facts.max_players))

    def check_players(self, players: int) -> None:
        f = self.facts
        if not f.min_players <= players <= f.max_players:
            raise ValueError(f"{f.game_id} is for {f.min_players}-{f.max_players} players, "
                             f"not {players}")

    def blank_state(self, players: int, seed: int = 0) -> State:
        """A state with every card in the box and nothing dealt (examples build on this)."""
        self.check_players(players)
        return self.state_class(self, players, seed)

    def new_state(self, players: int | None = None, seed: int = 0) -> State:
        """A real game's first state: the module's `deal()` with the seeded RNG."""
        state = self.blank_state(players or self.facts.bench_players, seed)
        state.deal()
        return state

    def replay(self, players: int, history: list[tuple[int, Any]]) -> State:
        """Rebuild a game from its history alone: chance outcomes come from the record, not
        the RNG, so the result is the same state whatever seed is used."""
        state = None
        for state in self.replaying(players, history):
            pass
        assert state is not None
        return state

    def replaying(self, players: int, history: list[tuple[int, Any]]) -> Iterator[State]:
        """`replay`, one state at a time: the dealt state, then the state after each decision
        (the same object, changed in place: clone one to keep it)."""
        state = self.blank_state(players, seed=0)
        state._replay = history
        state.deal()
        yield state
        for player, action in history:
            if player == CHANCE:
                continue
            if state.is_over():
                raise ReplayError("history continues after the game is over")
            state.apply(action, player)
            yield state
        if state._replay_at < len(history) and any(
                p == CHANCE for p, _ in history[state._replay_at:]):
            raise ReplayError("history has chance events the game never used")
        state._replay = None
