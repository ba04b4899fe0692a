"""Running tallies of every hand, kept up to date as cards move.

After anything settles, every player still in is asked whether they could declare Dobon or
Revolution or kick back the top card, and every effect asks who holds a Q of its suit or a J.
Scanning every hand for that at every settle was most of super-page-one's cost per decision;
a tally per hand turns each question into a look-up or a mask.

A state's `Tallies` keep, for each player: the total of the hand's numbers (`sums`), the
count of the cards of each number (`numbers`), whether the hand makes a Revolution
(`revolution`, worked out again only when a change can alter it), and an int of bit fields,
`packed`, so that a card coming into a hand is one addition (`HandShape.one[inst]`) and
leaving it one subtraction: it counts the cards, the jokers (they block Dobon and fill in for
Revolution), the Ks not yet shown (a K revealed by a kick-back is taken off until it leaves
the hand), the Js and the Qs of each suit. Every field is wide enough for the whole deck, so
none overflows into the next, and "does any hand hold one?" is a mask over the `sum()` of
every hand's. `packed` stays a small int (for the bundled deck, 20 bits): CPython adds and
masks those, and `sum()`s a list of them, without multi-digit arithmetic. The state's
`invariants()` compare the running tallies with a fresh count after every decision of a
checked game.
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
        self.rank, self.key = rank, revo_key
        #: the numbers a hand's counts run over (a joker, key -1, counts as none)
        self.numbers = max(revo_key) + 1
        suits = sorted({suit[i] for i in cards if effect[i] == "echo" and suit[i]})
        # field name -> the cards it counts (the most it can hold: all of them in one hand)
        members = {"count": cards, "block": [i for i in cards if blocks_dobon[i]],
                   "wild": [i for i in cards if revo_key[i] < 0],
                   "kings": [i for i in cards if effect[i] == "kick-back"],
                   "cancel": [i for i in cards if effect[i] == "cancel"]}
        for s in suits:
            members["echo " + s] = [i for i in cards if effect[i] == "echo" and suit[i] == s]
        self.at: dict[str, int] = {}
        self.field: dict[str, int] = {}
        one, offset = [0] * len(rank), 0
        for name, counted in members.items():
            width = max(len(counted), 1).bit_length()
            self.at[name], self.field[name] = offset, ((1 << width) - 1) << offset
            for i in counted:
                one[i] += 1 << offset
            offset += width
        #: what each card adds to the packed tally
        self.one: tuple[int, ...] = tuple(one)
        self.count_f, self.block_f = self.field["count"], self.field["block"]
        self.kings_f, self.cancel_f = self.field["kings"], self.field["cancel"]
        self.wild_f, self.wild_at = self.field["wild"], self.at["wild"]
        self.kings_one = 1 << self.at["kings"]
        #: suit -> the field counting the Qs (echo cards) of that suit
        self.echo_f = {s: self.field["echo " + s] for s in suits}

    def revolution(self, packed: int, numbers: list[int]) -> bool:
        """Four of a number, jokers filling in (but not four jokers alone)."""
        most = max(numbers, default=0)
        return most > 0 and most + ((packed & self.wild_f) >> self.wild_at) >= REVOLUTION


class Tallies:
    """The running tallies of one state's hands, by seat."""

    __slots__ = ("shape", "packed", "numbers", "sums", "revolution")

    def __init__(self, shape: HandShape, players: int):
        self.shape = shape
        self.packed = [0] * players
        self.numbers = [[0] * shape.numbers for _ in range(players)]
        self.sums = [0] * players
        self.revolution = [False] * players

    def clone(self) -> "Tallies":
        new = Tallies.__new__(Tallies)
        new.shape, new.packed = self.shape, self.packed.copy()
        new.numbers = [counts.copy() for counts in self.numbers]
        new.sums, new.revolution = self.sums.copy(), self.revolution.copy()
        return new

    def add(self, p: int, inst: int) -> None:
        """`inst` came into `p`'s hand."""
        shape = self.shape
        packed = self.packed[p] = self.packed[p] + shape.one[inst]
        numbers, key = self.numbers[p], shape.key[inst]
        self.sums[p] += shape.rank[inst]
        if key >= 0:
            numbers[key] += 1
        if not self.revolution[p]:   # a hand that made a Revolution still does with one more
            if key < 0:   # a joker may complete any number
                self.revolution[p] = shape.revolution(packed, numbers)
            else:   # only the new card's number can have come to four, jokers filling in
                self.revolution[p] = (numbers[key]
                                      + ((packed & shape.wild_f) >> shape.wild_at)) >= REVOLUTION

    def remove(self, p: int, inst: int, shown: bool) -> None:
        """`inst` left `p`'s hand; `shown`: it was a K revealed by a kick-back."""
        shape = self.shape
        packed = self.packed[p] - shape.one[inst]
        if shown:
            packed += shape.kings_one   # it was already off the count of Ks not shown
        self.packed[p] = packed
        numbers, key = self.numbers[p], shape.key[inst]
        if key >= 0:
            numbers[key] -= 1
        self.sums[p] -= shape.rank[inst]
        if self.revolution[p]:   # a hand that made none makes none with a card less
            self.revolution[p] = shape.revolution(packed, numbers)

    def show_king(self, p: int) -> None:
        """A K of `p`'s was revealed by a kick-back: it cannot kick back until it leaves."""
        self.packed[p] -= self.shape.kings_one

    def recount(self, hands: Sequence[Sequence[int]], shown: Container[int]) -> None:
        """Tally every hand afresh (`shown`: the revealed Ks)."""
        players = len(self.packed)
        self.packed, self.sums = [0] * players, [0] * players
        self.numbers = [[0] * self.shape.numbers for _ in range(players)]
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
