"""One card face or back, planned once and drawn as vectors at the origin of a reportlab canvas.

Planning evaluates the layout's expressions, resolves colours and fits every text box; it is
done once per distinct face and is where text that does not fit is found. Drawing replays the
plan with the card's trim box at (0, 0) and the bleed drawn outside it, so the same plan serves
the sheets (as a PDF form placed at each slot), the PNG export and the TTS sheets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from functools import lru_cache

if TYPE_CHECKING:   # reportlab is imported at the first drawing: `check` plans, never draws
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas

from .. import paths
from . import icons
from .binding import BindingError, render, truthy
from .fonts import Metrics, fontbook, metrics
from .layout import MM, Layout, Region
from .markup import parse
from .textfit import STEP, Fitted, fit

@lru_cache(maxsize=256)
def HexColor(value: str) -> Color:  # noqa: N802 - a cached drop-in for reportlab's HexColor
    from reportlab.lib.colors import HexColor as _HexColor
    return _HexColor(value)


ASCENT = 0.88  # IPAex ascent in em: the first baseline sits this far below the box top
THEME_KEYS = {"paper", "ink", "primary", "accent"}


@dataclass(frozen=True)
class FaceProblem:
    """Why a face cannot be printed as is: text too long at the floor size, a missing glyph,
    a missing art file or a failing layout expression."""

    region: Region
    message: str


@dataclass
class Item:
    """One resolved drawing step of a face."""

    region: Region
    box: tuple[float, float, float, float]
    fill: list[str] = field(default_factory=list)
    stroke: str | None = None
    text: Fitted | None = None
    color: str = "#000000"
    font: str = "gothic"
    image: Path | None = None
    face: Metrics | None = None  # the font the text was fitted with (and is drawn with)


@dataclass
class Plan:
    """Everything needed to draw one face; `per_copy` regions are drawn per printed copy."""

    key: str
    size: tuple[float, float]  # trim width and height in points
    items: list[Item]
    per_copy: list[Region]
    context: dict[str, Any]
    layout: Layout
    problems: list[FaceProblem]
    palette: dict[str, Any]
    label: str = ""  # text a reader can find in the PDF (the card name)


class Planner:
    """Plans faces for one game: colours from its palette and theme, files from its project."""

    def __init__(self, palette: dict[str, Any], theme: dict[str, str], size_mm: tuple[float, float],
                 project_root: Path):
        self.palette = palette
        self.theme = theme
        self.w_mm, self.h_mm = size_mm
        self.root = project_root.resolve()
        self.fonts = fontbook(self.root)

    # --- colours ---------------------------------------------------------------------------
    def colour(self, value: str | None, ctx: dict[str, Any], region: Region) -> str | None:
        if value is None or value == "none" or value == "":
            return None
        if "{{" in value:
            return self.colour(render(value, ctx), ctx, region)
        if value.startswith("#") and len(value) == 7:
            return value
        cols = ctx.get("colors") or []
        back = ctx.get("back") or {}
        if value == "frame":
            return cols[0]["hex"] if cols else self.theme["primary"]
        if value == "frame2":
            return cols[1]["hex"] if len(cols) > 1 else self.colour("frame", ctx, region)
        if value in THEME_KEYS:
            return self.theme[value]
        if value == "back":
            return back.get("color") or self.theme["primary"]
        if value == "back_accent":
            return back.get("accent") or self.theme["accent"]
        if value in self.palette:
            return self.palette[value].hex
        raise BindingError(f"unknown colour {value!r} (use #rrggbb, frame, frame2, paper, ink, "
                           f"primary, accent, back, back_accent or a palette key)")

    def fills(self, value: str | None, ctx: dict[str, Any], region: Region) -> list[str]:
        """A region's fill: one colour, or `colors` for every colour of the card side by side
        (a two-colour card's bar in both colours)."""
        if value == "colors":
            cols = [c["hex"] for c in ctx.get("colors") or []]
            return cols or [self.theme["primary"]]
        fill = self.colour(value, ctx, region)
        return [fill] if fill else []

    # --- planning --------------------------------------------------------------------------
    def plan(self, key: str, layout: Layout, ctx: dict[str, Any]) -> Plan:
        size = (self.w_mm * MM, self.h_mm * MM)
        plan = Plan(key, size, [], [], ctx, layout, [], self.palette,
                    label=str((ctx.get("card") or {}).get("name") or ""))
        for region in layout.regions:
            try:
                if region.get("per_copy"):  # its condition may use copy/copies: decided per copy
                    if region.props.get("enabled") is not False:
                        plan.per_copy.append(region)
                    continue
                if not self.active(region, ctx):
                    continue
                item = self.item(region, ctx, plan)
            except BindingError as exc:
                plan.problems.append(FaceProblem(region, f"layout expression failed: {exc}"))
                continue
            if item is not None:
                plan.items.append(item)
        self.shrink_groups(plan)
        return plan

    def shrink_groups(self, plan: Plan) -> None:
        """Text regions of one `group` (a card's body) shrink together: when one of them had to
        shrink to fit, every other is set at the same fraction of its layout size, so a card
        never shows 6.5 pt text beside 8.75 pt text."""
        groups: dict[str, list[Item]] = {}
        for item in plan.items:
            if item.text is not None and item.region.get("group"):
                groups.setdefault(item.region.get("group"), []).append(item)
        for members in groups.values():
            ratio = min(i.text.size / float(i.region.get("size", 9.0)) for i in members)
            if ratio >= 1.0 - 1e-9:
                continue
            for item in members:
                want = float(item.region.get("size", 9.0)) * ratio
                want = max(float(item.region.get("min_size", 0.0)), int(want / STEP + 1e-6) * STEP)
                if item.text.size > want + 1e-9:
                    refit = self.text(item.region, plan.context, item.box, plan, size=want)
                    if refit is not None:
                        item.text = refit

    @staticmethod
    def active(region: Region, ctx: dict[str, Any]) -> bool:
        if region.props.get("enabled") is False:
            return False
        when = region.get("when")
        return when is None or truthy(when, ctx)

    def item(self, region: Region, ctx: dict[str, Any], plan: Plan) -> Item | None:
        box = region.box(self.w_mm, self.h_mm)
        if region.kind == "frame":
            fills = [c["hex"] for c in ctx.get("colors") or []]
            if region.get("fill") or not fills:
                fills = [self.colour(region.get("fill", "frame"), ctx, region) or self.theme["primary"]]
                if region.get("fill2"):
                    fills.append(self.colour(region.get("fill2"), ctx, region) or fills[0])
            return Item(region, (0.0, 0.0) + plan.size, fill=fills)
        if region.kind == "rect":
            return Item(region, box, fill=self.fills(region.get("fill", "none"), ctx, region),
                        stroke=self.colour(region.get("stroke", "none"), ctx, region))
        if region.kind == "image":
            return self.image(region, ctx, box, plan)
        fitted = self.text(region, ctx, box, plan)
        if fitted is None:
            return None
        return Item(region, box, fill=self.fills(region.get("fill", "none"), ctx, region),
                    stroke=self.colour(region.get("stroke", "none"), ctx, region), text=fitted,
                    color=self.colour(region.get("color", "ink"), ctx, region) or self.theme["ink"],
                    font=region.get("font", plan.layout.font), face=self.face_of(region, plan))

    def text(self, region: Region, ctx: dict[str, Any], box: tuple[float, float, float, float],
             plan: Plan, size: float | None = None) -> Fitted | None:
        """The region's text fitted to its box; `size` sets one size (a group's shrink)."""
        source = render(region.get("text", ""), ctx)
        if not source:
            return None
        font = region.get("font", plan.layout.font)
        m = self.face_of(region, plan)
        tokens = parse(source)
        missing = m.missing("".join(getattr(t, "text", "") for t in tokens))
        if m.emphasis is not None:
            bold = m.emphasis.missing("".join(t.text for t in tokens if getattr(t, "emph", False)))
            missing += "".join(ch for ch in bold if ch not in missing)
        if missing and size is None:
            plan.problems.append(FaceProblem(region, f"no glyph in the {font} font for {missing!r}"))
        pad = float(region.get("padding", 0.0)) * MM
        start = float(region.get("size", 9.0)) if size is None else size
        floor = float(region.get("min_size", min(start, 6.0))) if size is None else size
        fitted = fit(tokens, m, box[2] - 2 * pad, box[3] - 2 * pad, start, floor,
                     float(region.get("leading", 1.3)), region.get("max_lines"))
        if fitted is None and size is None:  # a group's refit that fails keeps the first fit
            plan.problems.append(FaceProblem(
                region, f"text does not fit region {region.name!r} even at its floor of {floor:g} pt"))
        return fitted

    def face_of(self, region: Region, plan: Plan) -> Metrics:
        """The font a text region is set in: its family (or the layout's) in its style."""
        return self.fonts.metrics(region.get("font", plan.layout.font), region.get("style", "regular"))

    def image(self, region: Region, ctx: dict[str, Any], box: tuple[float, float, float, float],
              plan: Plan) -> Item | None:
        src = render(region.get("src", ""), ctx)
        if not src:
            return None
        try:
            path = paths.join(self.root, src, "art")
        except paths.UnsafePath as exc:
            plan.problems.append(FaceProblem(region, str(exc)))
            return None
        if not path.is_file():
            plan.problems.append(FaceProblem(region, f"art file {src!r} not found"))
            return None
        stat = path.stat()
        why = _unreadable(path, stat.st_mtime_ns, stat.st_size)
        if why:
            plan.problems.append(FaceProblem(region, f"art file {src!r} cannot be read: {why}"))
            return None
        return Item(region, box, image=path)


#: Art larger than this is refused before it is decoded (a 600 dpi tarot card is 5 megapixels).
MAX_ART_PIXELS = 100_000_000


@lru_cache(maxsize=1024)
def _unreadable(path: Path, mtime_ns: int, size: int) -> str:
    """Why an image cannot be drawn ('' when it can); asked once per file version."""
    from PIL import Image, ImageFile, UnidentifiedImageError

    if size > paths.MAX_ART_BYTES:
        return f"larger than {paths.MAX_ART_BYTES >> 20} MiB"
    lenient = ImageFile.LOAD_TRUNCATED_IMAGES
    ImageFile.LOAD_TRUNCATED_IMAGES = False  # WeasyPrint's import sets it: art must be whole
    try:
        with Image.open(path) as image:
            if image.width * image.height > MAX_ART_PIXELS:
                return f"{image.width}x{image.height} is too many pixels to print"
            image.load()  # every pixel decoded: a file cut short fails here
    except UnidentifiedImageError:
        return "not an image format deckwright can read (use PNG or JPEG)"
    except (OSError, SyntaxError, ValueError) as exc:  # truncated or damaged
        return (str(exc) or type(exc).__name__).replace(str(path), path.name)
    except Image.DecompressionBombError:
        return "too many pixels"
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = lenient
    return ""


# --- drawing ---------------------------------------------------------------------------------

def _extend(box: tuple[float, float, float, float], size: tuple[float, float],
            bleed: float) -> tuple[float, float, float, float]:
    """Grow a box that touches a trim edge out through the bleed on that side."""
    x, y, w, h = box
    W, H = size
    eps = 0.01
    if x <= eps:
        w += x + bleed
        x = -bleed
    if y <= eps:
        h += y + bleed
        y = -bleed
    if x + w >= W - eps:
        w = W + bleed - x
    if y + h >= H - eps:
        h = H + bleed - y
    return (x, y, w, h)


def _shape_path(c: Canvas, shape: str, box: tuple[float, float, float, float], radius: float):
    x, y, w, h = box
    p = c.beginPath()
    if shape == "circle":
        p.circle(x + w / 2, y + h / 2, min(w, h) / 2)
    elif shape == "ellipse":
        p.ellipse(x, y, w, h)
    elif shape == "diamond":
        p.moveTo(x + w / 2, y + h)
        p.lineTo(x + w, y + h / 2)
        p.lineTo(x + w / 2, y)
        p.lineTo(x, y + h / 2)
        p.close()
    elif radius > 0 or shape == "roundrect":
        p.roundRect(x, y, w, h, radius or min(w, h) * 0.12)
    else:
        p.rect(x, y, w, h)
    return p


def _shape(c: Canvas, shape: str, box: tuple[float, float, float, float], radius: float,
           fill: bool, stroke: bool) -> None:
    c.drawPath(_shape_path(c, shape, box, radius), stroke=int(stroke), fill=int(fill))


def _bands(c: Canvas, fills: list[str], box: tuple[float, float, float, float],
           split: str) -> None:
    """Several colours side by side across a box (clipped by the caller): vertical bands,
    horizontal bands, or two colours split on the diagonal (the second takes the lower right)."""
    x0, y0, w, h = box
    if len(fills) == 2 and split == "diagonal":
        c.setFillColor(HexColor(fills[0]))
        c.rect(x0, y0, w, h, stroke=0, fill=1)
        p = c.beginPath()
        p.moveTo(x0 + w, y0 + h)
        p.lineTo(x0 + w, y0)
        p.lineTo(x0, y0)
        p.close()
        c.setFillColor(HexColor(fills[1]))
        c.drawPath(p, stroke=0, fill=1)
        return
    n = len(fills)
    for i, colour in enumerate(fills):
        c.setFillColor(HexColor(colour))
        if split == "horizontal":
            c.rect(x0, y0 + h * (n - 1 - i) / n, w, h / n, stroke=0, fill=1)
        else:
            c.rect(x0 + w * i / n, y0, w / n, h, stroke=0, fill=1)


def _frame(c: Canvas, item: Item, size: tuple[float, float], bleed: float) -> None:
    W, H = size
    _bands(c, item.fill, (-bleed, -bleed, W + 2 * bleed, H + 2 * bleed),
           item.region.get("split", "diagonal"))


def _lines(item: Item) -> tuple[float, list[float]]:
    """Where a text item's lines go: the first baseline, and each line's left end."""
    fitted = item.text
    assert fitted is not None
    region = item.region
    x, y, w, h = item.box
    pad = float(region.get("padding", 0.0)) * MM
    x, y, w, h = x + pad, y + pad, w - 2 * pad, h - 2 * pad
    valign = region.get("valign", "top")
    top = y + h
    if valign == "middle":
        top = y + h - (h - fitted.height) / 2
    elif valign == "bottom":
        top = y + fitted.height
    align = region.get("align", "left")
    lefts = []
    for line in fitted.lines:
        lw = line.width * fitted.size
        lefts.append(x + (w - lw) / 2 if align == "center" else x + w - lw if align == "right" else x)
    return top - fitted.size * ASCENT, lefts


def ink_box(item: Item) -> tuple[float, float, float, float] | None:
    """The box (x0, y0, x1, y1, points from the trim's bottom left) a text item's lines or an
    image item's picture cover, as `draw` places them (a region turned half a turn included):
    what a print service's safe zone must hold. None for an item that prints neither."""
    if item.image is not None:
        x, y, w, h = item.box
        box = (x, y, x + w, y + h)
    elif item.text is not None and item.text.lines:
        fitted = item.text
        first, lefts = _lines(item)
        widths = [line.width * fitted.size for line in fitted.lines]
        last = first - fitted.leading * (len(fitted.lines) - 1)
        box = (min(lefts), last - fitted.size * (1 - ASCENT),
               max(left + w for left, w in zip(lefts, widths)), first + fitted.size * ASCENT)
    else:
        return None
    if item.region.get("rotate", 0) == 180:
        x, y, w, h = item.box
        box = (2 * x + w - box[2], 2 * y + h - box[3], 2 * x + w - box[0], 2 * y + h - box[1])
    return box


def draw_text(c: Canvas, item: Item, palette: dict[str, Any]) -> None:
    """Draw fitted lines in their box: runs as text, icons as vector glyphs on the baseline."""
    fitted = item.text
    assert fitted is not None
    size = fitted.size
    face = item.face or metrics(item.font)
    font = face.name
    bold = face.emphasis.name if face.emphasis is not None else None
    ink = item.color
    baseline, lefts = _lines(item)
    colour = HexColor(ink)
    c.saveState()  # the text render mode and stroke set for emphasis end with the region
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    c.setLineWidth(size * 0.045)  # IPAex has no bold: emphasis fills and strokes the outline
    t = None
    for line, lx in zip(fitted.lines, lefts):
        for seg in line.segments:
            sx = lx + seg.x * size
            if seg.icon is not None:
                if t is not None:  # vector icons are drawn outside the text object
                    c.drawText(t)
                    t = None
                entry = palette.get(seg.icon.name)
                icon_ink = entry.hex if entry is not None else ink
                icons.draw(c, seg.icon, sx, baseline, size, icon_ink,
                           entry.symbol if entry is not None else None, font)
                c.setFillColor(colour)
                c.setStrokeColor(colour)
                c.setLineWidth(size * 0.045)
                continue
            if t is None:  # one text object for all the runs between icons
                t = c.beginText(sx, baseline)
                t.setFont(font, size)
            else:
                t.setTextOrigin(sx, baseline)
            if bold is not None:  # the family's bold face; else the outline is stroked
                t.setFont(bold if seg.emph else font, size)
            t.setTextRenderMode(2 if seg.emph and bold is None else 0)
            t.textOut(seg.text)
        baseline -= fitted.leading
    if t is not None:
        c.drawText(t)
    c.restoreState()


def draw(c: Canvas, plan: Plan, bleed: float) -> None:
    """Draw a planned face with its trim box at (0, 0); `bleed` in points."""
    for item in plan.items:
        kind = item.region.kind
        if kind == "frame":
            _frame(c, item, plan.size, bleed)
            continue
        box = _extend(item.box, plan.size, bleed) if kind == "rect" else item.box
        if kind == "image" and item.image is not None:
            # an ImageReader is named by its pixels, not its path: the PDF does not depend on
            # where the project folder is
            from reportlab.lib.utils import ImageReader
            c.drawImage(ImageReader(str(item.image)), *box, preserveAspectRatio=True, anchor="c",
                        mask="auto")
            continue
        rotated = item.region.get("rotate", 0) == 180
        if rotated:  # half a turn about the box's centre: a playing card's second index
            c.saveState()
            x, y, w, h = box
            c.transform(-1, 0, 0, -1, 2 * x + w, 2 * y + h)
        if item.fill or item.stroke:
            shape = item.region.get("shape", "rect")
            radius = float(item.region.get("radius", 0.0)) * MM
            c.setLineWidth(float(item.region.get("stroke_width", 0.5)))
            if len(item.fill) > 1:
                c.saveState()
                c.clipPath(_shape_path(c, shape, box, radius), stroke=0, fill=0)
                _bands(c, item.fill, box, item.region.get("split", "vertical"))
                c.restoreState()
            elif item.fill:
                c.setFillColor(HexColor(item.fill[0]))
            if item.stroke:
                c.setStrokeColor(HexColor(item.stroke))
            if len(item.fill) == 1 or item.stroke:
                _shape(c, shape, box, radius, len(item.fill) == 1, bool(item.stroke))
        if item.text is not None:
            draw_text(c, item, plan.palette)
        if rotated:
            c.restoreState()


def draw_copy(c: Canvas, plan: Plan, planner: Planner, copy: int, copies: int) -> None:
    """Per-copy regions (a copy counter such as 2/3), drawn over the shared face."""
    if not plan.per_copy:
        return
    ctx = dict(plan.context, copy=copy, copies=copies)
    scratch = Plan(plan.key, plan.size, [], [], ctx, plan.layout, [], plan.palette)
    for region in plan.per_copy:
        if not planner.active(region, ctx):
            continue
        item = planner.item(region, ctx, scratch)
        if item is not None and item.text is not None:
            draw(c, Plan(plan.key, plan.size, [item], [], ctx, plan.layout, [], plan.palette), 0.0)
