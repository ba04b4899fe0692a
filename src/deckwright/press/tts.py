"""`tts/`: Tabletop Simulator deck sheets, the back image, and the numbers TTS asks for.

TTS imports a custom deck from a grid image of at most 10 x 7 cards and 4096 px a side; its
bottom-right slot is the "hidden" image shown for cards in another player's hand, so a sheet
holds at most 69 cards and that slot always shows a back: the deck's plain back design (a back
that varies by card, as ghost-couple's ¥0/¥1 ghosts do, is drawn without the card, so the
hidden image gives nothing away). Every cell is a whole number of pixels (TTS cuts the sheet
into equal cells; a 409.6 px cell blurs and drifts), at the highest resolution the 4096 px limit
allows (at most 300 dpi). `deck.json` gives, per sheet, the file, width, height and number of
cards, the cell size, and the card ids in order.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Callable, Iterable

from reportlab.pdfgen.canvas import Canvas

from .. import atomic
from . import face as facemod
from .binding import back_context
from .cards import GamePress, Slot
from .face import Plan
from ..model.schema import Card
from .raster import batches, pixel_page, render_pngs

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096
PER_SHEET = MAX_COLS * MAX_ROWS - 1
DPI = 300.0


def sheet_shape(n: int) -> tuple[int, int]:
    """Grid (cols, rows) for a sheet of n cards plus the hidden slot; TTS wants at least 2x2."""
    slots = n + 1
    rows = max(2, math.ceil(slots / MAX_COLS))
    cols = max(2, math.ceil(slots / rows))
    return cols, rows


def cell_pixels(cols: int, rows: int, card: tuple[float, float]) -> tuple[int, int]:
    """The largest whole-pixel cell (at most 300 dpi) whose sheet is at most 4096 px a side,
    its height the card's proportion of its width to the nearest pixel."""
    w, h = card
    cw = min(round(w * DPI / 72.0), MAX_PX // cols)
    while cw > 1:
        ch = round(cw * h / w)
        if rows * ch <= MAX_PX:
            return cw, ch
        cw -= 1
    return 1, 1


def plain_back(press: GamePress, card: Card) -> Plan:
    """The card's back design drawn without the card: what TTS shows for a hidden card."""
    back = press.back_of(card)
    layout = press.library.back(back.id)
    if not layout.vary_by:
        return press.back(card)
    return press.planner.plan(f"{back.id}--plain", layout, back_context(press.game, back, None))


def _sheet_drawer(cells: list[tuple[int, Plan]], cols: int, rows: int,
                  cell: tuple[int, int]) -> Callable[[Canvas], None]:
    """A page of trimmed faces in whole-pixel cells (1 pt = 1 px), cell `index` counted row by
    row from the top left."""
    cw, ch = cell

    def draw(c: Canvas) -> None:
        for index, plan in cells:
            w, h = plan.size
            col, row = index % cols, index // cols
            c.saveState()
            c.translate(col * cw, (rows - 1 - row) * ch)
            c.scale(cw / w, ch / h)
            p = c.beginPath()
            p.rect(0, 0, w, h)
            c.clipPath(p, stroke=0, fill=0)
            facemod.draw(c, plan, 0.0)
            c.restoreState()
    return draw


def export(press: GamePress, slots: Callable[[], Iterable[Slot]], folder: Path, deck_id: str,
           tick: Callable[[int], None] = lambda n: None) -> dict:
    """Write the sheets, back image(s) and `<deck>.json`; returns the JSON written."""
    back_keys: set[str] = set()
    count = 0
    first: Slot | None = None
    for slot in slots():
        back_keys.add(press.back_key(slot.card))
        count += 1
        first = first or slot
    if first is None:
        return {}
    w, h = press.face(first.card).size
    unique_backs = len(back_keys) > 1
    hidden = plain_back(press, first.card)
    sheets = []
    for number, batch in enumerate(batches(slots(), PER_SHEET), start=1):
        cols, rows = sheet_shape(len(batch))
        cell = cell_pixels(cols, rows, (w, h))
        size = (float(cols * cell[0]), float(rows * cell[1]))
        last = cols * rows - 1  # the hidden slot: always the plain back
        faces = [(i, press.face(s.card)) for i, s in enumerate(batch)] + [(last, hidden)]
        names = {"face": f"{deck_id}-{number}.png"}
        draws = [_sheet_drawer(faces, cols, rows, cell)]
        if unique_backs:
            backs = [(i, press.back(s.card)) for i, s in enumerate(batch)] + [(last, hidden)]
            draws.append(_sheet_drawer(backs, cols, rows, cell))
            names["back"] = f"{deck_id}-{number}-back.png"
        dpi = round(cell[0] * 72.0 / w, 2)
        pixels: list[int] = []
        for name, png in zip(names.values(), render_pngs(size, draws, 1.0, dpi)):
            atomic.write_bytes(folder / name, png.data)
            pixels = list(png.size)
        sheets.append({
            "face": names["face"], "back": names.get("back", f"{deck_id}-back.png"),
            "width": cols, "height": rows, "number": len(batch),
            "pixels": pixels, "cell": list(cell), "dpi": dpi,
            "unique_back": unique_backs, "back_is_hidden": True,
            "cards": [s.card.id for s in batch]})
        tick(len(batch))
    if not unique_backs:
        plan = press.back(first.card)
        for png in render_pngs(pixel_page((w, h), DPI),
                               [lambda c, plan=plan: facemod.draw(c, plan, 0.0)], DPI / 72.0, DPI):
            atomic.write_bytes(folder / f"{deck_id}-back.png", png.data)
    info = {"game": press.game.id, "deck": deck_id, "card_count": count,
            "card_size_mm": list(press.size_mm), "sheets": sheets}
    atomic.write_text(folder / f"{deck_id}.json", json.dumps(info, ensure_ascii=False, indent=2) + "\n")
    return info
