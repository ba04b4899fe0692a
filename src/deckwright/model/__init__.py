"""The validated model: YAML card databases loaded safely into pydantic objects.

Data flows one way: YAML -> this model -> {press, engine}. Nothing here draws or plays.
"""

from .errors import InputError, Problem, UsageError
from .load import GameData, Project, load_game, load_games
from .schema import CARD_SIZES, Card, Database, Deck, Example, Game, Ruling, Step

__all__ = ["CARD_SIZES", "Card", "Database", "Deck", "Example", "Game", "GameData", "InputError",
           "Problem", "Project", "Ruling", "Step", "UsageError", "load_game", "load_games"]
