"""Running tallies of every hand, kept up to date as cards move.

After anything settles, every player still in is asked whether they could declare Dobon or
Revolution or kick back the top card, and every effect asks who holds a Q of its suit or a J.
Scanning every hand for that at every settle was most of super-page-one's cost per decision;
a tally per hand turns each question into a mask or two.

A tally is one int of bit fields, so that a card coming into a hand is one addition
(`HandTally.one[inst]`) and leaving it one subtraction: how many cards, the total of their
numbers, how many block Dobon (jokers) or fill in for Revolution, how many Ks not yet shown
(a K revealed by a kick-back is taken off until it leaves the hand), how many Js and Qs of
each suit, whether the hand makes a Revolution (worked out again whenever the hand changes,
since it is asked far more often than hands change), and, above all of these, how many cards
of each number. Every field is wide enough for the whole deck, so no field overflows into the
next. The state's `invariants()` compare the running tallies with a fresh count after every
decision of a checked game.

The counts by number have a guard bit above each field, so that "does some number have k
cards?" is one addition and one mask: adding 2**width - k to every field carries into a
field's guard bit exactly when that field holds k or more (`at_least`, `guards`).
"""

from __future__ import annotations

from typing import Container, Iterable, Sequence

#: Cards of one number (jokers filling in) that make a Revolution.
REVOLUTION = 4


class HandTally:
    """The layout of a tally for one game database, and what each card instance adds to it.

    `*_f` are the fields' masks in place; `sum_at` is where the total of numbers starts
    (compare `tally & sum_f` with `number << sum_at`); the card count is the lowest field.
    """

    def __init__(self, rank: Sequence[int], suit: Sequence[str], effect: Sequence[str],
                 blocks_dobon: Sequence[bool], revo_key: Sequence[int]):
        cards = range(len(rank))
        suits = sorted({suit[i] for i in cards if effect[i] == "echo" and suit[i]})
        wild = [key < 0 for key in revo_key]
        # field name -> the most it can hold (the whole deck in one hand)
        fields = {"count": len(rank), "sum": sum(rank), "block": sum(blocks_dobon),
                  "wild": sum(wild), "kings": effect.count("kick-back"),
                  "cancel": effect.count("cancel"), "revolution": 1}
        for s in suits:
            fields["echo " + s] = sum(1 for i in cards if effect[i] == "echo" and suit[i] == s)
        self.at: dict[str, int] = {}
        self.field: dict[str, int] = {}
        offset = 0
        for name, most in fields.items():
            width = max(most, 1).bit_length()
            self.at[name], self.field[name] = offset, ((1 << width) - 1) << offset
            offset += width
        self.count_f, self.sum_f, self.sum_at = self.field["count"], self.field["sum"], self.at["sum"]
        self.block_f, self.kings_f, self.cancel_f = (self.field[k] for k in ("block", "kings", "cancel"))
        self.revolution_f = self.field["revolution"]
        self.wild_f, self.wild_at = self.field["wild"], self.at["wild"]
        self.kings_one = 1 << self.at["kings"]
        #: suit -> the field counting the Qs (echo cards) of that suit
        self.echo_f = {s: self.field["echo " + s] for s in suits}
        self._numbers(revo_key, offset)
        self.one: tuple[int, ...] = tuple(
            self._one(rank[i], suit[i], effect[i], blocks_dobon[i], revo_key[i]) for i in cards)

    def _numbers(self, revo_key: Sequence[int], offset: int) -> None:
        """The counts by number, above every other field (a carry past them goes nowhere)."""
        numbers = sorted({k for k in revo_key if k >= 0})
        # a field holds every card of its number, and 2**width - REVOLUTION must not go below 0
        most = max([revo_key.count(n) for n in numbers] + [REVOLUTION])
        width = most.bit_length()
        self.numbers_at = offset
        self._shift = {n: i * (width + 1) for i, n in enumerate(numbers)}
        guard = 1 << width
        #: k -> what, added to the counts by number, sets a guard bit where a number has >= k
        self.at_least = {k: sum((guard - k) << s for s in self._shift.values())
                         for k in range(1, REVOLUTION + 1)}
        self.guards = sum(guard << s for s in self._shift.values())

    def _one(self, rank: int, suit: str, effect: str, blocks: bool, key: int) -> int:
        at = self.at
        one = (1 << at["count"]) + (rank << at["sum"])
        if blocks:
            one += 1 << at["block"]
        if key < 0:
            one += 1 << at["wild"]
        else:
            one += 1 << (self.numbers_at + self._shift[key])
        if effect == "kick-back":
            one += 1 << at["kings"]
        elif effect == "cancel":
            one += 1 << at["cancel"]
        elif effect == "echo" and suit:
            one += 1 << at["echo " + suit]
        return one

    def count(self, hand: Iterable[int], shown: Container[int] = ()) -> int:
        """A fresh tally of a hand, of which the cards in `shown` are revealed Ks."""
        tally = 0
        for inst in hand:
            tally += self.one[inst] - (self.kings_one if inst in shown else 0)
        return self.with_revolution(tally)

    def read(self, tally: int, name: str) -> int:
        """One field's value (`count`, `sum`, `kings`, `echo spade`, ...)."""
        return (tally & self.field[name]) >> self.at[name]

    def with_revolution(self, tally: int) -> int:
        """The tally with its `revolution` bit worked out again after the hand changed: four
        of a number, jokers filling in (but not four jokers alone)."""
        numbers = tally >> self.numbers_at
        if numbers and (tally & self.count_f) >= REVOLUTION:
            need = REVOLUTION - ((tally & self.wild_f) >> self.wild_at)
            if need <= 1 or (numbers + self.at_least[need]) & self.guards:
                return tally | self.revolution_f
        return tally & ~self.revolution_f
