"""A cold build's schedule: free processes start the longest work first (cli/build.py)."""

from __future__ import annotations

import io
import time
from pathlib import Path
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
