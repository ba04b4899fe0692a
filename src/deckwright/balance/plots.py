"""The balance report's plots, written directly as SVG text.

Five small charts (bars with error bars, a histogram, box plots, horizontal bars) need no
plotting library: writing them here takes milliseconds, where loading and running matplotlib
took about a second and a half of every `simulate` command (as long as the games themselves
for 2000 bridge-over games). The SVG depends only on the numbers and words given (no dates, no
ids, coordinates rounded), so the same statistics give the same report byte for byte; text
stays text, so Japanese card names use the page's fonts and can be searched; every string is
XML-escaped.
"""

from __future__ import annotations

import math
import unicodedata
from html import escape
from typing import Iterable, Sequence

from ..i18n import Words
from .stats import Rate, Records, Summary

INK = "#3a4a6b"
ACCENT = "#c0392b"
GRID = "#dde1ea"
FONT = "IPAexGothic, DejaVu Sans, sans-serif"
SIZE = 11          # text size in SVG units (the page scales the whole figure to its width)
WIDTH, HEIGHT = 520, 240
LEFT, RIGHT, TOP, BOTTOM = 56, 14, 30, 40


def _n(x: float) -> str:
    """A coordinate, rounded so that the text never depends on float noise."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def text_width(text: str, size: float = SIZE) -> float:
    """Roughly how wide `text` sets: full-width (CJK) characters one em, others 0.6 em."""
    return sum(1.0 if unicodedata.east_asian_width(c) in "WF" else 0.6 for c in text) * size


def _fit(text: str, width: float, size: float = SIZE) -> str:
    """`text`, cut with an ellipsis where it would set wider than `width`."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


