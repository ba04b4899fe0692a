"""A cold build's schedule: free processes start the longest work first (cli/build.py)."""

from __future__ import annotations

import io
import os
import sys
import time
from pathlib import Path
from dataclasses import replace
from types import SimpleNamespace

import pytest
from rich.console import Console

from deckwright.cli import build


def test_two_processes_start_the_longest_task_first(tmp_path: Path, monkeypatch):
    """Four short tasks listed before a long one: in the listed order the long one would start
    last and run alone at the end; it starts first, while the other process takes the rest."""
    def target(seconds: float, name: str) -> build.Target:
        def run(game, press, args, tick):
            (tmp_path / name).write_text(str(time.monotonic_ns()))
            time.sleep(seconds)
            return build.Done()
        return build.Target(name, run, lambda *_: 1, draws_faces=False,
                            cost=lambda *_: seconds)
    names = ["short1", "short2", "short3", "short4", "long"]
    targets = {n: target(0.8 if n == "long" else 0.2, n) for n in names}
    monkeypatch.setattr(build, "TARGETS", targets)
    game = SimpleNamespace(id="g", edition=None)
    tasks = [build.Task(game, None, n) for n in names]
    args = SimpleNamespace()
    build._in_pool(tasks, args, 2, Console(file=io.StringIO()), ())
    started = sorted(names, key=lambda n: int((tmp_path / n).read_text()))
    # the two processes start at once, so which of the first two tasks logs first is a race;
    # in the listed order the long task would have been the fifth
    assert "long" in started[:2]


