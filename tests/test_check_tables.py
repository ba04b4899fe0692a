"""`check`'s tables and lines are rich's bytes whether rich prints them or not (cli/tables.py):
random tables, titles and lines of ASCII and Japanese text, markup, emoji codes and odd
spacing, at many widths, printed both ways; and the CLI's choice of way, through a pipe and
on a terminal, says the same as rich's own console does."""

from __future__ import annotations

import io
import os
import pty
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from deckwright.cli import tables
from deckwright.cli.tables import Line, Table

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "mini"
PLAIN = ["cards", "deck ", "azumanga-basic", "132", " cards (stated 132)", "ja", " en (edition of ja)",
         "ゴーストカップル", "超ページワン", "トレジャー", "deckwright.rules.bridge_over (bundled)",
         "é", "ｱ", "、", "-", "(", ")", "★", "♠", "a:b", "note: x", "\\"]
ODD = ["[default]", "[bold]x[/bold]", ":fox:", ":smile:", "10:30:", " ", "  ", "\t", "x\ny",
       "[warning]", "\\[", "\u200d", "\x1b"]

#: conftest.py: dealt out to the workers one by one (slow `check` runs, one project)
XDIST_SPREAD = True


def by_rich(items: list[Line | Table], width: int) -> str:
    """What rich prints for `items` at `width`, as `check` printed them before tables.py."""
    out = io.StringIO()
    tables._with_rich(items, out, width)
    return out.getvalue()


def text(rng: random.Random) -> str:
    text = "".join(rng.choice(ODD if rng.random() < 0.05 else PLAIN)
                   for _ in range(rng.randint(1, 4))).strip(" ")
    return text + " " if rng.random() < 0.2 else text   # the default deck's row ends in one


def test_plain_text_is_riches_bytes_or_left_to_rich() -> None:
    rng = random.Random(17)
    plain = 0
    for _ in range(1500):
        items: list[Line | Table] = []
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.6:
                items.append(Table(text(rng), [(text(rng), text(rng))
                                               for _ in range(rng.randint(1, 5))]))
            else:
                items.append(Line(text(rng), markup=rng.random() < 0.5))
        width = rng.randint(10, 160)
        mine = tables.plain(items, width)
        if mine is not None:
            plain += 1
            assert mine == by_rich(items, width), (items, width)
    assert plain > 150   # the plain way is taken, not only the way out


@pytest.mark.parametrize("width", [20, 26, 27, 28, 40, 80])
def test_edges_of_the_width(width: int) -> None:
    """A line exactly as wide as the window, a table one cell too wide for it."""
    items: list[Line | Table] = [Line("x" * 27), Line("ア" * 13 + "x"),
                                 Table("title", [("cards", "90 distinct, 145 copies")]),
                                 Table("トレジャースクランブル (treasure-scramble)", [("a", "b")])]
    for item in items:
        mine = tables.plain([item], width)
        if mine is not None:
            assert mine == by_rich([item], width)
    assert (tables.plain([items[0]], width) is None) == (width < 27)


def test_what_plain_text_cannot_say_is_printed_by_rich(monkeypatch) -> None:
    """Markup and an emoji code in deckwright's own line: `show` leaves it to rich, which
    styles the one and looks the other up."""
    monkeypatch.setenv("COLUMNS", "80")
    items: list[Line | Table] = [Line("[bold]2[/bold] game(s) :smile: valid")]
    assert tables.plain(items, 80) is None
    out = io.StringIO()
    tables.show(items, out)
    assert out.getvalue() == by_rich(items, 80) == "2 game(s) \U0001f604 valid\n"


def test_a_projects_words_are_printed_as_they_are(monkeypatch) -> None:
    """A title, a deck id or a warning quoting a card is the project's text: `[default]` and
    `:smile:` in it are printed, by the plain way and by rich alike (rich once swallowed the
    default deck's mark as a style tag)."""
    monkeypatch.setenv("COLUMNS", "80")
    items: list[Line | Table] = [Table("Fox [beta] :smile: (fox)", [("deck a", "3 cards [default]")]),
                                 Line("cards/x.yaml:1:2: x [warning] :smile:", markup=False)]
    out = io.StringIO()
    tables.show(items, out)
    assert out.getvalue() == tables.plain(items, 80) == by_rich(items, 80)
    assert "Fox [beta] :smile: (fox)" in out.getvalue()
    assert "│ 3 cards [default] │" in out.getvalue()
    assert "1:2: x [warning] :smile:" in out.getvalue()