def nice_ticks(low: float, high: float, count: int = 5, whole: bool = False) -> list[float]:
    """Round tick values (steps of 1, 2, 2.5 or 5 times a power of ten; whole numbers only
    when `whole`, for counts) from one at or below `low` to one at or above `high`."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    steps = (1, 2, 5, 10) if whole and power < 10 else (1, 2, 2.5, 5, 10)
    step = next(m * power for m in steps if m * power >= raw)
    if whole:
        step = max(step, 1)
    first = math.floor(low / step + 1e-9) * step
    ticks = []
    k = 0
    while first + k * step <= high + step * 1e-9 or len(ticks) < 2:
        ticks.append(round(first + k * step, 10))
        k += 1
    if ticks[-1] < high:
        ticks.append(round(first + k * step, 10))
    return ticks


def _label(value: float) -> str:
    return f"{value:g}" if abs(value) < 1e6 else f"{value:.3g}"


class Canvas:
    """One SVG figure: a plot area inside margins, value-to-pixel scales, and its elements."""

    def __init__(self, title: str, width: float = WIDTH, height: float = HEIGHT,
                 left: float = LEFT):
        self.width, self.height = width, height
        self.x0, self.x1 = left, width - RIGHT
        self.y0, self.y1 = TOP, height - BOTTOM
        self.parts: list[str] = []
        size = min(SIZE + 1, (width - 8) / max(text_width(title, 1), 1))
        self.title = title
        self.text(width / 2, 18, title, anchor="middle", size=size, weight="bold")

    def rect(self, x: float, y: float, w: float, h: float, fill: str) -> None:
        self.parts.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(max(w, 0))}" '
                          f'height="{_n(max(h, 0))}" fill="{fill}"/>')

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = INK,
             width: float = 1, dash: str | None = None) -> None:
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
                          f'stroke="{stroke}" stroke-width="{_n(width)}"{extra}/>')

    def circle(self, x: float, y: float, r: float, stroke: str = INK) -> None:
        self.parts.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="none" '
                          f'stroke="{stroke}"/>')

    def text(self, x: float, y: float, text: str, anchor: str = "start", size: float = SIZE,
             weight: str | None = None, rotate: bool = False, full: str | None = None) -> None:
        attrs = f'x="{_n(x)}" y="{_n(y)}"'
        if anchor != "start":
            attrs += f' text-anchor="{anchor}"'
        if size != SIZE:
            attrs += f' font-size="{_n(size)}"'
        if weight:
            attrs += f' font-weight="{weight}"'
        if rotate:
            attrs += f' transform="rotate(-90 {_n(x)} {_n(y)})"'
        tip = f"<title>{escape(full)}</title>" if full and full != text else ""
        self.parts.append(f"<text {attrs}>{tip}{escape(text)}</text>")

    def y_axis(self, ticks: Sequence[float], scale, label: str) -> None:
        """Value ticks and grid lines on the left, the axis name turned upright beside them."""
        for t in ticks:
            y = scale(t)
            self.line(self.x0, y, self.x1, y, GRID)
            self.text(self.x0 - 5, y + SIZE * 0.35, _label(t), anchor="end")
        self.line(self.x0, self.y0, self.x0, self.y1)
        self.text(14, (self.y0 + self.y1) / 2, label, anchor="middle", rotate=True)

    def x_axis(self, label: str | None = None) -> None:
        self.line(self.x0, self.y1, self.x1, self.y1)
        if label:
            self.text((self.x0 + self.x1) / 2, self.height - 6, label, anchor="middle")

    def svg(self) -> str:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(self.width)}" '
                f'height="{_n(self.height)}" viewBox="0 0 {_n(self.width)} {_n(self.height)}" '
                f'role="img" font-family="{FONT}" font-size="{SIZE}" fill="#1a1a1a">')
        return "\n".join([head, f"<title>{escape(self.title)}</title>", *self.parts, "</svg>"])


def _linear(lo: float, hi: float, a: float, b: float):
    """The scale taking lo..hi to pixels a..b."""
    span = (hi - lo) or 1.0
    return lambda v: a + (v - lo) * (b - a) / span


def _rates(labels: Sequence[str], rates: Sequence[Rate], fair: float | None, title: str,
           _: Words) -> str:
    c = Canvas(title)
    y = _linear(0, 100, c.y1, c.y0)
    c.y_axis(range(0, 101, 20), y, _("win rate (%%)"))
    slot = (c.x1 - c.x0) / max(len(rates), 1)
    for i, (label, rate) in enumerate(zip(labels, rates)):
        mid = c.x0 + slot * (i + 0.5)
        top = y(rate.value * 100)
        c.rect(mid - slot * 0.3, top, slot * 0.6, c.y1 - top, INK)
        low, high = (y(v * 100) for v in rate.interval)
        c.line(mid, low, mid, high, ACCENT, 1.5)
        for end in (low, high):
            c.line(mid - 5, end, mid + 5, end, ACCENT, 1.5)
        c.text(mid, c.y1 + SIZE + 4, _fit(label, slot - 4), anchor="middle", full=label)
    if fair is not None:
        c.line(c.x0, y(fair * 100), c.x1, y(fair * 100), ACCENT, 1, dash="5 3")
    c.x_axis()
    return c.svg()


def seat_plot(summary: Summary, _: Words) -> str:
    n = len(summary.seat_rates)
    labels = [f"p{i + 1}" for i in range(n)]
    return _rates(labels, summary.seat_rates, 1 / n,
                  _("Win rate by seat with 95%% confidence interval (dashed: even)"), _)


def bot_plot(summary: Summary, _: Words) -> str:
    labels = list(summary.bot_rates)
    return _rates(labels, list(summary.bot_rates.values()), None,
                  _("Win rate by bot with 95%% confidence interval"), _)


def length_plot(summary: Summary, _: Words) -> str:
    """How many games lasted each number of turns: one bar per turn count."""
    c = Canvas(_("Game length"))
    lengths = summary.lengths or {0: 0}
    margin = (max(lengths) - min(lengths) + 1) * 0.02
    lo, hi = min(lengths) - 0.5 - margin, max(lengths) + 0.5 + margin
    xt = [t for t in nice_ticks(lo, hi, count=8, whole=True) if lo <= t <= hi]
    x = _linear(lo, hi, c.x0, c.x1)
    yt = nice_ticks(0, max(lengths.values()) or 1, whole=True)
    y = _linear(0, yt[-1], c.y1, c.y0)
    c.y_axis(yt, y, _("games"))
    for turns, games in lengths.items():
        c.rect(x(turns - 0.5), y(games), x(turns + 0.5) - x(turns - 0.5), c.y1 - y(games), INK)
    for t in xt:
        c.line(x(t), c.y1, x(t), c.y1 + 4)
        c.text(x(t), c.y1 + SIZE + 5, _label(t), anchor="middle")
    c.x_axis(_("turns"))
    return c.svg()


def quantile(ordered: Sequence[float], q: float) -> float:
    """The q-quantile of sorted values, interpolated between neighbours."""
    pos = (len(ordered) - 1) * q
    below = math.floor(pos)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (pos - below)


def box(values: Iterable[float]) -> tuple[float, float, float, float, float, list[float]]:
    """A box plot's numbers: whisker ends (the furthest values within 1.5 box lengths of the
    box), quartiles, median, and the values beyond the whiskers (each once)."""
    ordered = sorted(values) or [0.0]
    q1, med, q3 = (quantile(ordered, q) for q in (0.25, 0.5, 0.75))
    reach = 1.5 * (q3 - q1)
    inside = [v for v in ordered if q1 - reach <= v <= q3 + reach]
    low, high = inside[0], inside[-1]
    outliers = sorted({v for v in ordered if v < low or v > high})
    return low, q1, med, q3, high, outliers


def score_plot(records: Records, players: int, _: Words) -> str:
    """Final scores of the finished games, one box per seat."""
    c = Canvas(_("Scores by seat"))
    boxes = [box(records.seat_scores(s) if len(records) else []) for s in range(players)]
    everything = [v for b in boxes for v in (b[0], b[4], *b[5])]
    yt = nice_ticks(min(everything), max(everything))
    y = _linear(yt[0], yt[-1], c.y1, c.y0)
    c.y_axis(yt, y, _("score"))
    slot = (c.x1 - c.x0) / max(players, 1)
    for s, (low, q1, med, q3, high, outliers) in enumerate(boxes):
        mid = c.x0 + slot * (s + 0.5)
        half = min(slot * 0.25, 40)
        c.line(mid, y(low), mid, y(q1))
        c.line(mid, y(q3), mid, y(high))
        for end in (low, high):
            c.line(mid - half / 2, y(end), mid + half / 2, y(end))
        c.parts.append(f'<rect x="{_n(mid - half)}" y="{_n(y(q3))}" width="{_n(2 * half)}" '
                       f'height="{_n(max(y(q1) - y(q3), 0))}" fill="none" stroke="{INK}"/>')
        c.line(mid - half, y(med), mid + half, y(med), ACCENT, 2)
        for v in outliers:
            c.circle(mid, y(v), 2.5)
        c.text(mid, c.y1 + SIZE + 4, f"p{s + 1}", anchor="middle")
    c.x_axis()
    return c.svg()


def card_plot(summary: Summary, names: dict[str, str], _: Words, top: int = 15) -> str:
    """The cards played most: times played, and of those the plays by the game's winner."""
    cards = list(summary.plays)[:top]
    labels = [names.get(card, card) for card in cards]
    room = min(max([text_width(t) for t in labels] + [40]), 208)   # for the widest label
    left = room + 12
    row = 20
    height = TOP + row * max(len(cards), 4) + BOTTOM + 18
    c = Canvas(_("Cards played most (top %(n)s)", n=len(cards)), height=height, left=left)
    xt = nice_ticks(0, max((summary.plays[card] for card in cards), default=1) or 1, whole=True)
    x = _linear(0, xt[-1], c.x0, c.x1)
    legend_y = c.height - 8
    c.y1 -= 18   # room for the legend under the axis
    for t in xt:
        c.line(x(t), c.y0, x(t), c.y1, GRID)
        c.text(x(t), c.y1 + SIZE + 4, _label(t), anchor="middle")
    for i, (card, label) in enumerate(zip(cards, labels)):
        top_y = c.y0 + row * i + 3
        c.rect(c.x0, top_y, x(summary.plays[card]) - c.x0, row - 6, INK)
        c.rect(c.x0, top_y, x(summary.winner_plays.get(card, 0)) - c.x0, row - 6, ACCENT)
        c.text(c.x0 - 6, top_y + (row - 6) / 2 + SIZE * 0.35, _fit(label, room + 0.5),
               anchor="end", full=label)
    c.line(c.x0, c.y0, c.x0, c.y1)
    c.line(c.x0, c.y1, c.x1, c.y1)
    key_x = c.x0
    for colour, words in ((INK, _("times played")), (ACCENT, _("of which by the winner"))):
        c.rect(key_x, legend_y - SIZE * 0.8, 12, SIZE * 0.8, colour)
        c.text(key_x + 16, legend_y, words)
        key_x += 16 + text_width(words) + 18
    return c.svg()


