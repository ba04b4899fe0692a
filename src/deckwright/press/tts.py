"""`tts/`: Tabletop Simulator deck sheets, the back image, and the numbers TTS asks for.

TTS imports a custom deck from a grid image of at most 10 x 7 cards and 4096 px a side; its
bottom-right slot is the "hidden" image shown for cards in another player's hand, so a sheet
holds at most 69 cards and the back is put in that slot. Sheets are vector pages (trimmed faces
side by side) rasterised by pdfium at the highest resolution the 4096 px limit allows (at most
300 dpi). `deck.json` gives, per sheet, the file, width, height and number of cards, and the
card ids in order.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Callable, Iterable

from reportlab.pdfgen.canvas import Canvas

from .. import atomic
from . import face as facemod
from .cards import GamePress, Slot
from .face import Plan
from .raster import batches, pixel_page, px, render_pages, save_png

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096
PER_SHEET = MAX_COLS * MAX_ROWS - 1
DPI = 300.0


def sheet_shape(n: int) -> tuple[int, int]:
    """Grid (cols, rows) for a sheet of n cards plus the hidden slot; TTS wants at least 2x2."""
    slots = n + 1
    rows = max(2, math.ceil(slots / MAX_COLS))
    cols = max(2, math.ceil(slots / rows))
    return cols, rows


def sheet_dpi(cols: int, rows: int, card: tuple[float, float]) -> float:
    """The highest dpi (<= 300) at which the sheet is at most 4096 px a side."""
    dpi = DPI
    while px(cols * card[0], dpi) > MAX_PX or px(rows * card[1], dpi) > MAX_PX:
        dpi = math.floor(min(MAX_PX * 72.0 / (cols * card[0]), MAX_PX * 72.0 / (rows * card[1])) * 100) / 100
        if px(cols * card[0], dpi) > MAX_PX or px(rows * card[1], dpi) > MAX_PX:
            dpi -= 0.01
    return dpi


def _sheet_drawer(cells: list[tuple[int, Plan]], cols: int, rows: int) -> Callable[[Canvas], None]:
    """A page of trimmed faces, cell `index` counted row by row from the top left."""
    def draw(c: Canvas) -> None:
        for index, plan in cells:
            w, h = plan.size
            col, row = index % cols, index // cols
            c.saveState()
            c.translate(col * w, (rows - 1 - row) * h)
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
    sheets = []
    for number, batch in enumerate(batches(slots(), PER_SHEET), start=1):
        cols, rows = sheet_shape(len(batch))
        dpi = sheet_dpi(cols, rows, (w, h))
        size = pixel_page((cols * w, rows * h), dpi)
        faces = [(i, press.face(s.card)) for i, s in enumerate(batch)]
        names = {"face": f"{deck_id}-{number}.png"}
        if unique_backs:
            backs = [(i, press.back(s.card)) for i, s in enumerate(batch)]
            draws = [_sheet_drawer(faces, cols, rows), _sheet_drawer(backs, cols, rows)]
            names["back"] = f"{deck_id}-{number}-back.png"
        else:  # the hidden slot shows the back
            draws = [_sheet_drawer(faces + [(cols * rows - 1, press.back(first.card))], cols, rows)]
        pixels: list[int] = []
        for name, image in zip(names.values(), render_pages(size, draws, dpi / 72.0)):
            save_png(image, folder / name, dpi)
            pixels = list(image.size)
        sheets.append({
            "face": names["face"], "back": names.get("back", f"{deck_id}-back.png"),
            "width": cols, "height": rows, "number": len(batch),
            "pixels": pixels, "dpi": dpi,
            "unique_back": unique_backs, "back_is_hidden": True,
            "cards": [s.card.id for s in batch]})
        tick(len(batch))
    if not unique_backs:
        plan = press.back(first.card)
        for image in render_pages(pixel_page((w, h), DPI), [_sheet_drawer([(0, plan)], 1, 1)],
                                  DPI / 72.0):
            save_png(image, folder / f"{deck_id}-back.png", DPI)
    info = {"game": press.game.id, "deck": deck_id, "card_count": count,
            "card_size_mm": list(press.size_mm), "sheets": sheets}
    atomic.write_text(folder / f"{deck_id}.json", json.dumps(info, ensure_ascii=False, indent=2) + "\n")
    return info
