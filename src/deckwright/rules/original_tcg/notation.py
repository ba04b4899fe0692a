"""The readable notation of original-tcg decisions (documented in the package docstring)."""

from __future__ import annotations

import re
from typing import Any

from deckwright.engine.cards import CardRefError
from deckwright.engine.state import NotationError

from .board import camp_row
from .costs import card_of
from .effects import PLAYER, is_player
from .facts import BATTLEFIELD, COLS

SQUARE_RE = re.compile(r"^(camp|bf|enemy)([1-5])$")
KEYWORDS = {"at", "to", "on", "paying", "mode", "x", "against", "facedown"}


class Notation:
    """Mixin for the state: `action_to_string` and `parse_action`."""

    game: Any
    zones: Any

    # --- to text -------------------------------------------------------------------------------

    def square_name(self, p: int, cell: int) -> str:
        row, col = divmod(cell, COLS)
        word = "bf" if row == BATTLEFIELD else ("camp" if row == camp_row(p) else "enemy")
        return f"{word}{col + 1}"

    def _ref(self, i: int) -> str:
        return self.game.catalogue.ref(i)

    def _pay_text(self, pay: tuple[int, ...]) -> str:
        if not pay:
            return ""
        return " paying " + ", ".join(self._ref(card_of(x)) + ("!" if x < 0 else "") for x in pay)

    def action_to_string(self, a: tuple[Any, ...]) -> str:
        p = self.current_player()
        who = self.player_name(p) if p >= 0 else "p?"
        verb = a[0]
        if verb in ("draw", "skip", "pass", "end"):
            return f"{who} { {'draw': 'draws', 'skip': 'skips', 'pass': 'passes', 'end': 'ends'}[verb]}"
        if verb == "store":
            return f"{who} stores {self._ref(a[1])}"
        if verb == "abandon":
            return f"{who} abandons {self._ref(a[1])}"
        if verb == "upkeep":
            return f"{who} upkeeps {self._ref(a[1])}{self._pay_text(a[2])}"
        if verb == "buy":
            return f"{who} buys{self._pay_text(a[1])}"
        if verb in ("summon", "deploy"):
            word = "summons" if verb == "summon" else "deploys"
            return f"{who} {word} {self._ref(a[1])} at camp{a[2] + 1}{self._pay_text(a[3])}"
        if verb == "cast":
            down = " facedown" if a[3] else ""
            return f"{who} casts {self._ref(a[1])} at camp{a[2] + 1}{down}{self._pay_text(a[4])}"
        if verb == "move":
            return f"{who} moves {self._ref(a[1])} to {self.square_name(p, a[2])}{self._pay_text(a[3])}"
        _v, i, eid, targets, mode, x, against, pay = a
        text = f"{who} activates {self._ref(i)} {eid}"
        if mode:
            text += f" mode {mode}"
        if x:
            text += f" x {x}"
        if targets:
            text += " on " + ", ".join(self.player_name(PLAYER - t) if is_player(t) else self._ref(t)
                                       for t in targets)
        if against >= 0:
            text += f" against {self._ref(against)}"
        return text + self._pay_text(pay)

    # --- from text ----------------------------------------------------------------------------------

    def parse_action(self, text: str) -> tuple[int, tuple[Any, ...]]:
        words = text.replace(",", " ").split()
        if len(words) < 2:
            raise NotationError(f"expected 'pN VERB ...', got {text!r}")
        p = self.parse_player(words[0])
        verb, rest = words[1], words[2:]
        parts = _split(rest)
        head = parts.get("", [])
        g = self.game
        simple = {"draws": ("draw",), "skips": ("skip",), "passes": ("pass",), "ends": ("end",)}
        if verb in simple and not rest:
            return p, simple[verb]
        if verb in ("stores", "abandons") and len(head) == 1:
            return p, ("store" if verb == "stores" else "abandon", self._card(head[0], p, "hand"))
        if verb == "upkeeps" and len(head) == 1:
            i = self._card(head[0], p, "field")
            return p, ("upkeep", i, self._pay(parts, p, self.stats(i)[1], self.elements(i)))
        if verb == "buys" and not head:
            return p, ("buy", self._pay(parts, p, 2, ()))
        if verb in ("summons", "deploys", "casts") and len(head) == 1 and "at" in parts:
            i = self._card(head[0], p, "hand")
            col = self._camp_col(parts["at"])
            kind = {"summons": "summon", "deploys": "deploy", "casts": "cast"}[verb]
            if kind == "cast":
                down = 1 if "facedown" in parts else 0
                pay = () if down and "paying" not in parts else self._pay(parts, p, self.stats(i)[0], self.elements(i))
                return p, ("cast", i, col, down, pay)
            return p, (kind, i, col, self._pay(parts, p, self.stats(i)[0], self.elements(i)))
        if verb == "moves" and len(head) == 1 and "to" in parts:
            i = self._card(head[0], p, "field")
            cell = self._square(parts["to"], p)
            return p, ("move", i, cell, self._pay(parts, p, self.stats(i)[1], self.elements(i)))
        if verb == "activates" and len(head) == 2:
            i = self._card(head[0], p, "field")
            eid = head[1]
            mode = parts.get("mode", [""])[0] if parts.get("mode") else ""
            x = _int(parts.get("x"), text)
            targets = tuple(self._target(t, p) for t in parts.get("on", []))
            against = self._card(parts["against"][0], p, "any") if parts.get("against") else -1
            eff = self.effect(i, eid)
            n, req = (self.cost_of(i, eff, x) if eff else (0, ()))
            return p, ("act", i, eid, targets, mode, x, against, self._pay(parts, p, n, req))
        raise NotationError(f"not an original-tcg decision: {text!r} (see the notation in "
                            "deckwright.rules.original_tcg)")

    def _camp_col(self, words: list[str]) -> int:
        m = SQUARE_RE.match(words[0]) if words else None
        if not m or m.group(1) != "camp":
            raise NotationError(f"expected a camp square camp1..camp5, got {words!r}")
        return int(m.group(2)) - 1

    def _square(self, words: list[str], p: int) -> int:
        m = SQUARE_RE.match(words[0]) if words else None
        if not m:
            raise NotationError(f"expected a square camp1..5, bf1..5 or enemy1..5, got {words!r}")
        row = {"camp": camp_row(p), "bf": BATTLEFIELD, "enemy": camp_row(1 - p)}[m.group(1)]
        return row * COLS + int(m.group(2)) - 1

    def _target(self, word: str, p: int) -> int:
        if re.fullmatch(r"p[12]", word):
            return PLAYER - self.parse_player(word)
        return self._card(word, p, "any")

    def _card(self, ref: str, p: int, where: str) -> int:
        """The instance a reference names, preferring copies where the decision looks."""
        g = self.game
        try:
            candidates = g.catalogue.resolve(ref)
        except CardRefError as exc:
            raise NotationError(str(exc)) from None
        if len(candidates) == 1:
            return candidates[0]
        w = self.zones.where
        prefer = {"hand": (g.HAND[p],), "ware": (g.WARE[p],)}.get(where)
        if prefer:
            hits = [c for c in candidates if w[c] in prefer]
            if hits:
                return hits[0]
        if where == "field":
            hits = [c for c in candidates if self.on_field(c) and self.owner[c] == p]
            if hits:
                return hits[0]
        hits = [c for c in candidates if w[c] != 0]
        return hits[0] if hits else candidates[0]

    def _pay(self, parts: dict[str, list[str]], p: int, n: int, req: tuple[str, ...]) -> tuple[int, ...] | None:
        if "paying" not in parts:
            return self.auto_pay(p, n, req)
        out = []
        for word in parts["paying"]:
            discard = word.endswith("!")
            i = self._card(word.rstrip("!"), p, "ware")
            out.append(~i if discard else i)
        return tuple(out)


def _split(words: list[str]) -> dict[str, list[str]]:
    """Words grouped under the keyword before them ('' for the words before any keyword)."""
    parts: dict[str, list[str]] = {"": []}
    key = ""
    for w in words:
        if w in KEYWORDS:
            key = w
            parts.setdefault(key, [])
        else:
            parts[key].append(w)
    return parts


def _int(words: list[str] | None, text: str) -> int:
    if not words:
        return 0
    try:
        return int(words[0])
    except ValueError:
        raise NotationError(f"x needs a whole number in {text!r}") from None
