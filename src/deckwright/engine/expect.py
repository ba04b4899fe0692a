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

from ..shared_notation import EXPECT_KEYS
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


#: How the engine reads each shared expectation key (docs/format.md; the keys are listed
#: once, in shared_notation.py); `events` is handled on its own.
_READ: dict[str, Callable[["State"], Any]] = {
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
SHARED: dict[str, Callable[["State"], Any]] = {key: _READ[key] for key in EXPECT_KEYS}


def zone_keys(state: "State") -> dict[str, str]:
    """The zones the game declares as example keys of their own (`ZoneSpec.key`): key -> zone."""
    return {s.key: s.name for s in state.game.facts.zones if s.key}


def known_keys(state: "State") -> list[str]:
    own = [name[len("actual_"):] for name in dir(state) if name.startswith("actual_")]
    phase = {"phase"} if state.PHASES is not None else set()
    return sorted(set(SHARED) | {"events"} | set(own) | set(zone_keys(state)) | phase)


def actual(state: "State", key: str) -> Any:
    getter = getattr(state, f"actual_{key}", None)
    if getter is not None:
        return getter()
    if key in SHARED:
        return SHARED[key](state)
    zone = zone_keys(state).get(key)
    if zone is not None:
        return _pile_or_per_player(state, zone)
    if key == "phase" and state.PHASES is not None:   # the phase's name (a position's too)
        return state.PHASES[state.phase].name
    raise KeyError(key)


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


@dataclass(frozen=True)
class Mismatch:
    """One differing entry, in game terms: `hands p2: expected ..., got ... (missing red-3)`.
    `bad_input` marks a key the game does not know (a notation error, not a failing rule)."""

    key: str
    text: str
    bad_input: bool = False
    #: the entry inside the key's value that differs (("p2",) for `hands: {p2: ...}`)
    entry: tuple[Any, ...] = ()


def card_text(state: "State", inst: int, precise: bool = False) -> str:
    """A card as a designer reads it: its reference, and its name when the id does not say it
    (`gilbia-flame-swordsman「ギルビアの炎剣士」`, but just `red-2` for the card named 2)."""
    if inst == EMPTY:
        return "nothing"
    cat = state.game.catalogue
    ref = cat.ref(inst) if precise else cat.ids[inst]
    name = cat.card(inst).name
    return ref if not name or name in ref else f"{ref}「{name}」"


def _written(value: Any) -> str:
    """An expected value as the example wrote it, without Python's quotes."""
    if isinstance(value, list):
        return "[" + ", ".join(_written(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_written(v)}" for k, v in value.items()) + "}"
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _actual_text(state: "State", got: Any, precise: bool) -> str:
    if isinstance(got, Cards):
        return "[" + ", ".join(card_text(state, i, precise) for i in got.insts) + "]"
    if isinstance(got, CardAt):
        return card_text(state, got.inst, precise)
    if isinstance(got, dict):
        return "{" + ", ".join(f"{k}: {_actual_text(state, v, precise)}" for k, v in got.items()) + "}"
    return _written(got)


def _cards_note(state: "State", want: Any, got: Cards) -> str:
    """What is missing and what is extra, for an unordered card list."""
    if got.ordered or not isinstance(want, list):
        return ""
    left = list(got.insts)
    missing = []
    for ref in sorted(want, key=lambda r: "#" not in str(r)):
        hit = next((i for i in left if _ref_matches(state, ref, i)), None)
        if hit is None:
            missing.append(str(ref))
        else:
            left.remove(hit)
    parts = []
    if missing:
        parts.append("missing " + ", ".join(missing))
    if left:
        parts.append("extra " + ", ".join(card_text(state, i) for i in left))
    return f" ({'; '.join(parts)})" if parts else ""


def _unknown_cards(state: "State", want: Any) -> list[str]:
    """References in an expected card list that name no card of the game."""
    refs = want if isinstance(want, list) else [want]
    cards = state.game.data.cards
    return [str(r) for r in refs if r is not None
            and (not isinstance(r, str) or split_ref(r)[0] not in cards)]


Diff = tuple[tuple[Any, ...], str, bool]   # (entry inside the value, text, bad input)


def _diff(state: "State", label: str, want: Any, got: Any, entry: tuple[Any, ...] = ()) -> list[Diff]:
    """Only the entries that differ, one line each, with where each is inside the value; an
    entry or card the game does not have is bad input."""
    if isinstance(got, dict) and isinstance(want, dict):
        out: list[Diff] = []
        for k, v in want.items():
            if k not in got:
                known = ", ".join(str(x) for x in got) or "none"
                out.append((entry + (k,), f"{label} {k}: no such entry (known: {known})", True))
            else:
                out += _diff(state, f"{label} {k}", v, got[k], entry + (k,))
        return out
    if isinstance(got, (Cards, CardAt)):
        unknown = _unknown_cards(state, want)
        if unknown:
            return [(entry, f"{label}: unknown card {', '.join(unknown)}", True)]
    if matches(state, want, got):
        return []
    precise = "#" in str(want)
    note = _cards_note(state, want, got) if isinstance(got, Cards) else ""
    return [(entry, f"{label}: expected {_written(want)}, got "
                    f"{_actual_text(state, got, precise)}{note}", False)]


def mismatches(state: "State", expected: dict[str, Any]) -> list[Mismatch]:
    """Every differing entry of an `expect:` mapping; unknown keys are bad input."""
    out: list[Mismatch] = []
    for key, want in expected.items():
        if key == "events":
            out += [Mismatch(key, line) for line in _check_events(state, want)]
            continue
        if key == "direction" and isinstance(want, str) and want in DIRECTION_WORDS:
            want = DIRECTIONS[DIRECTION_WORDS[want]]
        try:
            got = actual(state, key)
        except KeyError as exc:
            if str(exc).strip("'\"") == key:
                out.append(Mismatch(key, f"unknown expect key {key!r} (known: "
                                         f"{', '.join(known_keys(state))})", bad_input=True))
            else:
                out.append(Mismatch(key, f"{key}: {exc}", bad_input=True))
            continue
        out += [Mismatch(key, line, bad, entry) for entry, line, bad in _diff(state, key, want, got)]
    return out


def _notation(state: "State", got: Any, want: Any) -> Any:
    """An actual value in the example's notation: cards as references (numbered where the
    example numbers them), players as p1, a mapping as far as the example names it."""
    if isinstance(got, Cards):
        precise = "#" in str(want)
        cat = state.game.catalogue
        return [cat.ref(i) if precise else cat.ids[i] for i in got.insts]
    if isinstance(got, CardAt):
        if got.inst == EMPTY:
            return None
        return state.game.catalogue.ref(got.inst) if "#" in str(want) else \
            state.game.catalogue.ids[got.inst]
    if isinstance(got, dict):
        named = want if isinstance(want, dict) else got
        return {k: _notation(state, got[k], named.get(k)) for k in named if k in got}
    return got


def observed(state: "State", expected: dict[str, Any]) -> dict[str, Any]:
    """What the state holds for each key an `expect:` mapping names, in the example's
    notation: the end position a rulebook prints as the example's outcome, so that what a
    book says happened is what the engine did (`events` are the example's own sentences,
    kept when they all happened). A key the state cannot answer is left out."""
    out: dict[str, Any] = {}
    for key, want in expected.items():
        if key == "events":
            if not _check_events(state, want):
                out[key] = want
            continue
        try:
            out[key] = _notation(state, actual(state, key), want)
        except (KeyError, ValueError, TypeError):
            continue
    return out


def check(state: "State", expected: dict[str, Any]) -> list[str]:
    """Every mismatch as one line of text; unknown keys are mismatches too."""
    return [m.text for m in mismatches(state, expected)]


def _check_events(state: "State", want: Any) -> list[str]:
    texts = want if isinstance(want, list) else [want]
    said = state.sentences()
    kinds = set(state.log.kinds())
    return [f"events: no event {text!r} in the log" for text in texts
            if not (text in kinds or any(str(text) in s for s in said))]


__all__ = ["CLOCKWISE", "CardAt", "Cards", "Mismatch", "SHARED", "card_text", "check", "known_keys",
           "matches", "mismatches"]
