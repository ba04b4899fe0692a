"""Inline markup of card text: `{icon}`, `{icon:arg}`, `**emphasis**` and line breaks.

The validator (`model.validate.ICON_RE`) decides which icons exist; this module only splits a
text into runs the fitter can measure and the face can draw. Card text is data: nothing in it is
evaluated, an unmatched `**` is printed as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model.validate import ICON_RE


@dataclass(frozen=True)
class Run:
    """Plain text, drawn emphasised or not."""

    text: str
    emph: bool = False


@dataclass(frozen=True)
class Icon:
    """A vector glyph drawn on the text baseline, e.g. {red} or {draw:2}."""

    name: str
    arg: str | None = None


@dataclass(frozen=True)
class Break:
    """A hard line break (a newline in the text)."""


Token = Run | Icon | Break

_EMPH = re.compile(r"\*\*(.+?)\*\*", re.S)


def _plain(text: str, emph: bool, out: list[Token]) -> None:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if i:
            out.append(Break())
        if line:
            out.append(Run(line, emph))


def _icons(text: str, emph: bool, out: list[Token]) -> None:
    pos = 0
    for m in ICON_RE.finditer(text):
        _plain(text[pos:m.start()], emph, out)
        out.append(Icon(m.group(1), m.group(2)))
        pos = m.end()
    _plain(text[pos:], emph, out)


#: A space between two Japanese characters: a YAML line fold, not a space a reader should see.
FOLDED_SPACE = re.compile(r"(?<=[\u3000-\u30ff\u3400-\u9fff\uff00-\uff60]) "
                          r"(?=[\u3000-\u30ff\u3400-\u9fff\uff00-\uff60])")


def parse(text: str) -> list[Token]:
    """Split marked-up text into runs, icons and breaks, in reading order.

    Folded YAML lines leave a space between two Japanese characters; it is dropped here, so
    card faces and the rulebook both print the sentence the designer meant."""
    text = FOLDED_SPACE.sub("", text)
    out: list[Token] = []
    pos = 0
    for m in _EMPH.finditer(text):
        _icons(text[pos:m.start()], False, out)
        _icons(m.group(1), True, out)
        pos = m.end()
    _icons(text[pos:], False, out)
    return out

