"""Cards from a spreadsheet: real XLSX and CSV files, errors at their cells, the build workflow."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from openpyxl import Workbook
from pypdf import PdfReader

from deckwright.cli import main
from deckwright.model import InputError, Project, load_game
from deckwright.model.schema import Card
from deckwright.model.spreadsheet import (INTEGER_FIELDS, INTEGER_OR_TEXT_FIELDS, LIST_FIELDS,
                                          NESTED_FIELDS, TEXT_FIELDS, column_letter)

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"

HEADERS = ["id", "name", "category", "colors", "copies", "points", "stats.power",
           "stats.element[]", "effects.1.kind", "effects.1.text", "decks.fox", "# note"]
ROWS = [
    ["fox-1", "狐の一", "number", "red", 2, 3, 5, "火, 風", "normal", "山札から1枚引く。", 2, "draft"],
    ["fox-2", "狐の二", "number", "red, blue", 1, 4, 7.0, "水", None, None, 1, None],
]


def workbook(path: Path, rows: list[list], sheet: str = "Cards", headers=HEADERS) -> Path:
    book = Workbook()
    ws = book.active
    ws.title = sheet
    ws.append(headers)
    for row in rows:
        ws.append(row)
    book.create_sheet("Notes").append(["not cards"])
    book.save(path)
    return path


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "p"
    shutil.copytree(MINI, root)
    text = (root / "cards" / "mini.yaml").read_text(encoding="utf-8")
    text = text.replace("source: test fixture\n",
                        "source: test fixture\ncards_from: cards/fox.xlsx#Cards\n")
    text = text.replace("decks:\n", "decks:\n  - {id: fox, title: 狐デッキ, total: 3}\n")
    (root / "cards" / "mini.yaml").write_text(text, encoding="utf-8")
    workbook(root / "cards" / "fox.xlsx", ROWS)
    return root


def errors(project: Path) -> list[str]:
    with pytest.raises(InputError) as info:
        load_game(Project(project), "mini")
    return [str(p) for p in info.value.problems]


def test_every_card_field_has_a_cell_conversion() -> None:
    known = TEXT_FIELDS | INTEGER_FIELDS | INTEGER_OR_TEXT_FIELDS | LIST_FIELDS | NESTED_FIELDS
    assert set(Card.model_fields) - {"effects", "stats"} <= known
    assert [column_letter(i) for i in (0, 25, 26, 27, 701, 702)] == ["A", "Z", "AA", "AB", "ZZ", "AAA"]


def test_xlsx_rows_become_cards_with_nested_fields_lists_and_deck_counts(project: Path) -> None:
    game = load_game(Project(project), "mini")
    fox1, fox2 = game.cards["fox-1"], game.cards["fox-2"]
    assert (fox1.name, fox1.copies, fox1.points, fox1.colors) == ("狐の一", 2, 3, ["red"])
    assert fox1.stats == {"power": 5, "element": ["火", "風"]}
    assert [(e.kind, e.text) for e in fox1.effects] == [("normal", "山札から1枚引く。")]
    assert fox2.colors == ["red", "blue"] and fox2.stats == {"power": 7, "element": ["水"]}
    assert fox2.effects == []
    assert game.deck_contents("fox") == {"fox-1": 2, "fox-2": 1}
    assert list(game.cards)[:2] == ["red-1", "blue-2"]  # YAML cards first, then the sheet's
    assert game.sheets == [project / "cards" / "fox.xlsx"]


def test_csv_sheet_utf8_with_bom(project: Path) -> None:
    text = "\ufeffid,name,category,copies,colors\nfox-9,九尾,number,3,\"red,blue\"\n"
    (project / "cards" / "fox.csv").write_text(text, encoding="utf-8")
    db = project / "cards" / "mini.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace("cards/fox.xlsx#Cards", "cards/fox.csv")
                  .replace("total: 3}", "}"), encoding="utf-8")
    game = load_game(Project(project), "mini")
    assert game.cards["fox-9"].copies == 3 and game.cards["fox-9"].colors == ["red", "blue"]


def test_bad_cells_are_reported_at_their_cell_all_at_once(project: Path) -> None:
    rows = [list(r) for r in ROWS]
    rows[0][5] = "many"            # F2 points
    rows[1][2] = "monster"         # C3 unknown category
    rows[0][4] = 1.5               # E2 copies
    rows[1][10] = "x"              # K3 deck count
    workbook(project / "cards" / "fox.xlsx", rows)
    found = errors(project)
    assert "cards/fox.xlsx:Cards!F2: points: expected a whole number, or a mapping of states " \
           "to whole numbers (e.g. {hand: 40, public: 0})" in found
    assert "cards/fox.xlsx:Cards!E2: copies: expected a whole number >= 0" in found
    assert "cards/fox.xlsx:Cards!K3: decks.fox: expected a whole number >= 0" in found
    assert any(f.startswith("cards/fox.xlsx:Cards!C3: category: unknown category 'monster'")
               for f in found), found
    assert len(found) == 4, found  # structural and cross-reference problems in one run
    rows[1][4] = "lots"            # E3: the same row's category is still checked
    workbook(project / "cards" / "fox.xlsx", rows)
    found = errors(project)
    assert "cards/fox.xlsx:Cards!E3: copies: expected a whole number >= 0" in found
    assert any(f.startswith("cards/fox.xlsx:Cards!C3: category: unknown category") for f in found)


def test_unknown_column_missing_field_and_unknown_deck(project: Path) -> None:
    headers = HEADERS[:10] + ["decks.wolf", "powr"]
    rows = [r[:10] + [1, 3] for r in ROWS]
    rows[1][1] = None  # no name
    workbook(project / "cards" / "fox.xlsx", rows, headers=headers)
    found = errors(project)
    assert "cards/fox.xlsx:Cards!L1: powr: unknown card field" in found
    assert "cards/fox.xlsx:Cards!A3: name: required field is missing" in found
    assert [f for f in found if "wolf" in f] == [
        "cards/fox.xlsx:Cards!K1: decks.wolf: unknown deck 'wolf' (declare it under decks:; "
        "known: fox, standard)"]


def test_a_misspelt_header_is_one_line_at_its_header_cell(project: Path) -> None:
    """Not one line per row: the header is wrong, and its column is read as the field it
    resembles, so the rows raise nothing more (a required field included)."""
    headers = ["id", "name", "categroy", "colors", "copies", "pionts"]
    rows = [[f"fox-{i}", f"狐{i}", "number", "red", 1, 2] for i in range(1, 53)]
    workbook(project / "cards" / "fox.xlsx", rows, headers=headers)
    assert errors(project) == [
        "cards/fox.xlsx:Cards!C1: categroy: unknown card field (did you mean category?)",
        "cards/fox.xlsx:Cards!F1: pionts: unknown card field (did you mean points?)"]


def test_missing_sheet_file_and_escape_are_one_line_each(project: Path) -> None:
    db = project / "cards" / "mini.yaml"
    text = db.read_text(encoding="utf-8")
    line = next(i for i, s in enumerate(text.splitlines(), 1) if s.startswith("cards_from"))
    db.write_text(text.replace("cards/fox.xlsx#Cards", "cards/fox.xlsx#Karten"), encoding="utf-8")
    assert errors(project) == [f"cards/mini.yaml:{line}:1: cards_from: cards/fox.xlsx#Karten: "
                               "no sheet 'Karten' (sheets: Cards, Notes)"]
    db.write_text(text.replace("cards/fox.xlsx#Cards", "../fox.xlsx"), encoding="utf-8")
    assert errors(project) == [f"cards/mini.yaml:{line}:1: cards_from: '../fox.xlsx' is outside "
                               "the project folder"]
    (project / "cards" / "fox.xlsx").write_bytes(b"not a zip")
    db.write_text(text, encoding="utf-8")
    assert errors(project)[0].startswith(f"cards/mini.yaml:{line}:1: cards_from: cards/fox.xlsx"
                                         "#Cards: not a readable XLSX workbook")


def test_cli_check_exits_2_with_cell_lines(project: Path, capsys) -> None:
    rows = [list(r) for r in ROWS]
    rows[0][4] = "two"
    workbook(project / "cards" / "fox.xlsx", rows)
    assert main(["-C", str(project), "check"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "cards/fox.xlsx:Cards!E2: copies: expected a whole number >= 0"
    assert "Traceback" not in err


def test_editing_the_sheet_and_building_is_the_workflow(project: Path) -> None:
    args = ["-C", str(project), "build", "mini", "--only", "pnp", "--paper", "a4"]
    assert main(args) == 0
    pdf = project / "build" / "mini" / "fox" / "pnp-a4.pdf"  # the fox deck
    assert "狐の一" in "".join(p.extract_text() for p in PdfReader(pdf).pages)
    rows = [list(r) for r in ROWS]
    rows[0][1] = "白狐"
    workbook(project / "cards" / "fox.xlsx", rows)
    assert main(args) == 0
    text = "".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert "白狐" in text and "狐の一" not in text


def test_the_worked_example_in_the_docs_builds(tmp_path: Path, capsys) -> None:
    """docs/format.md's database and sheet, taken from the page itself, check and build."""
    doc = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    section = doc.split("## Cards from a spreadsheet", 1)[1]
    yaml_text = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    sheet = section.split("sheet `Cards`:\n\n", 1)[1].split("\n\n", 1)[0]
    table = [line for line in sheet.splitlines() if "---" not in line]
    cells = [[c.strip() for c in line.strip("|").split("|")][1:] for line in table[1:]]
    root = tmp_path / "fox-hunt"
    (root / "cards").mkdir(parents=True)
    (root / "cards" / "fox-hunt.yaml").write_text(yaml_text, encoding="utf-8")
    book = Workbook()
    book.active.title = "Cards"
    for row in cells:
        book.active.append([int(c) if c.isdigit() else (c or None) for c in row])
    book.save(root / "cards" / "fox.xlsx")
    assert yaml_text.splitlines()[11].startswith("cards_from:")  # the line the docs' error names
    assert main(["-C", str(root), "check"]) == 0, capsys.readouterr().err
    game = load_game(Project(root), "fox-hunt")
    assert game.deck_contents("starter") == {"red-fox": 2, "twin-fox": 1, "snare": 1}
    assert game.cards["red-fox"].stats == {"power": 5, "element": ["火", "風"]}
    assert main(["-C", str(root), "build", "--only", "pnp", "--paper", "a4"]) == 0


