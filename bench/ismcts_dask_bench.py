"""ISMCTS games per hour: two local processes against a local two-worker Dask cluster.

    .venv/bin/python bench/ismcts_dask_bench.py                         # 40 games, ismcts:50
    .venv/bin/python bench/ismcts_dask_bench.py --games 400 --bots ismcts,greedy

Plays one `deckwright simulate` job (super-page-one, two players, `--bots`, seats rotated)
three ways and prints the games per hour of each:

1. one process (`run_local(job, 1)`);
2. two local processes (`run_local(job, 2)`: this one and a forked helper);
3. a Dask cluster started here: `dask scheduler` and `dask worker --nworkers 2 --nthreads 1`
   on 127.0.0.1, free ports, no dashboard, the job sent as `--scheduler` sends it (with the
   project bundle); both processes are stopped (by their own process ids) when it ends.

The speed-ups are against one process, and the three runs' statistics are compared (they
must be equal). Prints figures; asserts nothing. On a shared machine, read the figures with
the load in mind (the load average is printed).
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from deckwright.balance.bundle import pack_project  # noqa: E402
from deckwright.balance.local import run_local  # noqa: E402
from deckwright.balance.simulate import Job, prepare, run_dask  # noqa: E402
from deckwright.balance.stats import summarise  # noqa: E402
from deckwright.model import Project, load_game  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def dask_binary() -> str:
    here = Path(sys.executable).parent / "dask"
    return str(here) if here.exists() else (shutil.which("dask") or "dask")


def start_cluster() -> tuple[str, list[subprocess.Popen]]:
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen([dask_binary(), "scheduler", "--host", "127.0.0.1", "--port",
                                  str(port), "--dashboard-address", ":0", "--no-show"], **quiet)
    worker = subprocess.Popen([dask_binary(), "worker", address, "--nworkers", "2",
                               "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1"],
                              **quiet)
    from distributed import Client
    deadline = time.monotonic() + 60
    while True:
        try:
            with Client(address, timeout=5) as client:
                client.wait_for_workers(2, timeout=60)
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)
    return address, [worker, scheduler]


def stop(processes: list[subprocess.Popen]) -> None:
    for p in processes:
        p.terminate()
    for p in processes:
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--bots", default="ismcts:50,greedy")
    ap.add_argument("--game", default="super-page-one")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    job = Job(project=str(ROOT), game_id=args.game, players=2,
              bots=tuple(args.bots.split(",")), games=args.games, seed=args.seed, chunk=2)
    prepare(job, load_game(Project(ROOT), args.game))
    print(f"{args.game}, 2 players, {args.bots}, {args.games} games, seed {args.seed}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    results = {}
    for label, run in (("1 local process", lambda: run_local(job, 1)),
                       ("2 local processes", lambda: run_local(job, 2))):
        start = time.perf_counter()
        outcome = run()
        results[label] = (time.perf_counter() - start, summarise(outcome.records).to_json())
    address, processes = start_cluster()
    try:
        shipped = Job(**{**job.__dict__, "bundle": pack_project(ROOT)})
        start = time.perf_counter()
        outcome = run_dask(shipped, address)
        results["Dask, 2 workers"] = (time.perf_counter() - start,
                                      summarise(outcome.records).to_json())
    finally:
        stop(processes)
    base = results["1 local process"][0]
    for label, (seconds, _stats) in results.items():
        print(f"  {label:<18} {args.games / seconds * 3600:9.0f} games/h  "
              f"{seconds:7.1f} s  speed-up {base / seconds:4.2f}x")
    same = len({repr(stats) for _s, stats in results.values()}) == 1
    print(f"  statistics identical in the three runs: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
