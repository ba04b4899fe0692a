"""CFF-outline fonts made usable by reportlab: cubic outlines converted once to TrueType.

reportlab embeds TrueType (glyf) outlines only, while many fonts, Noto Sans CJK among them, ship
as OpenType with CFF outlines (.otf). The conversion follows fontTools' otf2ttf recipe: every
glyph is drawn through `Cu2QuPen` (cubic to quadratic curves within 1 font unit), the glyf and
loca tables replace CFF, and maxp and post are rewritten for TrueType. It is slow for a large
CJK font, so the result is cached in the project's build/.fonts/, named by a SHA-256 of the
source file, this module's code (with what it imports of deckwright) and fontTools' version,
and by the face index: a changed font, or a converter fixed since, gets a new file; an
unchanged one is reused.
"""

from __future__ import annotations

import io
from pathlib import Path

from fontTools import version as FONTTOOLS_VERSION
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

from .. import manifest
from ..atomic import write_bytes

MAX_ERR = 1.0  # font units a quadratic curve may stray from the cubic it replaces
CACHE_DIR = Path("build") / ".fonts"


def is_cff(font: TTFont) -> bool:
    return "CFF " in font or "CFF2" in font


def _quadratic_glyphs(font: TTFont) -> dict:
    glyphs = font.getGlyphSet()
    out = {}
    for name in font.getGlyphOrder():
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, MAX_ERR, reverse_direction=True))
        out[name] = pen.glyph()
    return out


def to_truetype(font: TTFont) -> bytes:
    """The font with its CFF outlines replaced by TrueType ones, as a .ttf file's bytes."""
    order = font.getGlyphOrder()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = _quadratic_glyphs(font)
    for tag in ("CFF ", "CFF2", "VORG"):
        if tag in font:
            del font[tag]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 0)
    maxp.compile(font)
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    try:
        post.compile(font)
    except OverflowError:
        post.formatType = 3.0
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()


def truetype_copy(path: Path, index: int, project_root: Path) -> Path:
    """A TrueType-outline file for face `index` of `path`, converted once and then reused."""
    digest = manifest.Key(("converter", manifest.code_version(("press/fontconvert.py",))),
                          ("fontTools", FONTTOOLS_VERSION),
                          ("font", path.read_bytes())).hexdigest()[:32]
    cached = project_root / CACHE_DIR / f"{digest}-{index}.ttf"
    if not cached.is_file():
        with TTFont(path, fontNumber=index, lazy=False) as font:
            write_bytes(cached, to_truetype(font))
    return cached
