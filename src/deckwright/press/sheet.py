"""Print-and-play sheets: the card grid, bleed, crop marks, duplex backs, gutterfold, calibration.

Geometry is pure (a `Grid` computes where every trim box goes), drawing is separate, and pages
are streamed through `pdfstream`. A front page is followed by its back page, whose slots are
mirrored about the axis the paper turns on, so that each back lands behind its front:

  turning axis vertical   (long-edge flip of a portrait page):  x' = W - x - w
  turning axis horizontal (short-edge flip of a portrait page): y' = H - y - h

For a landscape page the long edge is horizontal, so the axes swap. A back offset (dx, dy) in
mm, as measured on the calibration page, moves every back: +x to the right, +y up, as the back
page is seen. Gutterfold puts fronts and backs on one page, mirrored about a fold line.

By default cards abut: neighbours share their cut lines (one cut separates two cards, as
nanDECK and Squib lay out 9 poker cards on A4 or Letter) and only the grid's outer edge keeps
its bleed; `spacing="apart"` gives every card its whole bleed with a gap between cards. Every
page carries a TrimBox (the cards' trim) and a BleedBox (with the outer bleed), and every back
page says which edge to flip the paper on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Literal

from reportlab.lib.colors import HexColor, black, white
from reportlab.pdfgen.canvas import Canvas

from ..i18n import SOURCE, words
from ..model import UsageError
from . import face as facemod
from .cards import GamePress, Slot
from .fonts import metrics
from .layout import MM
from .markup import parse
from .pdfstream import StreamingPDF
from .textfit import fit
from . import services as service_rules

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 5.0 * MM        # printers' unprintable border, kept clear of bleed
MARK_GAP = 1.0 * MM      # crop marks start this far outside the bleed
MARK_LEN = 4.0 * MM
MARK_MIN = 3.0 * MM      # shorter than this outside the bleed, a mark reaches into the bleed
MARK_INSET = 1.0 * MM    # ... and then stops this far short of the trim
#: No mark comes nearer the paper's edge than this: what most desktop printers cannot print
#: (1/6 in; the pnp service's rules, press/services/printandplay.yaml).
PRINTABLE = float(service_rules.services()["pnp"].value("printable_margin_mm")) * MM
FOLD_GAP = 3.0 * MM      # between a gutterfold's fold line and the nearest bleed edge

Duplex = Literal["long", "short", "off"]
Spacing = Literal["abut", "apart"]
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in points


def english(message: str, **args: object) -> str:
    """deckwright's words in English (the message ids), the default of every drawing function
    here; a build passes the game's language (`words(game.language)`, see i18n.py)."""
    return words(SOURCE)(message, **args)


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    bleed_mm: float = 3.0
    duplex: Duplex = "long"
    gutterfold: bool = False
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    cut_lines: bool = False
    spacing: Spacing = "abut"


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
    gap: float = 0.0     # between neighbouring trims: 0 when cards abut, 2 x bleed apart

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        return (self.card[0] + self.gap, self.card[1] + self.gap)

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
    """Cards apart: each with its whole bleed inside the space."""
    return max(0, int((space + 1e-6) // (size + 2 * bleed)))


def _fit_abutting(space: float, page: float, size: float, bleed: float, fold: bool) -> int:
    """Cards abutting: their trims inside the space (the margin a printer cannot print, where
    only bleed may go) and the outer bleed on the paper; on a gutterfold half the outer bleed
    stays inside the half too, clear of the fold."""
    if fold:
        return max(0, int((space - 2 * bleed + 1e-6) // size))
    return max(0, min(int((space + 1e-6) // size), int((page - 2 * bleed + 1e-6) // size)))


def _centred(card: tuple[float, float], gap: float, cols: int, rows: int,
             area: tuple[float, float, float, float]) -> tuple[float, float]:
    """(x0, top) of the first trim that centre a cols x rows grid in the area (x, y, w, h)."""
    ax, ay, aw, ah = area
    gw = cols * card[0] + (cols - 1) * gap
    gh = rows * card[1] + (rows - 1) * gap
    return (ax + (aw - gw) / 2, ay + ah - (ah - gh) / 2)


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
        if opts.spacing == "abut":
            cols = _fit_abutting(area[2], W, card[0], bleed, opts.gutterfold)
            rows = _fit_abutting(area[3], H, card[1], bleed, opts.gutterfold)
            gap = 0.0
        else:
            cols, rows = _fit(area[2], card[0], bleed), _fit(area[3], card[1], bleed)
            gap = 2 * bleed
        if cols * rows == 0:
            continue
        x0, top = _centred(card, gap, cols, rows, area)
        g = Grid(page, card, bleed, cols, rows, x0, top, mirror, offset, opts.gutterfold, gap)
        if best is None or g.per_page > best.per_page:
            best = g
    if best is None:
        raise UsageError(f"a {card_mm[0]:g} x {card_mm[1]:g} mm card with {opts.bleed_mm:g} mm bleed "
                         f"does not fit on {opts.paper} paper{' folded' if opts.gutterfold else ''}")
    return best


# --- drawing ----------------------------------------------------------------------------------

def mark_span(trim: float, bleed: float) -> tuple[float, float] | None:
    """Where a crop mark goes, as distances from the paper's edge, for a trim line `trim`
    from that edge with `bleed` beyond it: outside the bleed when at least `MARK_MIN` of
    printable margin is left there, else from the printable edge into the outer bleed, up to
    `MARK_INSET` short of the trim (the outer bleed is cut away with the mark: a Letter page
    of 9 poker cards leaves 6.35 mm to the trim, 3.35 mm of it bleed); none when not even
    that fits."""
    end = trim - bleed - MARK_GAP
    if end - PRINTABLE < MARK_MIN:
        end = trim - MARK_INSET
    start = max(PRINTABLE, end - MARK_LEN)
    return (start, end) if end - start >= 1.0 * MM else None


def mark_segments(g: Grid) -> list[tuple[float, float, float, float]]:
    """Every crop mark as a line (x0, y0, x1, y1): on each trim line outside the grid, all at
    least `PRINTABLE` from the paper's edges (`mark_span`)."""
    W, H = g.page
    xs = sorted({round(v, 4) for i in range(g.cols)
                 for v in (g.front(i).x, g.front(i).x + g.card[0])})
    ys = sorted({round(v, 4) for j in range(g.rows)
                 for v in (g.front(j * g.cols).y, g.front(j * g.cols).y + g.card[1])})
    lines = []
    for trim, far in ((H - ys[-1], lambda d: H - d), (ys[0], lambda d: d)):
        span = mark_span(trim, g.bleed)
        if span is not None:
            lines += [(x, far(span[0]), x, far(span[1])) for x in xs]
    for trim, far in ((xs[0], lambda d: d), (W - xs[-1], lambda d: W - d)):
        span = mark_span(trim, g.bleed)
        if span is not None:
            lines += [(far(span[0]), y, far(span[1]), y) for y in ys]
    return lines


def crop_marks(c: Canvas, g: Grid) -> None:
    """Short lines on every trim line outside the grid (`mark_segments`), black on a white
    halo so a mark that reaches into a dark bleed still shows."""
    c.saveState()
    segments = mark_segments(g)
    for colour, width in ((white, 1.0), (black, 0.25)):
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        for x0, y0, x1, y1 in segments:
            c.line(x0, y0, x1, y1)
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


def bleed_clips(trims: list[Rect], bleed: float) -> list[Rect]:
    """Where each card may draw: its trim, grown by the bleed on every side no other card abuts
    (cards sharing a cut line must not paint over each other; the outer edge keeps its bleed)."""
    eps = 0.01
    out = []
    for i, (x0, y0, x1, y1) in enumerate(trims):
        others = [t for j, t in enumerate(trims) if j != i]

        def touches(edge: str) -> bool:
            for a0, b0, a1, b1 in others:
                if edge in "lr" and min(y1, b1) - max(y0, b0) > eps and abs(
                        (a1 if edge == "l" else a0) - (x0 if edge == "l" else x1)) < eps:
                    return True
                if edge in "bt" and min(x1, a1) - max(x0, a0) > eps and abs(
                        (b1 if edge == "b" else b0) - (y0 if edge == "b" else y1)) < eps:
                    return True
            return False

        out.append((x0 - (0 if touches("l") else bleed), y0 - (0 if touches("b") else bleed),
                    x1 + (0 if touches("r") else bleed), y1 + (0 if touches("t") else bleed)))
    return out


def place(pdf: StreamingPDF, plan: facemod.Plan, at: Placement, bleed: float,
          prefix: str, clip: Rect | None = None) -> None:
    """Put a face (drawn once per chunk as a form) with its trim box's corner at `at`, drawing
    no further than `clip` (in page coordinates) when cards abut."""
    w, h = plan.size
    name = pdf.form(f"{prefix}{plan.key}", (-bleed, -bleed, w + bleed, h + bleed),
                    lambda c: facemod.draw(c, plan, bleed))
    c = pdf.canvas
    c.saveState()
    if clip is not None:
        p = c.beginPath()
        p.rect(clip[0], clip[1], clip[2] - clip[0], clip[3] - clip[1])
        c.clipPath(p, stroke=0, fill=0)
    if at.rotated:  # half a turn about the card's centre, same trim box
        c.transform(-1, 0, 0, -1, at.x + w, at.y + h)
    else:
        c.translate(at.x, at.y)
    c.doForm(name)
    c.restoreState()


def _trim(g: Grid, at: Placement) -> Rect:
    return (at.x, at.y, at.x + g.card[0], at.y + g.card[1])


def _clips(g: Grid, spots: list[Placement]) -> list[Rect | None]:
    if g.gap >= 2 * g.bleed - 1e-6:
        return [None] * len(spots)  # apart: nothing to keep off a neighbour
    return list(bleed_clips([_trim(g, a) for a in spots], g.bleed))


def page_boxes(c: Canvas, g: Grid, spots: list[Placement]) -> None:
    """TrimBox: the cards' trim on this page; BleedBox: that and the outer bleed (within the
    paper). A print shop's preflight reads these instead of guessing from the crop marks."""
    if not spots:
        return
    trims = [_trim(g, a) for a in spots]
    W, H = g.page
    x0, y0 = min(t[0] for t in trims), min(t[1] for t in trims)
    x1, y1 = max(t[2] for t in trims), max(t[3] for t in trims)
    c.setTrimBox(tuple(round(v, 3) for v in (x0, y0, x1, y1)))
    c.setBleedBox(tuple(round(v, 3) for v in (max(0.0, x0 - g.bleed), max(0.0, y0 - g.bleed),
                                              min(W, x1 + g.bleed), min(H, y1 + g.bleed))))


def _front_page(pdf: StreamingPDF, press: GamePress, g: Grid, slots: list[Slot],
                opts: Options) -> None:
    c = pdf.canvas
    spots = [g.front(i) for i in range(len(slots))]
    for slot, at, clip in zip(slots, spots, _clips(g, spots)):
        plan = press.face(slot.card)
        place(pdf, plan, at, g.bleed, "F", clip)
        if plan.per_copy:
            c.saveState()
            c.translate(at.x, at.y)
            facemod.draw_copy(c, plan, press.planner, slot.copy, slot.copies)
            c.restoreState()
    crop_marks(c, g)
    if opts.cut_lines:
        cut_lines(c, g)
    page_boxes(c, g, spots + ([g.back(i) for i in range(len(slots))] if opts.gutterfold else []))


def _back_slots(pdf: StreamingPDF, press: GamePress, g: Grid, slots: list[Slot]) -> None:
    spots = [g.back(i) for i in range(len(slots))]
    for slot, at, clip in zip(slots, spots, _clips(g, spots)):
        place(pdf, press.back(slot.card), at, g.bleed, "B", clip)


def flip_note(opts: Options, _: Callable[..., str] = english) -> str:
    """Which way to turn the paper for the backs, as printed on every back page."""
    if opts.duplex == "short":
        return _("Backs: print double-sided, flipping on the short edge.")
    if opts.duplex == "off":
        return _("Backs: feed the printed fronts again, turned over on the long edge.")
    return _("Backs: print double-sided, flipping on the long edge.")


def margin_note(c: Canvas, g: Grid, text: str) -> None:
    """A short line of text in the left margin, turned a quarter, beside the middle row and so
    between two crop marks, clear of every card and its bleed and inside the printable area
    (its glyphs from `PRINTABLE` to the bleed: 5.8 pt on A4 with 9 poker cards)."""
    W, H = g.page
    ys = [g.front(r * g.cols).y for r in range(g.rows)]
    mid = ys[(g.rows - 1) // 2] + g.card[1] / 2
    left = min(g.front(0).x, W - g.front(g.cols - 1).x - g.card[0]) - g.bleed
    font = metrics("gothic")
    size = max(3.0, min(6.0, left - PRINTABLE - 0.3 * MM))   # an em fits between the two
    room = g.card[1] - 2 * MM
    width = font.text(text) * size
    if width > room:
        size *= room / width
        width = room
    c.saveState()
    c.setFont(font.name, size)
    c.setFillColor(HexColor("#555555"))
    c.translate(PRINTABLE + size * facemod.ASCENT, mid - width / 2)
    c.rotate(90)
    c.drawString(0, 0, text)
    c.restoreState()


def _fold_line(c: Canvas, g: Grid, _: Callable[..., str] = english) -> None:
    W, H = g.page
    c.saveState()
    c.setStrokeColor(HexColor("#999999"))
    c.setLineWidth(0.4)
    c.setDash(6, 3)
    if g.mirror == "vertical":   # the label at the foot of the line, inside the printable area
        c.line(W / 2, PRINTABLE + 3 * MM, W / 2, H - PRINTABLE)
    else:
        c.line(PRINTABLE, H / 2, W - PRINTABLE, H / 2)
    c.setFont(metrics("gothic").name, 6)
    c.setFillColor(HexColor("#777777"))
    label = _("fold here (mountain fold)")
    if g.mirror == "vertical":
        c.drawCentredString(W / 2, PRINTABLE + 0.3 * MM, label)
    else:
        c.drawString(PRINTABLE, H / 2 + 2, label)
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


def _back_page(pdf: StreamingPDF, press: GamePress, g: Grid, batch: list[Slot],
               opts: Options, _: Callable[..., str]) -> None:
    _back_slots(pdf, press, g, batch)
    margin_note(pdf.canvas, g, flip_note(opts, _))
    page_boxes(pdf.canvas, g, [g.back(i) for i in range(len(batch))])
    pdf.end_page()


def draw_sheets(pdf: StreamingPDF, press: GamePress, slots: Callable[[], Iterable[Slot]],
                g: Grid, opts: Options, tick: Callable[[int], None] = lambda n: None,
                _: Callable[..., str] | None = None) -> None:
    """Stream every page: front then back (duplex), fronts and backs together (gutterfold),
    or all fronts then all backs (duplex off, for printing the backs on a second pass).
    `slots` gives a fresh iterator each call, so nothing is held between the two passes.
    The words on the pages are in the game's language unless `_` says otherwise."""
    _ = _ or words(press.game.language)
    for batch in pages(slots(), g.per_page):
        _front_page(pdf, press, g, batch, opts)
        if opts.gutterfold:
            _back_slots(pdf, press, g, batch)
            _fold_line(pdf.canvas, g, _)
        elif opts.duplex != "off":
            pdf.end_page()
            _back_page(pdf, press, g, batch, opts, _)
            tick(len(batch))
            continue
        pdf.end_page()
        tick(len(batch))
    if opts.duplex == "off" and not opts.gutterfold:
        for batch in pages(slots(), g.per_page):  # backs still mirrored for long-edge turning
            _back_page(pdf, press, g, batch, opts, _)


# --- calibration ------------------------------------------------------------------------------

def _target(c: Canvas, x: float, y: float, r: float) -> None:
    c.circle(x, y, r, stroke=1, fill=0)
    c.circle(x, y, r / 2, stroke=1, fill=0)
    c.line(x - r * 1.4, y, x + r * 1.4, y)
    c.line(x, y - r * 1.4, x, y + r * 1.4)


def _scale(c: Canvas, x: float, y: float, font: str) -> None:
    """A ±5 mm scale in 1 mm steps about (x, y), read through the paper against the front cross:
    each step numbered 1-5 outwards, with + to the right and up and − to the left and down."""
    for k in range(-5, 6):
        t = (2.2 if k % 5 == 0 else 1.2) * MM
        c.line(x + k * MM, y - t / 2, x + k * MM, y + t / 2)
        c.line(x - t / 2, y + k * MM, x + t / 2, y + k * MM)
    c.line(x - 5 * MM, y, x + 5 * MM, y)
    c.line(x, y - 5 * MM, x, y + 5 * MM)
    size = 3.2
    c.setFont(font, size)
    for k in range(-5, 6):
        if k == 0:
            continue
        label = str(abs(k))
        # each quadrant holds the numbers of one half-axis only, so no two numbers collide
        if k > 0:
            c.drawCentredString(x + k * MM, y - 1.1 * MM - size * 0.8, label)  # x, below
            c.drawString(x + 1.2 * MM, y + k * MM - size * 0.35, label)        # y, right
        else:
            c.drawCentredString(x + k * MM, y + 1.1 * MM, label)               # x, above
            c.drawRightString(x - 1.2 * MM, y + k * MM - size * 0.35, label)   # y, left
    c.setFont(font, 4.5)
    c.drawString(x + 5.6 * MM, y - 1.6, "+")
    c.drawRightString(x - 5.6 * MM, y - 1.6, "\u2212")
    c.drawCentredString(x, y + 5.7 * MM, "+")
    c.drawCentredString(x, y - 5.7 * MM - 4.5 * 0.7, "\u2212")


def _free_band(g: Grid, need: float) -> tuple[float, float] | None:
    """A horizontal band of the page, between two rows of targets near the middle, that no
    target reaches: the square and the instructions go there, crossing no cross."""
    centres = sorted(g.front(r * g.cols).y + g.card[1] / 2 for r in range(g.rows))
    clear = 5.5 * MM  # a target's arms reach 4.2 mm
    if len(centres) >= 2:
        i = max(0, len(centres) // 2 - 1)
        band = (centres[i] + clear, centres[i + 1] - clear)
    else:
        band = (centres[0] + clear, g.page[1] - MARGIN)
    return band if band[1] - band[0] >= need else None


def _instructions(c: Canvas, text: str, box: Rect, font: str) -> None:
    """Wrapped lines on a white panel that hides the slot outlines behind it."""
    x0, y0, x1, y1 = box
    m = metrics("gothic")
    fitted = fit(parse(text), m, x1 - x0, y1 - y0, 7.5, 4.0, 1.45)
    if fitted is None:
        return
    top = (y0 + y1) / 2 + fitted.height / 2
    widest = max(ln.width for ln in fitted.lines) * fitted.size
    c.saveState()
    c.setFillColor(white)
    c.rect(x0 - 2 * MM, top - fitted.height - 2 * MM, widest + 4 * MM, fitted.height + 4 * MM,
           stroke=0, fill=1)
    c.setFillColor(black)
    baseline = top - fitted.size * facemod.ASCENT
    for line in fitted.lines:
        t = c.beginText(x0, baseline)
        t.setFont(font, fitted.size)
        for seg in line.segments:
            t.setTextRenderMode(2 if seg.emph else 0)
            t.textOut(seg.text)
        c.drawText(t)
        baseline -= fitted.leading
    c.restoreState()


def draw_calibration(pdf: StreamingPDF, g: Grid, title: str,
                     _: Callable[..., str] = english, opts: Options = Options()) -> None:
    """A front page with a cross at every slot centre, a 50 mm square and the instructions
    (between two rows of crosses, on white, so nothing crosses a word), and a back page with a
    numbered millimetre scale behind each cross (placed exactly as card backs are). The words
    are in the game's language (`_`, English by default)."""
    c = pdf.canvas
    W, H = g.page
    font = metrics("gothic").name
    c.setStrokeColor(black)
    c.setLineWidth(0.3)
    w, h = g.card
    fronts = [g.front(i) for i in range(g.per_page)]
    for f in fronts:
        c.setDash(1, 2)
        c.rect(f.x, f.y, w, h, stroke=1, fill=0)
        c.setDash()
        _target(c, f.x + w / 2, f.y + h / 2, 3 * MM)
    side = 50 * MM
    gx0, gx1 = fronts[0].x, fronts[g.cols - 1].x + w
    band = _free_band(g, side + 2 * MM)
    if band is not None and gx1 - gx0 >= side + 60 * MM:
        sx, sy = gx0 + 2 * MM, (band[0] + band[1]) / 2 - side / 2
        text_box = (sx + side + 6 * MM, band[0], gx1 - 4 * MM, band[1])
    else:  # no room between the crosses: the square in the middle, the words under it
        sx, sy = (W - side) / 2, (H - side) / 2
        text_box = (gx0 + 4 * MM, MARGIN, gx1 - 4 * MM, sy - 3 * MM)
    c.setFillColor(white)
    c.rect(sx, sy, side, side, stroke=1, fill=1)
    c.setFillColor(black)
    c.setFont(font, 9)
    c.drawCentredString(sx + side / 2, sy + side / 2 - 3, "50 mm × 50 mm")
    steps = ["**" + _("%(title)s: calibration page", title=title) + "**",
             flip_note(opts, _),
             _("1. Print both sides at 100%% (actual size); check with a ruler that the square "
               "is 50 mm."),
             _("2. Hold the sheet against the light and read on the back's scale how far each "
               "front cross is off (right and up are +)."),
             _("3. Give those two numbers (mm, right then up) as the back offset when you "
               "make the sheets again."),
             _("These sheets assume a printer that prints everything %(margin)s mm or more from "
               "the paper's edge: no crop mark or word comes nearer.",
               margin="%g" % round(PRINTABLE / MM, 2))]
    _instructions(c, "\n".join(steps), text_box, font)
    page_boxes(c, g, fronts)
    pdf.end_page()
    c = pdf.canvas
    c.setStrokeColor(HexColor("#c0392b"))
    c.setFillColor(HexColor("#c0392b"))
    c.setLineWidth(0.3)
    backs = [g.back(i) for i in range(g.per_page)]
    for b in backs:
        _scale(c, b.x + w / 2, b.y + h / 2, font)
    c.setFont(font, 6.5)
    c.drawCentredString(W / 2, MARGIN + 2, _("Back: the scale is in 1 mm steps"))
    margin_note(c, g, flip_note(opts, _))
    page_boxes(c, g, backs)
    pdf.end_page()
