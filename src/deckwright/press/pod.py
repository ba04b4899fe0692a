"""`pod/`: files for print-on-demand services, each at the size and in the packaging it asks for.

A service's rules (press/services/<service>.yaml) give its bleed and its templates: poker cards
are 825 x 1125 px at 300 dpi with The Game Crafter's and DriveThruCards' 1/8 inch bleed, 822 x
1122 px with MakePlayingCards' 36 px. A card a little smaller than a template (original-tcg's
63 x 88 mm on poker's 63.5 x 88.9) is centred on it, nothing scaled, its bleed carried over the
difference, so every image is a template's size (services.Fit). What each takes:

- The Game Crafter, MakePlayingCards: a zip of PNGs, one per distinct face (`fronts/`) and per
  distinct back (`backs/`), numbered in deck order, and `cards.csv` saying which back goes
  with each face and how many copies to order;
- DriveThruCards: one PDF/X-1a:2001 file (pdfx.py: CMYK within its 240% ink limit, an output
  intent, made by Ghostscript), one card per page at trim + bleed (the back, then its front,
  for every printed copy, as it asks), each page with its TrimBox on the cut line and its
  BleedBox the page.

The images are the vector faces rasterised by pdfium (never a second drawing), each face once
for both zip services: MakePlayingCards' images are whole-pixel crops of The Game Crafter's
render, the card half a pixel off centre (`cut_from`). Zips are written deterministically
(fixed order and timestamps), through deckwright.atomic.
"""

from __future__ import annotations

import tempfile
import zipfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .. import atomic
from . import csvsafe, face as facemod, pdfx
from . import services as service_rules
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


#: The print-on-demand services, by their `--pod` name, from their rules (press/services/):
#: The Game Crafter (1/8 in bleed, 825 x 1125 px poker), MakePlayingCards (36 px, 822 x 1122),
#: DriveThruCards (1/8 in, a PDF page of 2.75 x 3.75 in).
SERVICES: dict[str, Service] = {s.export: Service(s.export, s.title, float(s.value("bleed_mm")),
                                                  s.files)
                                for s in service_rules.services().values()
                                if s.files in ("zip", "pdf")}

#: The columns of a zip's `cards.csv`: which image, its back, how many to order, and what tells
#: the card apart (every cell formula-safe, csvsafe.py).
CSV_HEADER = ("file", "back", "copies", "id", "name", "colors", "set")

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


def image_px(press: GamePress, service: Service) -> tuple[int, int]:
    """A zip service's image size for this game's card: its template's pixels when the card
    fits one (services.py: a card a little smaller than the template is centred on it, its
    bleed carried over the difference), else the card plus the service's bleed at 300 dpi
    (which `deckwright preflight` reports as refused)."""
    fit = service_rules.by_export(service.id).fit(press.size_mm)
    if fit.template is not None:
        return fit.template.pixels
    return tuple(px(v, DPI) for v in _page(press, service.bleed_mm * MM))  # type: ignore[return-value]


def cut_from(press: GamePress) -> float:
    """The bleed (points) every zip service's images are cut from: each face is rendered
    once, with the widest bleed any zip service's image needs in either direction, and each
    service's image is a whole-pixel crop of it. MakePlayingCards' 36 px are 1.5 px less than
    The Game Crafter's 37.5 px a side, so its crop leaves the card half a pixel (0.04 mm) off
    centre, far inside any printer's cut tolerance; rendering it apart cost as much as the
    first rendering. The crop is the same whatever services a build names, so a service's
    file never depends on which others it makes."""
    w, h = (v * MM for v in press.size_mm)
    wide = 0.0
    for service in SERVICES.values():
        if service.package == "zip":
            iw, ih = (v * 72.0 / DPI for v in image_px(press, service))
            wide = max(wide, (iw - w) / 2, (ih - h) / 2)
    return wide


