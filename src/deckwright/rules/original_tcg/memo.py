"""Derived facts remembered while the state is only read.

Listing the legal actions asks the same questions many times over an unchanging position: a
card's stats (which scan the field's auras), the canonical payment of a cost (which scans the
warehouse), the auras on the field. Within one such read nothing changes, so each answer is
computed once. The memo exists only for the length of the read (`Board.reading`); outside it
every question is answered afresh, so nothing that changes the state can see a stale answer.
"""

from __future__ import annotations

from typing import Any


class Memo:
    """The answers of one read: stats per card, payments per (player, cost, elements), the
    untapped warehouse cards per player, the auras on the field."""

    __slots__ = ("stats", "pays", "free", "auras")

    def __init__(self) -> None:
        self.stats: dict[int, tuple[int, int, int]] = {}
        self.pays: dict[tuple[int, int, tuple[str, ...]], Any] = {}
        self.free: dict[int, list[int]] = {}
        self.auras: list[tuple[int, Any]] | None = None
