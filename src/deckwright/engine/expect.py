"""Expectations: the `expect:` keys of an example, compared with a state.

The shared keys (docs/format.md) read the zones named `hand`, `deck`, `discard` and `public`.
A rules module adds a key `bound` by defining `State.actual_bound(self)`, returning the actual
value in the example's terms (card instances wrapped in `Cards`/`CardAt`); the comparison is the
same for every key:

- a mapping is partial: only the keys the example names are compared (`hand_sizes: {p1: 0}`);
  keys `p1`, `p2`, ... mean players;
- `Cards` compare as a multiset (or in order when `ordered=True`) of references: `red-1`
  matches any copy, `red-1#2` only that copy; `CardAt` is one card, or None for nothing;
- other values compare equal (a YAML 3 equals 3.0).

A key nobody knows is an error, never silently ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from .cards import split_ref
from .turns import CLOCKWISE
from .zones import EMPTY

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True)
class Cards:
    """Actual card instances for a comparison with a list of references."""

    insts: tuple[int, ...]
    ordered: bool = False


@dataclass(frozen=True)
class CardAt:
    """One actual card instance (EMPTY for none) for a comparison with one reference."""

    inst: int


DIRECTIONS = {1: "clockwise", -1: "counterclockwise"}
DIRECTION_WORDS = {"clockwise": 1, "時計回り": 1, "counterclockwise": -1, "反時計回り": -1,
                   "anticlockwise": -1}


def _per_player(state: "State", fn: Callable[[int], Any]) -> dict[str, Any]:
    return {state.player_name(p): fn(p) for p in range(state.players)}


def _pile_or_per_player(state: "State", name: str) -> Any:
    layout = state.zones.layout
    spec = next((s for s in layout.specs if s.name == name), None)
    if spec is None:
        raise KeyError(f"this game has no zone {name!r}")
    if spec.per_player:
        return _per_player(state, lambda p: Cards(tuple(state.zones.cards(layout.of(name, p)))))
    return Cards(tuple(state.zones.cards(layout.of(name))))


def _top(state: "State") -> CardAt:
    return CardAt(state.zones.top(state.zones.layout.of("discard")))


def _winner(state: "State") -> str | None:
    w = state.winner()
    return None if w is None else state.player_name(w)


def _turn(state: "State") -> str | None:
    p = state.current_player()
    return state.player_name(p) if p >= 0 else None


#: The shared expectation keys of docs/format.md; `events` is handled on its own.
SHARED: dict[str, Callable[["State"], Any]] = {
    "hands": lambda s: _pile_or_per_player(s, "hand"),
    "hand_sizes": lambda s: _per_player(s, lambda p: s.zones.size(s.zones.layout.of("hand", p))),
    "top": _top,
    "turn": _turn,
    "direction": lambda s: DIRECTIONS[s.turns.direction],
    "scores": lambda s: _per_player(s, lambda p: s.scores()[p]),
    "winner": _winner,
    "over": lambda s: s.is_over(),
    "deck_size": lambda s: s.zones.size(s.zones.layout.of("deck")),
    "discard_size": lambda s: s.zones.size(s.zones.layout.of("discard")),
    "public": lambda s: _pile_or_per_player(s, "public"),
}


def known_keys(state: "State") -> list[str]:
    own = [name[len("actual_"):] for name in dir(state) if name.startswith("actual_")]
    return sorted(set(SHARED) | {"events"} | set(own))


def actual(state: "State", key: str) -> Any:
    getter = getattr(state, f"actual_{key}", None)
    if getter is not None:
        return getter()
    if key in SHARED:
        return SHARED[key](state)
    raise KeyError(key)


def render(state: "State", value: Any, precise: bool = False) -> Any:
    """An actual value as the example would write it (for failure messages); card copies are
    numbered only when the expectation numbers them (`precise`)."""
    cat = state.game.catalogue
    name = cat.ref if precise else (lambda i: cat.ids[i])
    if isinstance(value, Cards):
        return [name(i) for i in value.insts]
    if isinstance(value, CardAt):
        return None if value.inst == EMPTY else name(value.inst)
    if isinstance(value, dict):
        return {k: render(state, v, precise) for k, v in value.items()}
    return value


def _ref_matches(state: "State", ref: Any, inst: int) -> bool:
    if not isinstance(ref, str):
        return False
    card_id, copy = split_ref(ref)
    cat = state.game.catalogue
    return cat.ids[inst] == card_id and (copy is None or cat.copy[inst] == copy)


def matches(state: "State", expected: Any, got: Any) -> bool:
    if isinstance(got, Cards):
        if not isinstance(expected, list) or len(expected) != len(got.insts):
            return False
        if got.ordered:
            return all(_ref_matches(state, e, i) for e, i in zip(expected, got.insts))
        left = list(got.insts)
        # numbered references first, so `red-1` does not take the copy `red-1#2` needs
        for ref in sorted(expected, key=lambda r: "#" not in str(r)):
            hit = next((i for i in left if _ref_matches(state, ref, i)), None)
            if hit is None:
                return False
            left.remove(hit)
        return True
    if isinstance(got, CardAt):
        if got.inst == EMPTY:
            return expected is None
        return _ref_matches(state, expected, got.inst)
    if isinstance(got, dict):
        return isinstance(expected, dict) and all(
            k in got and matches(state, v, got[k]) for k, v in expected.items())
    if isinstance(got, bool) or isinstance(expected, bool):
        return got is expected
    return expected == got


def check(state: "State", expected: dict[str, Any]) -> list[str]:
    """Every mismatch as `key: expected X, got Y`; unknown keys are mismatches too."""
    out: list[str] = []
    for key, want in expected.items():
        if key == "events":
            out += _check_events(state, want)
            continue
        if key == "direction" and isinstance(want, str) and want in DIRECTION_WORDS:
            want = DIRECTIONS[DIRECTION_WORDS[want]]
        try:
            got = actual(state, key)
        except KeyError as exc:
            if str(exc).strip("'\"") == key:
                out.append(f"unknown expect key {key!r} (known: {', '.join(known_keys(state))})")
            else:
                out.append(f"{key}: {exc}")
            continue
        if not matches(state, want, got):
            out.append(f"{key}: expected {want!r}, got {render(state, got, '#' in str(want))!r}")
    return out


def _check_events(state: "State", want: Any) -> list[str]:
    texts = want if isinstance(want, list) else [want]
    said = state.sentences()
    kinds = set(state.log.kinds())
    return [f"events: no event {text!r} in the log" for text in texts
            if not (text in kinds or any(str(text) in s for s in said))]


__all__ = ["CLOCKWISE", "CardAt", "Cards", "SHARED", "check", "known_keys", "matches"]
