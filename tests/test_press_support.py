"""Helpers shared by the press tests: build a fixture project, read placements out of a PDF.

The placement reader follows the content stream's q/Q and cm operators to the `Do` of each card
form, so the tests measure where a card really lands, not where the code meant to put it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from deckwright.cli import main

ROOT = Path(__file__).resolve().parent.parent
PRESS_FIXTURE = ROOT / "tests" / "fixtures" / "press"
MINI_FIXTURE = ROOT / "tests" / "fixtures" / "mini"
MM = 72.0 / 25.4
A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)
POKER = (63.5, 88.9)

Matrix = tuple[float, float, float, float, float, float]


def copy_project(src: Path, dest: Path) -> Path:
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns("build"))
    return dest


def build(project: Path, *args: str) -> int:
    return main(["-C", str(project), "build", *args])


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF: new CTM = m x CTM)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def placements(reader: PdfReader, page_index: int) -> list[tuple[str, Matrix]]:
    """(form name, CTM) for every form XObject drawn on a page, in drawing order."""
    page = reader.pages[page_index]
    ops = ContentStream(page.get_contents(), reader).operations
    ctm: Matrix = (1, 0, 0, 1, 0, 0)
    stack: list[Matrix] = []
    found = []
    for operands, op in ops:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif op == b"Do":
            found.append((str(operands[0]), ctm))
    return found


def trim_rect(ctm: Matrix, size_mm: tuple[float, float]) -> tuple[float, float, float, float]:
    """The card's trim box (x0, y0, x1, y1) in mm on the page: the form's (0,0)-(w,h) mapped."""
    w, h = size_mm[0] * MM, size_mm[1] * MM
    a, b, c, d, e, f = ctm
    xs = [a * x + c * y + e for x, y in ((0, 0), (w, h))]
    ys = [b * x + d * y + f for x, y in ((0, 0), (w, h))]
    return (min(xs) / MM, min(ys) / MM, max(xs) / MM, max(ys) / MM)


def cards_on(reader: PdfReader, page_index: int, prefix: str) -> list[tuple[str, tuple[float, ...]]]:
    """(form name, trim rect in mm) of the card forms on a page whose name starts with prefix."""
    return [(name, trim_rect(ctm, POKER)) for name, ctm in placements(reader, page_index)
            if name.startswith(f"/FormXob.{prefix}")]


def page_size_mm(reader: PdfReader, index: int) -> tuple[float, float]:
    box = reader.pages[index].mediabox
    return (float(box.width) / MM, float(box.height) / MM)


@pytest.fixture(scope="module")
def press_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_project(PRESS_FIXTURE, tmp_path_factory.mktemp("press") / "p")
