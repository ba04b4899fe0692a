"""Print-and-play sheets: the card grid, bleed, crop marks, duplex backs, gutterfold, calibration.

Geometry is pure (a `Grid` computes where every trim box goes), drawing is separate, and pages
are streamed through `pdfstream`. A front page is followed by its back page, whose slots are
mirrored about the axis the paper turns on, so that each back lands behind its front:

  turning axis vertical   (long-edge flip of a portrait page):  x' = W - x - w
  turning axis horizontal (short-edge flip of a portrait page): y' = H - y - h

For a landscape page the long edge is horizontal, so the axes swap. A back offset (dx, dy) in
mm, as measured on the calibration page, moves every back: +x to the right, +y up, as the back
page is seen. Gutterfold puts fronts and backs on one page, mirrored about a fold line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Literal

from reportlab.lib.colors import HexColor, black, white
from reportlab.pdfgen.canvas import Canvas

from ..i18n import SOURCE, Words, words
from ..model import UsageError
from . import face as facemod
from .cards import GamePress, Slot
from .fonts import metrics
from .layout import MM
from .pdfstream import StreamingPDF

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 5.0 * MM        # printers' unprintable border, kept clear of bleed
MARK_GAP = 1.0 * MM      # crop marks start this far outside the bleed
MARK_LEN = 4.0 * MM
FOLD_GAP = 3.0 * MM      # between a gutterfold's fold line and the nearest bleed edge

Duplex = Literal["long", "short", "off"]


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    bleed_mm: float = 3.0
    duplex: Duplex = "long"
    gutterfold: bool = False
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    cut_lines: bool = False


@dataclass(frozen=True)
class Placement:
    """Where a card's trim box goes on a page, and whether it is turned half a turn."""

    x: float
    y: float
    rotated: bool = False


@dataclass(frozen=True)
class Grid:
    """The card grid of one sheet; all lengths in points, origin at the page's bottom left."""

    page: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int
    x0: float            # trim left of the first column
    top: float           # trim top of the first row
    mirror: Literal["vertical", "horizontal"]  # the axis the backs are mirrored about
    back_offset: tuple[float, float] = (0.0, 0.0)
    gutterfold: bool = False

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        return (self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed)

    def front(self, index: int) -> Placement:
        """Slot `index` (row by row from the top left) of a front page."""
        col, row = index % self.cols, index // self.cols
        return Placement(self.x0 + col * self.pitch[0],
                         self.top - self.card[1] - row * self.pitch[1])

    def back(self, index: int) -> Placement:
        """Where the back of slot `index` goes: mirrored, shifted by the back offset."""
        f = self.front(index)
        W, H = self.page
        w, h = self.card
        dx, dy = self.back_offset
        if self.mirror == "vertical":
            return Placement(W - f.x - w + dx, f.y + dy, rotated=False)
        return Placement(f.x + dx, H - f.y - h + dy, rotated=self.gutterfold)

    def trims(self) -> Iterator[tuple[float, float, float, float]]:
        for i in range(self.per_page):
            p = self.front(i)
            yield (p.x, p.y, p.x + self.card[0], p.y + self.card[1])


