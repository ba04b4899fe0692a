"""Cards from a spreadsheet: CSV or XLSX rows turned into card mappings before validation.

A database names its sheets with `cards_from: cards/fox.xlsx#Cards` (or a list of such). Row 1
holds the headers; every other non-empty row is one card. A header is a card field (`name`), a
dotted path into a nested field (`stats.power`, `points.hand`, `effects.1.text` with a 1-based
list index), or `decks.<deck-id>` for that card's count in a deck declared in the YAML. A header
starting with `#` is a note column and is ignored.

Cells are converted by what the field holds (whole numbers for `copies`, comma-separated lists
for `colors`, text for `name` ...) and otherwise passed on as they are, so that the model's own
messages apply. Every value keeps its cell: a problem is reported as
`cards/fox.xlsx:Cards!C12: points: expected a whole number`. The sheets are untrusted files
like the YAML: they must lie inside the project, and size, rows and columns are bounded.
"""

from __future__ import annotations

import csv
import difflib
import io
import re
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any, Iterable, Sequence

from .. import paths
from .errors import InputError, Path, Problem, format_path
from .yamlsafe import MAX_FIELD_CHARS, Positions

MAX_BYTES = 20_000_000
#: An XLSX is a zip: what its parts unpack to is bounded too (a 311 KB workbook held a 300 MB
#: name), read from the zip's directory before anything is unpacked.
MAX_UNPACKED_BYTES = 32_000_000
MAX_PARTS = 1_000
MAX_ROWS = 20_000
MAX_COLUMNS = 200
SUFFIXES = (".csv", ".xlsx")

#: How a cell becomes a card field's value, for every field of `Card` (a test keeps it whole).
INTEGER_FIELDS = {"copies", "points"}
INTEGER_OR_TEXT_FIELDS = {"rank"}
LIST_FIELDS = {"colors", "variants", "tags"}
TEXT_FIELDS = {"id", "name", "reading", "category", "set", "text", "origin", "art", "back"}
NESTED_FIELDS = {"stats", "effects", "points"}  # reached with dotted headers only
CARD_FIELDS = TEXT_FIELDS | INTEGER_FIELDS | INTEGER_OR_TEXT_FIELDS | LIST_FIELDS | NESTED_FIELDS
LIST_SPLIT = re.compile(r"\s*[,、，]\s*")
INT_RE = re.compile(r"^[+-]?\d+$")
FLOAT_RE = re.compile(r"^[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?$")


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: the column names a spreadsheet shows."""
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(65 + rem) + out
    return out


@dataclass(frozen=True)
class Cell:
    """Where a value came from: a file, an optional sheet, a row and a column (both 1-based)."""

    file: str
    sheet: str | None
    row: int
    column: int
    header: str

    @property
    def ref(self) -> str:
        a1 = f"{column_letter(self.column - 1)}{self.row}"
        return f"{self.sheet}!{a1}" if self.sheet else a1

    def problem(self, field_path: str, message: str) -> Problem:
        return Problem(self.file, self.row, self.column, field_path, message, cell=self.ref)


@dataclass
class SheetPositions(Positions):
    """The YAML's positions, with the cards (and deck counts) that came from sheet cells."""

    cells: dict[Path, Cell] = field(default_factory=dict)

    def problem(self, path: Path, field_path: str, message: str) -> Problem:
        for end in range(len(path), 1, -1):
            cell = self.cells.get(tuple(path[:end]))
            if cell is not None:
                rest = tuple(path[end:])
                if path[0] == "decks":  # a deck count: name the column, not the YAML path
                    return cell.problem(cell.header, message)
                own = tuple(path[2:])
                shown = (cell.header if not rest and cell.header else format_path(own)) or "card"
                return cell.problem(shown, message)
        return super().problem(path, field_path, message)


@dataclass(frozen=True)
class Source:
    """One `cards_from` entry: a project file and, for XLSX, the sheet (default: the first)."""

    text: str
    path: FsPath
    sheet: str | None


