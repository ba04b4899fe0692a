"""Japanese line breaking in HTML: the breaks the shared rules forbid, held by nowrap spans.

Where a line may not break is decided by press/linebreak.py, for the card faces and the
rulebook alike. The rulebook's line breakers (Pango for the PDF, Chromium for the page) follow
UAX #14, with the prolonged sound mark and small kana as non-starters (Pango always, Chromium
under the stylesheet's `line-break: strict`), so they keep most of kinsoku by themselves;
what they allow and the rules do not is a break between a number and its counter or label
(「カード1／枚」, 「コスト／0」, 「−1／点。」), inside a counter word (「3ター／ン」), around a
no-break space's words, after an icon before 。, inside a Latin word at a hyphen or slash, and
before a full-width ～ or a percent sign. Each group of characters holding such a pair is
wrapped in `<span class="nw">`, which the stylesheet sets `white-space: nowrap`; everything
else still breaks where the engine likes.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from markupsafe import Markup, escape

from ..linebreak import NO_END, NO_START, OBJECT, is_wide, keeps

#: Characters of NO_START that UAX #14 lets begin a line (～ is ideographic, % a postfix).
ENGINE_MAY_START = frozenset("～％%")


class Piece(NamedTuple):
    """One piece of an inline text: `text` is what the rules read (a run's characters, OBJECT
    for an icon, "\\n" for a line break); `html` the piece's own HTML (None: `text` escaped
    here); `emph` wraps the escaped text in <strong>."""

    text: str
    html: str | None = None
    emph: bool = False


def _engine_keeps(a: str, b: str) -> bool:
    """True where a UAX #14 line breaker never breaks between `a` and `b` (an icon is an
    inline box to it, which it may break before and after)."""
    if a == OBJECT or b == OBJECT:
        return False
    if (b in NO_START and b not in ENGINE_MAY_START) or a in NO_END:
        return True  # closing punctuation, non-starters, opening brackets
    return a.isalnum() and b.isalnum() and not is_wide(a) and not is_wide(b)


def groups(text: str) -> list[tuple[int, int]]:
    """(start, end) of each stretch of `text` no line may split and the engines might: the
    whole chain of kept pairs around every pair the engines would break."""
    keep = keeps(text)
    out: list[tuple[int, int]] = []
    for i in range(1, len(text)):
        if not keep[i] or _engine_keeps(text[i - 1], text[i]) or (out and out[-1][1] > i):
            continue
        start, end = i - 1, i + 1
        while start > 0 and keep[start]:
            start -= 1
        while end < len(text) and keep[end]:
            end += 1
        out.append((start, end))
    return out


def _nested(spans: list[tuple[int, int]], pieces: list[Piece]) -> list[tuple[int, int]]:
    """Spans widened so that each lies inside one <strong> or holds it whole (HTML nests)."""
    bounds, at = [], 0
    for piece in pieces:
        if piece.emph:
            bounds.append((at, at + len(piece.text)))
        at += len(piece.text)
    changed = True
    while changed:
        changed = False
        for k, (s, e) in enumerate(spans):
            for o, end in bounds:
                inside, holds = o < s and e < end, s <= o and end <= e
                if s < end and e > o and not inside and not holds:
                    spans[k] = s, e = min(s, o), max(e, end)
                    changed = True
        spans.sort()
        merged: list[tuple[int, int]] = []
        for s, e in spans:
            if merged and s < merged[-1][1]:
                merged[-1] = merged[-1][0], max(e, merged[-1][1])
                changed = True
            else:
                merged.append((s, e))
        spans = merged
    return spans


def typeset(pieces: list[Piece]) -> Markup:
    """The pieces as HTML, text escaped, every group no line may split in a nowrap span (a
    group may hold an icon and the 。 after it, or cross into emphasis: 「**3**枚」)."""
    spans = _nested(groups("".join(p.text for p in pieces)), pieces)
    opens, closes = {s for s, _ in spans}, {e for _, e in spans}

    def marks(at: int) -> str:
        return ("</span>" if at in closes else "") + ('<span class="nw">' if at in opens else "")

    out, at = [], 0
    for piece in pieces:
        end = at + len(piece.text)
        out.append(marks(at))
        if piece.html is not None:
            out.append(piece.html)
        else:
            parts, last = [], at
            for cut in sorted(c for c in opens | closes if at < c < end):
                parts += [str(escape(piece.text[last - at:cut - at])), marks(cut)]
                last = cut
            text = "".join(parts) + str(escape(piece.text[last - at:]))
            out.append(f"<strong>{text}</strong>" if piece.emph else text)
        at = end
    out.append(marks(at))
    return Markup("".join(out))


def keep_together(text: str) -> Markup:
    """`text` escaped, with every group no line may split wrapped in a nowrap span."""
    return typeset([Piece(text)])


#: U+2060 WORD JOINER: no line breaks before or after it (UAX #14 class WJ), zero width.
WORD_JOINER = "\u2060"
_PLAIN_GROUP = re.compile(r'<span class="nw">([^<]*)</span>(?!</span>)')
_HEADING = re.compile(r"(<h[1-6][\s>].*?</h[1-6]>)", re.DOTALL | re.IGNORECASE)
_CHARACTER = re.compile(r"&[#\w]+;|.", re.DOTALL)   # an escaped character counts as one


def joined_for_print(html: str) -> str:
    """The page as WeasyPrint gets it: each nowrap group of plain text (no tag inside) becomes
    its characters joined by word joiners, which Pango never breaks around either.

    For WeasyPrint each span is an inline box of its own that splits the text around it: a
    line holding one was three text boxes to lay out and draw instead of one, and a book has
    a thousand. The group keeps the same characters and widths and is printed the same; the
    PDF's text is the same (a joiner has no glyph). Headings are left as they are, since their
    text may become a bookmark or running header, and so is a group that ends the inline
    element holding it (an example row's text, 「自陣1」: WeasyPrint moved the whole text to the
    next line where the joiners let it keep 「自」 behind); the HTML page keeps its spans."""
    def join(match: re.Match[str]) -> str:
        return WORD_JOINER.join(_CHARACTER.findall(match.group(1)))

    parts = _HEADING.split(html)
    for k in range(0, len(parts), 2):   # the even parts lie outside headings
        parts[k] = _PLAIN_GROUP.sub(join, parts[k])
    return "".join(parts)