def _fit(space: float, size: float, bleed: float) -> int:
    return max(0, int((space + 1e-6) // (size + 2 * bleed)))


def _centred(page: tuple[float, float], card: tuple[float, float], bleed: float, cols: int,
             rows: int, area: tuple[float, float, float, float]) -> tuple[float, float]:
    """(x0, top) that centre a cols x rows grid in the area (x, y, w, h)."""
    ax, ay, aw, ah = area
    gw = cols * (card[0] + 2 * bleed)
    gh = rows * (card[1] + 2 * bleed)
    return (ax + (aw - gw) / 2 + bleed, ay + ah - (ah - gh) / 2 - bleed)


def grid(card_mm: tuple[float, float], opts: Options) -> Grid:
    """The grid holding the most cards, portrait or landscape, for duplex or gutterfold."""
    if opts.paper not in PAPERS:
        raise ValueError(opts.paper)
    pw, ph = (v * MM for v in PAPERS[opts.paper])
    card = (card_mm[0] * MM, card_mm[1] * MM)
    bleed = opts.bleed_mm * MM
    offset = (opts.back_offset_mm[0] * MM, opts.back_offset_mm[1] * MM)
    best: Grid | None = None
    for page in ((pw, ph), (ph, pw)):
        W, H = page
        landscape = W > H
        if opts.gutterfold:
            # a landscape page folds about a vertical line, a portrait page about a horizontal one
            if landscape:
                area = (MARGIN, MARGIN, W / 2 - MARGIN - FOLD_GAP, H - 2 * MARGIN)
                mirror: Literal["vertical", "horizontal"] = "vertical"
            else:
                area = (MARGIN, H / 2 + FOLD_GAP, W - 2 * MARGIN, H / 2 - MARGIN - FOLD_GAP)
                mirror = "horizontal"
        else:
            area = (MARGIN, MARGIN, W - 2 * MARGIN, H - 2 * MARGIN)
            long_axis_vertical = not landscape
            if opts.duplex == "short":
                mirror = "horizontal" if long_axis_vertical else "vertical"
            else:
                mirror = "vertical" if long_axis_vertical else "horizontal"
        cols, rows = _fit(area[2], card[0], bleed), _fit(area[3], card[1], bleed)
        if cols * rows == 0:
            continue
        x0, top = _centred(page, card, bleed, cols, rows, area)
        g = Grid(page, card, bleed, cols, rows, x0, top, mirror, offset, opts.gutterfold)
        if best is None or g.per_page > best.per_page:
            best = g
    if best is None:
        raise UsageError(f"a {card_mm[0]:g} x {card_mm[1]:g} mm card with {opts.bleed_mm:g} mm bleed "
                         f"does not fit on {opts.paper} paper{' folded' if opts.gutterfold else ''}")
    return best


# --- drawing ----------------------------------------------------------------------------------

def crop_marks(c: Canvas, g: Grid) -> None:
    """Short lines outside the grid on every trim line, in the margin beyond the bleed."""
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(0.25)
    W, H = g.page
    xs = sorted({round(v, 4) for i in range(g.cols)
                 for v in (g.front(i).x, g.front(i).x + g.card[0])})
    ys = sorted({round(v, 4) for j in range(g.rows)
                 for v in (g.front(j * g.cols).y, g.front(j * g.cols).y + g.card[1])})
    left, right = xs[0] - g.bleed, xs[-1] + g.bleed
    bottom, top = ys[0] - g.bleed, ys[-1] + g.bleed
    for x in xs:
        c.line(x, top + MARK_GAP, x, min(top + MARK_GAP + MARK_LEN, H))
        c.line(x, bottom - MARK_GAP, x, max(bottom - MARK_GAP - MARK_LEN, 0))
    for y in ys:
        c.line(left - MARK_GAP, y, max(left - MARK_GAP - MARK_LEN, 0), y)
        c.line(right + MARK_GAP, y, min(right + MARK_GAP + MARK_LEN, W), y)
    c.restoreState()


def cut_lines(c: Canvas, g: Grid) -> None:
    """Optional thin lines along every trim line across the grid."""
    c.saveState()
    c.setStrokeColor(HexColor("#888888"))
    c.setLineWidth(0.2)
    c.setDash(2, 2)
    for x0, y0, x1, y1 in g.trims():
        c.rect(x0, y0, x1 - x0, y1 - y0, stroke=1, fill=0)
    c.restoreState()


def place(pdf: StreamingPDF, plan: facemod.Plan, at: Placement, bleed: float,
          prefix: str) -> None:
    """Put a face (drawn once per chunk as a form) with its trim box's corner at `at`."""
    w, h = plan.size
    name = pdf.form(f"{prefix}{plan.key}", (-bleed, -bleed, w + bleed, h + bleed),
                    lambda c: facemod.draw(c, plan, bleed))
    c = pdf.canvas
    c.saveState()
    if at.rotated:  # half a turn about the card's centre, same trim box
        c.transform(-1, 0, 0, -1, at.x + w, at.y + h)
    else:
        c.translate(at.x, at.y)
    c.doForm(name)
    c.restoreState()


def _front_page(pdf: StreamingPDF, press: GamePress, g: Grid, slots: list[Slot],
                opts: Options) -> None:
    c = pdf.canvas
    for i, slot in enumerate(slots):
        at = g.front(i)
        plan = press.face(slot.card)
        place(pdf, plan, at, g.bleed, "F")
        if plan.per_copy:
            c.saveState()
            c.translate(at.x, at.y)
            facemod.draw_copy(c, plan, press.planner, slot.copy, slot.copies)
            c.restoreState()
    crop_marks(c, g)
    if opts.cut_lines:
        cut_lines(c, g)


def _back_slots(pdf: StreamingPDF, press: GamePress, g: Grid, slots: list[Slot]) -> None:
    for i, slot in enumerate(slots):
        place(pdf, press.back(slot.card), g.back(i), g.bleed, "B")


def _fold_line(c: Canvas, g: Grid, language: str) -> None:
    W, H = g.page
    c.saveState()
    c.setStrokeColor(HexColor("#999999"))
    c.setLineWidth(0.4)
    c.setDash(6, 3)
    if g.mirror == "vertical":
        c.line(W / 2, MARGIN / 2, W / 2, H - MARGIN / 2)
    else:
        c.line(MARGIN / 2, H / 2, W - MARGIN / 2, H / 2)
    c.setFont(metrics("gothic").name, 6)
    c.setFillColor(HexColor("#777777"))
    _ = words(language)
    label = _("fold here (mountain fold)")
    if g.mirror == "vertical":
        c.drawCentredString(W / 2, MARGIN / 2 - 2, label)
    else:
        c.drawString(MARGIN / 2, H / 2 + 2, label)
    c.restoreState()


def pages(slots: Iterable[Slot], per_page: int) -> Iterator[list[Slot]]:
    batch: list[Slot] = []
    for slot in slots:
        batch.append(slot)
        if len(batch) == per_page:
            yield batch
            batch = []
    if batch:
        yield batch


def draw_sheets(pdf: StreamingPDF, press: GamePress, slots: Callable[[], Iterable[Slot]],
                g: Grid, opts: Options, tick: Callable[[int], None] = lambda n: None) -> None:
    """Stream every page: front then back (duplex), fronts and backs together (gutterfold),
    or all fronts then all backs (duplex off, for printing the backs on a second pass).
    `slots` gives a fresh iterator each call, so nothing is held between the two passes."""
    for batch in pages(slots(), g.per_page):
        _front_page(pdf, press, g, batch, opts)
        if opts.gutterfold:
            _back_slots(pdf, press, g, batch)
            _fold_line(pdf.canvas, g, press.game.language)
        elif opts.duplex != "off":
            pdf.end_page()
            _back_slots(pdf, press, g, batch)
        pdf.end_page()
        tick(len(batch))
    if opts.duplex == "off" and not opts.gutterfold:
        for batch in pages(slots(), g.per_page):  # backs still mirrored for long-edge turning
            _back_slots(pdf, press, g, batch)
            pdf.end_page()


# --- calibration ------------------------------------------------------------------------------

def _target(c: Canvas, x: float, y: float, r: float) -> None:
    c.circle(x, y, r, stroke=1, fill=0)
    c.circle(x, y, r / 2, stroke=1, fill=0)
    c.line(x - r * 1.4, y, x + r * 1.4, y)
    c.line(x, y - r * 1.4, x, y + r * 1.4)


def _scale(c: Canvas, x: float, y: float) -> None:
    """A ±5 mm scale in 1 mm steps about (x, y), read through the paper against the front cross."""
    for k in range(-5, 6):
        t = (2.2 if k % 5 == 0 else 1.2) * MM
        c.line(x + k * MM, y - t / 2, x + k * MM, y + t / 2)
        c.line(x - t / 2, y + k * MM, x + t / 2, y + k * MM)
    c.line(x - 5 * MM, y, x + 5 * MM, y)
    c.line(x, y - 5 * MM, x, y + 5 * MM)


def draw_calibration(pdf: StreamingPDF, g: Grid, title: str, _: Words | None = None) -> None:
    """A front page with a 50 mm square and a cross at every slot centre, and a back page with
    a millimetre scale behind each cross (placed exactly as card backs are); the instructions
    in the game's language (`_`, English by default)."""
    _ = _ or words(SOURCE)
    c = pdf.canvas
    W, H = g.page
    font = metrics("gothic").name
    c.setStrokeColor(black)
    c.setLineWidth(0.3)
    w, h = g.card
    for i in range(g.per_page):
        f = g.front(i)
        c.setDash(1, 2)
        c.rect(f.x, f.y, w, h, stroke=1, fill=0)
        c.setDash()
        _target(c, f.x + w / 2, f.y + h / 2, 3 * MM)
    side = 50 * MM
    c.setFillColor(white)
    c.rect((W - side) / 2, (H - side) / 2, side, side, stroke=1, fill=1)
    c.setFillColor(black)
    c.setFont(font, 9)
    c.drawCentredString(W / 2, H / 2 + 6, "50 mm × 50 mm")
    c.setFont(font, 6.5)
    lines = [_("%(title)s: calibration page", title=title),
             _("1. Print both sides at 100%% (actual size); check with a ruler that the square "
               "is 50 mm."),
             _("2. Hold the sheet against the light and read on the back's scale how far each "
               "front cross is off (right and up are +)."),
             _("3. Shift the backs with deckwright build --back-offset X,Y (mm).")]
    for k, text in enumerate(lines):
        c.drawCentredString(W / 2, H / 2 - 10 - k * 9, text)
    pdf.end_page()
    c = pdf.canvas
    c.setStrokeColor(HexColor("#c0392b"))
    c.setLineWidth(0.3)
    for i in range(g.per_page):
        b = g.back(i)
        _scale(c, b.x + w / 2, b.y + h / 2)
    c.setFont(font, 6.5)
    c.setFillColor(HexColor("#c0392b"))
    c.drawCentredString(W / 2, MARGIN + 2, _("Back: the scale is in 1 mm steps"))
    pdf.end_page()

