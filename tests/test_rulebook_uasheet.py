"""The lean user-agent stylesheet (press/rulebook/uasheet.py): the same PDF as WeasyPrint's
whole sheet, and the whole sheet whenever a book may need what the lean one leaves out."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from pypdf import PdfReader

from deckwright.model import Project, load_game
from deckwright.press.rulebook import build_rulebook, uasheet

from test_rulebook_pdf import FIXTURE, VERDICTS, built  # noqa: F401  (the run's build of the fixture game)

BUILTIN = (Path(__file__).parents[1] / "src" / "deckwright" / "templates" / "rulebook"
           / "rulebook.css").read_text(encoding="utf-8")


def _build(tmp_path: Path, name: str, stylesheet: str | None = None) -> bytes:
    root = tmp_path / name
    shutil.copytree(FIXTURE, root)
    if stylesheet is not None:
        (root / "templates" / "rulebook").mkdir(parents=True, exist_ok=True)
        (root / "templates" / "rulebook" / "rulebook.css").write_text(stylesheet, encoding="utf-8")
    game = load_game(Project(root), "rb")
    return build_rulebook(game, verdicts=VERDICTS, force=True).pdf.read_bytes()


def test_the_lean_sheet_prints_the_same_pdf(built, tmp_path: Path, monkeypatch) -> None:  # noqa: F811
    """Numbered step lists (their markers), badges, tables and examples draw the same: the
    run's build of the fixture game (lean sheet) against a copy built with the whole sheet."""
    _, result, _, _ = built
    lean = result.pdf.read_bytes()
    assert not uasheet.needs_full(result.html.read_text(encoding="utf-8"), BUILTIN.encode())
    monkeypatch.setattr(uasheet, "needs_full", lambda html, css: True)
    root = shutil.copytree(result.pdf.parents[2], tmp_path / "full")
    full = build_rulebook(load_game(Project(root), "rb"), verdicts=VERDICTS, force=True)
    assert full.pdf.read_bytes() == lean


def test_a_stylesheet_with_footnotes_gets_the_whole_sheet(tmp_path: Path) -> None:
    """A project's stylesheet that makes rulings' sources footnotes gets WeasyPrint's footnote
    calls and markers (numbers), which the lean sheet does not style."""
    own = BUILTIN + "\n@media print { .ruling .source { float: footnote; } }\n"
    assert uasheet.needs_full("", own.encode())
    reader = PdfReader(__import__("io").BytesIO(_build(tmp_path, "notes", own)))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert re.search(r"^1\. ", text, re.MULTILINE), text   # the first footnote's marker


def test_what_asks_for_the_whole_sheet() -> None:
    assert uasheet.needs_full('<div style="display: list-item">', b"")
    assert uasheet.needs_full("", b".x { display: block list-item; }")
    assert uasheet.needs_full("", b"@import 'more.css';")
    assert uasheet.needs_full("", b"p::note-call { content: '*' }")
    # a list's counter named in a style attribute (the examples' second column) is not a list item
    assert not uasheet.needs_full('<ol style="counter-reset: list-item 4">', BUILTIN.encode())
