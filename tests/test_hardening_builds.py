"""Two builds of one project at once: the second waits for the first and says so, and no
command's cleaning deletes another's temporary files (issue 27, hole 13: the second build's
cleaning deleted the first's in-flight files, `cannot use build/…/.time-skip.png.xlpq7try.tmp`)."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from PIL import Image

from deckwright import atomic
from deckwright.cli import main

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"

#: A build whose every rename waits 0.2 s, so that its temporary files stay a while.
SLOW_BUILD = """
import os, sys, time
real = os.replace
def slow(src, dst):
    time.sleep(0.2)
    real(src, dst)
os.replace = slow
from deckwright.cli import main
sys.exit(main(["-C", sys.argv[1], "build", "--only", "png", "--force"]))
"""


def held(root: Path) -> bool:
    """Whether another process holds the project's build lock."""
    fd = os.open(root, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def test_a_second_build_waits_for_the_first(tmp_path: Path) -> None:
    project = tmp_path / "p"
    shutil.copytree(MINI, project)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    first = subprocess.Popen([sys.executable, "-c", SLOW_BUILD, str(project)], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while not held(project) and first.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    second = subprocess.run([sys.executable, "-m", "deckwright", "-C", str(project), "build",
                             "--only", "png", "--force"], env=env, capture_output=True,
                            text=True, timeout=120)
    out, err = first.communicate(timeout=120)
    assert first.returncode == 0, err
    assert second.returncode == 0, second.stderr
    assert "deckwright: another build of this project is running; waiting for it to finish" \
        in second.stderr
    pngs = sorted((project / "build" / "mini").rglob("*.png"))
    assert pngs and all(Image.open(p).size[0] > 100 for p in pngs)
    assert not [p for p in (project / "build").rglob("*") if atomic.TEMP_NAME.match(p.name)]


def test_cleaning_spares_the_files_of_a_running_command(tmp_path: Path) -> None:
    """A command still writing (a simulate beside a build) keeps its temporary files; those of
    a process that ended, and of deckwrights before owners were named, are removed."""
    project = tmp_path / "p"
    shutil.copytree(MINI, project)
    folder = project / "build" / "mini"
    folder.mkdir(parents=True)
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True).stdout.strip()
    try:
        live = folder / f".balance.html.{running.pid}.abcd1234.tmp"
        dead = folder / f".balance.html.{ended}.abcd1234.tmp"
        legacy = folder / ".balance.html.abcd1234.tmp"
        for f in (live, dead, legacy):
            f.write_text("x")
        assert main(["-C", str(project), "build", "--only", "png"]) == 0
        assert live.exists() and not dead.exists() and not legacy.exists()
    finally:
        running.kill()
        running.wait()
