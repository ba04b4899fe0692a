"""The scramble: flip a field card, take declarations, resolve them clockwise from the flipper.

The window asks every player who has a hand card once, from the flipper's left round to the
flipper, and resolves the answers clockwise starting with the flipper (the engine's clockwise
window with `resolve_from`): the sheet's "always clockwise from the player who flipped".
"""

from __future__ import annotations

from deckwright.engine import Prompt, Window

from .facts import FALSE_INFO, NULLIFY, P_FI, P_REFLECT, REFLECT, SUCTION, slot_name


class ScrambleMixin:
    """Flipping, declaring, resolving and taking; mixed into `TreasureState`."""

    def _flip(self, slot: int) -> None:
        g = self.game
        p = self.turns.current
        inst = self.zones.piles[g.FIELD][slot]
        self.log.add("flip", p=p, slot=slot_name(slot), card=inst)
        for seen in self.known:
            seen.pop(slot, None)
        if g.category[inst] == "interrupt":
            # a misplaced interrupt card: discarded, and the flipper flips another
            self._discard(inst)
            self.log.add("misplaced", card=inst)
            if not self.field_size():
                self._after_take()
            return
        self.zones.move(inst, g.REVEALED)
        self.holder = p
        # only players with a card to declare are asked, from the flipper's left round to them
        able = [q for q in range(self.players) if self.zones.piles[g.HAND[q]]]
        if not able:
            self._take()
            return
        self.window = Window.clockwise(self.turns, (p + 1) % self.players, about=inst,
                                       only=able, resolve_from=p)

    def _answer_window(self, action: tuple) -> None:
        g = self.game
        p = self.window.current
        if action[0] == "declare":
            self.zones.move(action[1], g.DECLARED[p])
            self.window.respond(p, action[1])
            self.log.add("declare", p=p)
        else:
            self.window.pass_(p)
            self.log.add("no-declare", p=p)
        if self.window.closed:
            self.resolving = self.window.resolution()
            self.window = None
            self.nullified = False
            self._resolve()

    def _resolve(self) -> None:
        """Reveal declarations clockwise from the flipper; later ones override earlier ones,
        a Nullify cancels every one after it (so the first Nullify always stands)."""
        g = self.game
        flipped = self.revealed()
        while self.resolving:
            d, inst = self.resolving.pop(0)
            self._discard(inst)
            cid = g.ids[inst]
            if g.category[inst] != "interrupt":
                self.log.add("bluff", p=d, card=inst)
            elif self.nullified:
                self.log.add("cancelled", p=d, card=inst)
            elif cid == SUCTION:
                self.holder = d
                self.log.add("suction", p=d, card=flipped)
            elif cid == REFLECT:
                self.prompt = Prompt(P_REFLECT, d, 0)
                return
            elif cid == NULLIFY:
                self.nullified = True
                self.log.add("nullify", p=d)
            elif cid == FALSE_INFO:
                self.fi_queue.append(d)
                self.log.add("false-info", p=d, to=self.turns.current)
        self._take()

    def _take(self) -> None:
        g = self.game
        inst, h = self.revealed(), self.holder
        self.holder = -1
        self.log.add("take", p=h, card=inst)
        if g.category[inst] == "treasure":
            self.zones.move(inst, g.WON[h])
            self.score[h] += g.points[inst]
        else:
            self._discard(inst)
            self._taken_effect(h, inst)
        self._continue()

    def _after_take(self) -> None:
        """Waiting False Information flips come next, in the order they resolved; then the
        turn ends."""
        while self.fi_queue:
            if self.field_size():
                # the declarer stays at the head of the queue until their flip is made
                self.prompt = Prompt(P_FI, self.fi_queue[0], 0)
                return
            self.fi_queue.pop(0)
            self.log.add("fi-ignored")
        self._end_turn()

