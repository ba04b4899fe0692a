"""What each magic card does: used from hand in the gathering phase, or taken in the scramble.

Every effect follows the sheet's general ruling: an effect that cannot be done in full is done
as far as possible (fewer cards), else ignored; an interrupt card an effect would place face
down goes to the discard instead.
"""

from __future__ import annotations

from deckwright.engine import EMPTY, Prompt

from .facts import (BIG_RELEASE, BIG_RELEASE_CARDS, CLAIRVOYANCE, MAP_CARDS, P_FI, P_KIND,
                    P_PLUNDER, P_REFLECT, P_SWAP_GIVE, P_SWAP_PICK, PLUNDER, PLUNDER_CARDS, SWAP,
                    TIME_SKIP, Target, slot_name)


class MagicMixin:
    """Magic effects and the choices they ask for; mixed into `TreasureState`. An effect that
    asks a choice sets `self.prompt`; `_continue()` goes on once no choice is pending."""

    # --- gathering: magic used from hand -----------------------------------------------

    def _use(self, p: int, inst: int, target: Target) -> None:
        cid = self.game.ids[inst]
        self._discard(inst)
        self.log.add("use", p=p, card=inst)
        if cid == SWAP:
            self._look(p, target[1])
            self.prompt = Prompt(P_SWAP_GIVE, p, target[1])
        elif cid == BIG_RELEASE:
            self._big_release()
        elif cid == CLAIRVOYANCE:
            if not target:
                self.log.add("ignored", card=inst)
            for slot in target[1:]:
                self._look(p, slot)
        else:   # Time Skip and Plunder on the target player, Treasure Map on its user
            self._on_player(cid, inst, target[1] if target else p)
        self._continue()

    def _on_player(self, cid: str, inst: int, p: int) -> None:
        """What Time Skip, Plunder and Treasure Map do to their player, used or taken."""
        if cid == TIME_SKIP:
            # one mark per player: a second does not add a second skipped turn
            self.turns.skips[p] = 1
            self.log.add("skip-set", p=p)
        elif cid == PLUNDER:
            # two cards of their choice, fewer if they have fewer, none (ignored) with no hand
            n = min(PLUNDER_CARDS, len(self.hand(p)))
            if n:
                self.prompt = Prompt(P_PLUNDER, p, n)
            else:
                self.log.add("ignored", card=inst)
        elif not self._draw(p, MAP_CARDS):
            self.log.add("ignored", card=inst)

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

    # --- choices -----------------------------------------------------------------------

    def _apply_choice(self, action: tuple) -> None:
        kind, p, arg = self.prompt
        self.prompt = None
        chosen = action[1]   # ("p", player), ("f", slot), ("k", card id), a card or cards
        if kind == P_REFLECT:
            self.log.add("reflect", p=p, card=self.revealed(), to=chosen[1])
            self.holder = chosen[1]
            self._resolve()
            return
        if kind == P_FI:
            self.fi_queue.pop(0)
            self.log.add("fi-target", p=p, slot=slot_name(chosen[1]))
            self._flip(chosen[1])
            return
        if kind == P_SWAP_PICK:
            self._look(p, chosen[1])
            self.prompt = Prompt(P_SWAP_GIVE, p, chosen[1])
        elif kind == P_SWAP_GIVE:
            self._exchange(p, arg, chosen)
        elif kind == P_KIND:
            gone = [c for c in self.hand(p) if self.game.ids[c] == chosen[1]]
            for c in gone:
                self._discard(c)
            self.log.add("kind", p=p, card=gone[0], n=len(gone))
        else:  # plunder
            for c in chosen:
                self._discard(c)
            self.log.add("discard", p=p, cards=list(chosen))
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

    def _taken_effect(self, h: int, inst: int) -> None:
        """A magic card's effect on whoever took it."""
        g = self.game
        cid = g.ids[inst]
        hand = self.hand(h)
        if cid == SWAP:
            if self.field_size() and hand:
                self.prompt = Prompt(P_SWAP_PICK, h, 0)
            else:
                self.log.add("ignored", card=inst)
        elif cid == BIG_RELEASE:
            if any(g.category[c] == "interrupt" for c in hand):
                self.prompt = Prompt(P_KIND, h, 0)
            else:
                self.log.add("ignored", card=inst)
        elif cid == CLAIRVOYANCE:
            names = ", ".join(self.card_label(c) for c in hand) or "なし"
            self.log.add("reveal-hand", p=h, names=names)
        else:
            self._on_player(cid, inst, h)
