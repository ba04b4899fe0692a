"""Fitting marked-up text into a box: Japanese line breaking with kinsoku, then shrink-to-fit.

Where a line may break is decided by the rules every medium shares (linebreak.py: kinsoku,
numbers with their counters and labels, Latin words whole, no-break spaces); this module only
measures. Text is cut into atoms (one CJK character, one Latin word, one space, one icon), each
marked with whether it may start a line, atoms that may not be separated are glued into
clusters, and clusters fill lines greedily, so a character that may not start a line moves to
the next line together with the one before it (oidashi).

Latin words keep their single spaces (nothing is justified, so a space is never stretched) and
break only at spaces. After filling, a paragraph whose last line would hold a single letter
(「戦力と支／援」, 「見／る。」) takes the last cluster of the line before with it. Only a cluster
wider than a whole line is cut by force.

Sizes are tried from the layout's size down to its floor; `fit` returns None when the text does
not fit even at the floor, and the caller collects every such card into one error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .fonts import Metrics
from .icons import width_em
from .linebreak import NBSP, NO_START, OBJECT, SPACES, is_wide, keeps
from .markup import Break, Icon, Run, Token

#: Size steps tried between the layout's size and its floor, in points.
STEP = 0.25


class Atom(NamedTuple):
    """The smallest piece the line breaker moves: text or an icon, with its width in em.
    `space` marks a breakable space; `joined` that no line may break before the atom."""

    text: str
    icon: Icon | None
    emph: bool
    width: float
    space: bool = False
    joined: bool = False


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


def _text_atoms(run: Run, m: Metrics, keep: list[bool], offset: int,
                out: list[Atom | None]) -> None:
    """Atoms of one run starting at `offset` of the paragraph text `keep` was computed for."""
    text, emph = run.text, run.emph
    i = 0
    while i < len(text):
        ch, at = text[i], offset + i
        if ch in SPACES or ch == NBSP:
            # a space glued on either side (a no-break space, 「54 枚」) prints and holds on
            glued = ch == NBSP or keep[at] or (at + 1 < len(keep) and keep[at + 1])
            shown = " " if ch == NBSP else ch
            out.append(Atom(shown, None, emph, m.char(shown), space=not glued, joined=keep[at]))
            i += 1
            continue
        j = i + 1
        if not is_wide(ch):  # a Latin word (with its digits) runs to a space or a wide character
            while j < len(text) and not is_wide(text[j]) and text[j] not in SPACES \
                    and text[j] != NBSP:
                j += 1
        out.append(Atom(text[i:j], None, emph, m.text(text[i:j]), joined=keep[at]))
        i = j


def atoms(tokens: list[Token], m: Metrics) -> list[Atom | None]:
    """Atoms in reading order; None marks a hard line break."""
    flat = "".join(t.text if isinstance(t, Run) else OBJECT if isinstance(t, Icon) else "\n"
                   for t in tokens)
    keep = keeps(flat)
    out: list[Atom | None] = []
    pos = 0
    for tok in tokens:
        if isinstance(tok, Break):
            out.append(None)
            pos += 1
        elif isinstance(tok, Icon):
            out.append(Atom("", tok, False, width_em(tok), joined=keep[pos]))
            pos += 1
        elif isinstance(tok, Run):
            # a real bold face measures emphasis when the family has one
            _text_atoms(tok, m.emphasis if tok.emph and m.emphasis is not None else m,
                        keep, pos, out)
            pos += len(tok.text)
    return out


def clusters(items: list[Atom | None]) -> list[list[Atom] | None]:
    """Glue atoms that may not be separated; None (a hard break) is kept as is."""
    out: list[list[Atom] | None] = []
    for atom in items:
        if atom is None:
            out.append(None)
            continue
        joined = atom.joined
        if (atom.text and atom.text[0] in NO_START and is_wide(atom.text[0]) and len(out) > 1
                and out[-1] is not None and out[-1][-1].space):
            out.pop()  # a space before 、 or 」 would let it start a line: drop the space
            joined = True
        prev = out[-1] if out and out[-1] is not None else None
        if prev is not None and joined:
            prev.append(atom)
        else:
            out.append([atom])
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


def _letters(line: list[list[Atom]]) -> int:
    """How many letters (not punctuation, not spaces) a line of clusters holds; an icon is one."""
    return sum(1 if a.icon else sum(ch not in NO_START and not ch.isspace() for ch in a.text)
               for cluster in line for a in cluster)


def _width(line: list[list[Atom]]) -> float:
    atoms_ = [a for cluster in line for a in cluster]
    while atoms_ and atoms_[-1].space:
        atoms_.pop()
    return sum(a.width for a in atoms_)


def _no_widow(lines: list[list[list[Atom]]], width: float) -> None:
    """A paragraph's last line holding one letter takes the last cluster of the line before
    (with the space between them), as long as it fits; the line before keeps at least one."""
    while len(lines) >= 2 and _letters(lines[-1]) < 2:
        prev, last = lines[-2], lines[-1]
        k = len(prev)
        while k > 0 and prev[k - 1][0].space:
            k -= 1
        if k <= 1:
            return
        moved = prev[k - 1:]
        if _width(moved + last) > width + 1e-9:
            return
        lines[-2], lines[-1] = prev[:k - 1], moved + last


def _paragraph(items: list[list[Atom]], widths: list[float], width: float,
               m: Metrics) -> list[list[list[Atom]]]:
    """Greedy filling of one paragraph; each line is a list of clusters."""
    lines: list[list[list[Atom]]] = []
    current: list[list[Atom]] = []
    used = 0.0
    for cluster, w in zip(items, widths):
        if not current and cluster[0].space:
            continue  # no space at the start of a line
        if used + w <= width + 1e-9 or cluster[0].space:
            current.append(cluster)  # a space past the end is kept, and never drawn
            used += w
            if cluster[0].space and used > width + 1e-9:
                lines.append(current)
                current, used = [], 0.0
            continue
        if current:
            lines.append(current)
            current, used = [], 0.0
        if w <= width + 1e-9:
            current, used = [cluster], w
        else:
            *full, rest = _force_split(cluster, width, m)
            lines += [[p] for p in full]
            current, used = [rest], sum(a.width for a in rest)
    if current or not lines:
        lines.append(current)
    _no_widow(lines, width)
    return lines


def break_lines(items: list[list[Atom] | None], width: float, m: Metrics,
                widths: list[float] | None = None) -> list[Line]:
    """Lines of every paragraph; `width` is the line length in em at the size being tried."""
    if widths is None:
        widths = [0.0 if c is None else sum(a.width for a in c) for c in items]
    out: list[Line] = []
    para: list[list[Atom]] = []
    para_w: list[float] = []
    if items and items[-1] is None and len(items) > 1:
        items, widths = items[:-1], widths[:-1]  # a final newline adds no empty line
    for cluster, w in zip(items + [None], widths + [0.0]):
        if cluster is not None:
            para.append(cluster)
            para_w.append(w)
            continue
        out += [_line([a for c in line for a in c]) for line in _paragraph(para, para_w, width, m)]
        para, para_w = [], []
    return out


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
