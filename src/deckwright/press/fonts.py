"""Japanese fonts for the card faces: IPAex Gothic and Mincho, embedded and subset by reportlab.

The fonts are TrueType-outline files from Debian; reportlab embeds only the glyphs a document
uses. A missing font is an environment problem, reported as a `UsageError` naming the Debian
package that provides it, never a traceback. Widths are looked up from a per-font table so that
text fitting, which measures every character many times, stays cheap.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..model import UsageError


@dataclass(frozen=True)
class FontSpec:
    key: str          # the name layouts use: gothic, mincho
    name: str         # the name registered with reportlab
    files: tuple[str, ...]
    package: str      # the Debian package that installs it


FONTS: dict[str, FontSpec] = {
    "gothic": FontSpec("gothic", "IPAexGothic", (
        "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
        "/usr/share/fonts/truetype/ipaexfont-gothic/ipaexg.ttf",
        "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf"), "fonts-ipaexfont-gothic"),
    "mincho": FontSpec("mincho", "IPAexMincho", (
        "/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf",
        "/usr/share/fonts/truetype/ipaexfont-mincho/ipaexm.ttf",
        "/usr/share/fonts/truetype/fonts-japanese-mincho.ttf"), "fonts-ipaexfont-mincho"),
}

#: Environment variable naming a folder searched first (for machines without the Debian fonts).
FONT_DIR_ENV = "DECKWRIGHT_FONT_DIR"


def font_path(spec: FontSpec) -> Path:
    """The first existing file for a font, or a UsageError naming the package to install."""
    candidates = list(spec.files)
    extra = os.environ.get(FONT_DIR_ENV)
    if extra:
        candidates = [str(Path(extra) / Path(f).name) for f in spec.files] + candidates
    for candidate in candidates:
        if Path(candidate).is_file():
            return Path(candidate)
    raise UsageError(f"font {spec.name} not found (looked for {spec.files[0]}); "
                     f"install it with: apt-get install {spec.package}")


def resolve(key: str) -> FontSpec:
    try:
        return FONTS[key]
    except KeyError:
        raise UsageError(f"unknown font {key!r} (known: {', '.join(FONTS)})") from None


@lru_cache(maxsize=None)
def register(key: str) -> str:
    """Register a font with reportlab once per process; returns its reportlab name."""
    spec = resolve(key)
    if spec.name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(spec.name, str(font_path(spec))))
    return spec.name


class Metrics:
    """Character widths of one font in em units (1.0 = the font size), cached per character."""

    def __init__(self, key: str):
        self.name = register(key)
        face = pdfmetrics.getFont(self.name).face
        self._widths: dict[int, int] = face.charWidths
        self._glyphs: dict[int, int] = face.charToGlyph
        self._default = face.defaultWidth
        self._cache: dict[str, float] = {}

    def has(self, char: str) -> bool:
        return ord(char) in self._glyphs or char in "\n\t"

    def char(self, char: str) -> float:
        w = self._cache.get(char)
        if w is None:
            w = self._widths.get(ord(char), self._default) / 1000.0
            self._cache[char] = w
        return w

    def text(self, text: str) -> float:
        cache, get = self._cache, self._cache.get
        total = 0.0
        for ch in text:
            w = get(ch)
            if w is None:
                w = self.char(ch)
            total += w
        return total

    def missing(self, text: str) -> str:
        """Characters of `text` the font has no glyph for, in order, each once."""
        seen: dict[str, None] = {}
        for ch in text:
            if not self.has(ch) and ch != " ":
                seen[ch] = None
        return "".join(seen)


@lru_cache(maxsize=None)
def metrics(key: str) -> Metrics:
    return Metrics(key)
