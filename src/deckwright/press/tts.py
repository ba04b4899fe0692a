"""`tts/`: Tabletop Simulator deck sheets, the back image, and the numbers TTS asks for.

TTS imports a custom deck from a grid image of at most 10 x 7 cards and 4096 px a side; its
bottom-right slot is the "hidden" image shown for cards in another player's hand, so a sheet
holds at most 69 cards and that slot always shows a back: the deck's plain back design (a back
that varies by card, as ghost-couple's ¥0/¥1 ghosts do, is drawn without the card, so the
hidden image gives nothing away). Every cell is a whole number of pixels (TTS cuts the sheet
into equal cells; a 409.6 px cell blurs and drifts), at the highest resolution the 4096 px limit
allows (at most 300 dpi). `deck.json` gives, per sheet, the file, width, height and number of
cards, the cell size, and the card ids in order; `deck.tts.json` is the deck as a TTS saved
object (`saved_object`).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from collections import Counter
from typing import Callable, Hashable, Iterable, Iterator

from reportlab.pdfgen.canvas import Canvas

from .. import atomic
from . import face as facemod
from .binding import back_context
from .cards import GamePress, Slot
from .face import Plan
from ..model.schema import Card
from .raster import Mosaic, Reuse, batches, pixel_page, render_pngs, render_scanlines

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096
PER_SHEET = MAX_COLS * MAX_ROWS - 1
DPI = 300.0
#: The most bytes of rendered cells a run keeps for later sheets (a poker cell is 0.7 MB):
#: bridge-over's four decks need 68 MB to render each cell once; beyond this, cells are
#: rendered again rather than held.
KEPT_CELLS = 96 << 20


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


def _cell_drawer(plan: Plan, cell: tuple[int, int]) -> Callable[[Canvas], None]:
    """A page one cell large (1 pt = 1 px): the trimmed face scaled into it and clipped to it."""
    cw, ch = cell

    def draw(c: Canvas) -> None:
        w, h = plan.size
        c.saveState()
        c.scale(cw / w, ch / h)
        p = c.beginPath()
        p.rect(0, 0, w, h)
        c.clipPath(p, stroke=0, fill=0)
        facemod.draw(c, plan, 0.0)
        c.restoreState()
    return draw


Cell = tuple[str, str, tuple[int, int]]   # (face, back or hidden; the plan's key; cell px)


def _sheet(cells: list[tuple[int, Cell, Plan]], cols: int, rows: int, cell: tuple[int, int],
           drawn: Reuse) -> Mosaic:
    """A sheet of cells counted row by row from the top left: each distinct face rendered
    once (or taken from `drawn`, which holds what other sheets of the run also show) and
    pasted into every cell that shows it, a batch of faces at a time."""
    sheet = Mosaic(cols, rows, cell)
    plans: dict[Cell, Plan] = {}
    where: dict[Cell, list[int]] = {}
    for index, key, plan in cells:
        plans[key] = plan
        where.setdefault(key, []).append(index)
    for batch in batches(plans):
        missing = [key for key in batch if drawn.get(key) is None]
        draws = [_cell_drawer(plans[key], cell) for key in missing]
        new = {key: page.rows for key, page in
               zip(missing, render_scanlines(tuple(map(float, cell)), draws, 1.0))}
        for key in batch:
            data = new[key] if key in new else drawn.kept[key]
            for index in where[key]:
                sheet.paste(index, data)
                drawn.used(key, data)
    return sheet


def export(press: GamePress, slots: Callable[[], Iterable[Slot]], folder: Path, deck_id: str,
           tick: Callable[[int], None] = lambda n: None, drawn: Reuse | None = None) -> dict:
    """Write the sheets, back image(s) and `<deck>.json`; returns the JSON written. `drawn`
    (`reuse`) hands the cells other decks of the run also show from one to the next."""
    drawn = Reuse() if drawn is None else drawn
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
    for number, (batch, cols, rows, cell, faces, backs) in enumerate(
            _sheets(press, slots, unique_backs), start=1):
        names = {"face": f"{deck_id}-{number}.png"}
        if unique_backs:
            names["back"] = f"{deck_id}-{number}-back.png"
        dpi = round(cell[0] * 72.0 / w, 2)
        pixels: list[int] = []
        for name, cells in zip(names.values(), (faces, backs)):
            png = _sheet(cells, cols, rows, cell, drawn).png(dpi)
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
        key = _back_image(plan)
        data = drawn.get(key)
        if data is None:   # not drawn yet for another deck of the run
            draw = [lambda c: facemod.draw(c, plan, 0.0)]
            data = next(render_pngs(pixel_page((w, h), DPI), draw, DPI / 72.0, DPI)).data
        drawn.used(key, data)
        atomic.write_bytes(folder / f"{deck_id}-back.png", data)
    info = {"game": press.game.id, "deck": deck_id, "card_count": count,
            "card_size_mm": list(press.size_mm), "sheets": sheets}
    atomic.write_text(folder / f"{deck_id}.json", json.dumps(info, ensure_ascii=False, indent=2) + "\n")
    names = {card.id: card.name for card in press.game.cards.values()}
    saved = saved_object(info, names, press.game.db.game.title)
    atomic.write_text(folder / f"{deck_id}.tts.json",
                      json.dumps(saved, ensure_ascii=False, indent=2) + "\n")
    return info


def saved_object(info: dict, names: dict[str, str], title: str) -> dict:
    """The deck as a Tabletop Simulator saved object (the knowledge base's "Save File
    Format"): one `DeckCustom` whose `CustomDeck` has a key per sheet (1, 2, ...) naming the
    sheet's face and back images and its grid, and one `Card` per card, whose `CardID` is the
    sheet's key x 100 + its slot on the sheet (counted row by row from 0), in deck order in
    `DeckIDs`. The image URLs are the sheets' file names, beside this file: TTS's Custom Deck
    dialog or its cloud upload replaces them with where the images are served from."""
    custom, cards = {}, []
    for key, sheet in enumerate(info["sheets"], start=1):
        custom[str(key)] = {"FaceURL": sheet["face"], "BackURL": sheet["back"],
                            "NumWidth": sheet["width"], "NumHeight": sheet["height"],
                            "BackIsHidden": True, "UniqueBack": sheet["unique_back"], "Type": 0}
        for index, card_id in enumerate(sheet["cards"]):
            cards.append({"Name": "Card", "Nickname": names.get(card_id, card_id),
                          "Description": card_id, "CardID": key * 100 + index,
                          "Transform": _TRANSFORM,
                          "CustomDeck": {str(key): custom[str(key)]}})
    deck = {"Name": "DeckCustom", "Nickname": title, "Transform": _TRANSFORM,
            "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom,
            "ContainedObjects": cards}
    return {"SaveName": "", "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "",
            "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": [deck], "TabStates": {}, "VersionNumber": ""}


#: Where a saved object appears: the table's centre, face down, at TTS's default card scale.
_TRANSFORM = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
              "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _sheets(press: GamePress, slots: Callable[[], Iterable[Slot]], unique_backs: bool
            ) -> Iterator[tuple[list[Slot], int, int, tuple[int, int], list, list]]:
    """Per sheet: its slots, grid, cell size, and the (index, key, plan) of each cell of its
    face sheet and (with unique backs) of its back sheet; the last slot is the hidden one."""
    first = None
    for batch in batches(slots(), PER_SHEET):
        first = first or batch[0]
        hidden = plain_back(press, first.card)
        cols, rows = sheet_shape(len(batch))
        cell = cell_pixels(cols, rows, press.face(first.card).size)
        last = cols * rows - 1

        def keyed(kind: str, plan: Plan) -> tuple[Cell, Plan]:
            return (kind, plan.key, cell), plan
        faces = [(i, *keyed("face", press.face(s.card))) for i, s in enumerate(batch)]
        backs = [(i, *keyed("back", press.back(s.card))) for i, s in enumerate(batch)]
        hide = (last, *keyed("hidden", hidden))
        yield batch, cols, rows, cell, faces + [hide], (backs + [hide] if unique_backs else [])


def _back_image(plan: Plan) -> tuple[str, str, tuple[float, float]]:
    """The key of a deck's back image (`<deck>-back.png`): the back's plan at its size."""
    return ("back image", plan.key, plan.size)


def cell_uses(press: GamePress, slots: Callable[[], Iterable[Slot]]) -> Counter[Hashable]:
    """How often a deck's sheets paste each cell (a face at a cell size), and its back image
    (when every card has the same back) is written."""
    cards = [s.card for s in slots()]
    unique = len({press.back_key(card) for card in cards}) > 1
    uses: Counter[Hashable] = Counter(key for *_, faces, backs in _sheets(press, slots, unique)
                                      for _, key, _ in faces + backs)
    if cards and not unique:
        uses[_back_image(press.back(cards[0]))] += 1
    return uses


def reuse(press: GamePress) -> Reuse:
    """The cells a run over every deck pastes and the back images it writes, each rendered
    once and kept (up to `KEPT_CELLS` bytes) until its last use."""
    uses: Counter[Hashable] = Counter()
    for deck, _ in press.decks():
        uses += cell_uses(press, lambda deck=deck: press.slots(deck))
    return Reuse(uses, limit=KEPT_CELLS)
