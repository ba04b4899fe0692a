"""Fitting marked-up text into a box: Japanese line breaking with kinsoku, then shrink-to-fit.

Text is cut into atoms (one CJK character, one Latin word, one number with its sign, one space,
one icon), atoms that may not be separated are glued into clusters, and clusters fill lines
greedily. The glue keeps the rules of Japanese typesetting (JIS X 4051):

- kinsoku: a character that may not start a line (、。」ー small kana ...) sticks to the atom
  before it, one that may not end a line (「（ ...) to the atom after it, so the pair moves to
  the next line together (oidashi);
- a number is one atom (「−1」「１２」「1,000」) and sticks to the character before it and to
  its counter or unit after it: 「カード1枚」「色を4色」「コスト0」「水8(C)」「−1点。」 never break;
- a no-break space (U+00A0) prints as a space but glues the words on either side of it (a
  template writes 「コスト\u00a0火2」 for a label and its value, which then move together).

Latin words keep their single spaces (nothing is justified, so a space is never stretched) and
break only at spaces. After filling, a paragraph whose last line would hold a single letter
(「戦力と支／援」, 「見／る。」) takes the last cluster of the line before with it. Only a cluster
wider than a whole line is cut by force.

Sizes are tried from the layout's size down to its floor; `fit` returns None when the text does
not fit even at the floor, and the caller collects every such card into one error.
"""

from __future__ import annotations

import re
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
#: Digits, half and full width; a run of them (with inner , . :) is one number.
DIGITS = frozenset("0123456789０１２３４５６７８９")
#: A sign or currency written before a number belongs to it: −1, ＋2, ¥0, #3.
PREFIX = frozenset("+-−＋－±¥￥$＄#＃")
NBSP = "\u00a0"
#: Spaces a line may break at; dropped at a line's start and end.
SPACES = frozenset(" \u3000")
#: One number: an optional sign, digits, and digits after a decimal point, comma or colon.
NUMBER = re.compile(r"[+\-−＋－±¥￥$＄#＃]?[0-9０-９]+(?:[.,:，．：][0-9０-９]+)*")

#: Size steps tried between the layout's size and its floor, in points.
STEP = 0.25


class Atom(NamedTuple):
    """The smallest piece the line breaker moves: text or an icon, with its width in em.
    `space` marks a breakable space; `glue` a no-break space, which sticks to both sides."""

    text: str
    icon: Icon | None
    emph: bool
    width: float
    space: bool = False
    glue: bool = False


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


def _is_letter(ch: str) -> bool:
    """A character a number may be glued to: a letter, kana or kanji, not punctuation."""
    return (ch.isalnum() or _is_wide(ch)) and ch not in NO_START and ch not in NO_END \
        and ch not in PREFIX and not ch.isspace()


def _text_atoms(run: Run, m: Metrics, out: list[Atom | None]) -> None:
    text, emph = run.text, run.emph
    word = ""

    def flush() -> None:
        nonlocal word
        if word:
            out.append(Atom(word, None, emph, m.text(word)))
            word = ""

    i = 0
    while i < len(text):
        ch = text[i]
        number = NUMBER.match(text, i) if ch in DIGITS or ch in PREFIX else None
        if number is not None and not (ch in PREFIX and word and not _is_wide(ch)):
            if any(_is_wide(c) for c in number.group()):
                flush()  # a full-width number, or one with a full-width sign, is one atom
                out.append(Atom(number.group(), None, emph, m.text(number.group())))
            else:
                word += number.group()  # digits inside a Latin word stay in the word
            i = number.end()
            continue
        if ch == NBSP:
            flush()
            out.append(Atom(" ", None, emph, m.char(" "), glue=True))
        elif ch in SPACES or _is_wide(ch) or ch in NO_START or ch in NO_END:
            flush()  # a space (or an ideographic one) is where a line may break, and never
            out.append(Atom(ch, None, emph, m.char(ch), space=ch in SPACES))  # starts a line
        else:
            word += ch
        i += 1
    flush()


def atoms(tokens: list[Token], m: Metrics) -> list[Atom | None]:
    """Atoms in reading order; None marks a hard line break."""
    out: list[Atom | None] = []
    for tok in tokens:
        if isinstance(tok, Break):
            out.append(None)
        elif isinstance(tok, Icon):
            out.append(Atom("", tok, False, width_em(tok)))
        elif isinstance(tok, Run):
            # a real bold face measures emphasis when the family has one
            _text_atoms(tok, m.emphasis if tok.emph and m.emphasis is not None else m, out)
    return out


def _numeric(text: str) -> bool:
    return bool(text) and NUMBER.fullmatch(text) is not None


def joins(prev: Atom, cur: Atom) -> bool:
    """True when no line may break between two neighbouring atoms."""
    if prev.space or cur.space:
        return False
    if prev.glue or cur.glue:
        return True
    a = prev.text[-1:] if prev.text else ""
    b = cur.text[:1] if cur.text else ""
    if b in NO_START and b:
        return True
    if a in NO_END and a:
        return True
    if a in DIGITS and b and not (b in NO_END and _is_wide(b)) and not b.isspace():
        return True  # a number and its counter or unit: 1枚, 4色, 8(C), 5mm
    if (_numeric(cur.text) or b in DIGITS) and a and _is_letter(a):
        return True  # a number and what it counts or names: コスト0, 水8, 色を4
    return False


def _script(atom: Atom | None) -> str | None:
    """The script of a one-character atom (katakana, hiragana, kanji), else None."""
    if atom is None or atom.icon is not None or len(atom.text) != 1:
        return None
    ch = atom.text
    if "\u30a1" <= ch <= "\u30fa" or ch == "ー":
        return "katakana"
    if "\u3041" <= ch <= "\u3096":
        return "hiragana"
    if "\u4e00" <= ch <= "\u9fff" or ch == "々":
        return "kanji"
    return None


def _bound_by_nbsp(items: list[Atom | None]) -> set[int]:
    """Indexes of atoms glued to the atom before them by a no-break space: the space itself,
    and the whole word on each side of it (a run of one script), so 「コスト\u00a0火2」 moves as
    one piece and never leaves 「コ」 at a line's end."""
    bound: set[int] = set()
    for k, atom in enumerate(items):
        if atom is None or not atom.glue:
            continue
        bound.update((k, k + 1))
        j = k - 1
        while j > 0 and _script(items[j]) is not None and _script(items[j - 1]) == _script(items[j]):
            bound.add(j)
            j -= 1
        j = k + 1
        while j + 1 < len(items) and _script(items[j]) is not None \
                and _script(items[j + 1]) == _script(items[j]):
            bound.add(j + 1)
            j += 1
    return bound


def clusters(items: list[Atom | None]) -> list[list[Atom] | None]:
    """Glue atoms that may not be separated; None (a hard break) is kept as is."""
    out: list[list[Atom] | None] = []
    bound = _bound_by_nbsp(items)
    for index, atom in enumerate(items):
        if atom is None:
            out.append(None)
            continue
        starts_bad = bool(atom.text) and atom.text[0] in NO_START
        if (starts_bad and _is_wide(atom.text[0]) and len(out) > 1 and out[-1] is not None
                and out[-1][-1].space):
            out.pop()  # a space before 、 or 」 would let it start a line: drop the space
        prev = out[-1] if out and out[-1] is not None else None
        if prev is not None and (index in bound or joins(prev[-1], atom)):
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
