"""Running tallies of every hand, kept up to date as cards move.

After anything settles, every player still in is asked whether they could declare Dobon or
Revolution or kick back the top card, and every effect asks who holds a Q of its suit or a J.
Scanning every hand for that at every settle was most of super-page-one's cost per decision;
a tally per hand turns each question into a look-up or a mask.

A state's `Tallies` keep, for each player: the total of the hand's numbers (`sums`), whether
it makes a Revolution (`revolution`, worked out again only when a change can alter it), and
two ints of bit fields, so that a card coming into a hand is one addition to each
(`HandShape.one[inst]`, `HandShape.one_number[inst]`) and leaving it one subtraction:
`packed` counts the cards, the jokers (they block Dobon and fill in for Revolution), the Ks
not yet shown (a K revealed by a kick-back is taken off until it leaves the hand), the Js and
the Qs of each suit; `numbers` counts the cards of each number. Every field is wide enough for
the whole deck, so none overflows into the next. The fields the hot paths read after every
decision are kept apart from the counts by number so that `packed` stays a small int (for
the bundled deck, 20 bits): CPython adds and masks those, and `sum()`s a list of them,
without the multi-digit arithmetic a 70-bit int would take. The state's `invariants()`
compare the running tallies with a fresh count after every decision of a checked game.

The counts by number have a guard bit above each field, so that "does some number have k
cards?" is one addition and one mask: adding 2**width - k to every field carries into a
field's guard bit exactly when that field holds k or more (`at_least`, `guards`).
"""

from __future__ import annotations

from typing import Container, Sequence

#: Cards of one number (jokers filling in) that make a Revolution.
REVOLUTION = 4


class HandShape:
    """The layout of the packed tally for one game database, and what each card adds to it.

    `*_f` are the fields' masks in place; the card count is the lowest field.
    """

    def __init__(self, rank: Sequence[int], suit: Sequence[str], effect: Sequence[str],
                 blocks_dobon: Sequence[bool], revo_key: Sequence[int]):
        cards = range(len(rank))
        self.rank = rank
        suits = sorted({suit[i] for i in cards if effect[i] == "echo" and suit[i]})
        # field name -> the most it can hold (the whole deck in one hand)
        fields = {"count": len(rank), "block": sum(blocks_dobon),
                  "wild": sum(1 for key in revo_key if key < 0),
                  "kings": effect.count("kick-back"), "cancel": effect.count("cancel")}
        for s in suits:
            fields["echo " + s] = sum(1 for i in cards if effect[i] == "echo" and suit[i] == s)
        self.at: dict[str, int] = {}
        self.field: dict[str, int] = {}
        offset = 0
        for name, most in fields.items():
            width = max(most, 1).bit_length()
            self.at[name], self.field[name] = offset, ((1 << width) - 1) << offset
            offset += width
        self.count_f, self.block_f = self.field["count"], self.field["block"]
        self.kings_f, self.cancel_f = self.field["kings"], self.field["cancel"]
        self.wild_f, self.wild_at = self.field["wild"], self.at["wild"]
        self.kings_one = 1 << self.at["kings"]
        #: suit -> the field counting the Qs (echo cards) of that suit
        self.echo_f = {s: self.field["echo " + s] for s in suits}
        self._numbers(revo_key)
        self.one: tuple[int, ...] = tuple(
            self._one(suit[i], effect[i], blocks_dobon[i], revo_key[i]) for i in cards)
        #: what each card adds to the counts by number (0 for a joker)
        self.one_number: tuple[int, ...] = tuple(1 << self._shift[k] if k >= 0 else 0
                                                 for k in revo_key)
        #: where each card's count by number starts (-1 for a joker)
        self.number_at = tuple(self._shift[k] if k >= 0 else -1 for k in revo_key)

    def _numbers(self, revo_key: Sequence[int]) -> None:
        """The counts by number, an int of their own (a carry past them goes nowhere)."""
        numbers = sorted({k for k in revo_key if k >= 0})
        # a field holds every card of its number, and 2**width - REVOLUTION must not go below 0
        most = max([revo_key.count(n) for n in numbers] + [REVOLUTION])
        width = most.bit_length()
        self._shift = {n: i * (width + 1) for i, n in enumerate(numbers)}
        self.number_mask = (1 << width) - 1
        guard = 1 << width
        #: k -> what, added to the counts by number, sets a guard bit where a number has >= k
        self.at_least = {k: sum((guard - k) << s for s in self._shift.values())
                         for k in range(1, REVOLUTION + 1)}
        self.guards = sum(guard << s for s in self._shift.values())

    def _one(self, suit: str, effect: str, blocks: bool, key: int) -> int:
        at = self.at
        one = 1 << at["count"]
        if blocks:
            one += 1 << at["block"]
        if key < 0:
            one += 1 << at["wild"]
        if effect == "kick-back":
            one += 1 << at["kings"]
        elif effect == "cancel":
            one += 1 << at["cancel"]
        elif effect == "echo" and suit:
            one += 1 << at["echo " + suit]
        return one

    def revolution(self, packed: int, numbers: int) -> bool:
        """Four of a number, jokers filling in (but not four jokers alone)."""
        if not numbers or (packed & self.count_f) < REVOLUTION:
            return False
        need = REVOLUTION - ((packed & self.wild_f) >> self.wild_at)
        return need <= 1 or bool((numbers + self.at_least[need]) & self.guards)