def test_a_games_pngs_carry_the_rulebook_that_waits_for_them():
    """The PNGs of a game come before tasks that are longer alone but shorter than the PNGs
    and the rulebook together; the rulebook itself before the small tasks."""
    def target(seconds: float, after: tuple[str, ...] = ()) -> build.Target:
        return build.Target("", lambda *_: build.Done(), lambda *_: 1, after=after,
                            cost=lambda *_: seconds)
    targets = {"png": target(2), "pod": target(5), "rulebook": target(6, ("png",)),
               "cgs": target(1)}
    game = SimpleNamespace(id="g", edition=None)
    tasks = [build.Task(game, None, n) for n in targets]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(build, "TARGETS", targets)
        priority = build._priorities(tasks, SimpleNamespace())
    order = [t.target for _, t in sorted(zip(priority, tasks), key=lambda p: -p[0])]
    assert order == ["png", "rulebook", "pod", "cgs"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_timings_say_each_tasks_cpu_and_wall_seconds(mini_project: Path, capsys, jobs):
    """`--timings` prints, on stderr, one line per task that ran, with its CPU and wall
    seconds, and the checks' before them; without it stderr says nothing of the kind."""
    from deckwright.cli import main

    argv = ["-C", str(mini_project), "build", "--only", "pnp,png", "--jobs", jobs]
    assert main([*argv, "--timings"]) == 0
    lines = [ln for ln in capsys.readouterr().err.splitlines() if ln.startswith("timing: ")]
    tasks = {ln.split(": ")[1]: ln for ln in lines}
    assert {"mini pnp", "mini png", "load, up-to-date tests and checks"} <= tasks.keys()
    for label in ("mini pnp", "mini png"):
        cpu, wall = (float(part.split()[0]) for part in tasks[label].split(": ")[2].split(", "))
        assert cpu > 0 and wall > 0
    assert main([*argv, "--force"]) == 0
    assert "timing:" not in capsys.readouterr().err


def _own_process_targets(tmp_path: Path, run_a) -> dict[str, build.Target]:
    def run_b(game, press, args, tick):
        (tmp_path / "b").write_text(f"{os.getpid()} {hasattr(build, '_LEFT_BY_A')} "
                                    f"{'wave' in sys.modules}")
        return build.Done()
    return {"a": build.Target("", run_a, lambda *_: 1, draws_faces=False, own_process=("wave",),
                              cost=lambda *_: 2.0),
            "b": build.Target("", run_b, lambda *_: 1, draws_faces=False, after=("a",))}


def test_a_task_in_a_process_of_its_own_leaves_nothing_behind_in_the_worker(tmp_path: Path,
                                                                             monkeypatch):
    """The rulebook's way: the task runs in a child of the worker, which ends with it; its
    result (files, CPU seconds) comes back, what it left in memory does not, and the modules
    it asked for are imported in the worker once, for every task after it."""
    assert "wave" not in sys.modules

    def run_a(game, press, args, tick):
        build._LEFT_BY_A = [0] * 1000   # what a finished task leaves behind
        (tmp_path / "a").write_text(f"{os.getpid()} {os.getppid()} {'wave' in sys.modules}")
        spin = time.process_time() + 0.05
        while time.process_time() < spin:
            pass
        return build.Done(written=[tmp_path / "a"])
    monkeypatch.setattr(build, "TARGETS", _own_process_targets(tmp_path, run_a))
    game = SimpleNamespace(id="g", edition=None)
    tasks = [build.Task(game, None, "a"), build.Task(game, None, "b")]
    done = build._in_pool(tasks, SimpleNamespace(), 1, Console(file=io.StringIO()), ())
    assert done[0].written == [tmp_path / "a"] and done[0].cpu >= 0.05
    a_pid, a_parent, a_wave = (tmp_path / "a").read_text().split()
    b_pid, b_left, b_wave = (tmp_path / "b").read_text().split()
    assert a_parent == b_pid != a_pid   # a ran in a child of the worker that then ran b
    assert (a_wave, b_left, b_wave) == ("True", "False", "True")
    assert not hasattr(build, "_LEFT_BY_A")


def _one_task_in_its_own_process(tmp_path: Path, monkeypatch, run_a) -> None:
    """Build one task of a target that runs in a process of its own, on one worker."""
    monkeypatch.setattr(build, "TARGETS", _own_process_targets(tmp_path, run_a))
    game = SimpleNamespace(id="g", edition=None)
    build._in_pool([build.Task(game, None, "a")], SimpleNamespace(), 1,
                   Console(file=io.StringIO()), ())


def test_a_task_in_a_process_of_its_own_raises_its_error_in_the_build(tmp_path: Path,
                                                                      monkeypatch):
    from deckwright.model import UsageError

    def run_a(game, press, args, tick):
        raise UsageError("rulebook: no such page size")
    with pytest.raises(UsageError, match="no such page size"):
        _one_task_in_its_own_process(tmp_path, monkeypatch, run_a)


def test_a_task_process_that_dies_is_an_error_not_a_hang(tmp_path: Path, monkeypatch):
    def run_a(game, press, args, tick):
        os._exit(3)
    with pytest.raises(RuntimeError, match="ended without a result"):
        _one_task_in_its_own_process(tmp_path, monkeypatch, run_a)


def test_what_a_tasks_imports_made_is_frozen_in_the_worker(tmp_path: Path, monkeypatch):
    """The modules a task in a process of its own asks for are imported once in the worker
    and frozen there with what it inherited: the collection after each later task in that
    worker does not walk them again."""
    import gc

    def note(name: str):
        def run(game, press, args, tick):
            (tmp_path / name).write_text(f"{os.getpid()} {gc.get_freeze_count()}")
            return build.Done()
        return run
    targets = _own_process_targets(tmp_path, note("a"))
    targets["first"] = build.Target("", note("first"), lambda *_: 1, draws_faces=False,
                                    cost=lambda *_: 5.0)
    targets["b"] = replace(targets["b"], run=note("b"))
    monkeypatch.setattr(build, "TARGETS", targets)
    game = SimpleNamespace(id="g", edition=None)
    tasks = [build.Task(game, None, n) for n in ("first", "a", "b")]
    build._in_pool(tasks, SimpleNamespace(), 1, Console(file=io.StringIO()), ())
    first_pid, before = (tmp_path / "first").read_text().split()
    b_pid, after = (tmp_path / "b").read_text().split()
    assert first_pid == b_pid                 # one worker ran both, the import between them
    assert int(after) > int(before) + 100     # wave's objects joined the frozen ones
