"""Running tallies of every hand, kept up to date as cards move.

After anything settles, every player still in is asked whether they could declare Dobon or
Revolution or kick back the top card, and every effect asks who holds a Q of its suit or a J.
Scanning every hand for that at every settle was most of super-page-one's cost per decision;
a tally per hand turns each question into a few look-ups. A tally is a list of ints: how many
cards, the total of their numbers, how many block Dobon or fill in for Revolution, how many Ks,
Js and Qs of each suit, and how many cards of each number. What one card adds to it is worked
out once per game database (`HandTally.adds`), and the state's `invariants()` compare the
running tallies with a fresh count after every decision of a checked game.
"""

from __future__ import annotations

from typing import Iterable, Sequence

#: Slots of a tally every game has; the Q counts by suit and the counts by number follow.
COUNT, SUM, BLOCK, WILD, KICK, CANCEL = range(6)
_FIXED = 6


class HandTally:
    """The shape of a tally for one game database, and what each card instance adds to it."""

    def __init__(self, rank: Sequence[int], suit: Sequence[str], effect: Sequence[str],
                 blocks_dobon: Sequence[bool], revo_key: Sequence[int]):
        suits = sorted({s for s, e in zip(suit, effect) if e == "echo" and s})
        #: suit -> the slot counting the Qs (echo cards) of that suit
        self.echo = {s: _FIXED + k for k, s in enumerate(suits)}
        #: the slot of number 0 in the counts by number (jokers are not counted there)
        self.numbers = _FIXED + len(suits)
        self.size = self.numbers + max(rank, default=0) + 1
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
            adds.append((self.numbers + key, 1))
        if effect == "kick-back":
            adds.append((KICK, 1))
        elif effect == "cancel":
            adds.append((CANCEL, 1))
        elif effect == "echo" and suit:
            adds.append((self.echo[suit], 1))
        return tuple(adds)

    def count(self, hand: Iterable[int]) -> list[int]:
        """A fresh tally of a hand."""
        tally = [0] * self.size
        adds = self.adds
        for inst in hand:
            for slot, n in adds[inst]:
                tally[slot] += n
        return tally

    def best_number(self, tally: list[int]) -> int:
        """How many cards of the most common number the hand holds (jokers not counted)."""
        return max(tally[self.numbers:])
