"""bench/run.py still runs: a tiny seeded run prints its table and the interleaved peer ratios.
(Speed is printed by the bench, never asserted here.)"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench" / "run.py"


def bench():
    spec = importlib.util.spec_from_file_location("bench_run", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bench_prints_games_per_second_and_the_same_checksum_twice(capsys):
    run = bench()
    run.main(["--games", "20", "--table-only", "bridge-over"])
    first = capsys.readouterr().out.splitlines()
    run.main(["--games", "20", "--table-only", "bridge-over"])
    second = capsys.readouterr().out.splitlines()
    row = next(line for line in first if line.startswith("bridge-over"))
    assert row.split()[1:3] == ["2", "20"]
    assert row.split()[-1] == next(l for l in second if l.startswith("bridge-over")).split()[-1]


def test_bench_compares_with_its_peers_in_interleaved_rounds(capsys):
    pytest.importorskip("rlcard")
    bench().main(["--games", "0", "--rounds", "2", "--scale", "0.02"])
    out = capsys.readouterr().out
    assert "RLCard 1.2.0 UNO (2p, one game reseeded)" in out
    line = next(l for l in out.splitlines() if "bridge-over / RLCard UNO games/s:" in l)
    low, median = (float(x.strip().rstrip("x")) for x in line.split(":")[1].split("(")[0].split(" / "))
    assert 0 < low <= median and "target >= 1.0x" in line
    assert "original-tcg / bridge-over CPU per decision:" in out


def test_bench_says_where_a_decisions_cpu_goes(capsys, monkeypatch):
    run = bench()
    monkeypatch.setattr(run, "WHERE_GAMES", {"bridge-over": 20, "original-tcg": 3})
    run.main(["--games", "0", "--table-only", "--where"])
    rows = {line.split()[0]: [int(x.rstrip("%")) for x in line.split()[1:]]
            for line in capsys.readouterr().out.splitlines()
            if line.startswith("  ") and line.split()[0] in ("bridge-over", "original-tcg")}
    assert set(rows) == {"bridge-over", "original-tcg"}
    for shares in rows.values():   # engine, rules module, built-ins, other
        assert len(shares) == 4 and 97 <= sum(shares) <= 103 and min(shares[:2]) > 0
    assert rows["original-tcg"][1] > rows["original-tcg"][0]   # its rules module, mostly


def test_bench_refuses_a_game_without_rules(capsys):
    with pytest.raises(SystemExit) as exc:
        bench().main(["no-such-game"])
    assert exc.value.code == 2 and "no rules module for no-such-game" in capsys.readouterr().err


CACHEGRIND = BENCH.parent / "cachegrind_bench.py"


def test_cachegrind_bench_prints_the_difference_per_decision(capsys, monkeypatch):
    """bench/cachegrind_bench.py: a decision's counts are (counts with the games - counts with
    none) / the decisions played, and each game's are printed over bridge-over's. valgrind is
    replaced by its printed totals; the child process plays one real game."""
    spec = importlib.util.spec_from_file_location("bench_cachegrind", CACHEGRIND)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.child("original-tcg", 1)
    decisions = int(capsys.readouterr().out.split()[1])
    assert decisions > 100

    def totals(scale: int) -> str:
        return (f"==1== I   refs:      {1_000_000 + scale * 50_000:,}\n"
                f"==1== I1  misses: {9_000 + scale * 800:,}\n"
                f"==1== D1  misses:   {7_000 + scale * 400:,}  (5 rd + 2 wr)\n"
                f"==1== Mispredicts:   {3_000 + scale * 1_400:,}  (1 cond + 2 ind)\n")

    class Ran:
        def __init__(self, argv, **_kw):
            games = int(argv[-1])
            per = 2 if argv[-2] == "original-tcg" else 1     # original-tcg costs twice as much
            self.stderr = totals(games * 10 * per)
            self.stdout = f"decisions {games * 10}\n"

    monkeypatch.setattr(module.subprocess, "run", Ran)
    monkeypatch.setattr(module.shutil, "which", lambda name: "/usr/bin/valgrind")
    module.main(["bridge-over", "original-tcg"])
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("original-tcg"))
    assert row.split() == ["original-tcg", "100", "100,000", "1,600", "800", "2,800"]
    assert ("original-tcg / bridge-over per decision: instructions 2.00x, I1 misses 2.00x, "
            "D1 misses 2.00x, mispredicts 2.00x") in out
