"""`python -m deckwright` runs the command line."""

from .cli import run

run()
