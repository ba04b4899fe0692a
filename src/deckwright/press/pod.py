"""`pod/`: files for print-on-demand services, each at the size and in the packaging it asks for.

A preset is a service's bleed (its image size follows from the card size: poker cards are
825 x 1125 px at 300 dpi with The Game Crafter's and DriveThruCards' 1/8 inch bleed, 822 x 1122
px with MakePlayingCards' 36 px) and what it takes:

- The Game Crafter, MakePlayingCards: a zip of PNGs, one per distinct face (`fronts/`) and per
  distinct back (`backs/`), numbered in deck order, and `cards.csv` saying which back goes
  with each face and how many copies to order;
- DriveThruCards: one PDF, one card per page at trim + bleed (front, then its back, for every
  printed copy), each page with its TrimBox on the card's cut line and its BleedBox the page.

The images are the vector faces rasterised by pdfium (never a second drawing), each face once
for both zip services: MakePlayingCards' images are whole-pixel crops of The Game Crafter's
render, the card half a pixel off centre (`CUT_FROM`). Zips are written deterministically
(fixed order and timestamps), through deckwright.atomic.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .. import atomic
from . import face as facemod
from .cards import GamePress
from .layout import MM
from .pdfstream import write_pdf
from .png import _drawer
from .raster import Page, Reuse, batches, pixel_page, px, render_scanlines

DPI = 300.0
INCH = 25.4


@dataclass(frozen=True)
class Service:
    """One print-on-demand service: its bleed per side and what it takes."""

    id: str
    title: str
    bleed_mm: float
    package: str  # "zip" (PNG images) or "pdf" (one card per page)


SERVICES: dict[str, Service] = {s.id: s for s in (
    Service("thegamecrafter", "The Game Crafter", INCH / 8, "zip"),      # 825 x 1125 poker
    Service("makeplayingcards", "MakePlayingCards", 36 * INCH / DPI, "zip"),  # 822 x 1122
    Service("drivethrucards", "DriveThruCards", INCH / 8, "pdf"),       # 2.75 x 3.75 in
)}

#: A fixed timestamp for every zip entry (the earliest a zip can hold), so equal input makes
#: equal bytes.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def write_zip(target: Path, entries: Iterable[tuple[str, bytes]]) -> None:
    """A zip whose bytes depend only on its entries: given order, fixed time and mode. PNGs
    are stored as they are (they are compressed already: deflating them again cost a fifth of
    the target's time to save about 1%), everything else deflated."""
    with atomic.atomic_path(target) as tmp:
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data in entries:
                info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
                info.compress_type = (zipfile.ZIP_STORED if name.endswith(".png")
                                      else zipfile.ZIP_DEFLATED)
                info.external_attr = 0o644 << 16
                info.create_system = 3
                z.writestr(info, data)


#: The bleed every zip service's images are cut from: each face is rendered once, with the
#: widest bleed any zip service asks for, and each service's image is a whole-pixel crop of
#: it. MakePlayingCards' 36 px are 1.5 px less than The Game Crafter's 37.5 px a side, so its
#: crop leaves the card half a pixel (0.04 mm) off centre, far inside any printer's cut
#: tolerance; rendering it apart cost as much as the first rendering. The crop is the same
#: whatever services a build names, so a service's file never depends on which others it makes.
CUT_FROM = max(s.bleed_mm for s in SERVICES.values() if s.package == "zip") * MM


def reuse(press: GamePress, services: Iterable[str]) -> Reuse:
    """How often a run over every deck writes each face and back at each bleed: a face the
    decks share, or two services at the same bleed, is encoded once, and every face is
    rendered once for all the services (`CUT_FROM`). Keys are (kind, plan key, bleed): within
    one GamePress a face's plan key is its card id and a back's its back key, and the page
    size follows from the card size and the bleed."""
    uses: Counter[tuple[str, str, float]] = Counter()
    bleeds = [s.bleed_mm * MM for s in map(SERVICES.__getitem__, services) if s.package == "zip"]
    for deck, _ in press.decks():
        cards = press.distinct(deck)
        backs = {press.back_key(card) for card in cards}
        for bleed in bleeds:
            uses.update(("face", card.id, bleed) for card in cards)
            uses.update(("back", key, bleed) for key in backs)
    return Reuse(uses)


def _page(press: GamePress, bleed: float) -> tuple[float, float]:
    """The size in points of a card with `bleed` around its trim."""
    w, h = press.size_mm
    return (w * MM) + 2 * bleed, (h * MM) + 2 * bleed


def _images(press: GamePress, jobs: list[tuple[str, Callable[[], facemod.Plan]]],
            bleed: float, kind: str = "face", drawn: Reuse | None = None,
            cut_from: float | None = None) -> Iterator[tuple[str, bytes]]:
    """(name, PNG bytes) of each planned face with `bleed` points around the trim, rendered a
    batch at a time, except those `drawn` still holds (`kind` tells faces from backs). With
    `cut_from`, a face is rendered with that wider bleed and cropped to `bleed`, and the crops
    other zip services' bleeds will ask `drawn` for are offered to it on the way."""
    drawn = Reuse() if drawn is None else drawn
    wide = bleed if cut_from is None else cut_from
    page = pixel_page(_page(press, wide), DPI)
    others = [] if cut_from is None else sorted(
        {s.bleed_mm * MM for s in SERVICES.values() if s.package == "zip"} - {bleed})
    for batch in batches(jobs):
        keyed = [(name, (kind, plan.key, bleed), plan)
                 for name, plan in ((name, make()) for name, make in batch)]
        missing = {key: plan for _, key, plan in keyed if drawn.get(key) is None}
        new: dict[tuple[str, str, float], bytes] = {}
        if missing:
            draws = [_drawer(p, wide, page) for p in missing.values()]
            for key, rendered in zip(missing, render_scanlines(page, draws, DPI / 72.0)):
                new[key] = _cut(press, rendered, wide, bleed).png(DPI).data
                for other in others:
                    drawn.offer((kind, key[1], other), lambda other=other: _cut(
                        press, rendered, wide, other).png(DPI).data)
        for name, key, _ in keyed:
            data = new[key] if key in new else drawn.kept[key]
            drawn.used(key, data)
            yield name, data


def _cut(press: GamePress, rendered: Page, wide: float, bleed: float) -> Page:
    """The card with `bleed` around its trim, from a page rendered with `wide` bleed (itself
    when they are equal): centred to the nearest whole pixel."""
    if bleed == wide:
        return rendered
    w, h = (px(v, DPI) for v in _page(press, bleed))
    return rendered.crop(w, h, (rendered.w - w) // 2, (rendered.h - h) // 2)


def image_zip(press: GamePress, deck, target: Path, service: Service,
              tick: Callable[[int], None], drawn: Reuse) -> Path:
    """fronts/NNN-<card>.png, backs/<back>.png and cards.csv (file, back, copies, name)."""
    contents = press.game.deck_contents(deck)
    fronts: list[tuple[str, Callable[[], facemod.Plan]]] = []
    backs: dict[str, Callable[[], facemod.Plan]] = {}
    rows = []
    width = max(3, len(str(len(contents))))
    for n, (card_id, copies) in enumerate(contents.items(), start=1):
        card = press.game.cards[card_id]
        name = f"fronts/{n:0{width}d}-{card.id}.png"
        fronts.append((name, lambda card=card: press.face(card)))
        key = press.back_key(card)
        backs.setdefault(f"backs/{key}.png", lambda card=card: press.back(card))
        rows.append((name, f"backs/{key}.png", copies, card.name))
    bleed = service.bleed_mm * MM

    def entries() -> Iterator[tuple[str, bytes]]:
        for item in _images(press, fronts, bleed, "face", drawn, CUT_FROM):
            tick(1)
            yield item
        yield from _images(press, list(backs.items()), bleed, "back", drawn, CUT_FROM)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["file", "back", "copies", "name"])
        writer.writerows(rows)
        yield "cards.csv", out.getvalue().encode("utf-8")

    write_zip(target, entries())
    return target


def card_pdf(press: GamePress, deck, target: Path, service: Service,
             tick: Callable[[int], None]) -> Path:
    """One card per page at trim + bleed, front then back for every printed copy; TrimBox on
    the cut line, BleedBox the whole page."""
    w, h = (v * MM for v in press.size_mm)
    bleed = service.bleed_mm * MM
    page = (w + 2 * bleed, h + 2 * bleed)
    trim = tuple(round(v, 3) for v in (bleed, bleed, bleed + w, bleed + h))
    whole = tuple(round(v, 3) for v in (0.0, 0.0) + page)

    def one(pdf, plan: facemod.Plan, prefix: str) -> None:
        def fill(c) -> None:
            name = pdf.form(f"{prefix}{plan.key}", (-bleed, -bleed, w + bleed, h + bleed),
                            lambda form: facemod.draw(form, plan, bleed))
            c.saveState()
            c.translate(bleed, bleed)
            c.doForm(name)
            c.restoreState()
            c.setTrimBox(trim)
            c.setBleedBox(whole)
        pdf.page(f"{prefix}{plan.key}", fill)   # a card's copies: one page drawn per chunk

    def draw(pdf) -> None:
        for slot in press.slots(deck):
            one(pdf, press.face(slot.card), "F")
            one(pdf, press.back(slot.card), "B")
            tick(1)

    title = f"{press.game.db.game.title} ({deck.title})"
    with atomic.atomic_path(target) as tmp:
        write_pdf(tmp, page, title, draw)
    return target


def export(press: GamePress, deck, folder: Path, deck_id: str, services: Iterable[str],
           tick: Callable[[int], None] = lambda n: None, drawn: Reuse | None = None) -> list[Path]:
    """Every service's file for one deck, named `<deck>-<service>.zip|pdf`; pass every deck
    of a run the same `reuse(press, services)` to draw each face once per bleed."""
    drawn = Reuse() if drawn is None else drawn
    written = []
    for sid in services:
        service = SERVICES[sid]
        if service.package == "pdf":
            written.append(card_pdf(press, deck, folder / f"{deck_id}-{sid}.pdf", service, tick))
        else:
            written.append(image_zip(press, deck, folder / f"{deck_id}-{sid}.zip", service, tick, drawn))
    return written