class Tallies:
    """The running tallies of one state's hands, by seat."""

    __slots__ = ("shape", "packed", "numbers", "sums", "revolution")

    def __init__(self, shape: HandShape, players: int):
        self.shape = shape
        self.packed = [0] * players
        self.numbers = [0] * players
        self.sums = [0] * players
        self.revolution = [False] * players

    def clone(self) -> "Tallies":
        new = Tallies.__new__(Tallies)
        new.shape, new.packed, new.numbers = self.shape, self.packed.copy(), self.numbers.copy()
        new.sums, new.revolution = self.sums.copy(), self.revolution.copy()
        return new

    def add(self, p: int, inst: int) -> None:
        """`inst` came into `p`'s hand."""
        shape = self.shape
        packed = self.packed[p] = self.packed[p] + shape.one[inst]
        numbers = self.numbers[p] = self.numbers[p] + shape.one_number[inst]
        self.sums[p] += shape.rank[inst]
        if not self.revolution[p]:   # a hand that made a Revolution still does with one more
            at = shape.number_at[inst]
            if at < 0:   # a joker may complete any number
                self.revolution[p] = shape.revolution(packed, numbers)
            else:   # only the new card's number can have come to four, jokers filling in
                self.revolution[p] = (((numbers >> at) & shape.number_mask)
                                      + ((packed & shape.wild_f) >> shape.wild_at)) >= REVOLUTION

    def remove(self, p: int, inst: int, shown: bool) -> None:
        """`inst` left `p`'s hand; `shown`: it was a K revealed by a kick-back."""
        shape = self.shape
        packed = self.packed[p] - shape.one[inst]
        if shown:
            packed += shape.kings_one   # it was already off the count of Ks not shown
        self.packed[p] = packed
        numbers = self.numbers[p] = self.numbers[p] - shape.one_number[inst]
        self.sums[p] -= shape.rank[inst]
        if self.revolution[p]:   # a hand that made none makes none with a card less
            self.revolution[p] = shape.revolution(packed, numbers)

    def show_king(self, p: int) -> None:
        """A K of `p`'s was revealed by a kick-back: it cannot kick back until it leaves."""
        self.packed[p] -= self.shape.kings_one

    def recount(self, hands: Sequence[Sequence[int]], shown: Container[int]) -> None:
        """Tally every hand afresh (`shown`: the revealed Ks)."""
        players = len(self.packed)
        self.packed, self.numbers, self.sums = [0] * players, [0] * players, [0] * players
        self.revolution = [False] * players
        for p, hand in enumerate(hands):
            for inst in hand:
                self.add(p, inst)
                if inst in shown:
                    self.show_king(p)

    def differs(self, hands: Sequence[Sequence[int]], shown: Container[int]) -> list[int]:
        """The seats whose running tally is not that of their hand (an invariant)."""
        fresh = Tallies(self.shape, len(self.packed))
        fresh.recount(hands, shown)
        return [p for p in range(len(self.packed))
                if (self.packed[p], self.numbers[p], self.sums[p], self.revolution[p])
                != (fresh.packed[p], fresh.numbers[p], fresh.sums[p], fresh.revolution[p])]
