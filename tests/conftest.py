"""Fixtures shared by test modules."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

MINI = Path(__file__).resolve().parent / "fixtures" / "mini"


@pytest.fixture
def mini_project(tmp_path: Path) -> Path:
    """A private copy of the small `mini` project (one game, two cards, a few examples)."""
    shutil.copytree(MINI, tmp_path / "p")
    return tmp_path / "p"
