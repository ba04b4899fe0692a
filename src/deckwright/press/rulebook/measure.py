"""Widths of the rulebook's short labels, measured here so WeasyPrint need not lay them out.

A mini card in an example and an example's row label (手札, ダメージカウンター) are inline
blocks as wide as their text, never wrapped. Left to find that width itself, WeasyPrint lays
each one's text out three times (its min- and max-content widths, then the layout proper): a
book has a thousand or more of them, and they were about a quarter of the example pages' layout
time. So the template gives each one `--em`, its text's advance in em of the font it is set in
(the theme's heading font: `var(--gothic)`), and the stylesheet's print rules size the box from
it (`rulebook.css`, `@media print`), which is the width those layouts would find: the built-in
fonts are set without kerning, so the advances add up exactly (a project font that kerns may
come out a fraction of a point wider). A label holding a character the font lacks (WeasyPrint
would take it from a fallback font) gets no `--em`, and WeasyPrint sizes it as before; so does
every label on a screen, where the print rules do not apply.
"""

from __future__ import annotations

import math

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from ...model import GameData, UsageError
from ..fonts import FontBook, Metrics, fontbook


class Measure:
    """`measure(text)`: the `--em` declaration for `text` in the book's heading font, or ''."""

    def __init__(self, game: GameData):
        heading = game.db.game.theme.heading_font
        book: FontBook = fontbook(game.project.root)
        try:
            self.metrics: Metrics | None = book.metrics(
                heading if heading and book.known(heading) else "gothic")
        except UsageError:  # the font file is missing: WeasyPrint falls back, and sizes
            self.metrics = None

    def __call__(self, text: str) -> str:
        if self.metrics is None or not text or self.metrics.missing(text):
            return ""
        # rounded up, so the text never overflows its box by a rounding error
        return f"--em:{math.ceil(self.metrics.text(text) * 100_000) / 100_000:.5f}"


@pass_context
def em(context: Context, text: str) -> Markup:
    """Template filter `{{ label | em }}`: the context's `measure` of `text` ('' without
    one, as in a project's template imported without context: the box is then sized by
    WeasyPrint)."""
    measure = context.get("measure")
    return Markup(measure(str(text))) if callable(measure) else Markup("")
