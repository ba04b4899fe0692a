"""TTS sheets are assembled from cells rendered once per distinct face (press/tts.py,
press/raster.py `Mosaic`): every cell must be exactly its face rendered alone at the cell's
size, blank cells white, and a sheet the same bytes whether its cells were rendered for it,
handed over from another sheet of the run, or rendered again for want of room to keep them."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from deckwright.model import Project, load_game
from deckwright.press import face as facemod
from deckwright.press import tts
from deckwright.press.cards import GamePress
from deckwright.press.raster import Mosaic, Reuse, render_pages

from test_press_support import PRESS_FIXTURE, build, copy_project


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(PRESS_FIXTURE, tmp_path_factory.mktemp("tts") / "p")
    assert build(project, "--only", "tts") == 0
    return project


@pytest.fixture(scope="module")
def press(project: Path) -> GamePress:
    return GamePress(load_game(Project(project), "pressdemo"))


def alone(plan: facemod.Plan, cell: tuple[int, int]) -> bytes:
    """The face rendered by itself into a page one cell large: scaled, clipped to its trim."""
    def draw(c: Canvas) -> None:
        w, h = plan.size
        c.scale(cell[0] / w, cell[1] / h)
        p = c.beginPath()
        p.rect(0, 0, w, h)
        c.clipPath(p, stroke=0, fill=0)
        facemod.draw(c, plan, 0.0)
    return next(render_pages(tuple(map(float, cell)), [draw], 1.0)).tobytes()


def test_every_cell_is_its_face_rendered_alone(project: Path, press: GamePress) -> None:
    built = project / "build" / "pressdemo" / "tts"
    info = json.loads((built / "standard.json").read_text(encoding="utf-8"))
    hidden = tts.plain_back(press, press.game.cards[info["sheets"][0]["cards"][0]])
    for sheet in info["sheets"]:
        cols, rows = sheet["width"], sheet["height"]
        cw, ch = sheet["cell"]
        cards = [press.game.cards[c] for c in sheet["cards"]]
        for kind, plans in (("face", [press.face(c) for c in cards]),
                            ("back", [press.back(c) for c in cards])):
            image = Image.open(built / sheet[kind]).convert("RGB")
            expected = {}
            for index in range(cols * rows):
                box = (index % cols * cw, index // cols * ch)
                got = image.crop((*box, box[0] + cw, box[1] + ch)).tobytes()
                plan = (plans[index] if index < len(plans)
                        else hidden if index == cols * rows - 1 else None)
                if plan is None:   # a slot the sheet leaves empty: white
                    assert got == b"\xff" * (3 * cw * ch), (sheet[kind], index)
                    continue
                if plan.key not in expected:
                    expected[plan.key] = alone(plan, (cw, ch))
                assert got == expected[plan.key], (sheet[kind], index, plan.key)


def _export(press: GamePress, slots, folder: Path, drawn: Reuse | None) -> dict[str, bytes]:
    tts.export(press, slots, folder, "d", drawn=drawn)
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_cells_handed_between_sheets_give_the_same_bytes(press: GamePress,
                                                         tmp_path: Path) -> None:
    deck = next(d for d, _ in press.decks() if d.id == "standard")
    twice = list(press.slots(deck)) * 2   # 160 cards: two full sheets of the same cell size

    def slots():
        return iter(twice)
    uses = tts.cell_uses(press, slots)
    assert max(uses.values()) > 2   # faces repeat, across the sheets too
    fresh = _export(press, slots, tmp_path / "fresh", None)
    shared = Reuse(uses)
    handed = _export(press, slots, tmp_path / "shared", shared)
    no_room = _export(press, slots, tmp_path / "no-room", Reuse(uses, limit=0))
    assert fresh == handed == no_room
    assert len([n for n in fresh if n.endswith(".png")]) == 6   # 3 face and 3 back sheets
    assert not shared.kept and not shared.left   # everything kept was let go at its last use


def test_a_mosaic_puts_each_cell_at_its_place_and_leaves_the_rest_white() -> None:
    cell = (3, 2)
    red = (b"\0" + b"\xd0\x31\x2d" * 3) * 2
    blue = (b"\0" + b"\x1f\x5f\xbf" * 3) * 2
    sheet = Mosaic(2, 2, cell)
    sheet.paste(1, red)
    sheet.paste(2, blue)
    image = Image.open(io.BytesIO(sheet.png(72.0).data)).convert("RGB")
    assert image.size == (6, 4)
    assert image.getpixel((0, 0)) == (255, 255, 255)        # cell 0: blank
    assert image.getpixel((3, 0)) == image.getpixel((5, 1)) == (0xd0, 0x31, 0x2d)
    assert image.getpixel((0, 2)) == image.getpixel((2, 3)) == (0x1f, 0x5f, 0xbf)
    assert image.getpixel((4, 3)) == (255, 255, 255)        # cell 3: blank


def _whole_sheet(cols: int, rows: int, cell: tuple[int, int], cells: dict[int, bytes]) -> bytes:
    """The sheet's scanlines built the plain way, row by row, white where no cell is."""
    cw, ch = cell
    out = bytearray()
    for y in range(rows * ch):
        out += b"\0"
        for col in range(cols):
            data = cells.get(y // ch * cols + col)
            start = 1 + (y % ch) * (3 * cw + 1)
            out += data[start:start + 3 * cw] if data is not None else b"\xff" * (3 * cw)
    return bytes(out)


@pytest.mark.parametrize("noisy", [False, True], ids=["flat", "photographic"])
def test_a_mosaic_is_the_png_of_its_whole_sheet(noisy: bool) -> None:
    """A sheet is deflated a band of cells at a time: its bytes must be those of the PNG of
    the whole sheet in one piece (one deflate call, or Pillow's encoder for photographic
    pixels), blank cells white even below a band that had a cell in that column."""
    import random

    from deckwright.press.raster import Page, _png

    cell, cols, rows = (5, 3), 3, 4
    rng = random.Random(7)

    def face(colour: bytes) -> bytes:
        if noisy:
            return b"".join(b"\0" + rng.randbytes(3 * cell[0]) for _ in range(cell[1]))
        return (b"\0" + colour * cell[0]) * cell[1]
    cells = {0: face(b"\xd0\x31\x2d"), 1: face(b"\x1f\x5f\xbf"), 4: face(b"\x20\x20\x20"),
             6: face(b"\xd0\x31\x2d"), 11: face(b"\x00\x80\x00")}   # 3, 7: blank below a cell
    sheet = Mosaic(cols, rows, cell)
    for index, data in cells.items():
        sheet.paste(index, data)
    whole = Page(cols * cell[0], rows * cell[1], bytearray(_whole_sheet(cols, rows, cell, cells)))
    assert bytes(sheet.page().rows) == bytes(whole.rows)
    assert sheet.png(150.0).data == _png(whole.w, whole.h, memoryview(whole.rows), 150.0,
                                         whole.image)


def test_a_back_image_decks_share_is_drawn_once(press: GamePress, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Decks whose cards all have the same back write the same `<deck>-back.png`: a run over
    them draws it once and writes those bytes for each deck, as drawing it for each gives."""
    deck = next(d for d, _ in press.decks() if d.id == "mini-deck")

    def slots():
        return iter(press.slots(deck))
    assert len({press.back_key(s.card) for s in slots()}) == 1
    fresh = _export(press, slots, tmp_path / "fresh", None)
    drawn = Reuse(tts.cell_uses(press, slots) + tts.cell_uses(press, slots))  # two decks
    backs: list[int] = []
    real = tts.render_pngs

    def counted(*args):
        backs.append(1)
        return real(*args)
    monkeypatch.setattr(tts, "render_pngs", counted)
    first = _export(press, slots, tmp_path / "first", drawn)
    second = _export(press, slots, tmp_path / "second", drawn)
    assert fresh == first == second and "d-back.png" in fresh
    assert len(backs) == 1
    assert not drawn.kept and not drawn.left
