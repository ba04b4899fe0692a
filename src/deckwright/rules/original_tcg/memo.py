"""Derived facts remembered while the state is only read.

Listing the legal actions asks the same questions many times over an unchanging position: the
canonical payment of a cost (which scans the warehouse), the untapped warehouse cards, the
auras in force on the field (which every soldier's stats scan). Within one such read nothing
changes, so each answer is computed once. The memo exists only for the length of the read
(`Board.reading`); outside it every question is answered afresh, so nothing that changes the
state can see a stale answer.

The memo is one plain dict (the cheapest thing to make once per decision). Each question has
its own shape of key, so the answers never collide: (player, cost, elements) -> the canonical
payment; (FREE, player) -> the player's untapped warehouse cards; AURAS -> the auras in force;
(CHOICES, player, id(effect), source kind) -> the effect's target choices (`Effects.target_choices`).
"""

from __future__ import annotations

from typing import Any

Memo = dict[Any, Any]
FREE = "free"
AURAS = "auras"
CHOICES = "choices"