PROBE = """import sys
from deckwright.cli import main, tables
if sys.argv[2] == "rich":
    tables.plain = lambda items, width: None
status = main(["-C", sys.argv[1], "check"], own_process=True)
with open(sys.argv[3], "w") as f:
    f.write(" ".join(m for m in ("rich.console", "rich.table") if m in sys.modules))
sys.exit(status)
"""


@pytest.fixture(scope="module")
def new_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project as `deckwright new --rules` makes it: its summary fits 80 columns."""
    where = tmp_path_factory.mktemp("tables")
    subprocess.run([sys.executable, "-m", "deckwright", "new", "fox", "--rules"], cwd=where,
                   check=True, capture_output=True)
    return where / "fox"


def run_check(project: Path, env: dict[str, str], terminal: bool, way: str) -> bytes:
    """stdout of `check` of `project` through a pipe or on a terminal (a new pty, whose size
    is 0 x 0, which rich reads as 80 columns); `way` "rich" forces rich. `imported` then
    says which of rich's console modules the run imported."""
    global imported
    said = Path(tempfile.mkdtemp()) / "imported.txt"
    argv = [sys.executable, "-c", PROBE, str(project), way, str(said)]
    env = {**{k: v for k, v in os.environ.items()
              if k not in ("COLUMNS", "FORCE_COLOR", "TTY_COMPATIBLE")}, **env}
    if not terminal:
        got = subprocess.run(argv, env=env, capture_output=True, check=True).stdout
        imported = said.read_text()
        shutil.rmtree(said.parent)
        return got
    main, child = pty.openpty()
    done = subprocess.Popen(argv, env=env, stdin=child, stdout=child, stderr=child)
    os.close(child)
    got = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:   # the child's side closed
            break
        if not chunk:
            break
        got += chunk
    os.close(main)
    assert done.wait() == 0
    imported = said.read_text()
    shutil.rmtree(said.parent)
    return got


imported = ""


@pytest.mark.parametrize("env,terminal,styled,wraps", [
    ({}, False, False, False), ({"COLUMNS": "30"}, False, False, True),
    ({"COLUMNS": "200"}, False, False, False), ({"TTY_COMPATIBLE": "0"}, True, False, False),
    ({"FORCE_COLOR": ""}, True, False, False), ({}, True, True, False),
    ({"FORCE_COLOR": "1"}, False, True, False), ({"TTY_COMPATIBLE": "1"}, False, True, False)],
    ids=["pipe", "pipe-narrow", "pipe-wide", "terminal-not-compatible", "terminal-no-force",
         "terminal", "pipe-forced", "pipe-compatible"])
def test_the_command_prints_what_rich_prints(new_project: Path, env: dict[str, str],
                                            terminal: bool, styled: bool, wraps: bool) -> None:
    """`check` through a pipe, on a terminal and under rich's environment variables prints
    the bytes rich printed, styled exactly where rich styles."""
    got = run_check(new_project, env, terminal, "either")
    rich_imported = imported
    assert got == run_check(new_project, env, terminal, "rich")
    assert (b"\x1b[" in got) == styled and b"1 game(s) valid" in got
    assert rich_imported == ("rich.console rich.table" if styled or wraps else "")
    assert wraps or "27 cards (stated 27) ".encode() in got   # the default deck: see summary()


def test_a_summary_rich_wraps_is_printed_by_rich() -> None:
    """The fixture game has no rules module: the line that says how to add one is wrapped."""
    got = run_check(FIXTURE, {}, False, "either")
    assert imported == "rich.console rich.table"
    assert got == run_check(FIXTURE, {}, False, "rich")
    assert "add rules/mini.py to the     │".encode() in got
