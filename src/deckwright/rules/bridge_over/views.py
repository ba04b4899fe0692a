"""What bots, views and examples read: greedy values, public facts, expectation keys and the
game's own invariants."""

from __future__ import annotations

from typing import Any, Iterable

from ...engine import Cards
from .cards import (ACCEPT, ALMIGHTY_BASE, BIND, CHOOSE_BASE, COLOURS, DISCARD_BASE, DRAW, KEEP,
                    NAME_BASE, PASS, REDRAW, RELEASE_BASE, STOP, TAKE_BASE, TARGET_BASE)
from .phases import (A_BIND, A_NONE, CHOOSE, NAME, PHASES, RESPOND, TARGET)


class Views:
    """Read-only helpers over the state."""

    game: Any
    zones: Any
    turns: Any

    def greedy_value(self, action: int) -> float | None:
        """Shed costly cards, attack, name the colour held most, target the shortest hand."""
        f = self.game.f
        p = self.turns.current
        if 0 <= action < DISCARD_BASE:
            return 10.0 + f.hand_points[action] + (5 if f.draws[action] else 0)
        if action < 0:
            return {DRAW: 1.0, PASS: 0.0, STOP: 2.0, ACCEPT: 0.5, REDRAW: len(self.hand(p)) - 5.0,
                    KEEP: 0.0}[action]
        if action < ALMIGHTY_BASE:
            return 8.0 + f.hand_points[action - DISCARD_BASE]
        if action < NAME_BASE:
            return 9.0 + f.kinds[action - ALMIGHTY_BASE][1]
        if action < CHOOSE_BASE:
            bit = 1 << (action - NAME_BASE)
            return float(sum(1 for c in self.hand(p) if f.mask[c] & bit))
        if action < TARGET_BASE:
            return float(action == CHOOSE_BASE)
        if action < TAKE_BASE:
            return -float(len(self.hand(action - TARGET_BASE)))
        if action < RELEASE_BASE:
            return -float(f.hand_points[action - TAKE_BASE])
        return -1.0

    def public_info(self) -> dict[str, Any]:
        return {"colour": COLOURS[self.colour], "phase": PHASES[self.phase].name,
                "attack": self.actual_attack(), "bound": self.actual_bound()}

    def actual_colour(self) -> str:
        return COLOURS[self.colour]

    def actual_attack(self) -> dict[str, Any] | None:
        if self.atk == A_NONE:
            return None
        return {"target": self.player_name(self.turns.current),
                "kind": "bind" if self.atk == A_BIND else "draw", "draws": self.atk_n,
                "from": self.player_name(self.atk_from)}

    def actual_bound(self) -> dict[str, int]:
        return {self.player_name(p): n for p, n in enumerate(self.bound)}

    def actual_played(self) -> Cards:
        """The discard pile bottom first (for checks of where cards went)."""
        return Cards(tuple(self.zones.piles[self.game.DISCARD]), ordered=True)

    def invariants(self) -> Iterable[str]:
        g = self.game
        for p, n in enumerate(self.bound):
            if not 0 <= n <= 2:
                yield f"{self.player_name(p)} has {n} bound turns"
            if n and not any(g.f.kind[c] == BIND for c in self.zones.piles[g.PUBLIC[p]]):
                yield f"{self.player_name(p)} is bound without a Bind in front"
        if not 0 <= self.colour < 4:
            yield f"colour index {self.colour}"
        if self.atk != A_NONE and self.phase not in (RESPOND, NAME, TARGET, CHOOSE) and not self.over:
            yield "an attack is pending outside the answer"
        if min(self.score, default=0) < 0:
            yield "negative penalty"
