"""The readable notation of original-tcg decisions (documented in the package docstring), as
data: `NOTATION` declares each verb, its words and keyword clauses; the helpers below read the
words that only this game has (squares, payments, targets)."""

from __future__ import annotations

import re
from typing import Any, Sequence

from deckwright.engine.cards import CardRefError
from deckwright.engine.notation import Clause, Kind, Notation, Verb
from deckwright.engine.state import NotationError

from .board import camp_row
from .costs import card_of
from .effects import PLAYER, is_player
from .facts import BATTLEFIELD, COLS

SQUARE_RE = re.compile(r"^(camp|bf|enemy)([1-5])$")


def square_name(p: int, cell: int) -> str:
    """A soldier-grid cell as player p names it: campN, bfN or enemyN."""
    row, col = divmod(cell, COLS)
    word = "bf" if row == BATTLEFIELD else ("camp" if row == camp_row(p) else "enemy")
    return f"{word}{col + 1}"


def _camp_col(state: Any, p: int, word: str) -> int:
    m = SQUARE_RE.match(word)
    if not m or m.group(1) != "camp":
        raise NotationError(f"expected a camp square camp1..camp5, got {[word]!r}")
    return int(m.group(2)) - 1


def _square(state: Any, p: int, word: str) -> int:
    m = SQUARE_RE.match(word)
    if not m:
        raise NotationError(f"expected a square camp1..5, bf1..5 or enemy1..5, got {[word]!r}")
    row = {"camp": camp_row(p), "bf": BATTLEFIELD, "enemy": camp_row(1 - p)}[m.group(1)]
    return row * COLS + int(m.group(2)) - 1


def _target(state: Any, p: int, word: str) -> int:
    if re.fullmatch(r"p[12]", word):
        return PLAYER - state.parse_player(word)
    return _card(state, p, word, "any")


def _card(state: Any, p: int, ref: str, where: str) -> int:
    """The instance a reference names, preferring copies where the decision looks."""
    g = state.game
    try:
        candidates = g.catalogue.resolve(ref)
    except CardRefError as exc:
        raise NotationError(str(exc)) from None
    if len(candidates) == 1:
        return candidates[0]
    w = state.zones.where
    prefer = {"hand": (g.HAND[p],), "ware": (g.WARE[p],)}.get(where)
    if prefer:
        hits = [c for c in candidates if w[c] in prefer]
        if hits:
            return hits[0]
    if where == "field":
        hits = [c for c in candidates if state.on_field(c) and state.owner[c] == p]
        if hits:
            return hits[0]
    hits = [c for c in candidates if w[c] != 0]
    return hits[0] if hits else candidates[0]


def _pay(state: Any, p: int, paying: tuple[int, ...] | None, n: int,
         req: tuple[str, ...]) -> tuple[int, ...] | None:
    """The payment the step names, else the one the rules would choose."""
    return state.auto_pay(p, n, req) if paying is None else paying


def _ref(state: Any, i: int) -> str:
    return state.game.catalogue.ref(i)


def _card_kind(where: str) -> Kind:
    return Kind.word("card", lambda s, p, w: _card(s, p, w, where), _ref)


def _read_pay(state: Any, p: int, words: Sequence[str]) -> tuple[tuple[int, ...], int]:
    """`paying a, b!`: cards of the ware, `!` for one discarded (kept as ~instance)."""
    out = []
    for word in words:
        i = _card(state, p, word.rstrip("!"), "ware")
        out.append(~i if word.endswith("!") else i)
    return tuple(out), len(words)


def _write_pay(state: Any, pay: tuple[int, ...] | None) -> str:
    return ", ".join(_ref(state, card_of(x)) + ("!" if x < 0 else "") for x in pay) if pay else ""


def _read_targets(state: Any, p: int, words: Sequence[str]) -> tuple[tuple[int, ...], int]:
    return tuple(_target(state, p, w) for w in words), len(words)


def _write_targets(state: Any, targets: tuple[int, ...] | None) -> str:
    return ", ".join(state.player_name(PLAYER - t) if is_player(t) else _ref(state, t)
                     for t in targets or ())


