"""Fitting marked-up text into a box: Japanese line breaking with kinsoku, then shrink-to-fit.

Text is cut into atoms (one CJK character, one Latin word, one space, one icon), atoms that may
not be separated are glued into clusters, and clusters fill lines greedily. Kinsoku is kept by
the glue: a character that may not start a line (、。」ー small kana ...) sticks to the atom
before it, and one that may not end a line (「（ ...) sticks to the atom after it, so the whole
pair moves to the next line together (oidashi). Only a cluster wider than a whole line is cut
by force.

Sizes are tried from the layout's size down to its floor; `fit` returns None when the text does
not fit even at the floor, and the caller collects every such card into one error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .fonts import Metrics
from .icons import width_em
from .markup import Break, Icon, Run, Token

#: Characters that may not begin a line (JIS X 4051 gyoto kinsoku, with ASCII equivalents).
NO_START = frozenset(
    "、。，．,.・：；:;！？!?)）］]｝}〕〉》」』】〙〗〟’”»ー‐゠–〜～…‥ゝゞヽヾ々％%"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ")
#: Characters that may not end a line (gyomatsu kinsoku).
NO_END = frozenset("「『（(［[｛{〔〈《【〘〖〝‘“«")

#: Size steps tried between the layout's size and its floor, in points.
STEP = 0.25


class Atom(NamedTuple):
    """The smallest piece the line breaker moves: text or an icon, with its width in em."""

    text: str
    icon: Icon | None
    emph: bool
    width: float
    space: bool = False


class Segment(NamedTuple):
    """A drawable piece of a line: a text run in one style, or an icon; x and width in em."""

    text: str
    icon: Icon | None
    emph: bool
    x: float
    width: float


@dataclass(frozen=True)
class Line:
    segments: tuple[Segment, ...]
    width: float  # em

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.segments)


@dataclass(frozen=True)
class Fitted:
    """Text broken into lines at a font size; `leading` is the baseline distance in points."""

    size: float
    leading: float
    lines: tuple[Line, ...]

    @property
    def height(self) -> float:
        return self.size + self.leading * (len(self.lines) - 1) if self.lines else 0.0


def _is_wide(ch: str) -> bool:
    """True for characters that break anywhere (CJK, kana, full-width forms, symbols)."""
    o = ord(ch)
    return o >= 0x2E80 or 0x2190 <= o <= 0x2BFF or 0x2460 <= o <= 0x24FF


def atoms(tokens: list[Token], m: Metrics) -> list[Atom | None]:
    """Atoms in reading order; None marks a hard line break."""
    out: list[Atom | None] = []
    for tok in tokens:
        if isinstance(tok, Break):
            out.append(None)
        elif isinstance(tok, Icon):
            out.append(Atom("", tok, False, width_em(tok)))
        elif isinstance(tok, Run):
            mm = m.emphasis if tok.emph and m.emphasis is not None else m  # a real bold face
            word = ""
            for ch in tok.text:
                if ch == " " or _is_wide(ch) or ch in NO_START or ch in NO_END:
                    if word:
                        out.append(Atom(word, None, tok.emph, mm.text(word)))
                        word = ""
                    out.append(Atom(ch, None, tok.emph, mm.char(ch), space=ch == " "))
                else:
                    word += ch
            if word:
                out.append(Atom(word, None, tok.emph, mm.text(word)))
    return out


def clusters(items: list[Atom | None]) -> list[list[Atom] | None]:
    """Glue atoms that kinsoku forbids separating; None (a hard break) is kept as is."""
    out: list[list[Atom] | None] = []
    glue_next = False
    for atom in items:
        if atom is None:
            out.append(None)
            glue_next = False
            continue
        starts_bad = bool(atom.text) and atom.text[0] in NO_START
        if (starts_bad and _is_wide(atom.text[0]) and len(out) > 1 and out[-1] is not None
                and out[-1][-1].space):
            out.pop()  # a space before 、 or 」 would let it start a line: drop the space
        prev = out[-1] if out and out[-1] is not None else None
        if prev is not None and not atom.space and not prev[-1].space and (glue_next or starts_bad):
            prev.append(atom)
        else:
            out.append([atom])
        glue_next = bool(atom.text) and atom.text[-1] in NO_END
    return out


def _line(atoms_: list[Atom]) -> Line:
    while atoms_ and atoms_[-1].space:
        atoms_ = atoms_[:-1]
    segs: list[Segment] = []
    x = 0.0
    for a in atoms_:
        last = segs[-1] if segs else None
        if a.icon is None and last is not None and last.icon is None and last.emph == a.emph:
            segs[-1] = Segment(last.text + a.text, None, a.emph, last.x, last.width + a.width)
        else:
            segs.append(Segment(a.text, a.icon, a.emph, x, a.width))
        x += a.width
    return Line(tuple(segs), x)


def _force_split(cluster: list[Atom], width: float, m: Metrics) -> list[list[Atom]]:
    """Cut a cluster wider than a line into line-sized pieces, character by character."""
    pieces: list[list[Atom]] = [[]]
    used = 0.0
    for atom in cluster:
        chars = [atom] if atom.icon or len(atom.text) <= 1 else [
            Atom(ch, None, atom.emph, (m.emphasis if atom.emph and m.emphasis else m).char(ch))
            for ch in atom.text]
        for part in chars:
            if used + part.width > width and pieces[-1]:
                pieces.append([])
                used = 0.0
            pieces[-1].append(part)
            used += part.width
    return pieces


def break_lines(items: list[list[Atom] | None], width: float, m: Metrics,
                widths: list[float] | None = None) -> list[Line]:
    """Greedy line filling; `width` is the line length in em at the size being tried."""
    lines: list[Line] = []
    current: list[Atom] = []
    used = 0.0
    if widths is None:
        widths = [0.0 if c is None else sum(a.width for a in c) for c in items]
    for cluster, w in zip(items, widths):
        if cluster is None:
            lines.append(_line(current))
            current, used = [], 0.0
            continue
        if not current and cluster[0].space:
            continue  # no space at the start of a line
        if used + w <= width + 1e-9:
            current += cluster
            used += w
            continue
        if cluster[0].space:  # a space at the end of a line disappears
            lines.append(_line(current))
            current, used = [], 0.0
            continue
        if current:
            lines.append(_line(current))
            current, used = [], 0.0
        if w <= width + 1e-9:
            current, used = list(cluster), w
        else:
            *full, rest = _force_split(cluster, width, m)
            lines += [_line(p) for p in full]
            current, used = rest, sum(a.width for a in rest)
    if current or not lines:
        lines.append(_line(current))
    return lines


def fit(tokens: list[Token], m: Metrics, box_w: float, box_h: float, size: float,
        floor: float, leading: float = 1.3, max_lines: int | None = None) -> Fitted | None:
    """The largest size from `size` down to `floor` at which the text fits the box, or None."""
    items = clusters(atoms(tokens, m))
    widths = [0.0 if c is None else sum(a.width for a in c) for c in items]
    s = size
    while s >= floor - 1e-9:
        lines = break_lines(items, box_w / s, m, widths)
        fitted = Fitted(s, s * leading, tuple(lines))
        widest = max((ln.width for ln in lines), default=0.0) * s
        if (fitted.height <= box_h + 1e-6 and widest <= box_w + 1e-6
                and (max_lines is None or len(lines) <= max_lines)):
            return fitted
        s = round(s - STEP, 4)
    return None
