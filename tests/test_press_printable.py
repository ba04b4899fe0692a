"""Sheets a desktop printer prints whole: nothing (crop marks, the flip note, the calibration
words) within 4.2 mm of the paper's edge on A4 and Letter, 9 poker cards a page kept, every
trim line still marked; the calibration sheet says what it assumes, in the game's language,
with no command line on it. Read back from the rendered pages."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from deckwright.press.sheet import Options, grid
from test_press_support import MINI_FIXTURE, POKER, build, copy_project

DPI = 150
PRINTABLE_MM = 4.2


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(MINI_FIXTURE, tmp_path_factory.mktemp("printable") / "p")
    assert build(project, "--only", "pnp") == 0
    return project / "build" / "mini"


def _pages(pdf: Path):
    doc = pdfium.PdfDocument(str(pdf))
    for page in doc:
        yield page.render(scale=DPI / 72).to_pil().convert("L")


def _inked(im, box) -> int:
    return sum(1 for v in im.crop(box).tobytes() if v < 200)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_a_page_are_kept(paper: str) -> None:
    assert grid(POKER, Options(paper=paper)).per_page == 9


@pytest.mark.parametrize("name", ["pnp-a4.pdf", "pnp-letter.pdf", "calibration-a4.pdf",
                                  "calibration-letter.pdf"])
def test_nothing_is_printed_within_the_printers_margin(sheets: Path, name: str) -> None:
    """Outside the page's BleedBox (the cards' outer bleed may run into the margin: it is cut
    away, and a printer that cannot print it only makes it narrower), no ink in the band."""
    band = int(PRINTABLE_MM / 25.4 * DPI) - 1   # whole pixels clear of 4.2 mm, less smoothing
    reader = PdfReader(sheets / name)
    for number, im in enumerate(_pages(sheets / name), start=1):
        w, h = im.size
        x0, y0, x1, y1 = (float(v) * DPI / 72 for v in reader.pages[number - 1]["/BleedBox"])
        page = im.copy()
        page.paste(255, (int(x0) - 1, int(h - y1) - 1, int(x1) + 2, int(h - y0) + 2))
        for side, box in {"left": (0, 0, band, h), "right": (w - band, 0, w, h),
                          "top": (0, 0, w, band), "bottom": (0, h - band, w, h)}.items():
            assert _inked(page, box) == 0, (name, number, side)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_trim_line_still_has_its_marks_on_the_paper(sheets: Path, paper: str) -> None:
    """Each crop mark of the first page, as the sheet module places it, shows ink on the
    rendered page (a mark halfway into a coloured bleed shows black on its white halo)."""
    from deckwright.press.sheet import mark_segments
    g = grid(POKER, Options(paper=paper))
    segments = mark_segments(g)
    assert len(segments) == 2 * 4 + 2 * 4    # 4 trim lines a side, both ends of each
    im = next(_pages(sheets / f"pnp-{paper}.pdf"))
    scale = DPI / 72
    H = g.page[1]
    for x0, y0, x1, y1 in segments:
        for t in (0.2, 0.5, 0.8):
            x, y = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
            px, py = round(x * scale), round((H - y) * scale)
            assert min(im.crop((px - 1, py - 1, px + 2, py + 2)).tobytes()) < 160, (x, y)
        for v, span in ((x0, g.page[0]), (x1, g.page[0]), (y0, H), (y1, H)):
            assert PRINTABLE_MM * 72 / 25.4 - 1e-6 <= v <= span - PRINTABLE_MM * 72 / 25.4 + 1e-6


def test_the_calibration_sheet_speaks_the_games_language_without_a_command_line(sheets: Path) -> None:
    for paper in ("a4", "letter"):
        text = PdfReader(sheets / f"calibration-{paper}.pdf").pages[0].extract_text()
        assert "ミニ：位置合わせページ" in text
        assert "calibration" not in text
        assert "4.2 mm" in text and "プリンター" in text
        assert "deckwright" not in text and "--" not in text