def reuse(press: GamePress, services: Iterable[str]) -> Reuse:
    """How often a run over every deck writes each face and back at each image size: a face
    the decks share, or two services at the same size, is encoded once, and every face is
    rendered once for all the services (`cut_from`). Keys are (kind, plan key, pixels): within
    one GamePress a face's plan key is its card id and a back's its back key."""
    uses: Counter[tuple[str, str, tuple[int, int]]] = Counter()
    sizes = [image_px(press, s) for s in map(SERVICES.__getitem__, services) if s.package == "zip"]
    for deck, _ in press.decks():
        cards = press.distinct(deck)
        backs = {press.back_key(card) for card in cards}
        for size in sizes:
            uses.update(("face", card.id, size) for card in cards)
            uses.update(("back", key, size) for key in backs)
    return Reuse(uses)


def _page(press: GamePress, bleed: float) -> tuple[float, float]:
    """The size in points of a card with `bleed` around its trim."""
    w, h = press.size_mm
    return (w * MM) + 2 * bleed, (h * MM) + 2 * bleed


def _images(press: GamePress, jobs: list[tuple[str, Callable[[], facemod.Plan]]],
            bleed: float, kind: str = "face", drawn: Reuse | None = None,
            cut_from: float | None = None, size: tuple[int, int] | None = None,
            offers: Iterable[tuple[int, int]] = ()) -> Iterator[tuple[str, bytes]]:
    """(name, PNG bytes) of each planned face with `bleed` points around the trim (or, with
    `size`, that many pixels centred on the card), rendered a batch at a time, except those
    `drawn` still holds (`kind` tells faces from backs). With `cut_from`, a face is rendered
    with that wider bleed and cropped, and the crops of the `offers` sizes other zip services
    will ask `drawn` for are offered to it on the way."""
    drawn = Reuse() if drawn is None else drawn
    wide = bleed if cut_from is None else cut_from
    page = pixel_page(_page(press, wide), DPI)
    size = size or tuple(px(v, DPI) for v in _page(press, bleed))  # type: ignore[assignment]
    others = sorted(set(offers) - {size})
    for batch in batches(jobs):
        keyed = [(name, (kind, plan.key, size), plan)
                 for name, plan in ((name, make()) for name, make in batch)]
        missing = {key: plan for _, key, plan in keyed if drawn.get(key) is None}
        new: dict[tuple, bytes] = {}
        if missing:
            draws = [_drawer(p, wide, page) for p in missing.values()]
            for key, rendered in zip(missing, render_scanlines(page, draws, DPI / 72.0)):
                new[key] = _cut(rendered, size).png(DPI).data
                for other in others:
                    drawn.offer((kind, key[1], other), lambda other=other: _cut(
                        rendered, other).png(DPI).data)
        for name, key, _ in keyed:
            data = new[key] if key in new else drawn.kept[key]
            drawn.used(key, data)
            yield name, data


