"""An example's `setup:` turned into a state: the given cards where the example puts them.

Shared keys (docs/format.md): `players`, `turn`, `hands`, `deck` (top first), `discard` (bottom
first, the last is the top card), `public` (per player `{p1: [...]}` or one shared list),
`scores`, `options` (free for the module). A module reads its own extra keys, listed in
`GameFacts.setup_keys`, and `options` in `State.after_setup`; any other key is an error.

The card universe is the example's deck (its `deck`, else the variant's default deck when the
example names a variant, else the game's default deck), grown by any card the setup names beyond it. Cards the
setup does not place go to the deck, shuffled by the seeded RNG (seed 0), when `deck` is not
given; when `deck` is given it is exactly the deck (a stacked deck) and the rest stay in the box.
"""

from __future__ import annotations

from typing import Any, Collection, Iterator

from ..model import Example, GameData
from ..shared_notation import SETUP_KEYS
from .cards import CardRefError, count_refs
from .game import Game
from .state import State

#: The setup keys every game knows (listed once, in shared_notation.py).
SHARED_SETUP = SETUP_KEYS


class SetupError(ValueError):
    """An example's setup that cannot be built (unknown key, card not available)."""


def _refs(setup: dict[str, Any]) -> Iterator[str]:
    for key in ("hands", "public"):
        value = setup.get(key) or {}
        groups = value.values() if isinstance(value, dict) else [value]
        for group in groups:
            yield from (r for r in group or [] if isinstance(r, str))
    for key in ("deck", "discard"):
        yield from (r for r in setup.get(key) or [] if isinstance(r, str))


def example_deck(data: GameData, example: Example) -> Any:
    if example.deck:
        return data.deck(example.deck)
    if example.variant:
        decks = [d for d in data.db.decks if d.variant == example.variant]
        if decks:
            return next((d for d in decks if d.default), decks[0])
    return data.default_deck


def game_for_example(game_cls: type[Game], data: GameData, example: Example) -> Game:
    """The game over the example's card universe (its deck plus cards the setup names)."""
    deck = example_deck(data, example)
    counts = dict(data.deck_contents(deck))
    try:
        for card_id, n in count_refs(_refs(example.setup)).items():
            if card_id not in data.cards:
                raise SetupError(f"setup names an unknown card {card_id!r}")
            counts[card_id] = max(counts.get(card_id, 0), n)
    except CardRefError as exc:
        raise SetupError(str(exc)) from None
    least = game_cls.facts.example_copies
    if least:
        counts = {c.id: max(counts.get(c.id, 0), least) for c in data.db.cards}
    return game_cls(data, deck, counts=counts)


def listed(value: Any, where: str) -> list[Any]:
    """A setup value that must be a list (None: empty), for a game's own setup keys."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise SetupError(f"setup.{where}: expected a list")
    return value


def mapping(value: Any, where: str) -> dict[Any, Any]:
    """A setup value that must be a mapping (None: empty)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise SetupError(f"setup.{where}: expected a mapping")
    return value


