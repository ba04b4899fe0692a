"""docs/engine.md part 1 builds the module `deckwright new NAME --rules` writes, block by block:
its code blocks, one after another, are that module (the same code, statement for statement),
and run as a project's rules they pass its examples and fuzz clean."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from deckwright.cli import main

ROOT = Path(__file__).resolve().parent.parent
SCAFFOLD = ROOT / "src" / "deckwright" / "scaffold" / "rules" / "__MODULE__.py"


def tutorial_code() -> str:
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    part = text.split("# Part 1:", 1)[1].split("# Part 2:", 1)[0]
    return "\n".join(re.findall(r"```python\n(.*?)```", part, re.S))


def test_the_tutorials_blocks_are_the_scaffolds_module() -> None:
    code = tutorial_code()
    assert ast.dump(ast.parse(code)) == ast.dump(ast.parse(SCAFFOLD.read_text(encoding="utf-8")))


def test_the_tutorials_game_plays_its_examples_and_fuzzes_clean(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-C", str(tmp_path), "new", "fox", "--rules"]) == 0
    fox = tmp_path / "fox"
    code = tutorial_code().replace("__GAME__", "fox").replace("__TITLE__", "Fox")
    (fox / "rules" / "fox.py").write_text(code, encoding="utf-8")
    capsys.readouterr()
    assert main(["-C", str(fox), "playtest"]) == 0
    assert capsys.readouterr().out.startswith("fox: 2 passed, 0 failed")
    assert main(["-C", str(fox), "fuzz", "fox", "--games", "40"]) == 0
    assert "no invariant broken" in capsys.readouterr().out
