"""Japanese text set the one way JLREQ sets it, whoever typed it.

The designers' texts mix 「1 枚」 with 「1枚」 (141 against 15 over the five Japanese books) and
（） with (); a book sets each one way. `Labels.prose` passes every designer's sentence the
rulebook prints through `japanese_set`; deckwright's own words are written this way already.
Latin text is left alone (nothing here matches it).
"""

from __future__ import annotations

import re

from ..linebreak import SPACED

#: Kana, kanji and Japanese punctuation (not a suit symbol ♠, which is wide but not Japanese).
_JAPANESE = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")

#: A space typed between a number and its Japanese counter (「1 枚」, 「2 人」, 「4 スート」):
#: JLREQ sets none. The line breaker's counters (SPACED) and those a book's prose also uses.
COUNTERS = SPACED + ("人", "位", "倍", "体", "種類", "スート", "組", "か所", "番")
_SPACED_COUNTER = re.compile(r"(?<=[0-9０-９]) (?=(?:%s))" % "|".join(COUNTERS))

_KANA_KANJI = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
#: Half-width ? and ! after Japanese (「どんなゲーム?」) are set full width.
_NARROW_MARK = re.compile(r"(?<=[%s])([?!])" % _KANA_KANJI)
#: A half-width colon after Japanese or before it (「パート1:自分の倉庫」, 「制作: BLUE」) is
#: set full width, with no space after it; and a comma between Japanese words is a 、.
_NARROW_COLON = re.compile(r"(?<=[%s]): *|(?<=[0-9A-Za-z]): *(?=[%s])" % (_KANA_KANJI, _KANA_KANJI))
_NARROW_COMMA = re.compile(r"(?<=[%s]), *(?=[%s])" % (_KANA_KANJI, _KANA_KANJI))


def counters_closed(text: str) -> str:
    """「1 枚」 -> 「1枚」: a number and its counter are set without a space (JLREQ), whoever
    typed the text (141 spaced against 15 closed over the five Japanese books)."""
    return _SPACED_COUNTER.sub("", text)


def brackets_in_japanese(text: str) -> str:
    """Parentheses set as Japanese text sets them (JLREQ): a pair holding Japanese, or opened
    right after Japanese, is full width (「原文(100枚)」 -> 「原文（100枚）」, 「決め(Q&A①)」 ->
    「決め（Q&A①）」); a pair holding only Latin letters and digits after Latin stays half width
    ("(copy 2)", a cost's 「8(C)」), so a book never mixes （） and () around its Japanese;
    the text keeps its length."""
    out, open_at = list(text), []
    for i, ch in enumerate(text):
        if ch == "(":
            open_at.append(i)
        elif ch == ")" and open_at:
            start = open_at.pop()
            after_japanese = start > 0 and _JAPANESE.match(text, start - 1)
            if after_japanese or _JAPANESE.search(text, start + 1, i):
                out[start], out[i] = "（", "）"
    return "".join(out)


#: A space a folded YAML line left inside Japanese (「1 枚を その人に」, 「抗し、 P1の」): after
#: a Japanese stop or comma, between a Japanese character and another wide one (■, ④, 「), or
#: between a closing bracket and kana or kanji (「「火炎雨」 灼熱」); a space between two
#: bracketed names (「「A」 「B」」, a list), before Latin (「「A」 P2の」) or before a suit
#: (「P1 が ♠9 を」, set like Latin) stays.
_FOLDED_SPACE = re.compile(
    rf"(?<=[、。，．：；！？・「『（【〔]) +|(?<=[{_KANA_KANJI}]) +(?=[^\x00-\x7f\u2660-\u2667])"
    rf"|(?<=[」』）】〕]) +(?=[{_KANA_KANJI}])")


def spaces_closed(text: str) -> str:
    """「を その」 -> 「をその」, 「、 ④」 -> 「、④」: Japanese sets no space between its
    characters or after its punctuation; a designer's line folded in YAML (`>-`) joins its lines
    with one. A space between Japanese and Latin letters or digits (「P1 が」) stays."""
    return _FOLDED_SPACE.sub("", text)


def marks_set(text: str) -> str:
    """A half-width ?, !, : or , in Japanese set full width (「ゲーム?」, 「イベント: もう1枚」,
    「反射, 偽情報」)."""
    text = _NARROW_COMMA.sub("、", _NARROW_COLON.sub("：", text))
    return _NARROW_MARK.sub(lambda m: "？" if m.group(1) == "?" else "！", text)


def japanese_set(text: str, prose: bool = True) -> str:
    """`text` with its marks set, its folding spaces and the spaces before counters closed
    and its parentheses set (the rules above). `prose=False` for a title or a heading, where a
    space between Japanese words is meant (「超ページワン ルールブック」, 「例3 セルフドボン」)."""
    text = marks_set(spaces_closed(text) if prose else text)
    return brackets_in_japanese(counters_closed(text))
