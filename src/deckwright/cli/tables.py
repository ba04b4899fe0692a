"""What `check` prints, titled two-column tables and lines, in rich's bytes, with or without rich.

On a terminal rich draws them (an italic title, a bold first column, wrapping to the window).
Anywhere else (a pipe, a file, CI) rich prints no style at all, only the box characters and
the padded text; that text is written here without importing rich's console, whose import and
rendering were about a fifth of `check`'s time. Whatever rich would do more with goes to rich
as before, so the bytes are rich's either way: a terminal or a forced one (`TTY_COMPATIBLE`,
`FORCE_COLOR`), Windows, an encoding other than UTF-8, deckwright's own text in which rich
reads markup (`[`) or an emoji (`:name:`), a character that is not printable, leading or
repeated spaces, and a table or line wider than the width rich would use. Widths are measured with rich's own
`cell_len` (CJK characters take two cells), which imports no console.
`tests/test_check_tables.py` holds both ways to the same bytes.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from typing import Mapping, Sequence, TextIO, Union

#: What rich's emoji codes look like (`:fox:`): two colons with no space between (rich then
#: looks the name up; any such pair is left to rich).
_EMOJI_LIKE = re.compile(r":\S*:")


@dataclass
class Table:
    """A table with a title over it and rows of (what, value): `check`'s summary of a game.
    Its title and cells are printed as they are: they carry a project's words (a title, a
    deck id, a path), which are never markup or emoji codes."""

    title: str
    rows: list[tuple[str, str]] = field(default_factory=list)

    def add_row(self, what: str, value: str) -> None:
        self.rows.append((what, value))


@dataclass(frozen=True)
class Line:
    """A line of text; `markup`: deckwright's own words, in which rich reads `[...]` as a
    style and `:name:` as an emoji (as `console.print`); without it, the line is printed as it
    is (a warning quoting a project's file)."""

    text: str
    markup: bool = True


Shown = Union[Table, Line]


def show(items: Sequence[Shown], file: TextIO | None = None) -> None:
    """Print `items` on stdout (or `file`) as `rich.console.Console(highlight=False)` does."""
    out = file or sys.stdout
    width = plain_width(out)
    text = None if width is None else plain(items, width)
    if text is None:
        _with_rich(items, out)
    else:
        out.write(text)


def plain_width(out: TextIO) -> int | None:
    """The width rich would wrap at on `out` when it would print no style there, else None
    (rich's `Console.is_terminal`, `size` and `encoding`, for a console made with no arguments
    on a POSIX system)."""
    environ = os.environ
    if sys.platform == "win32" or _terminal(out, environ):
        return None
    encoding = (getattr(out, "encoding", "utf-8") or "utf-8").lower()
    if encoding.replace("-", "").replace("_", "") != "utf8":
        return None
    columns = environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        return int(columns) if columns.isascii() else None
    for descriptor in (0, 1, 2):
        try:
            return os.get_terminal_size(descriptor).columns or 80
        except (AttributeError, ValueError, OSError):
            continue
    return 80


def _terminal(out: TextIO, environ: Mapping[str, str]) -> bool:
    compatible = environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force = environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    isatty = getattr(out, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:
        return False


def plain(items: Sequence[Shown], width: int) -> str | None:
    """The text rich prints for `items` at `width` with no style, or None when rich would do
    more than pad and frame the text (see the module's docstring)."""
    from rich.cells import cell_len

    parts = []
    for item in items:
        if isinstance(item, Line):
            if not _simple(item.text, item.markup) or cell_len(item.text) > width:
                return None
            parts.append(item.text + "\n")
            continue
        if (not item.rows or not _simple(item.title, False)
                or not all(_simple(s, False) for row in item.rows for s in row)):
            return None
        widths = [max(cell_len(row[i]) for row in item.rows) for i in (0, 1)]
        total = sum(widths) + 7   # a space each side of each cell, three rules
        if total > width or cell_len(item.title) > total:
            return None
        if item.title:
            parts.append(item.title + " " * (total - cell_len(item.title)) + "\n")
        parts.append("┌" + "─" * (widths[0] + 2) + "┬" + "─" * (widths[1] + 2) + "┐\n")
        for row in item.rows:
            cells = [s + " " * (w - cell_len(s)) for s, w in zip(row, widths)]
            parts.append(f"│ {cells[0]} │ {cells[1]} │\n")
        parts.append("└" + "─" * (widths[0] + 2) + "┴" + "─" * (widths[1] + 2) + "┘\n")
    return "".join(parts)


def _simple(text: str, markup: bool) -> bool:
    """Text rich prints as it is: no markup or emoji code, nothing wrapping could change."""
    return (text.isprintable() and not (markup and ("[" in text or _EMOJI_LIKE.search(text)))
            and not text.startswith(" ") and "  " not in text)


def _with_rich(items: Sequence[Shown], out: TextIO, width: int | None = None) -> None:
    """What `check` printed before this module, and still prints where `plain` cannot: rich
    (at its own width unless `width` is given)."""
    from rich.console import Console
    from rich.table import Table as RichTable
    from rich.text import Text

    console = Console(highlight=False, file=None if out is sys.stdout else out, width=width)
    for item in items:
        if isinstance(item, Line):
            console.print(item.text, markup=item.markup, emoji=item.markup)
            continue
        table = RichTable(title=Text(item.title, style="table.title"), title_justify="left",
                          show_header=False)
        table.add_column("what", style="bold")
        table.add_column("value")
        for what, value in item.rows:
            table.add_row(Text(what), Text(value))
        console.print(table)
