"""`cards.csv` in the print-on-demand zips opens in a spreadsheet as text: a card name that
starts a formula (issue 27, hole 9) is neutralised as OWASP's "CSV Injection" page advises,
from a YAML database and from an XLSX sheet's cell alike, and the rows tell cards apart."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook

from deckwright.press.csvsafe import cell
from test_press_support import MINI_FIXTURE, build, copy_project

ATTACKS = ['=HYPERLINK("//x.io",1)', "+cmd|' /C calc'!A0", "@SUM(1)*cmd|'/C'!A0", "-2+3",
           "\tTAB", "\rCR"]


@pytest.mark.parametrize("value", ATTACKS)
def test_a_formula_start_is_quoted(value: str) -> None:
    assert cell(value) == "'" + value


@pytest.mark.parametrize("value", ["1", "赤の騎士", "A=B", "x+1", "", "'quoted"])
def test_plain_text_is_unchanged(value: str) -> None:
    assert cell(value) == value


def _rows(zip_path: Path) -> list[dict[str, str]]:
    with zipfile.ZipFile(zip_path) as z:
        return list(csv.DictReader(io.StringIO(z.read("cards.csv").decode("utf-8"))))


def test_names_from_yaml_and_xlsx_come_out_inert_in_both_zips(tmp_path: Path) -> None:
    project = copy_project(MINI_FIXTURE, tmp_path / "p")
    db = project / "cards" / "mini.yaml"
    text = db.read_text(encoding="utf-8")
    text = text.replace('name: "1"', "name: '=HYPERLINK(\"//x.io\",1)'")
    text = text.replace('name: "2"', "name: \"+cmd|' /C calc'!A0\"")
    text = text.replace("source: test fixture\n", "source: test fixture\ncards_from: cards/more.xlsx#Cards\n")
    db.write_text(text, encoding="utf-8")
    book = Workbook()
    sheet = book.active
    sheet.title = "Cards"
    sheet.append(["id", "name", "category", "colors", "set", "copies"])
    sheet.append(["red-3", "x", "number", "red", "basic", 1])
    # a string cell as a spreadsheet saves a formula's cached value: the text, not a formula
    sheet["B2"].value = "@SUM(1)*cmd|'/C'!A0"
    sheet["B2"].data_type = "s"
    book.save(project / "cards" / "more.xlsx")
    text = db.read_text(encoding="utf-8").replace("total: 5", "total: 6")
    db.write_text(text, encoding="utf-8")
    assert build(project, "--only", "pod", "--pod", "thegamecrafter,makeplayingcards") == 0
    for service in ("thegamecrafter", "makeplayingcards"):
        rows = _rows(project / "build" / "mini" / "pod" / f"standard-{service}.zip")
        names = {r["id"]: r["name"] for r in rows}
        assert names == {"red-1": "'=HYPERLINK(\"//x.io\",1)", "blue-2": "'+cmd|' /C calc'!A0",
                         "red-3": "'@SUM(1)*cmd|'/C'!A0"}
        raw = zipfile.ZipFile(project / "build" / "mini" / "pod" /
                              f"standard-{service}.zip").read("cards.csv").decode("utf-8")
        assert not any(line.split('","')[4].startswith(("=", "+", "-", "@"))
                       for line in raw.splitlines()[1:])


def test_rows_tell_cards_of_one_name_apart(tmp_path: Path) -> None:
    """super-page-one names four cards "0": the row says each one's colour."""
    project = copy_project(MINI_FIXTURE, tmp_path / "p")
    db = project / "cards" / "mini.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace('name: "2"', 'name: "1"'), encoding="utf-8")
    assert build(project, "--only", "pod", "--pod", "thegamecrafter") == 0
    rows = _rows(project / "build" / "mini" / "pod" / "standard-thegamecrafter.zip")
    assert [(r["name"], r["colors"], r["id"], r["set"]) for r in rows] == [
        ("1", "赤", "red-1", "basic"), ("1", "青", "blue-2", "basic")]
