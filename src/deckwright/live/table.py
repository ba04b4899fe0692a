"""A game table: people and bots playing one game on the shared engine, seat by seat.

The table holds the seed and the decisions taken so far; the state is always the engine's
`new_state(players, seed)` with those decisions applied, so undo is "replay without the last
decision" and restart is a new seed. Each human seat has a random token: whoever holds the URL
with that token plays that seat and sees only that seat's view (the engine's observer), never
another hand. Nothing here draws or serves pages; `live.play_app` does that.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any, Callable

from ..balance.simulate import bots_of as bot_kinds
from ..engine.bots import choose, make_bot, split_spec
from ..engine.game import Game
from .words import page_words
from ..engine.observer import observe
from ..engine.state import Action, NotationError, Refused, State

HUMAN = "you"


class TableError(ValueError):
    """A request the table refuses (not this seat's turn, not a legal decision)."""


@dataclass
class Decision:
    player: int
    action: Action
    text: str  # the action in the game's notation, as it read when it was taken


@dataclass
class Seat:
    kind: str   # HUMAN or a bot name
    token: str = ""  # the URL secret of a human seat


@dataclass
class Table:
    game: Game
    players: int
    seats: list[Seat]
    seed: int = 0
    decisions: list[Decision] = field(default_factory=list)
    token: Callable[[], str] = lambda: secrets.token_urlsafe(18)
    #: a rules-module error met while a bot decided (shown on every page; the table stops)
    fault: str = ""

    def __post_init__(self) -> None:
        kinds = bot_kinds(type(self.game))
        for seat in self.seats:
            if seat.kind != HUMAN and _bot_name(seat.kind) not in kinds:
                raise TableError(f"unknown seat kind {seat.kind!r} "
                                 f"(known: {', '.join([HUMAN, *sorted(kinds)])})")
            if seat.kind == HUMAN and not seat.token:
                seat.token = self.token()
        self.restart(self.seed)

    # --- the state ------------------------------------------------------------------------
    def restart(self, seed: int) -> None:
        """A new game with `seed`; the seats keep their tokens."""
        self.seed = seed
        self.decisions = []
        self.fault = ""
        self._rebuild()

    def _rebuild(self) -> None:
        state = self.game.new_state(self.players, self.seed)
        for d in self.decisions:
            state.apply(d.action, d.player, check=False)
        self.state: State = state
        kinds = bot_kinds(type(self.game))
        self.bots = {p: make_bot(kinds, s.kind, self.seed * 31 + p)
                     for p, s in enumerate(self.seats) if s.kind != HUMAN}

    def state_at(self, n: int) -> State:
        """The state after the first `n` decisions (for recording an example)."""
        state = self.game.new_state(self.players, self.seed)
        for d in self.decisions[:n]:
            state.apply(d.action, d.player, check=False)
        return state

    # --- seats ----------------------------------------------------------------------------
    def seat_of(self, token: str) -> int | None:
        for p, seat in enumerate(self.seats):
            if seat.kind == HUMAN and secrets.compare_digest(seat.token, token):
                return p
        return None

    def deciding(self) -> int:
        return self.state.current_player()

    def bot_to_move(self) -> bool:
        if self.fault:
            return False
        p = self.deciding()
        return p >= 0 and p in self.bots

    # --- decisions ------------------------------------------------------------------------
    def act(self, seat: int, text: str) -> Decision:
        """Take the decision `text` (notation) for `seat`; refused with the rule's reason."""
        state = self.state
        if state.is_over():
            raise TableError("the game is over")
        try:
            player, action = state.parse_action(text)
        except NotationError as exc:
            raise TableError(str(exc)) from None
        if player != seat:
            raise TableError(f"{text!r} is not a decision of {state.player_name(seat)}")
        try:
            state.apply(action, player)
        except Refused as exc:
            raise TableError(str(exc)) from None
        return self._taken(player, action, text)

    def bot_step(self) -> Decision:
        """One decision of the bot whose turn it is."""
        state = self.state
        player = state.current_player()
        actions = state.legal_actions()
        action = choose(self.bots[player], state, actions)
        text = state.action_to_string(action)
        state.apply(action, player, check=False)
        return self._taken(player, action, text)

    def _taken(self, player: int, action: Action, text: str) -> Decision:
        d = Decision(player, action, text)
        self.decisions.append(d)
        return d

    def undo(self, seat: int) -> int:
        """Take back `seat`'s last decision and everything after it; returns how many
        decisions were taken back (0 when the seat has none)."""
        last = max((i for i, d in enumerate(self.decisions) if d.player == seat), default=None)
        if last is None:
            return 0
        removed = len(self.decisions) - last
        del self.decisions[last:]
        self.fault = ""
        self._rebuild()
        return removed

    # --- what a seat sees -----------------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        """Everything the page of `seat` shows: its view of the zones (cards as id + label,
        hidden ones as counts), whose decision it is, this seat's legal decisions, the log."""
        state = self.state
        ids = self.game.catalogue.ids
        seen = observe(state, seat, name=lambda i: {"id": ids[i], "label": state.card_label(i)})
        deciding = state.current_player()
        legal = []
        if deciding == seat and not state.is_over():
            legal = [state.action_to_string(a) for a in state.legal_actions()]
        winner = state.winner() if state.is_over() else None
        return {
            **seen,
            "game": self.game.id,
            "title": self.game.data.db.game.title,
            "seed": self.seed,
            "seats": [{"name": state.player_name(p), "kind": s.kind}
                      for p, s in enumerate(self.seats)],
            "legal": legal,
            "log": state.sentences(),
            "decisions": len(self.decisions),
            "can_undo": any(d.player == seat for d in self.decisions),
            "winner": state.player_name(winner) if winner is not None else None,
            "fault": self.fault,
            "language": self.game.data.language,
            "words": page_words(self.game.data.language),
        }


def _bot_name(kind: str) -> str | None:
    """The bot a seat kind names (`ismcts:200` -> ismcts), None when the budget is malformed."""
    try:
        return split_spec(kind)[0]
    except ValueError:
        return None
