"""ゴーストカップル (ghost-couple): the rules module, for both the 54-card playing-card variant
and the 100-card original. Which one is played follows the deck (`Game(data, deck=...)`): the
deck's variant gives the hand size; every card fact comes from cards/ghost-couple.yaml.

The examples' steps are one decision each (notation.py: `p1 turns 7`, cells 1-25, 13 the
centre). Extra `setup:` keys: `field`, `vanish`, `treasure` (setup.py); extra `expect:` keys:
`treasure`, `field`, `faceup`, `vanish`, `removed`, `memory` (state.py).

Modules: `cards` (couple table and scoring from the database), `state` (the turn), `events`
(what events do), `setup` (example setup keys), `notation` (the step grammar), `reasons`
(refusals), `bot` (a fair bot that plays from what its player has seen).
"""

from __future__ import annotations

import random
from typing import Any

from deckwright.engine import Game, GameFacts, ZoneSpec
from deckwright.rules import register

from .bot import MemoryBot
from .cards import build
from .state import GhostState

FACTS = GameFacts(
    game_id="ghost-couple",
    min_players=2,
    max_players=4,
    zones=(ZoneSpec("deck", visibility="hidden"),
           ZoneSpec("hand", per_player=True, visibility="owner"),
           ZoneSpec("field", visibility="hidden", grid=(5, 5)),
           ZoneSpec("vanish", visibility="public", key="vanish"),
           ZoneSpec("removed", visibility="public"),
           ZoneSpec("treasure", per_player=True, visibility="public", key="treasure")),
    max_decisions=5000,
    default_players=2,
    setup_keys=("field",),
)

#: Hand sizes by variant: 3 (トランプ版, stated) and 5 (original, "最初は5枚かな").
HAND_SIZE = {"playing-cards": 3, "original": 5}


class GhostCouple(Game):
    facts = FACTS
    state_class = GhostState
    bots = {"memory": MemoryBot}

    def prepare(self) -> None:
        self.variant = self.deck.variant or "playing-cards"
        self.hand_size = HAND_SIZE[self.variant]
        self.card_facts = build(self.catalogue)
        palette = self.data.db.game.palette
        #: How the log names a card: its printed name, with the side for ghosts (飛白(¥0)).
        self.labels = tuple(
            f"{c.name}({palette[c.colors[0]].symbol})" if c.category == "ghost" else c.name
            for c in self.catalogue.cards)
        #: a printed label -> its first instance (the memory bot reads cards by their labels)
        self.label_inst = {label: i for i, label in reversed(list(enumerate(self.labels)))}

    def rollout_action(self, state: GhostState, actions: list, rng: random.Random) -> Any:
        """ISMCTS's rollout policy (docs/engine.md): everyone plays the memory bot, which reads
        only its player's view."""
        return _MEMORY.choose(state, actions, rng)


#: The memory bot the search plays with; it keeps no state of its own, `rng` is the search's.
_MEMORY = MemoryBot()


register(GhostCouple)
