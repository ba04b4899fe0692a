"""A corrupt font in a project's fonts/ is one line and exit 2 in `check` and in `build`, before
anything is drawn, and fontTools prints nothing of its own (issue 27, hole 11)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from deckwright.cli import main
from test_fonts import project


def overwrite(path: Path, tag: str, fill: bytes) -> None:
    """Replace table `tag` of the font at `path` with `fill`, repeated to its length."""
    with TTFont(str(path), lazy=True) as font:
        entry = font.reader.tables[tag]
        offset, length = entry.offset, entry.length
    data = bytearray(path.read_bytes())
    data[offset:offset + length] = (fill * length)[:length]
    path.write_bytes(bytes(data))


NOISE = bytes(random.Random(27).randrange(256) for _ in range(64))
CASES = {
    "a garbage .ttc header": ("Bad.ttc", None, b""),
    "a corrupt cmap": ("FoxSans-Regular.ttf", "cmap", b"\xff"),
    "a corrupt head": ("FoxSans-Regular.ttf", "head", b"\xff"),
    "a corrupt loca (passed check, crashed build)": ("FoxSans-Regular.ttf", "loca",
                                                     b"\x10\x00\x00\x01"),
    "a corrupt glyf (passed check, crashed build)": ("FoxSans-Regular.ttf", "glyf", b"\xff"),
    "a corrupt name (23,106 lines of logging)": ("FoxSans-Regular.ttf", "name", b"\xff"),
    "a noisy hhea": ("FoxSans-Regular.ttf", "hhea", NOISE),
}


@pytest.mark.parametrize("command", [["check"], ["build", "--only", "png"],
                                     ["build", "--only", "rulebook"]])
@pytest.mark.parametrize("case", list(CASES))
def test_a_corrupt_font_is_one_line(tmp_path: Path, capsys, case: str, command: list[str]) -> None:
    file, tag, fill = CASES[case]
    root = project(tmp_path, font="Fox Sans")
    if tag is None:
        (root / "fonts" / file).write_bytes(b"ttcf\x00\x01\x00\x00\xff\xff\xff\xff" + bytes(100))
    else:
        overwrite(root / "fonts" / file, tag, fill)
    assert main(["-C", str(root), *command]) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"fonts/{file}:1:1: font: not a readable font (")
    assert "Traceback" not in err and str(tmp_path) not in err
    assert not (root / "build" / "fox").exists() or not any((root / "build" / "fox").rglob("*.p*"))
