"""The suite's own machinery: folders shared between workers are made once, by one of them,
and made again when what they follow from changes; the groups the workers are dealt reach
the controller."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import distribute
import shared

HERE = Path(__file__).resolve().parent

MAKER = """
import sys, time
sys.path.insert(0, {here!r})
import shared

def make(folder):
    with open({log!r}, "a") as log:
        log.write("made\\n")
    time.sleep(1.0)   # long enough for the other process to be waiting
    (folder / "out.txt").write_text("done")

print(shared.SharedFolders(__import__("pathlib").Path({root!r})).get("thing", make))
"""


def test_two_workers_asking_at_once_get_one_folder_made_once(tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    script = MAKER.format(here=str(HERE), log=str(log), root=str(tmp_path / "shared"))
    (tmp_path / "maker.py").write_text(script, encoding="utf-8")
    runs = [subprocess.Popen([sys.executable, str(tmp_path / "maker.py")],
                             stdout=subprocess.PIPE, text=True) for _ in range(2)]
    folders = {run.communicate(timeout=60)[0].strip() for run in runs}
    assert all(run.returncode == 0 for run in runs)
    (folder,) = folders
    assert (Path(folder) / "out.txt").read_text() == "done"
    assert log.read_text() == "made\n"


def test_a_folder_is_made_again_for_other_inputs_and_the_old_one_removed(tmp_path: Path) -> None:
    folders = shared.SharedFolders(tmp_path)
    made: list[Path] = []

    def make(folder: Path) -> None:
        made.append(folder)
        (folder / "x").write_text(str(len(made)))

    first = folders.get("thing", make, extra="a")
    assert folders.get("thing", make, extra="a") == first and len(made) == 1
    second = folders.get("thing", make, extra="b")
    assert second != first and (second / "x").read_text() == "2"
    assert not first.exists()
    assert [p.name for p in (tmp_path / "thing").iterdir()] == [second.name]


def test_a_failed_make_leaves_nothing_to_reuse(tmp_path: Path) -> None:
    folders = shared.SharedFolders(tmp_path)

    def broken(folder: Path) -> None:
        (folder / "half").write_text("half")
        raise RuntimeError("no")

    try:
        folders.get("thing", broken)
    except RuntimeError:
        pass
    assert list((tmp_path / "thing").iterdir()) == []


def test_the_workers_groups_reach_the_controller_and_slow_groups_go_first(tmp_path: Path) -> None:
    def item(nodeid: str) -> SimpleNamespace:
        return SimpleNamespace(nodeid=nodeid, fspath=nodeid.split("::")[0])

    items = [item("tests/test_a.py::t1"), item("tests/test_b.py::t2"), item("tests/test_c.py::t3"),
             item("tests/test_b.py::t4")]
    groups = {"tests/test_a.py::t1": "test_a.py", "tests/test_b.py::t2": None,
              "tests/test_c.py::t3": "book-x", "tests/test_b.py::t4": None}
    ordered = distribute.slow_first(items, groups, ("book-x", "test_b.py"))   # type: ignore[arg-type]
    assert [i.nodeid for i in ordered] == ["tests/test_c.py::t3", "tests/test_b.py::t2",
                                           "tests/test_b.py::t4", "tests/test_a.py::t1"]
    path = tmp_path / "groups"
    for worker in ("gw0", "gw1"):
        distribute.write_groups({distribute.GROUPS_KEY: str(path), "workerid": worker}, groups)
    assert distribute.read_groups(path) == groups
    assert distribute.read_groups(tmp_path / "none") == {}
