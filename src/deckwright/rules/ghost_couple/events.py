"""What ghost-couple's events do once a couple sets one off (the scripts in the database).

`EventRules` is mixed into the state: `_start_event` reads an event's script and either does it
at once (corners, skip, reverse, reshuffle, leader draw, show the field) or opens the phase in
which the turn player decides it (how many cards to turn, whom to target, what to vanish); the
`_do_*` methods carry out those decisions (listed in `GhostState.DO`) and return to the "act" phase.
"""

from __future__ import annotations

from typing import Any

from deckwright.engine import EMPTY

CENTRE = 12
CORNERS = (0, 4, 20, 24)


class EventRules:
    """Event handling for `GhostState` (which provides the zones, memory and turn helpers)."""

    def _start_event(self, ev: dict[str, Any]) -> None:
        g = self.game
        p = self.turns.current
        kind = ev["event"]
        if ev.get("hand") is False:
            self.hand_ok = False
            self.log.add("no-hand")
        if kind == "reveal":
            self._reveal(int(ev["count"]), optional=bool(ev.get("optional")))
        elif kind == "corners":
            self._turn_up(CORNERS)
        elif kind == "shape":
            self.shape, self.phase = ev["shape"], "shape"
        elif kind == "swap":
            self.left = min(int(ev["count"]), len(self.face_down_cells()))
            self.holes = []
            self.phase = "pick" if self.left else "act"
        elif kind == "draw":
            self.count, self.phase = int(ev["count"]), "target"
        elif kind == "skip":
            self.log.add("skip", q=self.turns.skip_next())
        elif kind == "reverse":
            self.turns.reverse()
            self.log.add("reverse")
        elif kind == "reshuffle-hand":
            self._reshuffle(p)
        elif kind == "vanish-field":
            self.left = min(int(ev["count"]), self.zones.size(g.FIELD))
            self.end_after = bool(ev.get("end_turn"))
            self.phase = "vanish-field" if self.left else "act"
            if not self.left and self.end_after:
                self._end_turn()
        elif kind == "peek-vanish":
            self.phase = "look"
        elif kind == "leader-draw":
            self._leader_draw(int(ev["count"]))
        elif kind in ("steal", "vanish-treasure"):
            if any(self.zones.piles[g.TREASURE[q]] for q in range(self.players) if q != p):
                self.phase = "steal" if kind == "steal" else "burn"
            else:
                self.log.add("nothing")
        elif kind == "show-field":
            self._show_field()
        else:
            raise AssertionError(f"unknown event {kind!r} in the database")

    def _reshuffle(self, p: int) -> None:
        g = self.game
        cards = list(self.hand(p))
        if not cards:
            self.log.add("nothing")
            return
        self._forget(cards)
        self.zones.move_all(g.HAND[p], g.DECK)
        self.shuffle(g.DECK)
        self.draw_cards(p, len(cards))
        self.log.add("reshuffle", p=p, n=len(cards))

    def _leader_draw(self, n: int) -> None:
        scores = self.scores()
        best = max(scores)
        for q in self.turns.in_play_order_from(self.turns.current):
            if scores[q] == best:
                self.log.add("draws", q=q, n=self.draw_cards(q, n))

    def _show_field(self) -> None:
        for cell, inst in enumerate(self.field):
            if inst != EMPTY:
                self._face_up(cell)
        self.log.add("show")
        self._settle()
        self.zones.shown.intersection_update((self.field[CENTRE],))   # all face down but it

    def _do_pick(self, cell: int) -> None:
        p = self.turns.current
        self._to_hand(p, cell)
        self.holes.append(cell)
        self.log.add("pick", p=p, cell=cell + 1)
        self.left -= 1
        if self.left <= 0:
            self._settle()
            self.left = min(len(self.holes), len(self.hand(p)))
            self.phase = "return" if self.left else "act"

    def _do_return(self, inst: int, cell: int) -> None:
        p = self.turns.current
        self._put(p, inst, cell)
        self.holes.remove(cell)
        self.log.add("return", p=p, cell=cell + 1)
        self.left -= 1
        if self.left <= 0 or not self.hand(p):
            self.phase, self.left = "act", 0

    def _do_target(self, q: int) -> None:
        self.log.add("draws", q=q, n=self.draw_cards(q, self.count))
        self.phase = "act"

    def _vanish(self, inst: int) -> None:
        """Send a card to the vanish area (where `_settle` removes it with a mate)."""
        self._leave(inst, self.game.VANISH)
        self.moved = True
        self.log.add("vanish", card=inst)

    def _do_vanish(self, cell: int) -> None:
        self._vanish(self.field[cell])
        self._settle()
        self.left -= 1
        if self.left > 0 and self.zones.size(self.game.FIELD):
            return
        self.phase, self.left = "act", 0
        if self.end_after:
            self.end_after = False
            self._end_turn()

    def _do_look(self, q: int) -> None:
        p = self.turns.current
        self.looked = q
        for inst in self.hand(q):
            self.peeked[p][inst] = q
        self.log.add("look", p=p, q=q)
        self.phase = "vanish-hand" if self.hand(q) else "act"

    def _do_vanish_card(self, inst: int) -> None:
        self._forget((inst,))
        self._vanish(inst)
        self.phase, self.looked = "act", -1

    def _do_steal(self, inst: int, q: int) -> None:
        p = self.turns.current
        self.zones.move(inst, self.game.TREASURE[p])
        self.log.add("steal", p=p, q=q, card=inst)
        self.phase = "act"

    def _do_burn(self, inst: int, q: int) -> None:
        self._vanish(inst)
        self.phase = "act"
