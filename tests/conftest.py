"""Fixtures shared by test modules."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

MINI = Path(__file__).resolve().parent / "fixtures" / "mini"


@pytest.fixture
def mini_project(tmp_path: Path) -> Path:
    """A private copy of the small `mini` project (one game, two cards, a few examples)."""
    shutil.copytree(MINI, tmp_path / "p")
    return tmp_path / "p"


ROOT = MINI.parent.parent.parent
#: The six shipped books: (game id, edition language or None, folder under build/).
SHIPPED_BOOKS = (("bridge-over", None, "bridge-over"), ("ghost-couple", None, "ghost-couple"),
                 ("original-tcg", None, "original-tcg"), ("super-page-one", None, "super-page-one"),
                 ("super-page-one", "en", "super-page-one/en"),
                 ("treasure-scramble", None, "treasure-scramble"))


def _stand_in_pictures(root: Path) -> None:
    """ghost-couple's card pictures as the PNG export would leave them, each in its deck's
    folder, so its book embeds pictures (test_rulebook_games checks they are there)."""
    from PIL import Image

    from deckwright.model import Project, load_game
    game = load_game(Project(root), "ghost-couple")
    build = root / "build" / "ghost-couple"
    default = next((d for d in game.db.decks if d.default), game.db.decks[0])
    done: set[str] = set()
    for deck in [default] + [d for d in game.db.decks if d is not default]:
        folder = build / "cards" if deck is default else build / deck.id / "cards"
        for card_id in game.deck_contents(deck):
            if card_id not in done:
                folder.mkdir(parents=True, exist_ok=True)
                Image.new("RGB", (50, 70), "#336699").save(folder / f"{card_id}.png")
                done.add(card_id)


@pytest.fixture(scope="session")
def shipped_books(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the shipped project whose six books (both editions of each) were built once
    this session, as a user builds them: `deckwright build --only rulebook`. Returns the
    project; a book is build/<folder>/rulebook.pdf and rulebook-proof.pdf (SHIPPED_BOOKS)."""
    from deckwright.cli import main
    root = tmp_path_factory.mktemp("shipped")
    for folder in ("cards", "playtest"):   # an edition translates the playtests too
        shutil.copytree(ROOT / folder, root / folder)
    _stand_in_pictures(root)
    assert main(["-C", str(root), "build", "--only", "rulebook",
                 "--allow-failing-examples"]) == 0
    return root
