"""A prompt: one player must choose now, among the choices of one kind, whoever's turn it is.

A card that makes its taker pick a player, a slot or a card (treasure-scramble's Swap, Plunder,
Reflect) asks that player there and then. The game sets `state.prompt = Prompt(kind, player,
arg)`; the engine's `current_player()` is then that player, before an open response window and
before the turn player, and the game's `legal_actions()` lists the choices of `kind`. Setting
`state.prompt = None` ends it. A prompt is a plain tuple: states copy it as they are.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Prompt(NamedTuple):
    kind: str     # what is asked, in the game's own words ("swap-give", "plunder")
    player: int   # who must answer now
    arg: Any = None   # what the game needs to remember about it (a count, a card)
