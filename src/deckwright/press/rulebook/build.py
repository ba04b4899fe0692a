"""Build one game's rulebook: context -> HTML (Jinja) -> PDF (WeasyPrint), both written out.

This is the entry point the CLI calls. It takes the example verdicts as data (the engine
computes them) so that press stays free of game rules, and it skips the work entirely when
the cache key of the inputs is unchanged.
"""

from __future__ import annotations

import gc
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Mapping

from ...atomic import staging, write_bytes, write_text
from ...model import GameData, UsageError
from . import cache
from .context import ContextBuilder
from .fontcss import font_folder
from .examples import VerdictLike, failing_examples
from .render import book_stylesheet, render_page, template_dirs


#: Allocations between two collections of the youngest objects while a book is made (Python's
#: default is 700). The examples' pictures, then WeasyPrint's hundreds of thousands of boxes and
#: style dicts, live until the PDF is written; with the default the collector ran about a
#: thousand times for ghost-couple's book and walked the whole growing heap again and again,
#: about 7% of its CPU. At 10,000 it runs about a tenth as often and seldom in full; the peak
#: memory is the same (the cycles WeasyPrint leaves are still collected).
GC_THRESHOLD = 10_000


@contextmanager
def _rare_collections() -> Iterator[None]:
    """Collect garbage less often inside the block (GC_THRESHOLD says why); the caller's
    thresholds are back afterwards, whatever happened."""
    thresholds = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


#: The two editions: (file stem, proof?). The reader's edition is what a publisher prints; the
#: proof is the same book with everything the engine verified, for the designer.
EDITIONS = (("rulebook", False), ("rulebook-proof", True))


@dataclass
class RulebookResult:
    """What a build produced, for the CLI's report and the benchmark (`pdf`, `html` and
    `pages`: the reader's edition; `proof_pdf`, `proof_html`: the proof)."""

    game: str
    pdf: Path
    html: Path
    pages: int
    skipped: bool
    seconds: float
    failing: list[tuple[str, str]] = field(default_factory=list)  # (example id, title)
    warnings: list[str] = field(default_factory=list)

    @property
    def proof_pdf(self) -> Path:
        return self.pdf.with_name("rulebook-proof.pdf")

    @property
    def proof_html(self) -> Path:
        return self.html.with_name("rulebook-proof.html")


def build_rulebook(game: GameData, out_dir: Path | None = None, *,
                   verdicts: Mapping[str, VerdictLike], page: str | None = None,
                   pdf_variant: str | None = None, force: bool = False) -> RulebookResult:
    """Write build/<game>/rulebook.pdf, rulebook.html and rulebook.css (unless unchanged);
    an edition's into build/<game>/<lang>/."""
    start = time.perf_counter()
    out_dir = out_dir or game.out_dir
    options = cache.options(game, page, pdf_variant)
    page = options["page"]
    dirs = template_dirs(game.project.templates_dir)
    failing = failing_examples(game, verdicts)
    key, record, fresh = cache.current(game, dirs, out_dir, verdicts, options)
    pdf_path, html_path = out_dir / "rulebook.pdf", out_dir / "rulebook.html"
    if not force and fresh:
        return RulebookResult(game.id, pdf_path, html_path,
                              int(record.record.extra.get("pages", 0)), True,
                              time.perf_counter() - start, failing)

    # WeasyPrint is imported only now: an unchanged game is skipped without loading it (0.8 s)
    from .fetcher import RefusedURL, RulebookFetcher
    from .pagerefs import late_bound
    from .pdf import render_pdf
    from .typeset import joined_for_print
    from .uasheet import needs_full

    css_path = out_dir / cache.STYLESHEET
    books: dict[str, tuple[bytes, str, int]] = {}   # stem -> (pdf, html, pages)
    warnings: list[str] = []
    with _rare_collections():
        css = book_stylesheet(dirs, game, game.project.display)
        # WeasyPrint reads the stylesheet with its page numbers late-bound (pagerefs.py)
        fetcher = RulebookFetcher([*dirs, out_dir, *font_folder(game)],
                                  overlay={css_path: late_bound(css)},
                                  base=out_dir, anchor=game.project.home)
        for stem, proof in EDITIONS:
            context = ContextBuilder(game, verdicts, out_dir, proof=proof).build(page)
            html = render_page(dirs, context, game.project.display)
            try:
                rendered = render_pdf(joined_for_print(html), out_dir, fetcher, pdf_variant,
                                      lean_ua=not needs_full(html, css))
            except RefusedURL as exc:
                raise UsageError(f"rulebook for {game.id}: {exc}") from None
            books[stem] = (rendered.pdf, html, rendered.pages)
            warnings += [w for w in rendered.warnings if w not in warnings]
    with staging() as stage:   # every file and their key, as one transaction
        for stem, (pdf, html, _pages) in books.items():
            write_bytes(out_dir / f"{stem}.pdf", pdf)
            write_text(out_dir / f"{stem}.html", html)
        write_bytes(css_path, css)
        record.commit(key, stage, extra={"pages": books["rulebook"][2]})
    return RulebookResult(game.id, pdf_path, html_path, books["rulebook"][2], False,
                          time.perf_counter() - start, failing, warnings)
