"""What one seat knows about where the cards are, and worlds drawn consistently with it.

A searching bot may not read the state: it reads a *determinisation*, a state whose hidden
cards were dealt again at random among the places the seat cannot see, keeping everything the
seat can know. What a seat can know is more than its view of the moment: it saw the card it
passed to a neighbour go into that hand, it remembers the cards it saw played onto a discard
pile later shuffled back into the deck, and it remembers a face-down card it saw before it was
turned over again. `Knowledge` follows a game decision by decision (replaying the real state's
history on a private copy, so that it sees each step's moves) and keeps, for every card
instance, the pile the seat knows it to be in, or nothing. The rules are the same for every
game:

- a card the seat sees now (`observer.visible_cards`: its pile shows it to the seat, it is
  turned face up, or the module says the seat was shown it, `State.revealed_to`) is known where
  it is, and so is every card of a `top` zone (a discard pile: each card was seen as it was
  put on top, in that order);
- a card the seat saw (or knew the cell of, in a grid) that moves is known where it went: the
  seat saw it pass;
- a card that stays in its pile stays known, unless that pile lost a card the seat could not
  identify in the same step (a draw from a deck whose members the seat knew but not their
  order): then the seat no longer knows which of the pile's cards are left, and forgets them all;
- a face-down grid card keeps its cell: cards on a board move in plain sight;
- within a hidden stack (a deck, another player's hand) the order is never known.

`resample(state, seat, knowledge, rng)` then deals a determinisation: the unknown cards of each
seat deck (`Game.seat_of`: cards of different decks are told apart by their backs) are shuffled
over the places that hold unknown cards of that deck, and the cards of every hidden stack are
shuffled within it. The state's own bookkeeping follows through `State.resampled(mapping)`.
A game whose rules move face-down cards in secret supplies its own resampler
(`Game.resample`, see docs/engine.md).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .observer import visible_cards
from .state import CHANCE
from .zones import EMPTY

if TYPE_CHECKING:
    from .game import Game
    from .state import State

UNKNOWN = -1


class Knowledge:
    """Where `seat` knows each card to be (`pile[inst]`, or UNKNOWN), kept up to date by
    `follow(state)` with the real state's history (only its decisions and the chance outcomes
    it holds; the private copy learns nothing the history does not say)."""

    def __init__(self, game: "Game", players: int, seat: int):
        self.game, self.players, self.seat = game, players, seat
        self.shadow: "State | None" = None
        self.steps = 0                      # history entries the shadow has taken
        self.pile: list[int] = []
        self._where: list[int] = []
        self._seen: list[bool] = []

    def follow(self, state: "State") -> "Knowledge":
        """Catch up with `state` (a later position of the same game), one decision at a time."""
        history = state.history
        if self.shadow is None or history[:self.steps] != self.shadow.history[:self.steps]:
            self._start(history)
        shadow = self.shadow
        assert shadow is not None
        shadow._replay = history
        while self.steps < len(history):
            player, action = history[self.steps]
            self.steps += 1
            if player == CHANCE:
                continue
            shadow.apply(action, player, check=False)
            self._step()
        shadow._replay = None
        return self

    def _start(self, history: list) -> None:
        shadow = self.game.blank_state(self.players, seed=0)
        shadow.log.on = False
        shadow._replay = history
        shadow.deal()
        self.shadow = shadow
        self.steps = shadow._replay_at
        count = len(shadow.zones.where)
        self.pile = [UNKNOWN] * count
        self._where = [EMPTY] * count      # nothing seen yet: every card moved from nowhere
        self._seen = [False] * count
        self._step()

    def _step(self) -> None:
        """Update what the seat knows after one step of the shadow game."""
        shadow = self.shadow
        assert shadow is not None
        zones = shadow.zones
        where = zones.where
        grid = zones.layout.grid
        seen = _seen(shadow, self.seat)
        old_where, old_seen, old_pile = self._where, self._seen, self.pile
        tainted = set()
        for inst, src in enumerate(old_where):
            if src != where[inst] and src != EMPTY and not old_seen[inst] and not seen[inst] \
                    and not (grid[src] and old_pile[inst] == src):
                tainted.add(src)
        pile = self.pile = [UNKNOWN] * len(where)
        for inst, now in enumerate(where):
            before = old_where[inst]
            if seen[inst]:
                pile[inst] = now
            elif now == before:
                # (a board card that moved to another cell moved in plain sight)
                known = old_pile[inst] == now and now not in tainted
                pile[inst] = now if known else UNKNOWN
            elif old_seen[inst] or (before != EMPTY and grid[before] and old_pile[inst] == before):
                pile[inst] = now
        self._where, self._seen = list(where), seen

    def fixed(self, state: "State") -> list[bool]:
        """The instances whose exact place the seat knows in `state`: seen, or on a known cell."""
        seen = _seen(state, self.seat)
        grid = state.zones.layout.grid
        where = state.zones.where
        return [s or (grid[where[i]] and self.pile[i] == where[i]) for i, s in enumerate(seen)]


def _seen(state: "State", seat: int) -> list[bool]:
    """The cards `seat` sees now, with every card of a `top` zone (see the module docstring)."""
    seen = visible_cards(state, seat)
    layout = state.zones.layout
    for index, spec in enumerate(layout.specs):
        if spec.visibility == "top" and layout.in_play(index):
            for inst in state.zones.piles[index]:
                seen[inst] = True
    return seen


class Deal:
    """How to deal worlds for `seat` at one position: which places take which unknown cards,
    worked out once per decision; `world(rng)` then deals one (a clone and some shuffles)."""

    def __init__(self, state: "State", seat: int, knowledge: Knowledge):
        self.state = state
        zones = state.zones
        layout = zones.layout
        where = zones.where
        fixed = knowledge.fixed(state)
        known = knowledge.pile
        deck_of = state.game.seat_of
        places: dict[int, list[tuple[int, int]]] = {}
        unknown: dict[int, list[int]] = {}
        stacks: dict[tuple[int, int], list[int]] = {}
        for index, pile in enumerate(zones.piles):
            if not layout.in_play(index) and index != 0:
                continue
            grid = layout.grid[index]
            for pos, inst in enumerate(pile):
                if inst == EMPTY or fixed[inst]:
                    continue
                deck = deck_of[inst]
                if known[inst] != where[inst]:
                    places.setdefault(deck, []).append((index, pos))
                    unknown.setdefault(deck, []).append(inst)
                if not grid:
                    stacks.setdefault((index, deck), []).append(pos)
        #: per seat deck: the places of its unknown cards, and those cards (in instance order:
        #: a world depends on what the seat knows and the RNG, never on where the cards are)
        self.places = [(places[d], sorted(unknown[d])) for d in sorted(places)]
        #: per hidden stack and seat deck: the positions whose cards are shuffled within it
        self.stacks = [(index, positions) for (index, _d), positions in sorted(stacks.items())
                       if len(positions) > 1]

    def world(self, rng: random.Random) -> "State":
        state = self.state
        world = state.world(rng)
        piles = world.zones.piles
        rand = rng.random
        for spots, cards in self.places:
            cards = _shuffled(cards, rand)
            for (index, pos), inst in zip(spots, cards):
                piles[index][pos] = inst
        for index, positions in self.stacks:
            pile = piles[index]
            cards = _shuffled(sorted(pile[pos] for pos in positions), rand)
            for pos, inst in zip(positions, cards):
                pile[pos] = inst
        world.resampled(_settle(state, world))
        return world


def _shuffled(cards: list[int], rand) -> list[int]:
    """A shuffled copy (Fisher-Yates with random() * n, as `State.shuffle` does)."""
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = int(rand() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def resample(state: "State", seat: int, knowledge: Knowledge, rng: random.Random) -> "State":
    """One determinisation of `state` for `seat` (see the module docstring and `Deal`)."""
    return Deal(state, seat, knowledge).world(rng)


def _settle(state: "State", world: "State") -> dict[int, int]:
    """Bring `where` and the watched sets in line with the dealt piles; returns, for every
    instance that changed place, the instance now in the place it had (old -> new)."""
    zones = world.zones
    before = state.zones.piles
    mapping: dict[int, int] = {}
    where = zones.where
    for index, pile in enumerate(zones.piles):
        old = before[index]
        if pile == old:
            continue
        for pos, inst in enumerate(pile):
            if inst != EMPTY and old[pos] != inst:
                where[inst] = index
                mapping[old[pos]] = inst
    if zones.watches is not None:
        zones.watched = zones.watches.scan(where)
    return mapping


def leaked_resample(state: "State", seat: int, knowledge: Knowledge,
                    rng: random.Random) -> "State":
    """A resampler that cheats: it hands the searcher the real state (only its chance RNG is
    fresh). It exists to prove that the leak test catches a resampler that leaks."""
    return state.world(rng)
