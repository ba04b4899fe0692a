"""A game table: people and bots playing one game on the shared engine, seat by seat.

The deal is seeded from the operating system's secret source (`secrets`) unless the table was
opened with a fixed seed, and nothing a seat receives carries the seed: no player can rebuild
the deck. Bots draw from their own secret streams too. The table keeps the state before every
decision, so undo restores one of them instead of replaying from the seed; chance after the
undone point is then drawn again from a fresh secret stream, and an undo is refused once a
person saw a card since that point (or another person decided since), so undo is never a peek.
Each human seat has a random token: whoever holds the URL with that token plays that seat and
sees only that seat's view (the engine's observer) and that seat's log (the engine's witness),
never another hand. Restart needs every person at the table. Nothing here draws or serves pages;
`live.play_app` does that.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.bots import bots_of as bot_kinds
from ..engine.bots import choose, make_bot, split_spec
from ..engine.game import Game
from ..engine.observer import observe, public_info
from ..engine.state import Action, NotationError, Refused, State
from ..engine.witness import Witness
from ..i18n import Words, words
from ..model.steps import as_written
from .words import page_words

HUMAN = "you"
#: what `observe` itself says (a module's public facts are everything else it returns)
CORE = frozenset({"me", "players", "deciding", "direction", "scores", "over", "zones"})


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


def _secret() -> int:
    return secrets.randbits(128)


@dataclass
class Table:
    game: Game
    players: int
    seats: list[Seat]
    #: a fixed deal (`deckwright play --seed`): the same deal on every restart, bots and undo
    #: reproducible, and every page says so; None = a secret deal
    seed: int | None = None
    decisions: list[Decision] = field(default_factory=list)
    token: Callable[[], str] = lambda: secrets.token_urlsafe(18)
    #: a rules-module error met while a bot decided (shown on every page; the table stops)
    fault: str = ""
    _drawer: Any = None

    def __post_init__(self) -> None:
        kinds = bot_kinds(type(self.game))
        for seat in self.seats:
            if seat.kind != HUMAN and _bot_name(seat.kind) not in kinds:
                raise TableError(f"unknown seat kind {seat.kind!r} "
                                 f"(known: {', '.join([HUMAN, *sorted(kinds)])})")
            if seat.kind == HUMAN and not seat.token:
                seat.token = self.token()
        self.deal()

    @property
    def _(self) -> Words:
        """The table's refusals in the game's language."""
        return words(self.game.data.language)

    @property
    def fixed(self) -> bool:
        return self.seed is not None

    # --- the state ------------------------------------------------------------------------
    def deal(self) -> None:
        """A new game (a fresh secret deal, or the fixed one again); the seats keep their
        tokens."""
        fixed = self.seed is not None
        self.state: State = self.game.new_state(self.players, self.seed if fixed else _secret())
        self.decisions = []
        #: the state before each decision (undo restores one; recording starts from one)
        self.before: list[State] = []
        self.witness = Witness(self.players)
        self.witness.note(self.state)
        self.fault = ""
        self.restart_asked: set[int] = set()
        kinds = bot_kinds(type(self.game))
        self.bots = {p: make_bot(kinds, s.kind, random.Random(f"{self.seed}/{p}").getrandbits(64)
                                 if fixed else _secret())
                     for p, s in enumerate(self.seats) if s.kind != HUMAN}

    def state_at(self, n: int) -> State:
        """A copy of the state after the first `n` decisions (for recording an example)."""
        return (self.before[n] if n < len(self.before) else self.state).clone()

    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s.kind == HUMAN]

    # --- seats ----------------------------------------------------------------------------
    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is (compared in constant time, as bytes: a token with
        characters beyond ASCII is simply no seat)."""
        given = token.encode("utf-8", "replace")
        for p, seat in enumerate(self.seats):
            if seat.kind == HUMAN and secrets.compare_digest(seat.token.encode(), given):
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
            raise TableError(self._("the game is over"))
        try:
            player, action = state.parse_action(text)
        except NotationError as exc:
            raise TableError(str(exc)) from None
        if player != seat:
            raise TableError(self._("%(decision)s is not a decision of %(player)s",
                                    decision=repr(text), player=state.player_name(seat)))
        before = state.clone()
        try:
            state.apply(action, player)
        except Refused as exc:
            raise TableError(str(exc)) from None
        self.before.append(before)
        return self._taken(player, action, text)

    def bot_step(self) -> Decision:
        """One decision of the bot whose turn it is."""
        state = self.state
        before = state.clone()
        player = state.current_player()
        actions = state.legal_actions()
        action = choose(self.bots[player], state, actions)
        text = state.action_to_string(action)
        state.apply(action, player, check=False)
        self.before.append(before)
        return self._taken(player, action, text)

    def _taken(self, player: int, action: Action, text: str) -> Decision:
        d = Decision(player, action, text)
        self.decisions.append(d)
        self.witness.note(self.state)
        return d

    def undo(self, seat: int) -> int:
        """Take back `seat`'s last decision and what followed (bots' decisions, chance);
        returns how many decisions were taken back, or raises TableError with the reason it
        may not (`undo_refusal`)."""
        reason = self.undo_refusal(seat)
        if reason:
            raise TableError(reason)
        last = self._last_of(seat)
        assert last is not None
        removed = len(self.decisions) - last
        self.state = self.before[last]
        if not self.fixed:   # what chance does from here on is drawn anew, unseen
            self.state.rng = random.Random(_secret())
        del self.decisions[last:], self.before[last:]
        self.witness.forget(last)
        self.fault = ""
        return removed

    def _last_of(self, seat: int) -> int | None:
        return max((i for i, d in enumerate(self.decisions) if d.player == seat), default=None)

    def undo_refusal(self, seat: int) -> str:
        """Why `seat` may not undo now ("" when it may): it has no decision, another person
        decided since (theirs to take back), or a person was shown a card since that this seat
        could not see before (a draw, a bot's card, a card another person drew: undoing would
        let them look and choose again)."""
        last = self._last_of(seat)
        if last is None:
            return self._("you have no decision to take back")
        others = {d.player for d in self.decisions[last + 1:]
                  if d.player != seat and self.seats[d.player].kind == HUMAN}
        if others:
            who = ", ".join(self.state.player_name(p) for p in sorted(others))
            return self._("%(players)s decided since; only your own decisions can be taken "
                          "back", players=who)
        if self.witness.shown_since(last, self.humans(), seat):
            return self._("a card was shown since that decision, so it stands")
        return ""

    def restart(self, seat: int, agree: bool = True) -> bool:
        """`seat` asks for a new game (or withdraws); the game restarts once every person at
        the table has asked. Returns whether it restarted."""
        if agree:
            self.restart_asked.add(seat)
        else:
            self.restart_asked.discard(seat)
        if set(self.humans()) <= self.restart_asked:
            self.deal()
            return True
        return False

    # --- what a seat sees -----------------------------------------------------------------
    def card_name(self, inst: int) -> str:
        """A card as a player knows it: the module's label when it gives one (♦9), else its
        name as the decisions' buttons say it (“One” (Red)), never its id, which is the
        designer's word."""
        state = self.state
        if type(state).card_label is State.card_label:
            if self._drawer is None:
                from ..press.rulebook.examples import Drawer
                self._drawer = Drawer(self.game.data)
            return self._drawer.word(self.game.catalogue.ids[inst])
        return state.card_label(inst)

    def player_title(self, player: int) -> str:
        """A player as the table's pages name it (P2), not as the notation does (p2)."""
        return self.state.player_name(player).upper()

    def log(self, seat: int) -> list[str]:
        """The event log as `seat` may read it, cards and players named as players know them."""
        return self.witness.sentences(self.state, seat, self.card_name, self.player_title)

    def decision_words(self, text: str) -> tuple[tuple[str, str], ...]:
        """A decision as its words with their kinds, as the game's declared notation reads it
        in the present state (what the rulebook's sentences are made from); as written for a
        game that parses its steps itself (model.steps.as_written)."""
        try:
            step = self.state.parse_step(text)
        except NotationError:
            step = None
        return step.words if step is not None else as_written(text)

    def view(self, seat: int) -> dict[str, Any]:
        """Everything the page of `seat` shows: its view of the zones (cards as id + name,
        hidden ones as counts), the public facts, whose decision it is, this seat's legal
        decisions, its own log. Nothing the deal could be rebuilt from."""
        state = self.state
        ids = self.game.catalogue.ids
        seen = observe(state, seat, name=lambda i: {"id": ids[i], "label": self.card_name(i)})
        public = public_info(state)
        for key in set(public) - CORE:   # the page shows them apart, as public facts
            seen.pop(key, None)
        deciding = state.current_player()
        legal = []
        if deciding == seat and not state.is_over():
            legal = [state.action_to_string(a) for a in state.legal_actions()]
        winner = state.winner() if state.is_over() else None
        return {
            **seen,
            "public": public,
            "game": self.game.id,
            "title": self.game.data.db.game.title,
            "fixed_deal": self.fixed,
            "seats": [{"name": state.player_name(p), "kind": s.kind}
                      for p, s in enumerate(self.seats)],
            "legal": legal,
            "log": self.log(seat),
            "decisions": len(self.decisions),
            "undo_refusal": self.undo_refusal(seat),
            "restart": {"asked": [state.player_name(p) for p in sorted(self.restart_asked)],
                        "mine": seat in self.restart_asked, "people": len(self.humans())},
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
