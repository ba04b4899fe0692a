"""Rulebooks: a game's database as a printed PDF booklet and a one-page offline HTML.

context.py gathers what to show, examples.py draws the scripted examples, markup.py renders
inline markup safely, render.py holds the Jinja loader chain, fetcher.py the URL allow-list,
pdf.py the WeasyPrint call, cache.py the skip-if-unchanged key, build.py ties them together,
target.py is the `rulebook` target of `deckwright build`.

The names below load lazily, so importing the package (as the CLI does to list its targets)
does not import WeasyPrint.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .options import PAGE_SIZES, PDF_VARIANTS

_LAZY = {"RulebookResult": "build", "build_rulebook": "build", "failing_examples": "examples",
         "RefusedURL": "fetcher", "RulebookFetcher": "fetcher"}

__all__ = ["PAGE_SIZES", "PDF_VARIANTS", *_LAZY]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
