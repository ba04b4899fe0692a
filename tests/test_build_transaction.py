"""A build killed at any moment leaves nothing that passes for current: the next build puts every
output right (byte for byte what a clean build makes) and leaves no temporary file behind.

Uses the small `mini` fixture; the kills are seeded, so a failure can be replayed.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from deckwright import atomic, manifest

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"
FACES = ["--only", "pnp,png,tts"]

#: conftest.py: dealt out to the workers one by one (slow builds that share nothing)
XDIST_SPREAD = True


def project(where: Path, changed: bool = False) -> Path:
    shutil.copytree(MINI, where)
    if changed:
        edit(where, True)
    return where


def edit(root: Path, changed: bool) -> None:
    db = root / "cards" / "mini.yaml"
    text = db.read_text(encoding="utf-8")
    old, new = ("**強調**", "**大事**") if changed else ("**大事**", "**強調**")
    db.write_text(text.replace(old, new), encoding="utf-8")


def command(root: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "deckwright", "-C", str(root), "build", *extra]


def build(root: Path, *extra: str) -> str:
    done = subprocess.run(command(root, *extra), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def outputs(root: Path) -> dict[str, bytes]:
    """Every file under build/ except the records (which hold times of this folder)."""
    base = root / "build"
    return {p.relative_to(base).as_posix(): p.read_bytes() for p in sorted(base.rglob("*"))
            if p.is_file() and manifest.RECORD_DIR not in p.parts}


def litter(root: Path) -> list[str]:
    return sorted(p.name for p in (root / "build").rglob("*") if atomic.TEMP_NAME.match(p.name))


def kill_after(root: Path, seconds: float | None, *extra: str) -> bool:
    """Start a build, SIGKILL it (and its workers) after `seconds`, or with `seconds=None` the
    moment its first temporary file shows (a kill that surely lands mid-write, however loaded
    the machine); True if it was still running."""
    proc = subprocess.Popen(command(root, *extra), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        if seconds is None:
            while proc.poll() is None and not litter(root):
                time.sleep(0.001)
            if proc.poll() is not None:
                return False
        else:
            proc.wait(timeout=seconds)
            return False
    except subprocess.TimeoutExpired:
        pass
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    return True


def test_main_module_runs():
    # the kill tests start builds as `python -m deckwright`
    done = subprocess.run([sys.executable, "-m", "deckwright", "--version"],
                          capture_output=True, text=True)
    assert done.returncode == 0 and "deckwright" in done.stdout


def test_builds_killed_at_random_moments_are_put_right_by_the_next_build(tmp_path: Path):
    clean = {}
    for changed in (False, True):
        ref = project(tmp_path / f"ref-{changed}", changed)
        start = time.monotonic()
        build(ref, *FACES, "--jobs", "2")
        clean[changed] = outputs(ref)
        duration = time.monotonic() - start
    assert clean[False] != clean[True]
    work = project(tmp_path / "work")
    build(work, *FACES)
    rng = random.Random(19)
    state = False
    midway = 0
    for round_no in range(4):
        state = not state
        edit(work, state)           # the build to be killed has work to do
        before = outputs(work)
        # the first kill waits for a temporary file; the others land at random moments
        when = None if round_no == 0 else rng.uniform(0.3, 1.0) * duration
        if kill_after(work, when, *FACES, "--jobs", "2", "--force"):
            midway += bool(litter(work)) or outputs(work) != before
        if rng.random() < 0.5:      # sometimes the change is taken back before the next build
            state = not state
            edit(work, state)
        build(work, *FACES)
        assert litter(work) == []
        assert outputs(work) == clean[state]
    assert midway, "no kill landed while the build was writing: the test proved nothing"


def test_litter_of_a_killed_build_is_removed(tmp_path: Path):
    work = project(tmp_path / "work")
    build(work, *FACES)
    stray = work / "build" / "mini" / "cards" / ".red-1.png.ab12cd_9.tmp"
    stray.write_bytes(b"half a png")
    own = work / "build" / "mini" / "notes.tmp"   # not deckwright's: kept
    own.write_text("mine", encoding="utf-8")
    assert "nothing written under build/" in build(work, *FACES)
    assert not stray.exists() and own.exists()


def test_killed_between_the_rulebook_pdf_and_the_rest_then_reverted(tmp_path: Path):
    """The issue's case: the new rulebook.pdf is in place, the build dies, the database is put
    back. The next build must not keep the new PDF as if it matched the old database."""
    pytest.importorskip("weasyprint")
    work = project(tmp_path / "work")
    build(work, "--jobs", "1")
    before = outputs(work)
    edit(work, True)
    die = ("import os, sys\n"
           "from deckwright import atomic\n"
           "def expose(self):\n"
           "    target, tmp = next(iter(self.files.items()))\n"
           "    os.replace(tmp, target)\n"
           "    os._exit(9)\n"
           "atomic.Stage.expose = expose\n"
           "from deckwright.cli import main\n"
           "main(sys.argv[1:])\n")
    done = subprocess.run([sys.executable, "-c", die, "-C", str(work), "build", "--only",
                           "rulebook", "--jobs", "1"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 9
    pdf = work / "build" / "mini" / "rulebook.pdf"
    assert pdf.read_bytes() != before["mini/rulebook.pdf"]   # the kill happened where meant
    edit(work, False)
    out = build(work, "--only", "rulebook", "--jobs", "1")
    assert "file(s) written under build/" in out
    assert outputs(work) == before and litter(work) == []
