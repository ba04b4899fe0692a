"""A project's own fonts: tiny TrueType and CFF fonts made here, named by family in a layout.

The fonts are drawn with fontTools' FontBuilder (every glyph a box, CFF ones with curves so that
the cubic-to-quadratic conversion has work to do), so the test needs no downloads.
"""

from __future__ import annotations

import re
from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from deckwright.cli import main
from deckwright.press.fontconvert import CACHE_DIR
from deckwright.press.fonts import FontBook

CHARS = "".join(chr(c) for c in range(0x21, 0x7F)) + "点"
FS_SELECTION = {"Regular": 0x40, "Bold": 0x20, "Italic": 0x01}


def _draw(pen, width: int, curved: bool) -> None:
    pen.moveTo((50, 0))
    if curved:
        pen.curveTo((50, 400), (width - 50, 400), (width - 50, 0))
        pen.lineTo((width - 50, 700))
        pen.curveTo((width - 50, 750), (50, 750), (50, 700))
    else:
        pen.lineTo((width - 50, 0))
        pen.lineTo((width - 50, 700))
        pen.lineTo((50, 700))
    pen.closePath()


def make_font(path: Path, family: str, style: str = "Regular", cff: bool = False,
              chars: str = CHARS, width: int = 600) -> Path:
    """A font whose every character is a box (or a curved shape) `width` units wide."""
    names = [".notdef", "space"] + [f"uni{ord(c):04X}" for c in chars]
    fb = FontBuilder(1000, isTTF=not cff)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({0x20: "space", **{ord(c): f"uni{ord(c):04X}" for c in chars}})
    ps = f"{family.replace(' ', '')}-{style}"
    if cff:
        strings = {}
        for name in names:
            pen = T2CharStringPen(width, None)
            if name != "space":
                _draw(pen, width, True)
            strings[name] = pen.getCharString()
        fb.setupCFF(ps, {"FullName": f"{family} {style}"}, strings, {})
    else:
        glyphs = {}
        for name in names:
            pen = TTGlyphPen(None)
            if name != "space":
                _draw(pen, width, False)
            glyphs[name] = pen.glyph()
        fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({n: (width, 50) for n in names})
    fb.setupHorizontalHeader(ascent=880, descent=-120)
    fb.setupNameTable({"familyName": family, "styleName": style, "psName": ps})
    fb.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120,
                fsSelection=FS_SELECTION[style])
    fb.setupPost()
    fb.font["head"].macStyle = {"Bold": 1, "Italic": 2}.get(style, 0)
    fb.save(str(path))
    return path


DATABASE = """\
game:
  id: fox
  title: Fox
  players: {min: 2, max: 4}
  categories: [{id: unit, title: Unit, layout: unit}]
  backs: [{id: main, title: Fox, color: "#333333"}]
  source: test
cards:
  - {id: red-fox, name: Red Fox, category: unit, text: "Runs **Fast**"}
  - {id: old-fox, name: Old Fox, category: unit, text: "Sleeps"}
decks:
  - {id: all, title: All, cards: {red-fox: 1, old-fox: 1}}
"""
LAYOUT = """\
font: {font}
regions:
  name:
    kind: text
    x: 4
    y: 4
    w: -4
    h: 10
    text: "{{{{ card.name }}}}"
    size: 12
  text:
    kind: text
    x: 4
    y: 20
    w: -4
    h: 20
    text: "{{{{ card.text }}}}"
    size: 10
    style: {style}
"""


def project(tmp_path: Path, font: str = "Fox Serif", style: str = "regular") -> Path:
    root = tmp_path / "p"
    (root / "cards").mkdir(parents=True)
    (root / "fonts").mkdir()
    (root / "templates" / "faces").mkdir(parents=True)
    (root / "cards" / "fox.yaml").write_text(DATABASE, encoding="utf-8")
    (root / "templates" / "faces" / "unit.yaml").write_text(
        LAYOUT.format(font=font, style=style), encoding="utf-8")
    make_font(root / "fonts" / "FoxSans-Regular.ttf", "Fox Sans")
    make_font(root / "fonts" / "FoxSans-Bold.ttf", "Fox Sans", "Bold", width=700)
    make_font(root / "fonts" / "FoxSerif.otf", "Fox Serif", cff=True)
    return root