def whole(value: Any, where: str, least: int = 0, most: int | None = None) -> int:
    """A setup value that must be a whole number from `least` (to `most`)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least or (
            most is not None and value > most):
        bound = f"{least}..{most}" if most is not None else f"{least} or more"
        raise SetupError(f"setup.{where}: expected a whole number {bound}, got {value!r}")
    return value


def _player(state: State, token: Any, where: str) -> int:
    if not isinstance(token, str):
        raise SetupError(f"setup.{where}: {token!r} is not a player (p1, p2, ...)")
    try:
        return state.parse_player(token)
    except ValueError as exc:
        raise SetupError(f"setup.{where}: {exc}") from None


def take(state: State, ref: Any, where: str, piles: tuple[int, ...] = (0,),
         skip: Collection[int] = ()) -> int:
    """The instance a setup reference names: `id#k` exactly, `id` its lowest copy still in the
    first of `piles` that has one (the box by default; a game's own setup keys may also take
    from a pile the shared keys already filled)."""
    if not isinstance(ref, str):
        raise SetupError(f"setup.{where}: {ref!r} is not a card reference")
    try:
        candidates = state.game.catalogue.resolve(ref)
    except CardRefError as exc:
        raise SetupError(f"setup.{where}: {exc}") from None
    placed = state.zones.where
    for pile in piles:
        for inst in candidates:
            if placed[inst] == pile and inst not in skip:
                state.setup_placed.add(inst)
                return inst
    raise SetupError(f"setup.{where}: no copy of {ref!r} left to place (each copy goes in one place)")


def _place(state: State, refs: Any, zone: str, owner: int | None, where: str, *,
           top_first: bool = False, piles: tuple[int, ...] = (0,)) -> None:
    if not isinstance(refs, list):
        raise SetupError(f"setup.{where}: expected a list of cards")
    layout = state.zones.layout
    try:
        pile = layout.of(zone, owner)
    except KeyError as exc:
        raise SetupError(f"setup.{where}: {exc.args[0]}") from None
    insts: list[int] = []
    for ref in refs:  # a card named twice in one list takes two copies
        insts.append(take(state, ref, where, piles, skip=insts))
    for inst in (reversed(insts) if top_first else insts):
        state.zones.move(inst, pile)


def _per_player(state: State, value: Any, zone: str, key: str,
                piles: tuple[int, ...] = (0,)) -> None:
    if isinstance(value, dict):
        for token, refs in value.items():
            p = _player(state, token, key)
            _place(state, refs or [], zone, p, f"{key}.{token}", piles=piles)
    else:
        _place(state, value, zone, None, key, piles=piles)


def _own_zones(state: State, setup: dict[str, Any]) -> None:
    """The zones a game declares as example keys (`ZoneSpec.key`): their cards, each from the
    box or else the deck (the shared keys have placed theirs and filled the deck)."""
    layout = state.zones.layout
    free = (0, layout.of("deck")) if layout.has("deck") else (0,)
    for spec in state.game.facts.zones:
        if spec.key and setup.get(spec.key) is not None:
            _per_player(state, setup[spec.key], spec.name, spec.key, free)


def build_state(game: Game, example: Example) -> State:
    """The example's starting state, with invariant checks switched on."""
    setup = example.setup
    allowed = set(SHARED_SETUP) | set(game.facts.setup_keys)
    unknown = sorted(set(setup) - allowed)
    if unknown:
        raise SetupError(f"unknown setup key(s) {', '.join(map(repr, unknown))} "
                         f"(known: {', '.join(sorted(allowed))})")
    players = setup.get("players", _players_named(setup, game))
    if isinstance(players, bool) or not isinstance(players, int):
        raise SetupError(f"setup.players: expected a whole number, got {players!r}")
    try:
        state = game.blank_state(players)
    except ValueError as exc:
        raise SetupError(f"setup.players: {exc}") from None
    if "hands" in setup:
        _per_player(state, setup["hands"], "hand", "hands")
    if "public" in setup:
        _per_player(state, setup["public"], "public", "public")
    if "discard" in setup:
        _place(state, setup["discard"], "discard", None, "discard")
    if "deck" in setup:
        _place(state, setup["deck"], "deck", None, "deck", top_first=True)
    elif state.zones.layout.has("deck"):
        _fill_deck(state, example, game)
    if "turn" in setup:
        state.turns.current = _player(state, setup["turn"], "turn")
    if "scores" in setup:
        if not isinstance(setup["scores"], dict):
            raise SetupError("setup.scores: expected {p1: points, ...}")
        for token, points in setup["scores"].items():
            state.score[_player(state, token, "scores")] = points
    _own_zones(state, setup)
    state.after_setup(setup)
    state.checking = True
    state.check()
    return state


def _fill_deck(state: State, example: Example, game: Game) -> None:
    """Unplaced cards of the example's deck go to the deck, shuffled (a chance event)."""
    deck_pile = state.zones.layout.of("deck")
    wanted = dict(game.data.deck_contents(game.deck))
    for inst in list(state.zones.piles[0]):
        card_id = state.game.catalogue.ids[inst]
        if wanted.get(card_id, 0) >= state.game.catalogue.copy[inst]:
            state.zones.move(inst, deck_pile)
    state.shuffle(deck_pile)
    state.unstated_deck = tuple(reversed(state.zones.piles[deck_pile]))   # top first


def _players_named(setup: dict[str, Any], game: Game) -> int:
    """Players when `players` is not given: the highest seat the setup names, at least the
    game's minimum."""
    seats = [game.facts.min_players]
    for key in ("hands", "public", "scores"):
        value = setup.get(key)
        if isinstance(value, dict):
            seats += [int(t[1:]) for t in value if isinstance(t, str) and t[1:].isdigit()]
    turn = setup.get("turn")
    if isinstance(turn, str) and turn[1:].isdigit():
        seats.append(int(turn[1:]))
    return max(seats)
