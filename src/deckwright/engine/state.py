"""The state every rules module extends: one class, one small vocabulary shared by all games.

A rules module subclasses `State` and writes only what its game does:

- `deal()`: a real game's start (shuffle, deal, flip), using `self.shuffle` for chance.
- `legal_actions()`: every decision the deciding player may take now.
- `_apply(action)`: carry out one legal decision (the engine checked it already).
- `why_illegal(action)`: the rule's reason an action is not legal now (for refusals).
- `scores()` (default: `self.score`), `winner()`, `returns()` (default: scores).
- `action_to_string(action)` and `parse_action(text)`: the game's readable notation.
- optionally `invariants()`, `card_label()`, `after_setup()`, `greedy_value()`, `EVENTS` (the
  event kinds the engine does not word itself), `LANGUAGE` (theirs), `REASONS` (refusal reasons
  by id, given as `self.reason(id, ...)`) and `TRANSLATIONS` (the events and reasons in other
  languages; see docs/languages.md).

The engine supplies the rest: `current_player()` (window, else turn order), `apply()` with
refusal reasons, seeded chance recorded in `history`, `clone()`, invariant checks, views.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Sequence

from ..i18n import words
from .cards import CardRefError
from .events import EventLog, sentences, template
from .turns import TurnOrder
from .windows import Window
from .zones import EMPTY, Zones

if TYPE_CHECKING:
    from .game import Game

Action = Any
#: `current_player()` while chance acts (never seen by bots: chance resolves inside `apply`),
#: and the player recorded in `history` for a chance outcome.
CHANCE = -1
#: `current_player()` once the game is over.
TERMINAL = -4

_IMMUTABLE = (int, str, float, bool, type(None), tuple, frozenset, bytes)


def _frozen(contents: dict[str, int]) -> frozenset:
    return frozenset(contents.items())


class Refused(Exception):
    """A decision the rules refuse; the message is the rule's reason, for the player to read."""


class Reason(str):
    """A refusal reason in the game's language that remembers the id of the rule it cites
    (`rule`), so that translations and scripts can name the rule rather than its wording."""

    rule: str

    def __new__(cls, text: str, rule: str) -> "Reason":
        new = super().__new__(cls, text)
        new.rule = rule
        return new

    def __reduce__(self):  # pickled with its rule (Dask workers, caches)
        return (Reason, (str(self), self.rule))


class NotationError(ValueError):
    """A step that is not a decision in the game's notation at all (a typo, an unknown verb)."""


class InvariantError(AssertionError):
    """The state broke an invariant (a card in two zones, a total not conserved)."""


class ReplayError(ValueError):
    """A recorded history that does not fit the game it is replayed on."""


def _copy(value: Any) -> Any:
    """Copy one state attribute: containers are copied, objects with `clone()` cloned,
    immutable values and everything else (the shared `Game`) kept."""
    kind = type(value)
    if kind in _IMMUTABLE:
        return value
    if kind is list:
        return [x if type(x) in _IMMUTABLE else _copy(x) for x in value]
    if kind is dict:
        return {k: (x if type(x) in _IMMUTABLE else _copy(x)) for k, x in value.items()}
    if kind is set:
        return set(value)
    if kind is random.Random:
        rng = random.Random()
        rng.setstate(value.getstate())
        return rng
    clone = getattr(value, "clone", None)
    if clone is not None and not isinstance(value, type):
        return clone()
    return value


_SLOT_NAMES: dict[type, tuple[str, ...]] = {}


def _slots(cls: type) -> tuple[str, ...]:
    """The slot names of a state class and its bases (none for most modules). A module may
    keep its own attributes in `__slots__`: CPython 3.11 shares one key table among the
    instance dicts of a class only up to 30 attributes; past that every state's dict is a
    dict of its own, and attribute and method look-ups on `self` stop being specialised."""
    found = _SLOT_NAMES.get(cls)
    if found is None:
        names: list[str] = []
        for klass in cls.__mro__:
            declared = klass.__dict__.get("__slots__", ())
            for name in (declared,) if isinstance(declared, str) else declared:
                if name not in ("__dict__", "__weakref__") and name not in names:
                    names.append(name)
        found = _SLOT_NAMES[cls] = tuple(names)
    return found