def _cut(rendered: Page, size: tuple[int, int]) -> Page:
    """The `size` pixels at the centre of a page rendered with a wider bleed (itself when
    they are equal), to the nearest whole pixel."""
    w, h = size
    if (w, h) == (rendered.w, rendered.h):
        return rendered
    return rendered.crop(w, h, (rendered.w - w) // 2, (rendered.h - h) // 2)


def image_zip(press: GamePress, deck, target: Path, service: Service,
              tick: Callable[[int], None], drawn: Reuse) -> Path:
    """fronts/NNN-<card>.png, backs/<back>.png and cards.csv (`CSV_HEADER`): a card's id,
    name, colours and set tell apart the cards a deck names alike (super-page-one's four "0"s)."""
    contents = press.game.deck_contents(deck)
    fronts: list[tuple[str, Callable[[], facemod.Plan]]] = []
    backs: dict[str, Callable[[], facemod.Plan]] = {}
    rows = []
    palette = press.game.db.game.palette
    width = max(3, len(str(len(contents))))
    for n, (card_id, copies) in enumerate(contents.items(), start=1):
        card = press.game.cards[card_id]
        name = f"fronts/{n:0{width}d}-{card.id}.png"
        fronts.append((name, lambda card=card: press.face(card)))
        key = press.back_key(card)
        backs.setdefault(f"backs/{key}.png", lambda card=card: press.back(card))
        rows.append((name, f"backs/{key}.png", copies, card.id, card.name,
                     " / ".join(palette[c].name for c in card.colors if c in palette),
                     card.set or ""))
    size = image_px(press, service)
    wide = cut_from(press)
    offers = [image_px(press, s) for s in SERVICES.values() if s.package == "zip"]

    def entries() -> Iterator[tuple[str, bytes]]:
        for item in _images(press, fronts, 0.0, "face", drawn, wide, size, offers):
            tick(1)
            yield item
        yield from _images(press, list(backs.items()), 0.0, "back", drawn, wide, size, offers)
        yield "cards.csv", csvsafe.table(CSV_HEADER, rows)

    write_zip(target, entries())
    return target


def card_pdf(press: GamePress, deck, target: Path, service: Service,
             tick: Callable[[int], None], canvas: type | None = None) -> Path:
    """One card per page at the template's trim + bleed, the back of every printed copy then
    its front (DriveThruCards' order); TrimBox on the template's cut line, BleedBox the whole
    page; drawn in CMYK within the service's ink limit and made PDF/X-1a by Ghostscript
    (pdfx.py). A card a little smaller than the template is centred on it, its bleed carried
    over the difference, as the zip services' images are."""
    rules = service_rules.by_export(service.id)
    fit = rules.fit(press.size_mm)
    w, h = (v * MM for v in press.size_mm)
    pad_x, pad_y = (v * MM for v in fit.pad_mm)
    bleed = service.bleed_mm * MM
    tw, th = w + 2 * pad_x, h + 2 * pad_y
    page = (tw + 2 * bleed, th + 2 * bleed)
    trim = tuple(round(v, 3) for v in (bleed, bleed, bleed + tw, bleed + th))
    whole = tuple(round(v, 3) for v in (0.0, 0.0) + page)
    reach = bleed + max(pad_x, pad_y)   # the design's bleed reaches the page's edges
    canvas = canvas or pdfx.canvas_class(pdfx.Inks(float(rules.value("ink_limit", 400))))

    def one(pdf, plan: facemod.Plan, key: str) -> None:
        def fill(c) -> None:
            name = pdf.form(key, (-reach, -reach, w + reach, h + reach),
                            lambda form: facemod.draw(form, plan, reach))
            c.saveState()
            c.translate(bleed + pad_x, bleed + pad_y)
            c.doForm(name)
            c.restoreState()
            c.setTrimBox(trim)
            c.setBleedBox(whole)
        pdf.page(key, fill)

    # each distinct page (a back, a face) is drawn and converted once; `order` repeats them
    # for every printed copy (Ghostscript's time grows with the pages it reads)
    distinct: dict[str, tuple[facemod.Plan, int]] = {}
    order: list[int] = []
    for slot in press.slots(deck):
        for key, plan_of in ((f"B{press.back_key(slot.card)}", press.back),
                             (f"F{slot.card.id}", press.face)):
            if key not in distinct:
                distinct[key] = (plan_of(slot.card), len(distinct))
            order.append(distinct[key][1])
        tick(1)

    def draw(pdf) -> None:
        for key, (plan, _) in distinct.items():
            one(pdf, plan, key)

    title = f"{press.game.db.game.title} ({deck.title})"
    with tempfile.TemporaryDirectory(prefix="deckwright-dtc-") as scratch:
        drawn_pdf = Path(scratch) / "cmyk.pdf"
        write_pdf(drawn_pdf, page, title, draw, canvas=canvas)
        with atomic.atomic_path(target) as tmp:
            pdfx.convert(drawn_pdf, tmp, title, order)
    return target


def export(press: GamePress, deck, folder: Path, deck_id: str, services: Iterable[str],
           tick: Callable[[int], None] = lambda n: None, drawn: Reuse | None = None) -> list[Path]:
    """Every service's file for one deck, named `<deck>-<service>.zip|pdf`; pass every deck
    of a run the same `reuse(press, services)` to draw each face once per image size."""
    drawn = Reuse() if drawn is None else drawn
    written = []
    for sid in services:
        service = SERVICES[sid]
        if service.package == "pdf":
            written.append(card_pdf(press, deck, folder / f"{deck_id}-{sid}.pdf", service, tick))
        else:
            written.append(image_zip(press, deck, folder / f"{deck_id}-{sid}.zip", service, tick, drawn))
    return written
