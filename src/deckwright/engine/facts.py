"""A game's facts as data, declared once at the top of its rules module (OpenSpiel style).

Everything the engine needs to know about a game that is not "what happens when" lives here:
player counts, the zones and who may see them, the setup keys and the longest sane game.
The rules module's code below the facts only says what is not a fact.
"""

from __future__ import annotations

from dataclasses import InitVar, dataclass, field
from typing import Literal

Visibility = Literal["public", "owner", "hidden", "top"]


@dataclass(frozen=True)
class ZoneSpec:
    """One kind of zone: a deck, a hand per player, a discard pile, a 5x5 grid.

    `visibility` says what a player's view shows: `public` every card, `owner` the cards to the
    zone's owner and only the count to the others, `hidden` only the count, `top` the count and
    the top card. `grid=(rows, cols)` makes the zone a fixed grid of cells (EMPTY when vacant).

    `key` makes the zone an example key of its own (super-page-one's `zone`, ghost-couple's
    `vanish` and `treasure`): an example's `setup:` lists its cards under that key (a list, or
    `{p1: [cards], ...}` for a zone per player), taken from the box or the deck after the
    shared keys; a recorded position writes them back there (`State.setup_extras`); and
    `expect:` checks them under the same key. The game writes none of it.
    """

    name: str
    per_player: bool = False
    visibility: Visibility = "public"
    grid: tuple[int, int] | None = None
    key: str = ""


@dataclass(frozen=True)
class GameFacts:
    """What a game is, as data: the engine, the harness, the bots and the bench read these."""

    game_id: str
    min_players: int
    max_players: int
    zones: tuple[ZoneSpec, ...]
    #: Accepted, and ignored, from rules modules written before deckwright stopped reading
    #: them (the scaffold of 2026 set both): what a player sees is the zones' visibility.
    information: InitVar[str | None] = None
    utility: InitVar[str | None] = None
    #: Decisions after which a game is certainly broken; the fuzz test fails past it.
    max_decisions: int = 5000
    #: Players a bench or fuzz run uses when none is given.
    default_players: int | None = None
    #: Extra `setup:` keys this game reads besides the shared ones (docs/format.md).
    setup_keys: tuple[str, ...] = field(default=())
    #: Each player brings a deck of their own (a trading card game): a real game's seats play
    #: the database's decks in turn (`Game.seat_decks`, `State.deal_seat_decks`).
    seat_decks: bool = False
    #: Copies of every database card an example may place (0: the example's deck decides);
    #: a game with seat decks sets up positions no single deck holds.
    example_copies: int = 0

    def __post_init__(self, information: str | None, utility: str | None) -> None:
        # a zone that is an example key of its own (ZoneSpec.key) is one of the setup keys
        own = tuple(z.key for z in self.zones if z.key and z.key not in self.setup_keys)
        object.__setattr__(self, "setup_keys", tuple(self.setup_keys) + own)

    @property
    def bench_players(self) -> int:
        return self.default_players or self.min_players
