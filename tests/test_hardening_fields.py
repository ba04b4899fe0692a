"""Every value a project carries is bounded in length after decompression, in YAML, CSV and
XLSX, and refused early with one line (issue 27, hole 10); an XLSX declaring a DOCTYPE is one
line naming the file as the project does (hole 11)."""

from __future__ import annotations

import shutil
import time
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook

from deckwright.cli import main
MAX_FIELD_CHARS = 20_000   # deckwright.model.yamlsafe.MAX_FIELD_CHARS

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"
LONG = "N" * (MAX_FIELD_CHARS + 1)
HEADERS = ["id", "name", "category", "colors", "set", "copies"]


def project(tmp_path: Path, sheet: str | None = None) -> Path:
    """The mini fixture; with `sheet`, its database also takes cards from that file."""
    root = tmp_path / "p"
    shutil.copytree(MINI, root)
    if sheet:
        db = root / "cards" / "mini.yaml"
        text = db.read_text().replace("cards:\n", f"cards_from: cards/{sheet}\ncards:\n", 1)
        db.write_text(text.replace("total: 5", "total: 6"))
    return root


def check(root: Path, capsys) -> list[str]:
    start = time.monotonic()
    assert main(["-C", str(root), "check"]) == 2
    assert time.monotonic() - start < 10
    err = capsys.readouterr().err
    assert "Traceback" not in err and str(root) not in err
    return [line for line in err.splitlines() if not line.startswith("warning:")]


def workbook(path: Path, name: str, extra: dict[str, bytes] | None = None) -> None:
    """An XLSX with one card whose name is `name`, written into the sheet's XML directly (so
    it is not cut to Excel's 32,767 characters), and `extra` parts (member -> prefix)."""
    book = Workbook()
    sheet = book.active
    sheet.title = "Cards"
    sheet.append(HEADERS)
    sheet.append(["green-3", "PLACEHOLDER", "number", "red", "basic", 1])
    plain = path.with_suffix(".plain.xlsx")
    book.save(plain)
    with zipfile.ZipFile(plain) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for item in src.infolist():
            data = src.read(item.filename).replace(b"PLACEHOLDER", name.encode())
            out.writestr(item.filename, (extra or {}).get(item.filename, b"") + data)
    plain.unlink()


def test_a_long_yaml_value_is_refused_at_its_place(tmp_path: Path, capsys) -> None:
    root = project(tmp_path)
    db = root / "cards" / "mini.yaml"
    db.write_text(db.read_text().replace('name: "2"', f"name: {'N' * 1_000_000}"))
    line = next(n for n, t in enumerate(db.read_text().splitlines(), 1) if "NNNN" in t)
    assert check(root, capsys) == [
        f"cards/mini.yaml:{line}:11: YAML: a value of 1000000 characters, more than "
        f"{MAX_FIELD_CHARS}; refused"]


def test_a_long_csv_value_is_refused_at_its_cell(tmp_path: Path, capsys) -> None:
    root = project(tmp_path, "mini.csv")
    rows = [HEADERS, ["green-3", LONG, "number", "red", "basic", "1"]]
    (root / "cards" / "mini.csv").write_text("\n".join(",".join(r) for r in rows) + "\n")
    assert check(root, capsys) == [
        f"cards/mini.csv:B2: name: a value of {len(LONG)} characters, more than "
        f"{MAX_FIELD_CHARS}; refused"]
    rows[1][1] = "N" * 300_000   # past the csv module's own field limit
    (root / "cards" / "mini.csv").write_text("\n".join(",".join(r) for r in rows) + "\n")
    assert check(root, capsys) == [
        f"cards/mini.yaml:21:1: cards_from: cards/mini.csv: line 2: a value of more than "
        f"{MAX_FIELD_CHARS} characters; refused"]


def test_a_long_xlsx_value_is_refused_at_its_cell(tmp_path: Path, capsys) -> None:
    root = project(tmp_path, "mini.xlsx")
    workbook(root / "cards" / "mini.xlsx", LONG)
    assert check(root, capsys) == [
        f"cards/mini.xlsx:Cards!B2: name: a value of {len(LONG)} characters, more than "
        f"{MAX_FIELD_CHARS}; refused"]


def test_a_small_xlsx_that_unpacks_huge_is_refused_before_reading(tmp_path: Path, capsys) -> None:
    """The issue's 311 KB workbook held a 300 MB name; this one is 40 MB in 40 KB."""
    root = project(tmp_path, "mini.xlsx")
    workbook(root / "cards" / "mini.xlsx", "N" * 40_000_000)
    assert (root / "cards" / "mini.xlsx").stat().st_size < 200_000
    assert check(root, capsys) == [
        "cards/mini.yaml:21:1: cards_from: cards/mini.xlsx: unpacks to 40 MB, more than 32 MB; "
        "refused"]


@pytest.mark.parametrize("part", ["xl/workbook.xml", "xl/worksheets/sheet1.xml",
                                  "[Content_Types].xml"])
def test_an_xlsx_with_a_doctype_is_one_line(tmp_path: Path, capsys, part: str) -> None:
    root = project(tmp_path, "mini.xlsx")
    workbook(root / "cards" / "mini.xlsx", "ok", {part: b'<!DOCTYPE x [<!ENTITY e "y">]>'})
    assert check(root, capsys) == [
        f"cards/mini.yaml:21:1: cards_from: cards/mini.xlsx: {part} declares a DOCTYPE (XML "
        f"entities are not allowed in a workbook); refused"]
