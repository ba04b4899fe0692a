"""What a stylesheet shipped with a project may name: files beside it, never a URL.

A project's stylesheets (the rulebook's, the balance report's) end up in HTML that browsers
open, and a browser fetches whatever a stylesheet names. This module imports nothing heavy, so
the checks that read a stylesheet do not load Jinja.
"""

from __future__ import annotations

import re

from .model import InputError, Problem

#: url(...) and @import naming a scheme or a host: a stylesheet reads nothing from elsewhere.
_EXTERNAL_URL = re.compile(r"""(?:url\(\s*['"]?|@import\s+['"]?)\s*((?:[a-zA-Z][a-zA-Z0-9+.-]*:|//)[^'")\s;]*)""")


def refuse_external_urls(css: str, shown: str) -> None:
    """A stylesheet naming a URL with a scheme or host (http:, file:, //host) is refused with
    its line and column, before anything is written: browsers opening the HTML would fetch it."""
    match = _EXTERNAL_URL.search(css)
    if match is None:
        return
    start = match.start(1)
    line = css.count("\n", 0, start) + 1
    col = start - (css.rfind("\n", 0, start) + 1) + 1
    raise InputError(Problem(shown, line, col, "stylesheet",
                             f"refused {match.group(1)[:80]!r}: a stylesheet may load only files "
                             f"beside it, not URLs"))
