"""Japanese line breaking in HTML: the breaks the shared rules forbid, held by nowrap spans.

Where a line may not break is decided by press/linebreak.py, for the card faces and the
rulebook alike. The rulebook's line breakers (Pango for the PDF, Chromium for the page) follow
UAX #14, with the prolonged sound mark and small kana as non-starters (Pango always, Chromium
under the stylesheet's `line-break: strict`), so they keep kinsoku and Latin words by
themselves; what they allow and the rules do not is a break between a number and its counter
or label (「カード1／枚」, 「コスト／0」, 「−1／点。」), inside a counter word (「3ター／ン」),
around a no-break space's words, and before a full-width ～ or a percent sign. Each group of
characters holding such a pair is wrapped in `<span class="nw">`, which the stylesheet sets
`white-space: nowrap`; everything else still breaks where the engine likes.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from ..linebreak import NO_END, NO_START, is_wide, keeps

#: Characters of NO_START that UAX #14 lets begin a line (～ is ideographic, % a postfix).
ENGINE_MAY_START = frozenset("～％%")


def _engine_keeps(a: str, b: str) -> bool:
    """True where a UAX #14 line breaker never breaks between `a` and `b`."""
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


def keep_together(text: str) -> Markup:
    """`text` escaped, with every group no line may split wrapped in a nowrap span."""
    out, pos = [], 0
    for start, end in groups(text):
        out.append(str(escape(text[pos:start])))
        out.append(f'<span class="nw">{escape(text[start:end])}</span>')
        pos = end
    out.append(str(escape(text[pos:])))
    return Markup("".join(out))
