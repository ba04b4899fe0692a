"""The shared rules engine: state vocabulary, zones, turn order, response windows, chance,
event log, invariants, views, the example harness and bots. See docs/engine.md.

Nothing here draws, and nothing here knows a particular game: a game is a rules module in
`deckwright.rules` built from these parts.
"""

from .bots import GreedyBot, RandomBot
from .cards import Catalogue, split_ref
from .expect import CardAt, Cards
from .facts import GameFacts, ZoneSpec
from .game import Game
from .notation import Kind, Notation, Step, Verb
from .prompts import Prompt
from .setup import SetupError
from .state import (CHANCE, TERMINAL, Action, InvariantError, NotationError, Reason, Refused,
                    ReplayError, State)
from .turns import CLOCKWISE, COUNTERCLOCKWISE, TurnOrder
from .windows import Window
from .zones import BOX, EMPTY, Layout, Watches, Zones

__all__ = ["Action", "BOX", "CHANCE", "CLOCKWISE", "COUNTERCLOCKWISE", "CardAt", "Cards",
           "Catalogue", "EMPTY", "Game", "GameFacts", "GreedyBot", "InvariantError", "Kind", "Layout",
           "Notation", "NotationError", "Prompt", "RandomBot", "Reason", "Refused", "ReplayError", "SetupError", "State", "Step", "TERMINAL",
           "TurnOrder", "Verb", "Watches", "Window", "ZoneSpec", "Zones", "split_ref"]
