"""WeasyPrint's user-agent stylesheet without the rules that give every element six
pseudo-elements, for a book that uses none of them.

WeasyPrint's built-in stylesheet (`css/html5_ua.css`) styles `::marker`, `::footnote-call`,
`::footnote-marker`, `::note-call`, `::note-marker` and `::note-callback` with selectors that
match every element. So for each of a rulebook's ten thousand elements the cascade made six
more computed styles, and building the boxes asked each of them whether it makes a box: about
two thirds of the cascade's time, for markers that only list items draw and notes a rulebook
never has. The lean sheet keeps `::marker` for `li` and `summary` (the only elements the
built-in templates and the browser's defaults make list items) and drops the notes' rules.

Only the markers of other elements made `display: list-item` and footnotes (`float:
footnote`) would lose their default styles, so a book whose stylesheet or HTML mentions either,
or whose stylesheet imports another, gets WeasyPrint's whole sheet (`needs_full`). The pages
are byte-identical either way (`tests/test_rulebook_pdf.py`).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

#: what, in a book's HTML or stylesheet, may need the rules the lean sheet leaves out
_NEEDS_FULL = re.compile(r"display\s*:[^;}\"]*list-item|footnote|::note|@import", re.IGNORECASE)

_UNIVERSAL_NOTES = re.compile(r"^::(?:footnote|note)-[^\n]*\n", re.MULTILINE)


def needs_full(html: str, css: bytes) -> bool:
    """Whether a book may rely on WeasyPrint's universal marker or note rules."""
    return bool(_NEEDS_FULL.search(html) or _NEEDS_FULL.search(css.decode("utf-8", "replace")))


@cache
def lean() -> Any:
    """The lean user-agent stylesheet (parsed once a process)."""
    from weasyprint import CSS
    from weasyprint import html as ua

    source, markers = _UNIVERSAL_NOTES.subn("", ua.UA)
    source, universal = re.subn(r"^::marker\b", "li::marker, summary::marker", source,
                                flags=re.MULTILINE)
    if markers != 5 or universal != 1:   # another WeasyPrint's sheet: use it as it is
        return ua.UA_STYLESHEET
    return CSS(string=source, counter_style=ua.UA_COUNTER_STYLE)
