"""deckwright: from a YAML card database to print-and-play sheets, a rulebook and playtests."""

__version__ = "0.1.0"