def _read_x(state: Any, p: int, words: Sequence[str]) -> tuple[int, int]:
    if not words:
        return 0, 0
    try:
        return int(words[0]), len(words)
    except ValueError:
        raise NotationError(f"x needs a whole number, got {' '.join(words)!r}") from None


def _first(state: Any, p: int, words: Sequence[str]) -> tuple[str, int]:
    return (words[0] if words else ""), len(words)


HAND, FIELD, ANY = _card_kind("hand"), _card_kind("field"), _card_kind("any")
CAMP = Kind.word("square", _camp_col, lambda s, col: f"camp{col + 1}", "campN")
SQUARE = Kind.word("square", _square, lambda s, cell: square_name(s.current_player(), cell), "SQUARE")
PAYING = Clause("paying", Kind("card", _read_pay, _write_pay, "CARD[!], ..."))
AT = Clause("at", CAMP, required=True)


def _paid(kind: str, cost: int) -> Any:
    """`summons CARD at campN [paying ...]` and the like: the card's cost `cost` (0: to play,
    1: to keep or move) paid as named or as the rules would."""
    def make(s: Any, p: int, i: int, where: int, pay: Any) -> tuple:
        return kind, i, where, _pay(s, p, pay, s.stats(i)[cost], s.elements(i))
    return make


def _cast(s: Any, p: int, i: int, col: int, down: bool, pay: Any) -> tuple:
    """Face down costs nothing unless the step says what it pays."""
    if down and pay is None:
        return "cast", i, col, 1, ()
    return "cast", i, col, int(down), _pay(s, p, pay, s.stats(i)[0], s.elements(i))


def _activate(s: Any, p: int, i: int, eid: str, mode: Any, x: Any, targets: Any, against: Any,
              pay: Any) -> tuple:
    eff = s.effect(i, eid)
    x = x or 0
    n, req = s.cost_of(i, eff, x) if eff else (0, ())
    return ("act", i, eid, targets or (), mode or "", x, -1 if against is None else against,
            _pay(s, p, pay, n, req))


NOTATION = Notation(
    Verb("draws", "draw"), Verb("skips", "skip"), Verb("passes", "pass"), Verb("ends", "end"),
    Verb("stores {card}", "store", card=HAND),
    Verb("abandons {card}", "abandon", card=HAND),
    Verb("upkeeps {card}", "upkeep", make=lambda s, p, i, pay: ("upkeep", i, _pay(
        s, p, pay, s.stats(i)[1], s.elements(i))), clauses=(PAYING,), card=FIELD),
    Verb("buys", "buy", make=lambda s, p, pay: ("buy", _pay(s, p, pay, 2, ())), clauses=(PAYING,)),
    Verb("summons {card}", "summon", make=_paid("summon", 0), clauses=(AT, PAYING), card=HAND),
    Verb("deploys {card}", "deploy", make=_paid("deploy", 0), clauses=(AT, PAYING), card=HAND),
    Verb("casts {card}", "cast", make=_cast, clauses=(AT, Clause("facedown"), PAYING), card=HAND),
    Verb("moves {card}", "move", make=_paid("move", 1),
         clauses=(Clause("to", SQUARE, required=True), PAYING), card=FIELD),
    Verb("activates {card} {effect}", make=_activate,
         split=lambda a: (a[1], a[2], a[4], a[5], a[3], a[6], a[7]) if a[0] == "act" else None,
         clauses=(Clause("mode", Kind("mode", _first, lambda s, m: m or "")),
                  Clause("x", Kind("number", _read_x, lambda s, x: str(x) if x else "")),
                  Clause("on", Kind("target", _read_targets, _write_targets, "pN|CARD, ...")),
                  Clause("against", Kind("card", lambda s, p, w: (_card(s, p, w[0], "any"), len(w))
                                         if w else (-1, 0),
                                         lambda s, i: _ref(s, i) if i is not None and i >= 0
                                         else "")),
                  PAYING),
         card=FIELD, effect=Kind.word("effect", lambda s, p, w: w, lambda s, e: e)),
)
