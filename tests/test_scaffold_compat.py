"""Projects keep working: the rules module `deckwright new fox --rules` wrote in November 2026
(kept verbatim in tests/fixtures/scaffold_2026_11/, with its cards and examples) still checks,
plays its worked examples and fuzzes clean on today's engine, unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.cli import main

OLD = Path(__file__).parent / "fixtures" / "scaffold_2026_11"


@pytest.fixture(scope="module")
def old_fox(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project made by today's `new`, then given the 2026 scaffold's rules module, cards and
    examples, with the scaffold's own placeholders filled in as `new` fills them."""
    root = tmp_path_factory.mktemp("compat")
    assert main(["-C", str(root), "new", "fox", "--rules"]) == 0
    fox = root / "fox"
    words = {"__GAME__": "fox", "__TITLE__": "Fox", "__MODULE__": "fox"}

    def filled(path: Path) -> str:
        text = path.read_text(encoding="utf-8")
        for key, value in words.items():
            text = text.replace(key, value)
        return text

    (fox / "rules" / "fox.py").write_text(filled(OLD / "rules" / "__MODULE__.py"), encoding="utf-8")
    (fox / "cards" / "fox.yaml").write_text(filled(OLD / "cards" / "__GAME__.yaml")
                                            + filled(OLD / "examples.yaml"), encoding="utf-8")
    return fox


@pytest.mark.parametrize("command", [["check"], ["playtest"], ["fuzz", "fox", "--games", "30"]])
def test_the_2026_scaffold_runs_unchanged(old_fox: Path, command: list[str],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-C", str(old_fox), *command]) == 0
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    if command == ["playtest"]:
        assert out.out.startswith("fox: 2 passed, 0 failed"), out.out
