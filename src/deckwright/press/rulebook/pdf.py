"""HTML to PDF with WeasyPrint: page layout, metadata, bookmarks and PDF variants.

Title, author, keywords and language come from the page's <title>, <meta> and `lang`; the
outline (bookmarks) from the headings' `bookmark-level`/`bookmark-label` in the stylesheet.
`pdf/ua-1` adds the structure tags screen readers need; `pdf/a-3u` makes an archival file with
Unicode text. The render is kept (`Rendered.document`) so callers can count pages and read
the outline without parsing the PDF again.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

# Fontconfig names fonts in the user's language (IPAexGothic is "IPAexゴシック" under ja_JP),
# and WeasyPrint names each font in the PDF by a hash of that name: a fixed language keeps the
# PDF byte-identical whatever the locale. Set before WeasyPrint loads fontconfig.
os.environ["FC_LANG"] = "en"

from weasyprint import HTML  # noqa: E402
from weasyprint.document import Document  # noqa: E402
from weasyprint.text.fonts import FontConfiguration  # noqa: E402

from . import pagerefs, uasheet
from .fetcher import RulebookFetcher
from .options import PDF_VARIANTS


#: Card pictures are embedded at no more than this resolution. The PNG export draws a card at
#: 300 dpi for the card's own size; the card reference prints it 15 mm wide, where the full
#: picture would be about 1,400 dpi: embedding it whole made WeasyPrint decode and re-compress
#: every picture at full size (0.1-0.2 s each) for detail no printer shows.
PICTURE_DPI = 300


class _LeanHTML(HTML):
    """A document cascaded with the lean user-agent stylesheet (uasheet.py says why)."""

    def _ua_stylesheets(self, forms: bool = False) -> list:
        return [uasheet.lean(), *super()._ua_stylesheets(forms)[1:]]


@dataclass
class Rendered:
    pdf: bytes
    pages: int
    document: Document
    warnings: list[str]


class _Collect(logging.Handler):
    """Keeps WeasyPrint's warnings (unknown CSS, broken layout) to report them once."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def render_pdf(html: str, base: Path, fetcher: RulebookFetcher,
               pdf_variant: str | None = None, lean_ua: bool = False) -> Rendered:
    """Lay out `html` (whose relative links resolve against the folder `base`) as a PDF;
    `lean_ua` cascades it with the lean user-agent stylesheet (`uasheet.needs_full` says when
    a document may not be)."""
    if pdf_variant is not None and pdf_variant not in PDF_VARIANTS:
        raise ValueError(f"unknown PDF variant {pdf_variant!r} (choose from {', '.join(PDF_VARIANTS)})")
    logger = logging.getLogger("weasyprint")
    handler = _Collect()
    logger.addHandler(handler)
    propagate, logger.propagate = logger.propagate, False
    try:
        if fetcher.base is None:
            fetcher.base = Path(base).absolute()
        document = _LeanHTML if lean_ua else HTML
        doc = document(string=html, base_url=fetcher.base_url("rulebook.html"),
                       url_fetcher=fetcher, media_type="print").render(
                           font_config=FontConfiguration(), dpi=PICTURE_DPI)
        filled = pagerefs.fill(doc)   # the page numbers the stylesheet left as placeholders
        # A fixed identifier keeps the output byte-identical for identical inputs.
        pdf = doc.write_pdf(pdf_variant=pdf_variant, pdf_identifier=b"deckwright-rulebook",
                            uncompressed_pdf=False)
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate
    return Rendered(pdf, len(doc.pages), doc, handler.messages + filled.warnings)
