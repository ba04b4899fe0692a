"""The step grammar of treasure-scramble examples (see the package docstring)."""

from __future__ import annotations

from deckwright.engine.state import NotationError

from .facts import FIELD_SLOTS, Target, slot_name


class NotationMixin:
    """`parse_action` and `action_to_string` for `TreasureState`."""

    def action_to_string(self, action: tuple) -> str:
        who = self.player_name(self.current_player())
        verb = action[0]
        if verb == "pass":
            return f"{who} passes"
        if verb == "flip":
            return f"{who} flips {slot_name(action[1])}"
        if verb in ("place", "declare", "give"):
            return f"{who} {verb}s {self.game.catalogue.ref(action[1])}"
        if verb == "use":
            return f"{who} uses {self.game.catalogue.ref(action[1])}{self._target_text(action[2])}"
        if verb == "choose":
            return f"{who} chooses {self._choice_text(action[1])}"
        return f"{who} discards " + " ".join(self.game.catalogue.ref(c) for c in action[1])

    def _target_text(self, target: Target) -> str:
        if not target:
            return ""
        if target[0] == "p":
            return f" on {self.player_name(target[1])}"
        return " on " + " ".join(slot_name(s) for s in target[1:])

    def _choice_text(self, value: tuple) -> str:
        if value[0] == "p":
            return self.player_name(value[1])
        if value[0] == "f":
            return slot_name(value[1])
        return value[1]

    def parse_action(self, text: str) -> tuple[int, tuple]:
        words = text.split()
        if len(words) < 2:
            raise NotationError(f"expected 'pN VERB ...', got {text!r}")
        p = self.parse_player(words[0])
        verb, rest = words[1], words[2:]
        hand = self.game.HAND[p]
        if verb == "passes" and not rest:
            return p, ("pass",)
        if verb == "flips" and len(rest) == 1:
            return p, ("flip", self.parse_slot(rest[0]))
        if verb in ("places", "declares", "gives") and len(rest) == 1:
            return p, (verb[:-1], self.find_card(rest[0], hand))
        if verb == "uses" and rest:
            return p, ("use", self.find_card(rest[0], hand), self._parse_target(rest[1:]))
        if verb == "chooses" and len(rest) == 1:
            return p, ("choose", self._parse_choice(rest[0]))
        if verb == "discards" and rest:
            return p, ("discard", tuple(sorted(self._distinct_cards(rest, hand))))
        raise NotationError(
            f"{text!r}: expected one of 'pN places CARD', 'pN uses CARD [on pM|fK [fJ]]', "
            "'pN passes', 'pN flips fK', 'pN declares CARD', 'pN chooses pM|fK|KIND', "
            "'pN gives CARD', 'pN discards CARD [CARD]'")

    def parse_slot(self, token: str) -> int:
        if len(token) >= 2 and token[0] == "f" and token[1:].isdigit() and int(token[1:]) >= 1:
            slot = int(token[1:]) - 1
            if slot < FIELD_SLOTS:
                return slot
        raise NotationError(f"{token!r} is not a field slot (f1, f2, ...)")

    def _parse_target(self, words: list[str]) -> Target:
        if not words:
            return ()
        if words[0] != "on" or len(words) < 2:
            raise NotationError(f"expected 'on pM' or 'on fK [fJ]', got {' '.join(words)!r}")
        if words[1].startswith("p") and len(words) == 2:
            return ("p", self.parse_player(words[1]))
        return ("f",) + tuple(sorted(self.parse_slot(w) for w in words[1:]))

    def _parse_choice(self, token: str) -> tuple:
        if token[:1] == "p" and token[1:].isdigit():
            return ("p", self.parse_player(token))
        if token[:1] == "f" and token[1:].isdigit():
            return ("f", self.parse_slot(token))
        if token in self.game.data.cards:
            return ("k", token)
        raise NotationError(f"{token!r} is not a player, a field slot or a card id")

    def _distinct_cards(self, refs: list[str], pile: int) -> list[int]:
        """One instance per reference, each a different copy, preferring those in `pile`."""
        chosen: list[int] = []
        for ref in refs:
            try:
                candidates = self.game.catalogue.resolve(ref)
            except ValueError as exc:
                raise NotationError(str(exc)) from None
            free = [c for c in candidates if c not in chosen]
            inside = [c for c in free if self.zones.where[c] == pile]
            chosen.append((inside or free or candidates)[0])
        return chosen


