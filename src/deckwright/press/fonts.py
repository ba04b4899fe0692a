"""Fonts for the card faces: IPAex Gothic and Mincho built in, and any font in a project's fonts/.

The built-in fonts are TrueType-outline files from Debian; a missing one is an environment
problem, reported as a `UsageError` naming the Debian package that provides it. A project's
own fonts (`fonts/*.ttf|otf|ttc`) are named by family in layouts (`FontBook`). reportlab embeds only the glyphs a document uses. Widths are looked up from a
per-font table so that text fitting, which measures every character many times, stays cheap.
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model import InputError, UsageError

if TYPE_CHECKING:   # reportlab is imported at the first font registered
    from reportlab.pdfbase.ttfonts import TTFont


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
    """Register a built-in font with reportlab once per process; returns its reportlab name.
    reportlab is imported here, at the first font measured: `check` often measures none."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    spec = resolve(key)
    if spec.name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(kept_tables(TTFont(spec.name, str(font_path(spec)))))
    return spec.name


def kept_tables(font: TTFont) -> TTFont:
    """The font, its face's tables copied out of the font file once rather than at every
    subset: reportlab's `makeSubset`, run for each font of each PDF deckwright makes (every
    batch of rasterised faces and every chunk of a sheet PDF), copies the whole `glyf` table
    (megabytes for a Japanese font) to take a few glyphs from it. The tables are bytes, never
    changed, so every subset is the same."""
    font.face.get_table = lru_cache(maxsize=None)(font.face.get_table)
    return font


class Metrics:
    """Character widths of one font in em units (1.0 = the font size), cached per character.

    `emphasis` is the family's bold face when it has one: `**text**` is then set in it (and
    measured with it); without one, emphasis is drawn by stroking the outline.
    """

    def __init__(self, name: str, emphasis: "Metrics | None" = None):
        self.name = name
        self.emphasis = emphasis
        from reportlab.pdfbase import pdfmetrics
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
    """Metrics of a built-in font (gothic, mincho); project fonts go through `FontBook`."""
    return Metrics(register(key))


# --- a project's own fonts -------------------------------------------------------------------

FONT_SUFFIXES = {".ttf", ".otf", ".ttc", ".otc"}
STYLES = ("regular", "bold", "italic", "bold-italic")
MAX_FONT_BYTES = 64_000_000
FONTS_DIR = "fonts"


@dataclass(frozen=True)
class Face:
    """One face of a font file (a .ttc holds several), as the fonts/ folder offers it."""

    family: str
    style: str
    path: Path
    index: int


def _style(font: Any) -> str:
    os2 = font["OS/2"] if "OS/2" in font else None
    if os2 is not None:
        bold, italic = bool(os2.fsSelection & 0x20), bool(os2.fsSelection & 0x01)
    else:
        mac = font["head"].macStyle
        bold, italic = bool(mac & 1), bool(mac & 2)
    return {(False, False): "regular", (True, False): "bold", (False, True): "italic",
            (True, True): "bold-italic"}[(bold, italic)]


#: The tables every face must read cleanly before it is offered (what deckwright, reportlab
#: and WeasyPrint use besides the outlines, which `_check_outlines` reads).
TABLES = ("head", "hhea", "maxp", "name", "cmap", "post", "hmtx")
#: What fontTools' readers raise on a corrupt file, besides their own TTLibError.
CORRUPT = (struct.error, OSError, KeyError, IndexError, AssertionError, ValueError, TypeError, EOFError,
           OverflowError, ZeroDivisionError, AttributeError, MemoryError, RecursionError)


def _check_face(font: Any, path: Path, index: int) -> str:
    """Read what a face's use will read, so that a corrupt table is found here, not halfway
    through a build; returns the family name."""
    import struct

    for tag in TABLES + (("OS/2",) if "OS/2" in font else ()):
        font[tag].compile(font) if tag == "name" else font[tag]
    if not font.getBestCmap():
        raise ValueError("no Unicode character map")
    family = font["name"].getBestFamilyName()
    if not family:
        raise ValueError("no family name")
    if "glyf" in font:
        _check_outlines(path, index)
    elif "CFF " in font:
        font["CFF "].cff.topDictIndex[0].CharStrings   # the conversion reads the rest
    else:
        raise ValueError("no glyph outlines (glyf or CFF)")
    return str(family)


def _check_outlines(path: Path, index: int) -> None:
    """reportlab parses the face and cuts a subset of every character, as a PDF does: a
    corrupt `loca` or `glyf` fails here (about 0.3 s for a 6 MB Japanese font)."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    face = TTFontFile(str(path), subfontIndex=index)
    face.makeSubset(sorted(face.charToGlyph))


def _quiet_font_tools() -> None:
    """fontTools logs a line per record it cannot decode (23,106 lines for one corrupt `name`
    table); a font's problem is reported as one line of ours instead."""
    import logging
    logging.getLogger("fontTools").setLevel(logging.CRITICAL + 1)


