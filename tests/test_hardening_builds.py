"""Two builds of one project at once: the second waits for the first and says so, and no
command's cleaning deletes another's temporary files (issue 27, hole 13: the second build's
cleaning deleted the first's in-flight files, `cannot use build/…/.time-skip.png.xlpq7try.tmp`)."""

from __future__ import annotations

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

#: A build whose renames wait until the file named by its second argument exists, so that its
#: temporary files are in flight while the test starts another build.
HELD_BUILD = """
import os, sys, time
real = os.replace
def held(src, dst):
    deadline = time.monotonic() + 60
    while not os.path.exists(sys.argv[2]) and time.monotonic() < deadline:
        time.sleep(0.05)
    real(src, dst)
os.replace = held
from deckwright.cli import main
sys.exit(main(["-C", sys.argv[1], "build", "--only", "png", "--force"]))
"""


def test_a_second_build_waits_for_the_first(tmp_path: Path) -> None:
    project = tmp_path / "p"
    shutil.copytree(MINI, project)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    release = tmp_path / "release"
    first = subprocess.Popen([sys.executable, "-c", HELD_BUILD, str(project), str(release)],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not list((project / "build").rglob("*.tmp")) and time.monotonic() < deadline:
        time.sleep(0.05)   # the first build's files are in flight
    second = subprocess.Popen([sys.executable, "-m", "deckwright", "-C", str(project), "build",
                               "--only", "png", "--force"], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    said = second.stderr.readline()   # at once when it waits; at its end when it does not
    release.touch()
    out, err = first.communicate(timeout=120)
    second.communicate(timeout=120)
    assert said == "deckwright: another build of this project is running; waiting for it to " \
        "finish\n"
    assert first.returncode == 0, err
    assert second.returncode == 0
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
