"""`simulate --scheduler` with a project's own rules module on a real Dask cluster: a `dask
scheduler` and two `dask worker` processes on 127.0.0.1, started in a folder of their own. The
project travels with the job; the workers play it even when the project folder is gone, and
the statistics equal a local run's."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Iterator

import pytest

from deckwright.balance.local import run_local
from deckwright.balance.simulate import run_dask
from deckwright.balance.stats import summarise
from deckwright.cli import build_parser, main
from deckwright.cli.simulate import make_job

ROOT = Path(__file__).resolve().parent.parent
DASK = Path(sys.executable).with_name("dask")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A scheduler and two single-threaded workers, none of which can see the project."""
    from distributed import Client

    home = tmp_path_factory.mktemp("cluster")
    address = f"tcp://127.0.0.1:{free_port()}"
    procs = [subprocess.Popen([str(DASK), "scheduler", "--host", "127.0.0.1", "--port",
                               address.rsplit(":", 1)[1], "--no-dashboard"],
                              cwd=home, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        for n in range(2):
            work = home / f"worker{n}"
            work.mkdir()
            procs.append(subprocess.Popen(
                [str(DASK), "worker", address, "--host", "127.0.0.1", "--nthreads", "1",
                 "--no-nanny", "--no-dashboard", "--local-directory", str(work)],
                cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.monotonic() + 90
        while True:
            try:
                with Client(address, timeout=5) as client:
                    client.wait_for_workers(2, timeout=60)
                break
            except OSError:
                if time.monotonic() > deadline or any(p.poll() is not None for p in procs):
                    raise
                time.sleep(0.5)
        yield address
    finally:
        # one by one, the workers first: a worker told to stop while the scheduler stops too
        # keeps trying to tell it so, until it is killed
        for proc in reversed(procs):
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def test_a_projects_own_rules_reach_the_workers(tmp_path: Path, scheduler: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert ROOT not in tmp_path.resolve().parents
    assert main(["-C", str(tmp_path), "new", "fox", "--rules"]) == 0
    fox = tmp_path / "fox"
    args = build_parser().parse_args(["-C", str(fox), "simulate", "fox", "--games", "90",
                                      "--seed", "3", "--scheduler", scheduler])
    args.project = args.project.resolve()
    job, _ = make_job(args)
    assert job.bundle   # cards/, playtest/ and rules/ go with the job
    local = summarise(run_local(replace(job, bundle=None), 1).records).to_json()

    # the workers play from the bundle alone: the project folder is not where the job says
    fox.rename(tmp_path / "elsewhere")
    on_dask = run_dask(job, scheduler)
    assert not on_dask.interrupted and len(on_dask.records) == 90
    assert summarise(on_dask.records).to_json() == local
    (tmp_path / "elsewhere").rename(fox)

    # and through the command line, the balance JSON equals the local one
    for where, extra in (("local", ["--workers", "1"]), ("dask", ["--scheduler", scheduler])):
        assert main(["-C", str(fox), "simulate", "fox", "--games", "90", "--seed", "3",
                     "--no-pdf", "--json", str(tmp_path / f"{where}.json"), *extra]) == 0
    assert f"Dask {scheduler}" in capsys.readouterr().out
    stats = {w: json.loads((tmp_path / f"{w}.json").read_text(encoding="utf-8"))
             for w in ("local", "dask")}
    assert stats["dask"] == stats["local"] and stats["local"]["games"] == 90