# --- reading --------------------------------------------------------------------------------

class _Refused(ValueError):
    """A sound file that cannot be used as asked (no such sheet, too many rows)."""


class _TooLong(Exception):
    """A cell's value longer than any field may be, at (row, column), both 1-based."""

    def __init__(self, row: int, column: int, header: str, message: str):
        super().__init__(message)
        self.row, self.column, self.header, self.message = row, column, header, message
        self.sheet: str | None = None   # set by the XLSX reader


def _collect(rows: Iterable[Sequence[Any]]) -> list[list[Any]]:
    """Rows as lists without trailing empty cells (XLSX pads rows to the widest), bounded in
    number and in each value's length, checked as the rows stream in."""
    out: list[list[Any]] = []
    for row in rows:
        if len(out) > MAX_ROWS:
            raise _Refused(f"more than {MAX_ROWS} card rows; refused")
        cells = list(row)
        for column, value in enumerate(cells, 1):
            refusal = _too_long(value)
            if refusal:
                headers = out[0] if out else []
                header = str(headers[column - 1]).strip() if column <= len(headers) else ""
                raise _TooLong(len(out) + 1, column, header, refusal)
        while cells and _empty(cells[-1]):
            cells.pop()
        out.append(cells)
    return out


def _too_long(value: Any) -> str | None:
    """The refusal of a cell's value longer than any field may be, else None."""
    if isinstance(value, str) and len(value) > MAX_FIELD_CHARS:
        return f"a value of {len(value)} characters, more than {MAX_FIELD_CHARS}; refused"
    return None


def _rows_csv(path: FsPath) -> list[list[Any]]:
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text ({exc.reason}); save the sheet as 'CSV UTF-8'") from None
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        return _collect(reader)
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):   # the csv module's own bound (128 KiB)
            raise _Refused(f"line {reader.line_num}: a value of more than {MAX_FIELD_CHARS} "
                           f"characters; refused") from None
        raise ValueError(f"not a readable CSV file ({exc})") from None


def _check_zip(path: FsPath) -> None:
    """Refuse a workbook whose parts would unpack past the limits, or whose XML declares a
    DOCTYPE (entities), before openpyxl reads any of it."""
    import zipfile
    try:
        with zipfile.ZipFile(path) as book:
            parts = book.infolist()
            if len(parts) > MAX_PARTS:
                raise _Refused(f"more than {MAX_PARTS} parts in the workbook; refused")
            unpacked = sum(p.file_size for p in parts)
            if unpacked > MAX_UNPACKED_BYTES:
                raise _Refused(f"unpacks to {unpacked // 1_000_000} MB, more than "
                               f"{MAX_UNPACKED_BYTES // 1_000_000} MB; refused")
            for part in parts:
                if part.filename.endswith((".xml", ".rels")):
                    with book.open(part) as xml:
                        if b"<!DOCTYPE" in xml.read(4096).upper():
                            raise _Refused(f"{part.filename} declares a DOCTYPE (XML entities "
                                           f"are not allowed in a workbook); refused")
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError) as exc:
        raise ValueError(f"not a readable XLSX workbook ({exc})") from None


def _rows_xlsx(path: FsPath, sheet: str | None) -> tuple[str, list[list[Any]]]:
    from openpyxl import load_workbook  # loaded only for projects that use XLSX

    _check_zip(path)
    try:
        book = load_workbook(path, read_only=True, data_only=True)
        try:
            name = sheet or book.sheetnames[0]
            if name not in book.sheetnames:
                raise _Refused(f"no sheet {name!r} (sheets: {', '.join(book.sheetnames)})")
            try:
                return name, _collect(book[name].iter_rows(values_only=True,
                                                           max_col=MAX_COLUMNS + 1))
            except _TooLong as exc:
                exc.sheet = name
                raise
        finally:
            book.close()
    except (_Refused, _TooLong):
        raise
    except Exception as exc:  # an untrusted file: the zip and XML readers raise many kinds
        cause = exc.__cause__ or exc.__context__
        first = str(exc).splitlines()[0].replace(f" from {path}", "") if str(exc) else ""
        said = f"{type(exc).__name__}: {first}" + (f" ({type(cause).__name__})" if cause else "")
        raise ValueError(f"not a readable XLSX workbook ({said})") from None