def impact_plot(summary: Summary, names: dict[str, str], _: Words, top: int = 15) -> str:
    """Each card's win-rate lift when it was in the opening hand (points with the 95%
    intervals of the two rates' difference, approximately), largest lifts first."""
    rows = sorted(((c.card, c.opening) for c in summary.card_impact if c.opening),
                  key=lambda x: -abs(x[1].lift))[:top]
    labels = [names.get(card, card) for card, _lift in rows]
    room = min(max([text_width(t) for t in labels] + [40]), 208)
    row = 20
    height = TOP + row * max(len(rows), 4) + BOTTOM
    c = Canvas(_("Win-rate lift with the card in the opening hand (top %(n)s)", n=len(rows)),
               height=height, left=room + 12)
    spans = [abs(lift.lift) + 2 * _se(lift) for _card, lift in rows] or [0.1]
    edge = max(max(spans), 0.05) * 100
    xt = nice_ticks(-edge, edge)
    x = _linear(xt[0], xt[-1], c.x0, c.x1)
    for t in xt:
        c.line(x(t), c.y0, x(t), c.y1, GRID)
        c.text(x(t), c.y1 + SIZE + 4, _label(t), anchor="middle")
    c.line(x(0), c.y0, x(0), c.y1, INK)
    for i, ((card, lift), label) in enumerate(zip(rows, labels)):
        mid = c.y0 + row * i + row / 2
        half = 1.96 * _se(lift) * 100
        c.line(x(lift.lift * 100 - half), mid, x(lift.lift * 100 + half), mid, ACCENT, 1.5)
        c.circle(x(lift.lift * 100), mid, 3.5)
        c.text(c.x0 - 6, mid + SIZE * 0.35, _fit(label, room + 0.5), anchor="end", full=label)
    c.x_axis(_("win rate with the card minus without it (percentage points)"))
    return c.svg()


def _se(lift) -> float:
    """The standard error of the difference of the two rates (Wald)."""
    a, b = lift.with_card, lift.without
    return math.sqrt(a.value * (1 - a.value) / a.games + b.value * (1 - b.value) / b.games)
