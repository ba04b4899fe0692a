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


def test_bench_refuses_a_game_without_rules(capsys):
    with pytest.raises(SystemExit) as exc:
        bench().main(["no-such-game"])
    assert exc.value.code == 2 and "no rules module for no-such-game" in capsys.readouterr().err
