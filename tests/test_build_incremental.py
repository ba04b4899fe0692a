"""`deckwright build` redoes only what changed: an unchanged build writes nothing, one card's text
redraws that card's PNG and the sheets that show it, and nothing else."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from deckwright import manifest
from deckwright.cli import main


@pytest.fixture
def project(mini_project: Path) -> Path:
    return mini_project


def build(project: Path, capsys, *extra: str) -> str:
    assert main(["-C", str(project), "build", "--jobs", "1", *extra]) == 0
    return capsys.readouterr().out


def stamps(project: Path) -> dict[str, int]:
    base = project / "build" / "mini"
    return {p.relative_to(base).as_posix(): p.stat().st_mtime_ns for p in base.rglob("*")
            if p.is_file() and manifest.RECORD_DIR not in p.parts}


def changed(before: dict[str, int], after: dict[str, int]) -> set[str]:
    return {name for name in after if before.get(name) != after[name]} | (before.keys() - after.keys())


def test_unchanged_build_writes_nothing(project: Path, capsys):
    build(project, capsys, "--only", "pnp,png,tts")
    before = stamps(project)
    out = build(project, capsys, "--only", "pnp,png,tts")
    assert out.strip().splitlines()[-1] == "nothing written under build/ (3 target(s) unchanged)"
    assert stamps(project) == before


def in_a_process(project: Path, *extra: str) -> None:
    """A build in its own process, as a user runs it (keys must not depend on the process)."""
    done = subprocess.run([sys.executable, "-m", "deckwright", "-C", str(project), "build",
                           "--jobs", "1", *extra], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


def test_one_cards_text_redraws_only_what_shows_it(project: Path):
    in_a_process(project, "--only", "pnp,png,tts")
    before = stamps(project)
    db = project / "cards" / "mini.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace("**強調**", "**大事**"), encoding="utf-8")
    in_a_process(project, "--only", "pnp,png,tts")
    assert changed(before, stamps(project)) == {
        "cards/red-1.png", "pnp-a4.pdf", "pnp-letter.pdf",
        "tts/standard-1.png", "tts/standard-back.png", "tts/standard.json",
        "tts/standard.tts.json"}


def test_a_deleted_or_edited_output_is_made_again(project: Path, capsys):
    build(project, capsys, "--only", "png")
    png = project / "build" / "mini" / "cards" / "blue-2.png"
    good = png.read_bytes()
    png.write_bytes(b"not a png")
    (project / "build" / "mini" / "cards" / "red-1.png").unlink()
    build(project, capsys, "--only", "png")
    assert png.read_bytes() == good
    assert (project / "build" / "mini" / "cards" / "red-1.png").is_file()


def test_force_redraws_everything(project: Path, capsys):
    build(project, capsys, "--only", "pnp")
    before = stamps(project)
    build(project, capsys, "--only", "pnp", "--force")
    assert changed(before, stamps(project)) == set(before)


def test_a_card_no_longer_made_leaves_no_file(project: Path, capsys):
    build(project, capsys, "--only", "png")
    db = project / "cards" / "mini.yaml"
    text = db.read_text(encoding="utf-8")
    db.write_text(text.replace("blue-2", "blue-two"), encoding="utf-8")   # a card renamed
    build(project, capsys, "--only", "png")
    cards = {p.name for p in (project / "build" / "mini" / "cards").iterdir()}
    assert "blue-two.png" in cards and "blue-2.png" not in cards
