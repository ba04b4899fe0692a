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
#: A colon after Japanese is full width, with no space after it (「イベント: もう1枚」).
_HALF_COLON = re.compile(r"(?<=[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]): ?")
#: A question or exclamation mark after Japanese is full width (「どんなゲーム?」).
_HALF_MARK = re.compile(r"(?<=[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff])([?!])")


def counters_closed(text: str) -> str:
    """「1 枚」 -> 「1枚」: a number and its counter are set without a space (JLREQ), whoever
    typed the text (141 spaced against 15 closed over the five Japanese books)."""
    return _SPACED_COUNTER.sub("", text)


def brackets_in_japanese(text: str) -> str:
    """Parentheses set as Japanese text sets them (JLREQ): a pair holding Japanese is full
    width (「原文(100枚)」 -> 「原文（100枚）」, 「Dobon (ドボン)」), a pair holding only Latin
    letters and digits stays half width ("(copy 2)", a cost's 「8(C)」), so a book never mixes
    （） and () around its Japanese; the text keeps its length."""
    out, open_at = list(text), []
    for i, ch in enumerate(text):
        if ch == "(":
            open_at.append(i)
        elif ch == ")" and open_at:
            start = open_at.pop()
            if _JAPANESE.search(text, start + 1, i):
                out[start], out[i] = "（", "）"
    return "".join(out)


#: A space a folded YAML line left inside Japanese (「1 枚を その人に」, 「抗し、 P1の」): after
#: a Japanese stop or comma, between a Japanese character and another wide one (■, ④, 「), or
#: between a closing bracket and kana or kanji (「「火炎雨」 灼熱」); a space between two
#: bracketed names (「「A」 「B」」, a list) or before Latin (「「A」 P2の」) stays.
_KANA_KANJI = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
_FOLDED_SPACE = re.compile(
    rf"(?<=[、。，．：；！？・]) +|(?<=[{_KANA_KANJI}]) +(?=[^\x00-\x7f])"
    rf"|(?<=[」』）】〕]) +(?=[{_KANA_KANJI}])")


def spaces_closed(text: str) -> str:
    """「を その」 -> 「をその」, 「、 ④」 -> 「、④」: Japanese sets no space between its
    characters or after its punctuation; a designer's line folded in YAML (`>-`) joins its lines
    with one. A space between Japanese and Latin letters or digits (「P1 が」) stays."""
    return _FOLDED_SPACE.sub("", text)


def japanese_set(text: str) -> str:
    """`text` with its folding spaces and the spaces before counters closed and its
    parentheses set (the rules above)."""
    text = _HALF_MARK.sub(lambda m: "？" if m.group(1) == "?" else "！", text)
    text = _HALF_COLON.sub("：", text)
    return brackets_in_japanese(counters_closed(spaces_closed(text)))
