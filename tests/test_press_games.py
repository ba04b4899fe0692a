"""One real game end to end: ghost-couple, whose ghost backs must show the card's side by colour."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckwright.model import Project, load_game
from deckwright.press.cards import GamePress
from test_press_support import ROOT, build, cards_on

GAME = "ghost-couple"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("game") / "p"
    (dest / "cards").mkdir(parents=True)
    shutil.copy(ROOT / "cards" / f"{GAME}.yaml", dest / "cards")
    shutil.copytree(ROOT / "templates" / "faces", dest / "templates" / "faces")
    return dest


@pytest.fixture(scope="module")
def game(project: Path):
    return load_game(Project(project), GAME)


def test_every_face_and_back_fits(game) -> None:
    GamePress(game).check()  # raises naming any overflow


def test_ghost_backs_show_the_side_by_colour(game) -> None:
    press = GamePress(game)
    palette = game.db.game.palette
    ghosts = [c for c in game.db.cards if c.category == "ghost"]
    sides = {c.colors[0] for c in ghosts}
    assert sides == {"yen0", "yen1"}
    for card in ghosts:
        back = press.back(card)
        frame = next(i for i in back.items if i.region.name == "frame")
        assert frame.fill == [palette[card.colors[0]].hex]
        assert press.back_key(card) == f"ghost-back--{card.colors[0]}"
    trump = next(c for c in game.db.cards if c.category == "playing")
    assert press.back_key(trump) == "trump-back"


def test_original_deck_sheets_put_each_side_behind_its_card(project: Path, game) -> None:
    assert build(project, GAME, "--only", "pnp", "--paper", "a4") == 0
    reader = PdfReader(project / "build" / GAME / "original" / "pnp-a4.pdf")
    assert sum(len(cards_on(reader, i, "F")) for i in range(0, len(reader.pages), 2)) == 100
    for i in range(0, len(reader.pages), 2):
        fronts, backs = cards_on(reader, i, "F"), cards_on(reader, i + 1, "B")
        for (fname, _), (bname, _) in zip(fronts, backs):
            card = game.cards[fname.removeprefix("/FormXob.F")]
            assert bname == f"/FormXob.Bghost-back--{card.colors[0]}"