def test_a_face_problem_of_a_sheet_card_names_its_cell(project: Path, capsys) -> None:
    text = "id,name,category,text\nfox-9,九尾,number," + "とても長い効果の文章。" * 60 + "\n"
    (project / "cards" / "fox.csv").write_text(text, encoding="utf-8")
    db = project / "cards" / "mini.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace("cards/fox.xlsx#Cards", "cards/fox.csv")
                  .replace(", total: 3}", "}"), encoding="utf-8")
    assert main(["-C", str(project), "check"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("cards/fox.csv:D2: text: card 'fox-9' (face): text does not fit region "
                          "'text' even at its floor of 5 pt"), err


def test_an_unreadable_csv_is_one_line(project: Path) -> None:
    (project / "cards" / "fox.csv").write_bytes(b'id,name\nfox,"' + b"x" * 200_000 + b'"\n')
    db = project / "cards" / "mini.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace("cards/fox.xlsx#Cards", "cards/fox.csv")
                  .replace(", total: 3}", "}"), encoding="utf-8")
    found = errors(project)
    assert found == ["cards/mini.yaml:21:1: cards_from: cards/fox.csv: line 2: a value of more "
                     "than 20000 characters; refused"]


def test_without_a_sheet_name_the_first_sheet_is_read_and_named(project: Path) -> None:
    db = project / "cards" / "mini.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace("cards/fox.xlsx#Cards", "cards/fox.xlsx"),
                  encoding="utf-8")
    rows = [list(r) for r in ROWS]
    rows[0][4] = "two"
    workbook(project / "cards" / "fox.xlsx", rows)
    assert errors(project) == ["cards/fox.xlsx:Cards!E2: copies: expected a whole number >= 0"]


def test_too_many_rows_is_refused(project: Path, monkeypatch) -> None:
    from deckwright.model import spreadsheet
    monkeypatch.setattr(spreadsheet, "MAX_ROWS", 1)  # the header and one card
    assert errors(project)[0].endswith("cards_from: cards/fox.xlsx#Cards: more than 1 card rows; refused")
