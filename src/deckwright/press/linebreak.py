"""Where a line of Japanese (or mixed) text may break: one set of rules for every medium.

Card faces (textfit.py, measured in reportlab) and the rulebook (rulebook/typeset.py, HTML
laid out by WeasyPrint and browsers) both ask `keeps(text)` where a break is forbidden, so a
face and a rulebook paragraph never disagree about 「3枚」 or a line starting with 。. The rules
follow JIS X 4051 and the W3C's JLREQ, with deckwright's conventions for numbers and labels:

- a line may break between any two wide (CJK) characters, at a space, and before or after an
  inline icon (U+FFFC stands for one); never inside a Latin word (Latin breaks only at spaces);
- kinsoku: a character of `NO_START` (closing brackets, 、。・ー, small kana, ...) never begins
  a line, one of `NO_END` (opening brackets) never ends one;
- a number is whole (「１２」「1,000」「2.5」「1/2」, a range 「2〜3」, with its sign or
  currency: 「−1」「¥0」);
- a number keeps what follows it: a known counter word whole (「3ターン」「2枚目」), a bracketed
  cost letter (「8(C)」), a counter after a typed space (「54 枚」), or else the one letter
  after it, so an unlisted counter (「2マス」) is kept too;
- a number keeps the letter before it (a label and its value: 「コスト0」「水8」), unless that
  letter is hiragana: a particle ends a phrase, the natural place for a break (「色を／4色」);
- a no-break space (U+00A0) glues its neighbours, and with them the whole word of one script on
  each side (「コスト\u00a0火2」 moves as one);
- a paragraph's last line holds more than one character and its stop: the two wide characters
  before a paragraph's final stop stay together (「ます。」 moves as one, never 「す。」 alone).

Everything else (measuring, filling lines, markup) belongs to the medium.
"""

from __future__ import annotations

import re

