"""Running tallies of every hand, kept up to date as cards move.

After anything settles, every player still in is asked whether they could declare Dobon or
Revolution or kick back the top card, and every effect asks who holds a Q of its suit or a J.
Scanning every hand for that at every settle was most of super-page-one's cost per decision;
a tally per hand turns each question into a few look-ups. A tally is a list of ints: how many
cards, the total of their numbers, how many block Dobon or fill in for Revolution, how many Ks
and how many of them are shown (revealed by a kick-back), how many Js and Qs of each suit, and
how many cards of each number. What one card adds to it is worked
out once per game database (`HandTally.adds`), and the state's `invariants()` compare the
running tallies with a fresh count after every decision of a checked game.

The counts by number share one int (`NUMBERS`), a field of `width` bits per number with a
guard bit above it, so that adding a card stays an addition and "does some number have k
cards?" is one addition and one mask (`at_least`): adding 2**width - k to every field carries
into a field's guard bit exactly when that field holds k or more.
"""

from __future__ import annotations

from typing import Container, Iterable, Sequence

#: Slots of a tally every game has; the Q counts by suit follow.
COUNT, SUM, BLOCK, WILD, KICK, SHOWN, CANCEL, NUMBERS = range(8)
_FIXED = 8
#: Cards of one number (jokers filling in) that make a Revolution.
REVOLUTION = 4


class HandTally:
    """The shape of a tally for one game database, and what each card instance adds to it."""

    def __init__(self, rank: Sequence[int], suit: Sequence[str], effect: Sequence[str],
                 blocks_dobon: Sequence[bool], revo_key: Sequence[int]):
        suits = sorted({s for s, e in zip(suit, effect) if e == "echo" and s})
        #: suit -> the slot counting the Qs (echo cards) of that suit
        self.echo = {s: _FIXED + k for k, s in enumerate(suits)}
        self.size = _FIXED + len(suits)
        numbers = sorted({k for k in revo_key if k >= 0})
        # a field holds every card of its number, and 2**width - REVOLUTION must not go below 0
        most = max([sum(1 for k in revo_key if k == n) for n in numbers] + [REVOLUTION])
        self.width = most.bit_length()
        self._shift = {n: i * (self.width + 1) for i, n in enumerate(numbers)}
        guard = 1 << self.width
        #: k -> what, added to the counts by number, sets a guard bit where a number has >= k
        self.at_least = {k: sum((guard - k) << s for s in self._shift.values())
                         for k in range(1, REVOLUTION + 1)}
        self.guards = sum(guard << s for s in self._shift.values())
        self.adds: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            self._adds(rank[i], suit[i], effect[i], blocks_dobon[i], revo_key[i])
            for i in range(len(rank)))

    def _adds(self, rank: int, suit: str, effect: str, blocks: bool,
              key: int) -> tuple[tuple[int, int], ...]:
        adds = [(COUNT, 1), (SUM, rank)]
        if blocks:
            adds.append((BLOCK, 1))
        if key < 0:
            adds.append((WILD, 1))
        else:
            adds.append((NUMBERS, 1 << self._shift[key]))
        if effect == "kick-back":
            adds.append((KICK, 1))
        elif effect == "cancel":
            adds.append((CANCEL, 1))
        elif effect == "echo" and suit:
            adds.append((self.echo[suit], 1))
        return tuple(adds)

    def count(self, hand: Iterable[int], shown: Container[int] = ()) -> list[int]:
        """A fresh tally of a hand, of which the cards in `shown` are revealed Ks."""
        tally = [0] * self.size
        adds = self.adds
        for inst in hand:
            for slot, n in adds[inst]:
                tally[slot] += n
            if inst in shown:
                tally[SHOWN] += 1
        return tally

    def revolution(self, tally: list[int]) -> bool:
        """Four of a number, jokers filling in (but not four jokers alone)."""
        numbers = tally[NUMBERS]
        if not numbers or tally[COUNT] < REVOLUTION:
            return False
        need = REVOLUTION - tally[WILD]
        return need <= 1 or bool((numbers + self.at_least[need]) & self.guards)
