"""Vector icons that sit on the text baseline: palette colours, suits, and the built-in glyphs.

An icon is drawn with reportlab paths in a box one em high whose bottom is slightly below the
baseline, like a full-width character; nothing is loaded from a file. The same code draws the
icon in effect text and in a layout's icon row, so a suit looks the same everywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .markup import Icon

if TYPE_CHECKING:   # imported at the first drawing (see face.py)
    from reportlab.pdfgen.canvas import Canvas

#: Suit shapes recognised by palette key or by the palette symbol.
SUITS = {"spades": "♠", "spade": "♠", "hearts": "♥", "heart": "♥", "diamonds": "♦",
         "diamond": "♦", "clubs": "♣", "club": "♣"}
SUIT_SYMBOLS = {"♠": "spade", "♤": "spade", "♥": "heart", "♡": "heart", "♦": "diamond",
                "♢": "diamond", "♣": "club", "♧": "club"}

#: How far an icon's box reaches below the baseline, as a fraction of the font size.
DESCENT = 0.12


def label_of(icon: Icon) -> str:
    """The short text printed inside a badge icon ("" for a plain colour disc)."""
    if icon.name == "draw":
        return f"+{icon.arg}" if icon.arg else "+"
    if icon.name == "point":
        return icon.arg or "P"
    return icon.arg or ""


def _badge_width(label: str) -> float:
    return 1.0 if len(label) <= 1 else 0.55 + 0.45 * len(label)


def width_em(icon: Icon) -> float:
    """Advance width of an icon in em, including a little space on each side."""
    return 0.92 * _badge_width(label_of(icon)) + 0.15


def _heart(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(x + s / 2, y + s * 0.05)
    p.curveTo(x - s * 0.1, y + s * 0.5, x + s * 0.15, y + s * 1.0, x + s / 2, y + s * 0.72)
    p.curveTo(x + s * 0.85, y + s * 1.0, x + s * 1.1, y + s * 0.5, x + s / 2, y + s * 0.05)
    c.drawPath(p, stroke=0, fill=1, fillMode=1)


def _spade(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(x + s / 2, y + s * 0.98)
    p.curveTo(x + s * 0.15, y + s * 0.65, x - s * 0.1, y + s * 0.4, x + s * 0.2, y + s * 0.25)
    p.curveTo(x + s * 0.35, y + s * 0.18, x + s * 0.45, y + s * 0.3, x + s * 0.47, y + s * 0.35)
    p.lineTo(x + s * 0.35, y)
    p.lineTo(x + s * 0.65, y)
    p.lineTo(x + s * 0.53, y + s * 0.35)
    p.curveTo(x + s * 0.55, y + s * 0.3, x + s * 0.65, y + s * 0.18, x + s * 0.8, y + s * 0.25)
    p.curveTo(x + s * 1.1, y + s * 0.4, x + s * 0.85, y + s * 0.65, x + s / 2, y + s * 0.98)
    c.drawPath(p, stroke=0, fill=1, fillMode=1)


def _diamond(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(x + s / 2, y + s)
    p.lineTo(x + s * 0.85, y + s / 2)
    p.lineTo(x + s / 2, y)
    p.lineTo(x + s * 0.15, y + s / 2)
    p.close()
    c.drawPath(p, stroke=0, fill=1, fillMode=1)


def _club(c: Canvas, x: float, y: float, s: float) -> None:
    r = s * 0.22
    c.circle(x + s / 2, y + s * 0.74, r, stroke=0, fill=1)
    c.circle(x + s * 0.27, y + s * 0.45, r, stroke=0, fill=1)
    c.circle(x + s * 0.73, y + s * 0.45, r, stroke=0, fill=1)
    c.circle(x + s / 2, y + s * 0.52, r * 0.7, stroke=0, fill=1)  # closes the gap between lobes
    p = c.beginPath()
    p.moveTo(x + s * 0.44, y + s * 0.5)
    p.lineTo(x + s * 0.33, y)
    p.lineTo(x + s * 0.67, y)
    p.lineTo(x + s * 0.56, y + s * 0.5)
    p.close()
    c.drawPath(p, stroke=0, fill=1, fillMode=1)


_SUIT_DRAW = {"heart": _heart, "spade": _spade, "diamond": _diamond, "club": _club}


def suit_of(key: str, symbol: str | None) -> str | None:
    """The suit shape a palette entry stands for, if any."""
    if symbol and symbol in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[symbol]
    mark = SUITS.get(key)
    return SUIT_SYMBOLS[mark] if mark else None


def _badge(c: Canvas, x: float, y: float, s: float, ink: str, label: str, font: str,
           shape: str = "circle") -> None:
    """A filled shape with a short white label, the form every non-suit icon takes."""
    from reportlab.lib.colors import HexColor, white
    c.setFillColor(HexColor(ink))
    w = s * _badge_width(label)
    if shape == "card":
        c.roundRect(x, y, w, s, s * 0.12, stroke=0, fill=1)
    elif shape == "square":
        c.rect(x, y, w, s, stroke=0, fill=1)
    else:
        c.roundRect(x, y, w, s, s / 2, stroke=0, fill=1)
    if label:
        fs = s * (0.72 if len(label) <= 2 else 0.6)
        c.setFillColor(white)
        c.setFont(font, fs)
        c.drawCentredString(x + w / 2, y + s / 2 - fs * 0.36, label)


def draw(c: Canvas, icon: Icon, x: float, baseline: float, size: float, ink: str,
         symbol: str | None, font: str) -> None:
    """Draw `icon` with its left edge at x, sitting on `baseline`, one em (`size`) high."""
    from reportlab.lib.colors import HexColor
    s = size * 0.92
    y = baseline - size * DESCENT
    x += size * 0.05
    suit = suit_of(icon.name, symbol)
    if suit:
        c.setFillColor(HexColor(ink))
        _SUIT_DRAW[suit](c, x, y, s)
        return
    name, arg = icon.name, icon.arg or ""
    if name == "draw":
        _badge(c, x, y, s, ink, label_of(icon), font, "card")
    elif name == "skip":
        c.setStrokeColor(HexColor(ink))
        c.setLineWidth(s * 0.12)
        c.circle(x + s / 2, y + s / 2, s * 0.4, stroke=1, fill=0)
        c.line(x + s * 0.22, y + s * 0.22, x + s * 0.78, y + s * 0.78)
    elif name == "reverse":
        c.setStrokeColor(HexColor(ink))
        c.setFillColor(HexColor(ink))
        c.setLineWidth(s * 0.1)
        c.line(x + s * 0.1, y + s * 0.68, x + s * 0.8, y + s * 0.68)
        c.line(x + s * 0.2, y + s * 0.32, x + s * 0.9, y + s * 0.32)
        _arrow_head(c, x + s * 0.92, y + s * 0.68, s * 0.22, 1)
        _arrow_head(c, x + s * 0.08, y + s * 0.32, s * 0.22, -1)
    elif name == "point":
        _badge(c, x, y, s, ink, label_of(icon), font, "square")
    else:  # a palette colour or {cost:N}: a disc in the colour, with its symbol or argument
        _badge(c, x, y, s, ink, arg or (symbol or ""), font)


def _arrow_head(c: Canvas, x: float, y: float, s: float, direction: int) -> None:
    p = c.beginPath()
    p.moveTo(x, y)
    p.lineTo(x - direction * s, y + s * 0.5)
    p.lineTo(x - direction * s, y - s * 0.5)
    p.close()
    c.drawPath(p, stroke=0, fill=1, fillMode=1)