def embedded_fonts(pdf: Path) -> dict[str, object]:
    fonts: dict[str, object] = {}

    def collect(resources) -> None:
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            fonts[str(font.get_object()["/BaseFont"]).split("+")[-1]] = font.get_object()
        for xobj in (resources.get("/XObject") or {}).values():
            if "/Resources" in xobj.get_object():
                collect(xobj.get_object()["/Resources"])

    for page in PdfReader(pdf).pages:
        collect(page["/Resources"])
    return fonts


def build(root: Path) -> int:
    return main(["-C", str(root), "build", "--only", "pnp", "--paper", "a4"])


def test_fonts_folder_is_read_by_family_and_style(tmp_path: Path) -> None:
    book = FontBook(project(tmp_path))
    assert sorted(book.families) == ["Fox Sans", "Fox Serif"]
    assert sorted(book.families["Fox Sans"]) == ["bold", "regular"]
    assert book.names()[:2] == ["gothic", "mincho"]
    assert "did you mean Fox Sans?" in book.unknown("Fox Sams")


def test_a_cff_font_is_converted_once_cached_and_embedded(tmp_path: Path) -> None:
    root = project(tmp_path)
    assert build(root) == 0
    cached = list((root / CACHE_DIR).glob("*.ttf"))
    assert len(cached) == 1
    with TTFont(cached[0]) as converted:
        assert "glyf" in converted and "CFF " not in converted
        assert converted["maxp"].numGlyphs == len(CHARS) + 2
    pdf = root / "build" / "fox" / "pnp-a4.pdf"
    fonts = embedded_fonts(pdf)
    assert "FoxSerif-Regular" in fonts, fonts.keys()
    assert "/FontFile2" in fonts["FoxSerif-Regular"]["/FontDescriptor"].get_object()
    text = "".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert "Red Fox" in text and "Old Fox" in text
    stamp = cached[0].stat().st_mtime_ns
    assert build(root) == 0
    assert cached[0].stat().st_mtime_ns == stamp  # reused, not converted again


def test_bold_face_sets_emphasis_and_style(tmp_path: Path) -> None:
    root = project(tmp_path, font='"Fox Sans"')
    assert build(root) == 0
    fonts = embedded_fonts(root / "build" / "fox" / "pnp-a4.pdf")
    assert {"FoxSans-Regular", "FoxSans-Bold"} <= set(fonts), fonts.keys()
    root2 = project(tmp_path / "b", font='"Fox Sans"', style="bold")
    assert build(root2) == 0
    fonts = embedded_fonts(root2 / "build" / "fox" / "pnp-a4.pdf")
    assert "FoxSans-Bold" in fonts


def test_missing_font_is_one_line_at_the_layout(tmp_path: Path, capsys) -> None:
    root = project(tmp_path, font="Fox Sams")
    assert build(root) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("templates/faces/unit.yaml:1:1: font: no font 'Fox Sams': not gothic or "
                   "mincho, and no family of that name in fonts/ (did you mean Fox Sans?)")
    assert not (root / "build" / "fox" / "pnp-a4.pdf").exists()


def test_missing_glyph_names_card_layout_and_character(tmp_path: Path, capsys) -> None:
    root = project(tmp_path)
    db = root / "cards" / "fox.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace("Old Fox", "Old Fox 狐"), encoding="utf-8")
    assert build(root) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert re.fullmatch(r"cards/fox\.yaml:\d+:\d+: cards\[1\]\.name: card 'old-fox' \(face\): no "
                        r"glyph in the Fox Serif font for '狐' \(layout templates/faces/unit\.yaml:\d+\)",
                        err[0]), err[0]
    assert not (root / "build" / "fox").exists()