def read_rows(source: Source) -> tuple[str | None, list[list[Any]]]:
    """The sheet's name (XLSX) and its rows as lists of cell values (None or '' when empty)."""
    if source.path.stat().st_size > MAX_BYTES:
        raise ValueError(f"larger than {MAX_BYTES // 1_000_000} MB; refused")
    if source.path.suffix.lower() == ".csv":
        return None, _rows_csv(source.path)
    return _rows_xlsx(source.path, source.sheet)


# --- converting cells -------------------------------------------------------------------------

def _text(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value if not isinstance(value, str) else value.strip()


def _integer(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and INT_RE.match(value.strip()):
        return int(value.strip())
    return value  # the model says what it expected


def _auto(value: Any) -> Any:
    """A free value (stats): numbers stay numbers, text that reads as a number becomes one."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if INT_RE.match(text):
            return int(text)
        if FLOAT_RE.match(text):
            return float(text)
        return text
    return value


def _items(value: Any, each: Any) -> list[Any]:
    if isinstance(value, str):
        return [each(v) for v in LIST_SPLIT.split(value.strip()) if v]
    return [each(value)]


def convert(header: str, value: Any) -> Any:
    """A cell's value as the field named by `header` holds it."""
    parts = header.removesuffix("[]").split(".")
    top = parts[0]
    if header.endswith("[]"):
        return _items(value, _auto)
    if top in LIST_FIELDS and len(parts) == 1:
        return _items(value, _text)
    if top in INTEGER_FIELDS or top == "decks":
        return _integer(value)
    if top in INTEGER_OR_TEXT_FIELDS:
        number = _integer(value)
        return number if isinstance(number, int) else _text(value)
    if top == "stats":
        return _auto(value)
    return _text(value)


def data_path(header: str) -> Path:
    """`effects.1.text` -> ('effects', 0, 'text'); `stats.power` -> ('stats', 'power')."""
    out: list[str | int] = []
    for part in header.removesuffix("[]").split("."):
        out.append(int(part) - 1 if part.isdigit() else part)
    return tuple(out)


def _put(target: dict[str, Any], path: Path, value: Any) -> None:
    """Set a nested value, growing mappings and (1-based, in order) lists on the way."""
    node: Any = target
    for part, after in zip(path, path[1:]):
        empty: Any = [] if isinstance(after, int) else {}
        if isinstance(part, int):
            while len(node) <= part:
                node.append(None)
            if node[part] is None:
                node[part] = empty
            node = node[part]
        else:
            node = node.setdefault(part, empty)
    last = path[-1]
    if isinstance(last, int):
        while len(node) <= last:
            node.append(None)
        node[last] = value
    else:
        node[last] = value


def _empty(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _check_headers(headers: list[Any], source: Source, name: str) -> tuple[dict[int, str], list[Problem]]:
    """Column index -> header for the columns that hold card data."""
    problems: list[Problem] = []
    columns: dict[int, str] = {}
    seen: dict[str, int] = {}
    for index, raw in enumerate(headers):
        cell = Cell(name, source.sheet, 1, index + 1, "")
        if _empty(raw):
            continue
        header = str(raw).strip()
        if header.startswith("#"):
            continue
        parts = header.removesuffix("[]").split(".")
        if any(not p for p in parts) or (parts[0] == "decks" and len(parts) != 2):
            problems.append(cell.problem(header, "expected a card field, a dotted path such as "
                                                 "stats.power, or decks.<deck-id>"))
            continue
        if header in seen:
            problems.append(cell.problem(header, f"column given twice (first in column "
                                                 f"{column_letter(seen[header])})"))
            continue
        seen[header] = index
        if parts[0] not in CARD_FIELDS and parts[0] != "decks":
            # told once here, at its header, not at every row; the column is read as the field
            # it resembles, so that the rows are checked as the designer meant them
            close = _closest(parts[0])
            problems.append(cell.problem(header, "unknown card field" +
                                         (f" (did you mean {close}?)" if close else "")))
            meant = header.replace(parts[0], close, 1) if close else None
            if meant is None or meant in headers:
                continue
            header = meant
        columns[index] = header
    if len(headers) > MAX_COLUMNS:
        problems.append(Cell(name, source.sheet, 1, MAX_COLUMNS + 1, "").problem(
            "", f"more than {MAX_COLUMNS} columns; refused"))
    return columns, problems


def _closest(name: str) -> str | None:
    """The card field a misspelt header most resembles, if any."""
    close = difflib.get_close_matches(name, sorted(CARD_FIELDS), n=1, cutoff=0.6)
    return close[0] if close else None


@dataclass
class SheetCards:
    """What the sheets of one database gave: cards, deck counts, cells and problems."""

    cards: list[dict[str, Any]] = field(default_factory=list)
    cells: list[dict[Path, Cell]] = field(default_factory=list)   # per card: its cells
    rows: list[Cell] = field(default_factory=list)                # per card: its row
    decks: list[tuple[str, str, int, Cell]] = field(default_factory=list)  # deck, card, n, cell
    problems: list[Problem] = field(default_factory=list)
    files: list[FsPath] = field(default_factory=list)


def read_sheet(source: Source, name: str, into: SheetCards) -> None:
    """Add one sheet's cards to `into`; unreadable cells become problems, not exceptions. A
    value longer than any field may be stops the load at once: one line naming its cell."""
    try:
        sheet, rows = read_rows(source)
    except _TooLong as exc:
        cell = Cell(name, exc.sheet, exc.row, exc.column, exc.header)
        raise InputError(cell.problem(exc.header, exc.message)) from None
    source = Source(source.text, source.path, sheet)  # cells name the sheet read
    into.files.append(source.path)
    if not rows:
        into.problems.append(Cell(name, source.sheet, 1, 1, "").problem(
            "", "the sheet is empty (row 1 must hold the column headers)"))
        return
    columns, problems = _check_headers(rows[0], source, name)
    into.problems += problems
    for number, row in enumerate(rows[1:], start=2):
        if all(_empty(v) for v in row):
            continue
        card: dict[str, Any] = {}
        cells: dict[Path, Cell] = {}
        counts: list[tuple[str, int | Any, Cell]] = []
        for index, value in enumerate(row):
            if _empty(value):
                continue
            header = columns.get(index)
            cell = Cell(name, source.sheet, number, index + 1, header or "")
            if header is None:
                if index >= len(rows[0]) or _empty(rows[0][index]):
                    into.problems.append(cell.problem("", "a value in a column without a header"))
                continue
            path = data_path(header)
            if path[0] == "decks":
                counts.append((str(path[1]), convert(header, value), cell))
                continue
            if any(isinstance(p, int) and p < 0 for p in path):
                into.problems.append(cell.problem(header, "list positions in headers start at 1"))
                continue
            try:
                _put(card, path, convert(header, value))
            except (AttributeError, TypeError):
                into.problems.append(cell.problem(header, "clashes with another column "
                                                          "(a field cannot be both a value and nested)"))
                continue
            cells[path] = cell
        into.cards.append(card)
        into.cells.append(cells)
        into.rows.append(Cell(name, source.sheet, number, 1, ""))
        card_id = card.get("id")
        for deck, n, cell in counts:
            into.decks.append((deck, card_id if isinstance(card_id, str) else "", n, cell))


# --- attaching to a database ------------------------------------------------------------------

def sources(value: Any, where: Positions, root: FsPath,
            display: Any) -> tuple[list[tuple[Source, str]], list[Problem]]:
    """The `cards_from` entries as project files, each checked to lie inside the project."""
    entries = value if isinstance(value, list) else [value]
    found: list[tuple[Source, str]] = []
    problems: list[Problem] = []
    base = root.resolve()
    for index, entry in enumerate(entries):
        path: Path = ("cards_from", index) if isinstance(value, list) else ("cards_from",)
        shown = format_path(path)

        def bad(message: str) -> None:
            problems.append(where.problem(path, shown, message))

        if not isinstance(entry, str) or not entry.strip():
            bad("expected a file in the project such as cards/cards.xlsx#Sheet1 or cards/cards.csv")
            continue
        file_part, _, sheet = entry.partition("#")
        try:
            real = paths.join(base, file_part, "cards_from")  # the one path policy
        except paths.UnsafePath:
            bad(f"{file_part!r} is outside the project folder")
            continue
        if real.suffix.lower() not in SUFFIXES:
            bad(f"{file_part!r}: expected a .csv or .xlsx file")
        elif sheet and real.suffix.lower() == ".csv":
            bad(f"{entry!r}: a CSV file has no sheets; drop '#{sheet}'")
        elif not real.is_file():
            bad(f"no file {file_part!r} in the project")
        else:
            found.append((Source(entry, real, sheet or None), display(real)))
    return found, problems


def attach(data: dict[str, Any], where: Positions, root: FsPath,
           display: Any) -> tuple[SheetPositions, list[Problem], list[FsPath]]:
    """Append the sheets' cards to `data['cards']` and their counts to the decks, in place.

    Returns positions that locate sheet values at their cells, the problems found reading the
    sheets (reported with the model's own problems, all in one run) and the files read.
    """
    positions = SheetPositions(where.file, where.marks)
    value = data.get("cards_from")
    if value is None:
        return positions, [], []
    found, problems = sources(value, where, root, display)
    sheets = SheetCards()
    for source, name in found:
        try:
            read_sheet(source, name, sheets)
        except (ValueError, OSError) as exc:
            text = str(exc) if isinstance(exc, ValueError) else f"cannot read: {exc.strerror}"
            path: Path = ("cards_from",)
            problems.append(where.problem(path, "cards_from", f"{source.text}: {text}"))
    problems += sheets.problems
    cards = data.get("cards")
    if cards is None:
        cards = data["cards"] = []
    if not isinstance(cards, list):
        return positions, problems, sheets.files
    start = len(cards)
    for offset, (card, cells, row) in enumerate(zip(sheets.cards, sheets.cells, sheets.rows)):
        index = start + offset
        cards.append(card)
        positions.cells[("cards", index)] = row
        for path, cell in cells.items():
            positions.cells[("cards", index) + path] = cell
    problems += _attach_counts(data, sheets, positions)
    return positions, problems, sheets.files


def _attach_counts(data: dict[str, Any], sheets: SheetCards,
                   positions: SheetPositions) -> list[Problem]:
    """Deck counts from `decks.<id>` columns go into that deck's `cards` mapping."""
    decks = data.get("decks")
    by_id = {d.get("id"): (i, d) for i, d in enumerate(decks or []) if isinstance(d, dict)}
    problems: list[Problem] = []
    for deck_id, card_id, n, cell in sheets.decks:
        if deck_id not in by_id:   # said once, at the column's header
            known = ", ".join(str(k) for k in by_id) or "none are declared"
            header = Cell(cell.file, cell.sheet, 1, cell.column, cell.header)
            problems.append(header.problem(cell.header, f"unknown deck {deck_id!r} "
                                                        f"(declare it under decks:; known: {known})"))
            continue
        if not card_id:
            continue  # the row's missing id is reported at the card
        index, deck = by_id[deck_id]
        counts = deck.setdefault("cards", {})
        if not isinstance(counts, dict):
            continue
        if card_id in counts:
            problems.append(cell.problem(cell.header, f"{card_id!r} is also counted in the YAML "
                                                      f"deck {deck_id!r}; give it in one place"))
            continue
        counts[card_id] = n
        positions.cells[("decks", index, "cards", card_id)] = cell
    return problems