#: Characters that may not begin a line (JLREQ cl-02 closing brackets, cl-03 hyphens, cl-04
#: dividing punctuation, cl-05 middle dots, cl-06 full stops, cl-07 commas, cl-08 inseparable
#: leaders, cl-09 iteration marks, cl-10 the prolonged sound mark, cl-11 small kana; cl-14
#: percent signs), with their ASCII equivalents.
NO_START = frozenset(
    "、。，．,.・：；:;！？!?‼⁇⁈⁉)）］]｝}〕〉》」』】〙〗〟⦆’”»ー‐゠–〜～…‥ゝゞヽヾ々〻％%"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ")
#: Characters that may not end a line (JLREQ cl-01 opening brackets, with ASCII ones).
NO_END = frozenset("「『（(［[｛{〔〈《【〘〖〝⦅‘“«")
#: Characters of NO_START that belong to a word rather than punctuate it (カード, 人々, ショット).
WORD_MARKS = frozenset("ー々〻ゝゞヽヾァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ")
#: Digits, half and full width; a run of them (with inner , . : /) is one number.
DIGITS = frozenset("0123456789０１２３４５６７８９")
#: A sign or currency written before a number belongs to it: −1, ＋2, ¥0, #3.
PREFIX = frozenset("+-−＋－±¥￥$＄#＃")
#: One number: an optional sign, digits, and digits after a decimal point, comma, colon or
#: slash, or after the wave dash of a range (「2〜3人」 is one number and its counter).
NUMBER = re.compile(r"[+\-−＋－±¥￥$＄#＃]?[0-9０-９]+(?:[.,:/，．：／〜～–][0-9０-９]+)*")
NBSP = "\u00a0"
#: Spaces a line may break at (after them); a medium drops them at a line's start and end.
SPACES = frozenset(" \u3000")
#: What an inline icon stands for in a text given to `keeps`.
OBJECT = "\ufffc"
#: Counters and units of more than one character, kept whole after a number (longest first).
#: A one-character counter (枚, 点, 色, ...) needs no list: the letter after a number stays.
COUNTERS = ("ダメージ", "ポイント", "ターン", "ページ", "コスト", "ラウンド", "ゲーム", "カ所",
            "ヵ所", "ヶ所", "か所", "箇所", "ヵ月", "ヶ月", "か月", "枚目", "番目", "人目",
            "回目", "つ目", "周目", "種類", "段階", "回戦", "mm", "cm", "pt", "px")
#: Counters still kept with a number when a space was typed between them (「54 枚」).
SPACED = ("枚目", "番目", "ターン", "ページ", "段階", "枚", "点", "色", "回", "個", "人", "倍")
#: A cost letter in brackets written right after a number: 8(C), ８（Ｃ）.
SUFFIX = re.compile(r"\([A-Za-zＡ-Ｚａ-ｚ]\)|（[A-Za-zＡ-Ｚａ-ｚ]）")


def is_wide(ch: str) -> bool:
    """True for characters a line may break around (CJK, kana, full-width forms, symbols)."""
    o = ord(ch)
    return o >= 0x2E80 or 0x2190 <= o <= 0x2BFF or 0x2460 <= o <= 0x24FF


def is_letter(ch: str) -> bool:
    """A character of a word (a letter, kana or kanji, ー), not punctuation, space or icon."""
    return (ch.isalnum() or is_wide(ch)) and (ch not in NO_START or ch in WORD_MARKS) \
        and ch not in NO_END and ch not in PREFIX and not ch.isspace() and ch != OBJECT


def is_hiragana(ch: str) -> bool:
    """Hiragana: before a number it is a particle or an inflection, where a phrase ends."""
    return "\u3041" <= ch <= "\u309f"


def script(ch: str) -> str | None:
    """The script of a word character (katakana, hiragana, kanji), else None."""
    if "\u30a1" <= ch <= "\u30fa" or ch == "ー":
        return "katakana"
    if "\u3041" <= ch <= "\u3096":
        return "hiragana"
    if "\u4e00" <= ch <= "\u9fff" or ch == "々":
        return "kanji"
    return None


def _counter(text: str, i: int) -> int:
    """Length of what a number ending just before `i` keeps after it (0: nothing)."""
    for word in COUNTERS:
        if text.startswith(word, i):
            return len(word)
    suffix = SUFFIX.match(text, i)
    if suffix:
        return len(suffix.group())
    if i < len(text) and text[i] in SPACES:
        return next((1 + len(w) for w in SPACED if text.startswith(w, i + 1)), 0)
    if i < len(text) and text[i] not in SPACES and text[i] != "\n" and text[i] != OBJECT \
            and not (text[i] in NO_END and is_wide(text[i])):
        return 1
    return 0


def _numbers(text: str, keep: list[bool]) -> None:
    """Mark the inside of every number, its counter after it and a label letter before it."""
    pos = 0
    while True:
        m = NUMBER.search(text, pos)
        if m is None:
            return
        start, end = m.span()
        if text[start] in PREFIX and start and not is_wide(text[start]) \
                and not is_wide(text[start - 1]) and not text[start - 1].isspace():
            start += 1  # a hyphen inside a Latin word ("a-1") is not a sign
        for i in range(start + 1, end):
            keep[i] = True
        if start and is_letter(text[start - 1]) and not is_hiragana(text[start - 1]):
            keep[start] = True  # コスト0, 水8: a label and its value
        for i in range(end, end + _counter(text, end)):
            keep[i] = True  # 3枚, 3ターン, 8(C), 54 枚: the number and what it counts
        pos = m.end()


def _nbsp_words(text: str, keep: list[bool]) -> None:
    """A no-break space glues its neighbours and the word of one script on each side."""
    for k, ch in enumerate(text):
        if ch != NBSP:
            continue
        keep[k] = k > 0
        if k + 1 < len(text):
            keep[k + 1] = True
        j = k - 1
        while j > 0 and script(text[j]) is not None and script(text[j - 1]) == script(text[j]):
            keep[j] = True
            j -= 1
        j = k + 1
        while j + 1 < len(text) and script(text[j]) is not None \
                and script(text[j + 1]) == script(text[j]):
            keep[j + 1] = True
            j += 1


def keeps(text: str) -> list[bool]:
    """For each index i, True when no line may break between text[i-1] and text[i].

    `text` is a paragraph (or a run of one) as plain characters: U+FFFC for an inline icon,
    U+00A0 for a no-break space, "\\n" for a hard break. Index 0 is always False."""
    keep = [False] * len(text)
    for i in range(1, len(text)):
        a, b = text[i - 1], text[i]
        if a in SPACES or b in SPACES or a == "\n" or b == "\n":
            continue  # a break at a space (a number's spaced counter is marked below)
        if b in NO_START or a in NO_END:
            keep[i] = True  # kinsoku
        elif not is_wide(a) and not is_wide(b):
            keep[i] = True  # inside a Latin word
    _numbers(text, keep)
    _nbsp_words(text, keep)
    _last_word(text, keep)
    return keep


#: What may follow a paragraph's last word: its stop and closing brackets.
_TAIL = frozenset("。、．，！？!?」』）】〕\"”’")


def _last_word(text: str, keep: list[bool]) -> None:
    """A paragraph (or a line before a hard break) never ends on a line holding one
    character and its stop (「す。」 alone): its last two wide characters before the stop
    stay on one line."""
    for end in [k for k, ch in enumerate(text) if ch == "\n"] + [len(text)]:
        j = end - 1
        while j >= 0 and text[j] in _TAIL:
            j -= 1
        if j < end - 1 and j >= 1 and is_wide(text[j]) and is_wide(text[j - 1]) \
                and text[j - 1] not in SPACES and text[j - 1] not in NO_END:
            keep[j] = True

