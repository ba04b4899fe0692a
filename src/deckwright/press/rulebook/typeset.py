"""Japanese line breaking the browsers and WeasyPrint do not do by themselves, as HTML spans.

Line breakers (Pango for the PDF, Chromium for the page) follow UAX #14, which allows a break
between a number and a following ideograph: 「カード1／枚」, 「コスト／0」, 「−1／点。」. Japanese
typesetting (JIS X 4051) keeps a number with its counter or unit, keeps a number whole, and never
starts a line with closing punctuation. Each such group is wrapped in `<span class="nw">`, which
the stylesheet sets `white-space: nowrap`; everything else still breaks where the engine likes.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

#: Closing brackets and punctuation that may never start a line.
CLOSERS = "、。，．,.）)」』】〕〉》］]｝}！？!?：:；;…‥ー々ゝゞぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
#: Counters and units that belong to the number before them (longest first).
COUNTERS = ("枚目", "番目", "人目", "回目", "ターン", "ページ", "ポイント", "ダメージ", "コスト",
            "枚", "点", "人", "分", "秒", "回", "色", "個", "番", "つ", "歳", "件", "倍", "割",
            "度", "位", "手", "列", "段", "本", "匹", "体", "mm", "cm", "pt", "px", "%", "％")
_NUMBER = r"[+\-−＋－±]?[0-9０-９]+(?:[.,:/／][0-9０-９]+)*"
#: One group a line may not split: the character before a number when it belongs to it
#: (コスト0, 火2, ¥0; not a particle: を4色 may break after を), the number with its counter
#: and a bracketed suffix (水8(C)), and the closers after it.
#: Counters also kept when a space was typed before them (「54 枚」).
SPACED = ("枚目", "ターン", "ページ", "枚", "点", "色", "回", "個")
KEEP_RE = re.compile(
    rf"[^\s0-9０-９ぁ-ゖ]?{_NUMBER}(?:{'|'.join(map(re.escape, COUNTERS))}"
    rf"|[ \u3000](?:{'|'.join(map(re.escape, SPACED))}))?"
    rf"(?:\([A-Za-z]\)|（[A-Za-z]）)?[{re.escape(CLOSERS)}]*")


BARE_RE = re.compile(r"[0-9０-９]+")


def keep_together(text: str) -> Markup:
    """`text` escaped, with every number group wrapped so that no line breaks inside it."""
    out, pos = [], 0
    for match in KEEP_RE.finditer(text):
        if BARE_RE.fullmatch(match.group(0)):
            continue  # digits alone: no line breaker splits them
        out.append(str(escape(text[pos:match.start()])))
        out.append(f'<span class="nw">{escape(match.group(0))}</span>')
        pos = match.end()
    out.append(str(escape(text[pos:])))
    return Markup("".join(out))


def leading_closers(text: str) -> int:
    """How many characters at the start of `text` may not begin a line."""
    n = 0
    while n < len(text) and text[n] in CLOSERS:
        n += 1
    return n
