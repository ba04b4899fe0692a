"""CSV a spreadsheet opens as text: no cell a spreadsheet would run as a formula.

A card's name comes from a shared project (or a spreadsheet's cached formula value), and a
print service's or a designer's spreadsheet runs a cell that starts with `=`, `+`, `-` or `@`
(and, in some, one that starts with a tab or a carriage return) as a formula:
`=HYPERLINK("//x.io",1)` or `+cmd|' /C calc'!A0` in `cards.csv` is an attack on whoever opens
it. As OWASP's "CSV Injection" page advises, every such cell is prefixed with a single quote
(the spreadsheet shows the text as typed) and every cell is quoted, its quotes doubled.
"""

from __future__ import annotations

import csv
import io
from typing import Iterable

#: What starts a formula in Excel, LibreOffice or Google Sheets (OWASP, "CSV Injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> str:
    """`value` as text no spreadsheet evaluates: a leading quote before a formula start."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def table(header: Iterable[str], rows: Iterable[Iterable[object]]) -> bytes:
    """UTF-8 CSV, every cell quoted and neutralised, one `\\n` per row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow([cell(h) for h in header])
    writer.writerows([cell(v) for v in row] for row in rows)
    return out.getvalue().encode("utf-8")