def scan(folder: Path, root: Path) -> tuple[dict[str, dict[str, Face]], list[tuple[str, str]]]:
    """Family -> style -> face for the fonts in `folder`, and (file, why) per unusable file.

    Files are read in name order and the first face of a family and style wins, so the choice
    does not depend on the file system. Files reaching outside the project are refused, and
    every face is read through (`_check_face`) before it is offered: a corrupt file is one
    problem (`check` and `build` refuse the project, see preflight.py).
    """
    families: dict[str, dict[str, Face]] = {}
    problems: list[tuple[str, str]] = []
    if not folder.is_dir():
        return families, problems   # most projects: fontTools is not even imported
    from fontTools.ttLib import TTCollection, TTFont as TTFontTools, TTLibError
    from reportlab.pdfbase.ttfonts import TTFError
    _quiet_font_tools()

    for path in sorted(p for p in folder.iterdir() if p.suffix.lower() in FONT_SUFFIXES):
        shown = f"{FONTS_DIR}/{path.name}"
        real = path.resolve()
        if not real.is_relative_to(root.resolve()) or not real.is_file():
            problems.append((shown, "not a font file inside the project; ignored"))
            continue
        if real.stat().st_size > MAX_FONT_BYTES:
            problems.append((shown, f"larger than {MAX_FONT_BYTES // 1_000_000} MB; refused"))
            continue
        try:
            count = len(TTCollection(real, lazy=True).fonts) if path.suffix.lower() in {
                ".ttc", ".otc"} else 1
            faces = []
            for index in range(count):
                with TTFontTools(real, fontNumber=index, lazy=True) as font:
                    faces.append(Face(_check_face(font, real, index), _style(font), real, index))
        except (TTLibError, TTFError, *CORRUPT) as exc:
            said = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            if isinstance(exc, struct.error):
                said = f"truncated or corrupt: {said}"
            problems.append((shown, f"not a readable font ({said[:200]})"))
            continue
        except Exception as exc:  # noqa: BLE001 - a font is untrusted; its readers raise anything
            problems.append((shown, f"not a readable font ({type(exc).__name__})"))
            continue
        for face in faces:
            families.setdefault(face.family, {}).setdefault(face.style, face)
    return families, problems


class FontBook:
    """The fonts a project can name: gothic and mincho built in, plus its fonts/ folder."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self.families, self.problems = scan(self.root / FONTS_DIR, self.root)
        self._metrics: dict[tuple[str, str], Metrics] = {}

    def names(self) -> list[str]:
        return list(FONTS) + sorted(self.families)

    def known(self, name: str) -> bool:
        return name in FONTS or name in self.families

    def unknown(self, name: str) -> str:
        """The message for a font name that is neither built in nor in fonts/."""
        import difflib

        close = difflib.get_close_matches(name, self.names(), n=1, cutoff=0.6)
        hint = f"did you mean {close[0]}?" if close else f"known: {', '.join(self.names())}"
        skipped = (f"; skipped {'; '.join(f'{f}: {why}' for f, why in self.problems)}"
                   if self.problems else "")
        return (f"no font {name!r}: not gothic or mincho, and no family of that name in "
                f"{FONTS_DIR}/ ({hint}{skipped})")

    def metrics(self, name: str, style: str = "regular") -> Metrics:
        """Metrics of a family in a style; a style the family lacks falls back to regular."""
        key = (name, style)
        if key not in self._metrics:
            if name in FONTS:
                self._metrics[key] = metrics(name)
            elif name not in self.families:
                raise UsageError(self.unknown(name))
            else:
                faces = self.families[name]
                face = faces.get(style) or faces.get("regular") or next(iter(faces.values()))
                bold = {"regular": "bold", "italic": "bold-italic"}.get(face.style)
                emphasis = self._register(faces[bold]) if bold in faces else None
                self._metrics[key] = Metrics(self._register(face), emphasis and Metrics(emphasis))
        return self._metrics[key]

    def _register(self, face: Face) -> str:
        """The face registered with reportlab; a CFF face whose outlines the conversion cannot
        read (checked only here, as it is slow) is one line too."""
        try:
            return _register_face(face.path, face.index, self.root)
        except (UsageError, InputError):
            raise
        except Exception as exc:  # noqa: BLE001 - a font is untrusted; its readers raise anything
            said = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise UsageError(f"{FONTS_DIR}/{face.path.name}: not a readable font "
                             f"({said[:200]})") from None


@lru_cache(maxsize=None)
def _register_face(path: Path, index: int, root: Path) -> str:
    """Register one face with reportlab (converting CFF outlines first); returns its name.

    The name is made from the file's content, not its path, so outputs do not depend on where
    the project lives.
    """
    import hashlib

    from fontTools.ttLib import TTFont as TTFontTools
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from .fontconvert import is_cff, truetype_copy

    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    name = f"DW{digest}-{index}"
    if name in pdfmetrics.getRegisteredFontNames():
        return name
    with TTFontTools(path, fontNumber=index, lazy=True) as font:
        cff = is_cff(font)
    if cff:
        pdfmetrics.registerFont(kept_tables(TTFont(name, str(truetype_copy(path, index, root)))))
    else:
        pdfmetrics.registerFont(kept_tables(TTFont(name, str(path), subfontIndex=index)))
    return name


def fontbook(root: Path) -> FontBook:
    """The project's fonts, scanned again only when the fonts/ folder's files change."""
    root = Path(root).resolve()
    folder = root / FONTS_DIR
    listing = tuple(sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns)
                           for p in folder.iterdir() if p.is_file())) if folder.is_dir() else ()
    return _fontbook(root, listing)


@lru_cache(maxsize=16)
def _fontbook(root: Path, listing: tuple[tuple[str, int, int], ...]) -> FontBook:
    return FontBook(root)
