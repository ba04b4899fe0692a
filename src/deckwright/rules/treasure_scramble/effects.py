"""What each magic card does: used from hand in the gathering phase, or taken in the scramble.

Every effect follows the sheet's general ruling: an effect that cannot be done in full is done
as far as possible (fewer cards), else ignored; an interrupt card an effect would place face
down goes to the discard instead.
"""

from __future__ import annotations

from deckwright.engine import EMPTY, Prompt

from .facts import (BIG_RELEASE, BIG_RELEASE_CARDS, CLAIRVOYANCE, MAP_CARDS, P_FI, P_KIND,
                    P_PLUNDER, P_REFLECT, P_SWAP_GIVE, P_SWAP_PICK, PLUNDER, PLUNDER_CARDS, SWAP,
                    TIME_SKIP, TREASURE_MAP, Target, slot_name)


class MagicMixin:
    """Magic effects and the choices they ask for; mixed into `TreasureState`."""

    # --- gathering: magic used from hand -----------------------------------------------

    def _use(self, p: int, inst: int, target: Target) -> None:
        g = self.game
        cid = g.ids[inst]
        self._discard(inst)
        self.log.add("use", p=p, card=inst)
        if cid == TIME_SKIP:
            self._mark_skip(target[1])
        elif cid == SWAP:
            self._look(p, target[1])
            self.prompt = Prompt(P_SWAP_GIVE, p, target[1])
            return
        elif cid == BIG_RELEASE:
            self._big_release()
        elif cid == CLAIRVOYANCE:
            if not target:
                self.log.add("ignored", card=inst)
            for slot in target[1:]:
                self._look(p, slot)
        elif cid == PLUNDER:
            if self._ask_discard(target[1], inst):
                return
        elif cid == TREASURE_MAP:
            if not self._draw(p, MAP_CARDS):
                self.log.add("ignored", card=inst)
        self._end_turn()

    def _mark_skip(self, p: int) -> None:
        """Time Skip: one mark per player; a second does not add a second skipped turn."""
        self.turns.skips[p] = 1
        self.log.add("skip-set", p=p)

    def _look(self, p: int, slot: int) -> None:
        self.known[p][slot] = self.zones.piles[self.game.FIELD][slot]
        self.log.add("look", p=p, slot=slot_name(slot))

    def _big_release(self) -> None:
        """Place the deck's top cards face down; an interrupt card goes to the discard instead
        (ruling magic-places-interrupt). The quota may be exceeded."""
        g = self.game
        for _ in range(BIG_RELEASE_CARDS):
            inst = self.zones.top(g.DECK)
            if inst == EMPTY:
                break
            if g.category[inst] == "interrupt":
                self._discard(inst)
                self.log.add("to-discard", card=inst)
            else:
                self._place_field(inst, None)
                self.log.add("release", slot=slot_name(self.next_slot - 1))

    def _ask_discard(self, p: int, source: int) -> bool:
        """Plunder: `p` discards two cards of their choice, fewer if they have fewer, none
        (effect ignored) with an empty hand. True when a choice is now pending."""
        n = min(PLUNDER_CARDS, len(self.hand(p)))
        if n == 0:
            self.log.add("ignored", card=source)
            return False
        self.prompt = Prompt(P_PLUNDER, p, n)
        return True

    # --- choices -----------------------------------------------------------------------

    def _apply_choice(self, action: tuple) -> None:
        g = self.game
        kind, p, arg = self.prompt
        self.prompt = None
        if kind == P_REFLECT:
            to = action[1][1]
            self.log.add("reflect", p=p, card=self.revealed(), to=to)
            self.holder = to
            self._resolve()
        elif kind == P_FI:
            slot = action[1][1]
            self.fi_queue.pop(0)
            self.log.add("fi-target", p=p, slot=slot_name(slot))
            self._flip(slot)
        elif kind == P_SWAP_PICK:
            self._look(p, action[1][1])
            self.prompt = Prompt(P_SWAP_GIVE, p, action[1][1])
        elif kind == P_SWAP_GIVE:
            self._exchange(p, arg, action[1])
            self._continue()
        elif kind == P_KIND:
            kid = action[1][1]
            gone = [c for c in self.hand(p) if g.ids[c] == kid]
            for c in gone:
                self._discard(c)
            self.log.add("kind", p=p, card=gone[0], n=len(gone))
            self._continue()
        else:  # plunder
            for c in action[1]:
                self._discard(c)
            self.log.add("discard", p=p, cards=list(action[1]))
            self._continue()

    def _exchange(self, p: int, slot: int, given: int) -> None:
        """Swap: the field card goes to the hand; the given card takes its place face down,
        or to the discard when it is an interrupt card (ruling magic-places-interrupt)."""
        g = self.game
        taken = self.zones.piles[g.FIELD][slot]
        self.zones.move(taken, g.HAND[p])
        self.log.add("swap", p=p, slot=slot_name(slot))
        if g.category[given] == "interrupt":
            self._discard(given)
            self.log.add("to-discard", card=given)
            self.known[p].pop(slot, None)
        else:
            self.zones.place(given, g.FIELD, slot)
            self.known[p][slot] = given

    def _taken_effect(self, h: int, inst: int) -> bool:
        """A magic card's effect on whoever took it; True when a choice is now pending."""
        g = self.game
        cid = g.ids[inst]
        hand = self.hand(h)
        if cid == TIME_SKIP:
            self._mark_skip(h)
        elif cid == SWAP:
            if self.field_size() and hand:
                self.prompt = Prompt(P_SWAP_PICK, h, 0)
                return True
            self.log.add("ignored", card=inst)
        elif cid == BIG_RELEASE:
            if any(g.category[c] == "interrupt" for c in hand):
                self.prompt = Prompt(P_KIND, h, 0)
                return True
            self.log.add("ignored", card=inst)
        elif cid == CLAIRVOYANCE:
            names = ", ".join(self.card_label(c) for c in hand) or "なし"
            self.log.add("reveal-hand", p=h, names=names)
        elif cid == PLUNDER:
            return self._ask_discard(h, inst)
        elif cid == TREASURE_MAP:
            if not self._draw(h, MAP_CARDS):
                self.log.add("ignored", card=inst)
        return False

