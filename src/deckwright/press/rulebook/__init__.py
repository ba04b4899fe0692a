"""Rulebooks: a game's database as a printed PDF booklet and a one-page offline HTML.

context.py gathers what to show, examples.py draws the scripted examples, markup.py renders
inline markup safely, render.py holds the Jinja loader chain, fetcher.py the URL allow-list,
pdf.py the WeasyPrint call, cache.py the skip-if-unchanged key, build.py ties them together.
"""

from .build import RulebookResult, build_rulebook, failing_examples
from .fetcher import RefusedURL, RulebookFetcher
from .pdf import PDF_VARIANTS

__all__ = ["PDF_VARIANTS", "RefusedURL", "RulebookFetcher", "RulebookResult", "build_rulebook",
           "failing_examples"]