class State:
    #: Event kind -> sentence template (see events.py), e.g. {"play": "{p:player} が {card:card} を出す。"}:
    #: only the kinds the engine does not word (engine/shared_events.py) or words otherwise.
    EVENTS: ClassVar[dict[str, str]] = {}
    #: The language `EVENTS` and `REASONS` are written in (`"ja"`, `"en"`). Declared, it lets the
    #: engine's shared sentences speak every other language; None (modules written before it)
    #: reads `EVENTS` in every language, the engine wording only the kinds they lack.
    LANGUAGE: ClassVar[str | None] = None
    #: Event kinds that happen by themselves, without anyone's decision (a turn's forced draw):
    #: an example's printed flow shows them next to the step they followed.
    AUTOMATIC: ClassVar[frozenset[str]] = frozenset()
    #: Reason id -> refusal template, in the module's own language (the language of `EVENTS`).
    REASONS: ClassVar[dict[str, str]] = {}
    #: Language -> {"events": {kind: template}, "reasons": {id: template}}: the module's
    #: sentences in other languages; anything missing there is the engine's shared sentence in
    #: that language, else `EVENTS`/`REASONS`.
    TRANSLATIONS: ClassVar[dict[str, dict[str, dict[str, str]]]] = {}
    #: The game's steps as data (`engine.notation.Notation`): parse_action and action_to_string
    #: read them from it; a game without one overrides those two itself.
    NOTATION: ClassVar[Any] = None
    #: A player who must choose now (engine.prompts.Prompt), or None: set by the game.
    prompt: Any = None
    #: The game's phases (`engine.phases.Phases`), or None; `self.phase` is the one it is in,
    #: starting at the first declared.
    PHASES: ClassVar[Any] = None

    def __init__(self, game: "Game", players: int, seed: int = 0):
        self.game = game
        self.players = players
        self.zones = Zones(game.layout(players), len(game.catalogue))
        self.turns = TurnOrder(players)
        self.log = EventLog()
        #: (player, action) for each decision, (CHANCE, outcome) for each chance event.
        self.history: list[tuple[int, Any]] = []
        self.rng = random.Random(seed)
        self.window: Window | None = None
        self.over = False
        self.score = [0] * players
        #: The language of refusals and event sentences (an example's, else the game's).
        self.language: str = game.data.language
        #: When true, invariants are checked after every action (harness, fuzz test).
        self.checking = False
        self._replay: list[Any] | None = None
        self._replay_at = 0
        #: an example's deck made of the cards its setup did not place (top first), if any,
        #: and the cards its setup named (setup.take), which are stated wherever they went
        self.unstated_deck: tuple[int, ...] = ()
        self.setup_placed: set[int] = set()
        if self.PHASES is not None:
            self.phase = self.PHASES.first

    # --- what a module writes -------------------------------------------------------------

    def deal(self) -> None:
        """Start a real game from everything in the box (shuffle, deal, first card)."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def why_illegal(self, action: Action) -> str:
        """The rule's reason an action that is not in `legal_actions()` is refused."""
        _ = words(self.language)
        return Reason(_("that move cannot be made now"), "not-now")

    def reason(self, rule: str, **args: Any) -> Reason:
        """The refusal reason `rule` of `REASONS` in the state's language, its arguments
        formatted as in event sentences (`{p:player}`, `{card:card}`)."""
        return Reason(template(self, "reasons", rule, args), rule)

    def action_to_string(self, action: Action) -> str:
        """The action as a step of the deciding player, from the game's `NOTATION`."""
        if self.NOTATION is not None:
            return self.NOTATION.write(self, action)
        return f"{self.player_name(self.current_player())} {action!r}"

    def parse_action(self, text: str) -> tuple[int, Action]:
        """A step of the notation as (player, action); NotationError if it is not a decision."""
        if self.NOTATION is not None:
            step = self.NOTATION.parse(self, text)
            return step.player, step.action
        raise NotationError(f"{type(self).__name__} has no notation for {text!r}")

    def parse_step(self, text: str) -> Any:
        """The step as an `engine.notation.Step` (its words with their kinds) when the game
        declares its `NOTATION`; None for a game that parses steps itself."""
        return self.NOTATION.parse(self, text) if self.NOTATION is not None else None

    def scores(self) -> list[int]:
        return list(self.score)

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores()]

    def winner(self) -> int | None:
        """The winning player once the game is over; default: the unique best return."""
        if not self.is_over():
            return None
        ret = self.returns()
        best = max(ret)
        return ret.index(best) if ret.count(best) == 1 else None

    def invariants(self) -> Iterable[str]:
        """Game-specific invariant problems (e.g. scores not conserved); none by default."""
        return ()

    def setup_extras(self, shared: dict[str, Any]) -> dict[str, Any]:
        """This state's facts in the module's own setup keys (`FACTS.setup_keys`), for writing
        a played position back as an example (`deckwright play`). `shared` holds the shared
        keys the engine wrote (hands, deck, discard, public, scores, turn); a key returned here
        replaces it, and None leaves it out (treasure-scramble's scores come from its
        treasures, and its turn-start draw goes back on the deck). Default: the zones the game
        declares as example keys (`ZoneSpec.key`) that hold cards; a module adds to these."""
        ids, layout, extras = self.game.catalogue.ids, self.zones.layout, {}
        for spec in self.game.facts.zones:
            if not spec.key:
                continue
            if spec.per_player:
                cards = {self.player_name(p): [ids[c] for c in self.zones.cards(layout.of(spec.name, p))]
                         for p in range(self.players)}
                cards = {who: refs for who, refs in cards.items() if refs}
            else:
                cards = [ids[c] for c in self.zones.cards(layout.of(spec.name))]
            if cards:
                extras[spec.key] = cards
        return extras

    def expect_extras(self) -> dict[str, Any]:
        """This state in the module's own expectation keys (its `actual_<key>`s), added to the
        shared ones (hands, turn or winner, scores) when a position reached at the table is
        recorded as an example's expectation. Default: nothing to add."""
        return {}

    def after_setup(self, setup: dict[str, Any]) -> None:
        """Called after an example's setup placed the cards: read `options` and own keys."""

    def pass_action(self) -> Action | None:
        """The decider's "I do not respond" in the open response window, or None when nobody
        is being asked (the example harness passes with it under `auto_pass: true`)."""
        return None

    def setup_defaults(self) -> dict[str, Any]:
        """What the module filled in by default when an example's setup did not say (in the
        example's notation, e.g. {"field": {3: "s-5"}}): the rulebook prints it with the setup,
        so an example's outcome never depends on something the reader cannot see."""
        return {}

    def known_cards(self, player: int) -> Iterable[int]:
        """Cards `player` knows though their zone hides them from it (its own face-down card
        on the field): the views show them to that player as known face-down cards. Default:
        none; a card a player must remember by the rules (a memory game) is not listed."""
        return ()

    def greedy_value(self, action: Action) -> float | None:
        """A heuristic value of an action for the greedy bot; None = the engine's default. It
        must judge only from what the player to move may know (its hand, what is face up, what
        the rules showed it and it remembers, public counts): the greedy bot plays at the table
        and in `simulate` (tests/test_rollout_policies.py deals the hidden cards again and
        checks that its choice stays)."""
        return None

    def revealed_to(self, player: int) -> Iterable[int]:
        """Card instances in places `player` cannot see that the rules showed them and that
        they still know (a card peeked at, a K shown from a hand): the searching bots keep
        them where they are (knowledge.py). Default: none, beyond `zones.shown`."""
        return ()

    def resampled(self, mapping: dict[int, int]) -> None:
        """Called on a determinisation (knowledge.py) after its hidden cards were dealt again:
        `mapping[old] = new` says which instance now stands where `old` stood. A module that
        keeps its own records of hidden cards (a memory keyed by card, running tallies of a
        hand) brings them in line here. Default: nothing to do."""

    def card_label(self, inst: int) -> str:
        """How the log and views name a card instance: the game's `labels` (its card id unless
        the game names cards otherwise; copies of a card are alike to a player, and
        `catalogue.ref(inst)` tells them apart when it matters)."""
        return self.game.labels[inst]

    # --- the shared vocabulary ------------------------------------------------------------

    def current_player(self) -> int:
        """Who decides now: TERMINAL when over, the prompted player (engine.prompts), the asked
        player in an open window, else the turn player."""
        if self.over:
            return TERMINAL
        prompt = self.prompt
        if prompt is not None:
            return prompt.player
        window = self.window
        if window is not None and window._current is not None:
            return window._current
        return self.turns.current

    def is_over(self) -> bool:
        return self.over

    def is_open(self, verb: Any) -> bool:
        """Whether the decision `verb` is open in the phase the state is in (its `PHASES`)."""
        return verb in self.PHASES[self.phase].opens

    def refusal(self, action: Action, player: int | None = None) -> str | None:
        """Why `player` (default: whoever decides) may not take `action` now; None if legal."""
        _ = words(self.language)
        if self.is_over():
            return Reason(_("the game is already over"), "game-over")
        current = self.current_player()
        if player is not None and player != current:
            return self.out_of_turn(action, player) or Reason(
                _("it is not %(player)s's turn (%(current)s decides now)",
                  player=self.player_name(player), current=self.player_name(current)),
                "not-your-turn")
        return self.illegal(action)

    def out_of_turn(self, action: Action, player: int) -> str | None:
        """The rule's own reason when `player`, who is not deciding now, tries `action` (a
        declaration they could not make even when asked); None = "not your turn". A module
        answers this for decisions a player may make at any moment they are asked."""
        return None

    def illegal(self, action: Action) -> str | None:
        """The rule's reason when `action` is not legal for the decider now, else None.
        A module whose full `legal_actions()` is costly may answer this directly."""
        return None if action in self.legal_actions() else self.why_illegal(action)

    def apply(self, action: Action, player: int | None = None, *, check: bool = True) -> None:
        """Take one decision. With `check`, an illegal one raises `Refused(reason)` and changes
        nothing; bots that pick from `legal_actions()` may pass check=False."""
        if check:
            reason = self.refusal(action, player)
            if reason is not None:
                raise Refused(reason)
        self.history.append((self.current_player() if player is None else player, action))
        self._apply(action)
        if self.checking:
            self.check(action)

    def clone(self) -> "State":
        """An independent copy: changing the clone never changes this state. It copies the
        instance dict and the `__slots__` a module's state class declares (see `_slots`)."""
        new = object.__new__(type(self))
        new.__dict__.update({k: _copy(v) for k, v in self.__dict__.items()})
        for name in _slots(type(self)):
            try:
                value = getattr(self, name)
            except AttributeError:   # a slot never set
                continue
            setattr(new, name, _copy(value))
        return new

    def world(self, rng: random.Random) -> "State":
        """A clone for a search to play on (engine/knowledge.py): no history (its chance
        outcomes would tell the order of hidden cards), no event log, unchecked, its chance
        drawn from `rng` (the real RNG would tell the searcher the shuffles to come)."""
        saved = self.history, self.rng, self.log
        self.history, self.rng, self.log = [], None, EventLog(on=False)
        try:
            new = self.clone()
        finally:
            self.history, self.rng, self.log = saved
        new.rng = rng
        new.checking = False
        return new

    # --- chance -------------------------------------------------------------------------

    def shuffle(self, pile: int) -> None:
        """Shuffle a pile with the game's seeded RNG: a chance event recorded in `history`."""
        cards = self.zones.piles[pile]
        if self._replay is not None:
            kind, where, order = self._next_chance("shuffle")
            if where != pile or sorted(order) != sorted(cards):
                raise ReplayError(f"recorded shuffle of pile {where} does not fit pile {pile}")
            cards[:] = order
        else:
            # Fisher-Yates with random() * n: uniform to within n / 2**53, and faster than
            # random.shuffle's exact integer draws on this hot path (one per game and reshuffle)
            rand = self.rng.random
            for i in range(len(cards) - 1, 0, -1):
                j = int(rand() * (i + 1))
                cards[i], cards[j] = cards[j], cards[i]
        self.history.append((CHANCE, ("shuffle", pile, tuple(cards))))

    def shuffle_and_deal(self, deck: int, hands: "Sequence[int]", per_hand: int) -> None:
        """The usual start: every card from the box into `deck`, shuffled, then `per_hand`
        cards to each player's hand one at a time, in seat order (as a dealer deals)."""
        zones = self.zones
        zones.move_all(0, deck)
        self.shuffle(deck)
        pile = zones.piles[deck]
        n = self.players
        dealt = per_hand * n
        if dealt > len(pile):   # not enough for everyone: as far as the cards go
            for _ in range(per_hand):
                for p in range(n):
                    zones.draw(deck, hands[p])
            return
        # what drawing the top card for each player in turn does, a hand at a time: the k-th
        # card from the top goes to seat k % n
        where = zones.where
        for p in range(n):
            got = pile[len(pile) - 1 - p::-n][:per_hand]
            zones.piles[hands[p]].extend(got)
            for inst in got:
                where[inst] = hands[p]
            zones.arrived(got, hands[p])
        del pile[len(pile) - dealt:]

    def draw_up_to(self, deck: int, hand: int, n: int,
                   refill: Callable[[], object] | None = None) -> list[int]:
        """Up to `n` cards, one at a time, from the top of `deck` onto `hand`. When the deck is
        empty, `refill()` (the game's reshuffle of its discards into the deck) is called
        first; drawing stops when the deck stays empty. Returns the cards drawn."""
        zones, got = self.zones, []
        piles = zones.piles
        for _ in range(n):
            if refill is not None and not piles[deck]:
                refill()
            inst = zones.draw(deck, hand)
            if inst == EMPTY:
                break
            got.append(inst)
        return got

    def deal_seat_decks(self, piles: "Sequence[int]") -> list[int]:
        """A game with seat decks (`GameFacts.seat_decks`): every card goes from the box to its
        seat's pile `piles[seat]`, each pile shuffled. Which seat plays which deck is rotated by
        chance when the decks differ, so that seat statistics measure the seat, not the deck.
        Decks of seats beyond the players in this game stay in the box. Returns the owning seat
        of every card instance (-1 for a card left in the box)."""
        n = self.players
        decks = self.game.seat_decks[:n]
        turn = self.chance_index(n) if len(set(map(_frozen, decks))) > 1 else 0
        owner = [(seat + turn) % n if seat < n else -1 for seat in self.game.seat_of]
        for inst, seat in enumerate(owner):
            if seat >= 0:
                self.zones.move(inst, piles[seat])
        for p in range(self.players):
            self.shuffle(piles[p])
        return owner

    def chance_index(self, n: int) -> int:
        """A uniform random index below `n` (who starts, a random target): a chance event."""
        if self._replay is not None:
            _, i = self._next_chance("index")
        else:
            i = self.rng.randrange(n)
        self.history.append((CHANCE, ("index", i)))
        return i

    def _next_chance(self, kind: str) -> Any:
        assert self._replay is not None
        while self._replay_at < len(self._replay):
            player, outcome = self._replay[self._replay_at]
            self._replay_at += 1
            if player == CHANCE:
                if outcome[0] != kind:
                    raise ReplayError(f"history has a {outcome[0]} where the game makes a {kind}")
                return outcome
        raise ReplayError(f"history has no more chance events (wanted a {kind})")

    # --- invariants ---------------------------------------------------------------------

    def check(self, after: Action = None) -> None:
        """Raise InvariantError naming every broken invariant."""
        problems = self.zones.problems()
        problems += list(self.invariants())
        if problems:
            what = "" if after is None else f" after {self.action_to_string_safe(after)}"
            raise InvariantError(f"invariant broken{what}: " + "; ".join(problems))

    def action_to_string_safe(self, action: Action) -> str:
        try:
            return self.action_to_string(action)
        except Exception:  # noqa: BLE001 - only used inside error messages
            return repr(action)

    # --- reading -----------------------------------------------------------------------

    def sentences(self) -> list[str]:
        """The event log as sentences, every card named (the rulebook's, the harness's view;
        a seat at a table reads `witness.Witness.sentences`, which hides what it has not seen)."""
        return sentences(self)

    def player_name(self, player: int) -> str:
        return f"p{player + 1}"

    def color_name(self, key: str) -> str:
        colour = self.game.data.db.game.palette.get(key)
        return colour.name if colour else str(key)

    def hand(self, p: int) -> list[int]:
        """Player p's cards in the game's zone `hand`, bottom first."""
        return self.zones.piles[self.game.HAND[p]]

    def pile(self, name: str, player: int | None = None) -> list[int]:
        """The instances of a zone by name, e.g. `self.pile("hand", 0)` (slow path helpers)."""
        return self.zones.piles[self.zones.layout.of(name, player)]

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may see (see observer.py)."""
        from .observer import observe
        return observe(self, player)

    # --- notation helpers -----------------------------------------------------------------

    def parse_player(self, token: str) -> int:
        """`p2` -> 1; NotationError for anything else or a seat not in this game."""
        if len(token) >= 2 and token[0] == "p" and token[1:].isdigit():
            p = int(token[1:]) - 1
            if 0 <= p < self.players:
                return p
        raise NotationError(f"{token!r} is not a player of this game (p1..p{self.players})")

    def find_card(self, ref: str, *piles: int) -> int:
        """The instance a reference names, preferring one in `piles` (in order): `red-1` in the
        hand means the copy in the hand. A card not in those piles still resolves (to its first
        copy), so that the rules can refuse it with a reason ("not in your hand")."""
        try:
            candidates = self.game.catalogue.resolve(ref)
        except CardRefError as exc:
            raise NotationError(str(exc)) from None
        where = self.zones.where
        for pile in piles:
            grid = self.zones.layout.grid[pile]
            hits = [c for c in candidates if where[c] == pile]
            if hits:
                if grid:
                    return hits[0]
                # the topmost copy in the pile
                cards = self.zones.piles[pile]
                return max(hits, key=cards.index)
        return candidates[0]


__all__ = ["Action", "CHANCE", "EMPTY", "InvariantError", "NotationError", "Refused",
           "ReplayError", "State", "TERMINAL"]