def test_rulebook_theme_uses_a_project_font(tmp_path: Path) -> None:
    root = project(tmp_path)
    db = root / "cards" / "fox.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace(
        "  source: test\n", "  source: test\n  theme: {font: Fox Serif, heading_font: Fox Sans}\n"),
        encoding="utf-8")
    assert main(["-C", str(root), "build", "--only", "rulebook"]) == 0
    html = (root / "build" / "fox" / "rulebook.html").read_text(encoding="utf-8")
    assert '@font-face { font-family: "Fox Sans"; src: url("../../fonts/FoxSans-Bold.ttf"); ' \
           'font-weight: 700; font-style: normal; }' in html
    assert '--mincho: "Fox Serif", "IPAexMincho"' in html
    fonts = embedded_fonts(root / "build" / "fox" / "rulebook.pdf")
    assert {"Fox-Serif", "Fox-Sans", "Fox-Sans-Bold"} <= set(fonts), fonts.keys()  # WeasyPrint's names
    assert "Red Fox" in "".join(p.extract_text() for p in PdfReader(root / "build" / "fox" / "rulebook.pdf").pages)


def test_css_strings_cannot_escape_the_style_element() -> None:
    from deckwright.press.rulebook.fontcss import css_string
    assert css_string('a"</style><script>') == '"a\\22 \\3c /style\\3e \\3c script\\3e "'


def test_an_unreadable_font_file_is_named_when_its_family_is_missing(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "fonts" / "Broken.ttf").write_bytes(b"\x00\x01\x00\x00 not a font")
    book = FontBook(root)
    assert sorted(book.families) == ["Fox Sans", "Fox Serif"]
    assert "; skipped fonts/Broken.ttf: not a readable font (" in book.unknown("Broken")


def test_a_collection_offers_each_face_including_a_cff_one(tmp_path: Path) -> None:
    from fontTools.ttLib import TTCollection

    root = project(tmp_path)
    parts = [make_font(tmp_path / "a.ttf", "Fox Mono"), make_font(tmp_path / "b.otf", "Fox Brush", cff=True)]
    collection = TTCollection()
    collection.fonts = [TTFont(p) for p in parts]
    collection.save(str(root / "fonts" / "Pack.ttc"))
    book = FontBook(root)
    assert {"Fox Mono", "Fox Brush"} <= set(book.families)
    assert book.families["Fox Brush"]["regular"].index == 1
    for family, name in (("Fox Mono", "FoxMono-Regular"), ("Fox Brush", "FoxBrush-Regular")):
        layout = root / "templates" / "faces" / "unit.yaml"
        layout.write_text(LAYOUT.format(font=f'"{family}"', style="regular"), encoding="utf-8")
        assert build(root) == 0
        pdf = root / "build" / "fox" / "pnp-a4.pdf"
        assert any(base.startswith(name) for base in embedded_fonts(pdf))  # reportlab adds -N
        assert "Red Fox" in "".join(p.extract_text() for p in PdfReader(pdf).pages)


def test_a_font_with_kept_tables_makes_the_subsets_a_fresh_font_makes() -> None:
    """Registered fonts keep their tables once (`kept_tables`): every subset a PDF embeds,
    the first and any later one, must be byte for byte what reportlab makes from the file."""
    from reportlab.pdfbase.ttfonts import TTFont as ReportlabFont

    from deckwright.press.fonts import FONTS, font_path, kept_tables

    path = str(font_path(FONTS["gothic"]))
    kept = kept_tables(ReportlabFont("KeptTablesTest", path))
    subsets = [[ord(c) for c in "カード 5 点"], [ord(c) for c in "山札を引く ABC"]]
    made = [kept.face.makeSubset(s) for s in subsets + subsets]
    fresh = [ReportlabFont("FreshTest", path).face.makeSubset(s) for s in subsets]
    assert made == fresh + fresh
    assert made[0] != made[1]
