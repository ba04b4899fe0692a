"""Which PNG pictures each card in the card reference: one rule for the page and its cache.

The PNG export writes the default deck's cards to `build/<game>/cards/` and every other deck's
to `build/<game>/<deck>/cards/`; a card only a variant deck holds is pictured from its deck's
folder, so no card of any deck falls back to a placeholder when its picture exists.
"""

from __future__ import annotations

from pathlib import Path

from ...model import GameData


def card_pictures(game: GameData, out_dir: Path) -> dict[str, str]:
    """card id -> its picture's path relative to the rulebook, for every card that has one."""
    folders = ["cards"] + [f"{deck.id}/cards" for deck in game.db.decks]
    found: dict[str, str] = {}
    for card_id in game.cards:
        for folder in folders:
            if (out_dir / folder / f"{card_id}.png").is_file():
                found[card_id] = f"{folder}/{card_id}.png"
                break
    return found
