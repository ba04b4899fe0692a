"""`deckwright simulate`: statistics on a rigged game with a known answer, equality across
worker counts and on Dask, the report files, Ctrl-C, and bad input."""

from __future__ import annotations

import json
import multiprocessing
import os
import pickle
import shutil
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable

import pytest
from pypdf import PdfReader

from deckwright.balance.local import RemoteTraceback, Team, WorkerFailed, run_local
from deckwright.balance.simulate import Job, play_chunk, run_dask
from deckwright.balance.stats import Records, summarise, wilson
from deckwright.cli import main

ROOT = Path(__file__).resolve().parent.parent
RIGGED = ROOT / "tests" / "fixtures" / "balance"
sys.path.insert(0, str(RIGGED))
import rigged_rules  # noqa: E402,F401  (registers the rigged game)


def rigged_job(**kw) -> Job:
    return Job(project=str(RIGGED), game_id="rigged", bots=("random", "greedy"), games=100,
               seed=5, chunk=7, **kw)


def test_wilson_interval_known_values() -> None:
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 100) == (0.0, pytest.approx(0.0370, abs=1e-4))
    assert wilson(100, 100) == (pytest.approx(0.9630, abs=1e-4), 1.0)


def test_rigged_game_statistics_are_exact() -> None:
    summary = summarise(run_local(rigged_job(), 1).records)
    assert [r.wins for r in summary.seat_rates] == [100, 0]
    assert summary.first_player.value == 1.0
    assert summary.first_player.interval == (pytest.approx(0.9630, abs=1e-4), 1.0)
    # seats rotate every game, so each bot sat first in exactly half of the games
    assert {b: r.wins for b, r in summary.bot_rates.items()} == {"greedy": 50, "random": 50}
    assert summary.lengths == {2: 100}
    assert summary.plays == {"crown": 100, "stone": 100}
    assert summary.winner_plays == {"crown": 100}
    assert summary.held == {}
    assert summary.stalled_seeds == []


def test_turn_cap_marks_games_stalled_with_their_seeds() -> None:
    job = rigged_job(max_turns=1)
    summary = summarise(run_local(job, 1).records)
    assert summary.finished == 0
    assert summary.stalled_seeds == summary.capped_seeds == [job.game_seed(g) for g in range(100)]
    assert summary.to_json()["cut_at_max_turns"] == 100


def test_games_cut_at_the_turn_cap_are_counted_apart_and_named(
        project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Not "stalled" among games that hit the rules' own limit: the summary says how many the
    cap cut, with their seeds, and the report says what a turn is."""
    assert main(["-C", str(project), "simulate", "rigged", "--games", "12", "--workers", "1",
                 "--max-turns", "1"]) == 0
    out = capsys.readouterr().out.replace("\n", "")
    seeds = ", ".join(str(replace(rigged_job(), seed=0).game_seed(g)) for g in range(10))
    assert (f"12ゲームが1ターンの上限（--max-turns）で打ち切られ、統計から除かれました"
            f"（再現用シード: {seeds} ほか）") in out
    html = (project / "build" / "rigged" / "balance.html").read_text(encoding="utf-8")
    assert "1ターンは、手番がほかのプレイヤーに移るまでです" in html
    assert "1ターンの上限（--max-turns）で打ち切り: " in html and "max_decisions" not in html

    # a game that hits the rules' limit of decisions is named as such, not as cut by the cap
    from deckwright.app.registry import rules_for
    cls = rules_for("rigged", project)
    monkeypatch.setattr(cls, "facts", replace(cls.facts, max_decisions=1))
    assert main(["-C", str(project), "simulate", "rigged", "--games", "12", "--workers", "1"]) == 0
    out = capsys.readouterr().out.replace("\n", "")
    assert "12ゲームがルールの決定数の上限（max_decisions）で止まりました" in out
    assert "--max-turns" not in out


def test_same_statistics_for_any_number_of_workers_and_on_dask() -> None:
    job = Job(project=str(ROOT), game_id="bridge-over", bots=("random", "greedy"), games=40,
              seed=11, chunk=6)
    one = summarise(run_local(job, 1).records).to_json()
    two = summarise(run_local(job, 2).records).to_json()
    from distributed import LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster:
        dask = summarise(run_dask(job, cluster.scheduler_address).records).to_json()
    assert one == two == dask
    assert one["games"] == 40 and sum(s["wins"] for s in one["seats"]) == one["finished"]


def test_chunks_merge_to_the_same_records_whoever_played_them() -> None:
    """Uneven chunks, more workers than chunks can use: the same columns as one process."""
    job = Job(project=str(ROOT), game_id="bridge-over", bots=("random", "greedy"), games=13,
              seed=3, chunk=5)
    one = run_local(job, 1).records
    for workers in (2, 3, 8):
        many = run_local(job, workers).records
        assert (many.seeds, many.turns, many.scores, many.winners, many.plays) == \
            (one.seeds, one.turns, one.scores, one.winners, one.plays)
        assert multiprocessing.active_children() == []   # every helper reaped
    assert list(one.seeds) == [job.game_seed(n) for n in range(13)]
    order = list(range(job.chunk_count))[::-1]
    parts = {i: play_chunk(job, i) for i in order}   # played in another order, merged in order
    assert summarise(Records.merged(parts[i] for i in sorted(parts))) == summarise(one)
    # a chunk travels as columns: well under 40 bytes a game (a GameRecord each: ~10 times
    # that), besides its card totals (one count per card, whatever the number of games)
    big = replace(job, games=2000, chunk=500)
    assert len(big.chunk_range(0)) == 500
    chunk = play_chunk(big, 0)
    totals = sum(len(pickle.dumps(getattr(chunk, name))) for name in (
        "opening", "opening_wins", "played", "played_wins"))
    assert len(pickle.dumps(chunk)) - totals < 40 * 500


def test_spawned_helpers_load_the_game_themselves_and_agree() -> None:
    """The start used where fork is not (macOS, Windows): helpers import and load on their own."""
    job = Job(project=str(ROOT), game_id="bridge-over", bots=("random", "greedy"), games=30,
              seed=8, chunk=3)

    def helper_has_played() -> None:   # this process waits, so the helper surely plays chunks
        deadline = time.monotonic() + 120
        while team.counter.value < 2 and time.monotonic() < deadline:
            time.sleep(0.01)

    with Team(job, 2, method="spawn") as team:
        spawned = team.run(meanwhile=helper_has_played)
    assert team.counter.value == job.chunk_count and multiprocessing.active_children() == []
    assert summarise(spawned.records) == summarise(run_local(job, 1).records)


def ctrl_c_at_third_chunk() -> Callable[[int], None]:
    """A progress callback that acts as Ctrl-C when the third chunk is reported."""
    seen = []

    def progress(n: int) -> None:
        seen.append(n)
        if len(seen) == 3:
            raise KeyboardInterrupt
    return progress


def test_ctrl_c_with_two_workers_reports_whole_chunks_and_stops_the_helper() -> None:
    job = Job(project=str(ROOT), game_id="bridge-over", bots=("random",), games=200, seed=5,
              chunk=7)
    outcome = run_local(job, 2, ctrl_c_at_third_chunk())
    assert outcome.interrupted and multiprocessing.active_children() == []
    numbers = sorted(s - job.game_seed(0) for s in outcome.records.seeds)
    chunks = {n // 7 for n in numbers}
    assert len(chunks) >= 3 and numbers == sorted(n for c in chunks for n in job.chunk_range(c))


class GrumpyBot:
    """Plays like the first legal action, except in a process other than the test's."""

    test_pid = os.getpid()
    how = "raise"

    def __init__(self, seed: int):
        pass

    def act(self, state):
        if os.getpid() != GrumpyBot.test_pid:
            if GrumpyBot.how == "die":
                os._exit(3)
            raise ValueError("the grumpy bot refuses to play here")
        return state.legal_actions()[0]


@pytest.mark.parametrize("how", ["raise", "die"])
def test_a_helper_that_fails_is_reported_not_hung(how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from deckwright.app.registry import rules_for
    monkeypatch.setitem(rules_for("rigged").bots, "grumpy", GrumpyBot)
    monkeypatch.setattr(GrumpyBot, "how", how)
    job = Job(project=str(RIGGED), game_id="rigged", bots=("grumpy",), games=400, seed=1,
              chunk=2)
    if how == "raise":
        with pytest.raises(ValueError, match="grumpy bot refuses") as caught:
            run_local(job, 2)
        assert isinstance(caught.value.__cause__, RemoteTraceback)
        assert "in act" in str(caught.value.__cause__)   # where in the helper it was raised
    else:
        with pytest.raises(WorkerFailed, match="exit status 3"):
            run_local(job, 2)
    assert multiprocessing.active_children() == []


def test_ctrl_c_reports_the_games_finished() -> None:
    outcome = run_local(rigged_job(), 1, ctrl_c_at_third_chunk())
    assert outcome.interrupted
    assert len(outcome.records) == 21  # three chunks of seven


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(RIGGED / "cards", tmp_path / "cards")
    return tmp_path


def test_cli_writes_report_html_pdf_and_json(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["-C", str(project), "simulate", "rigged", "--games", "60", "--workers", "1",
            "--json", str(project / "stats.json")]
    assert main(args + ["--pdf"]) == 0
    out = capsys.readouterr().out
    assert "60 games in" in out and "先手が有利です" in out
    stats = json.loads((project / "stats.json").read_text(encoding="utf-8"))
    assert stats["seats"][0]["wins"] == 60 and stats["bots"]["random"]["wins"] == 30
    html = (project / "build" / "rigged" / "balance.html").read_text(encoding="utf-8")
    assert "先手が有利です" in html and html.count("<svg") == 6
    # card impact, known exactly: whoever holds the crown wins, whoever holds the stone loses
    impact = {c["card"]: c for c in stats["card_impact"]["cards"]}
    crown = impact["crown"]["opening_hand"]
    assert (crown["with"]["rate"], crown["with"]["games"]) == (1.0, 60)
    assert (crown["without"]["rate"], crown["without"]["games"]) == (0.0, 60)
    assert impact["stone"]["played"]["lift"] == -1.0
    assert "勝率を変えるカード" in out and "「王冠」初手にあるとき 100.0%" in html
    pdf_text = "".join(p.extract_text() for p in PdfReader(project / "build" / "rigged" / "balance.pdf").pages)
    assert "バランスレポート" in pdf_text and "王冠" in pdf_text
    # the same seed gives the same report, byte for byte
    first = (project / "build" / "rigged" / "balance.html").read_bytes()
    assert main(args) == 0
    assert (project / "build" / "rigged" / "balance.html").read_bytes() == first
    assert not (project / "build" / "rigged" / "balance.pdf").exists()   # not asked for: no stale PDF


@pytest.mark.parametrize("extra, message", [
    (["--bots", "random,genius"], "unknown bot genius"),
    (["--players", "3"], "rigged is for 2-2 players, not 3"),
    (["--variant", "nope"], "no variant or deck 'nope'"),
])
def test_bad_input_exits_2(project: Path, capsys: pytest.CaptureFixture[str], extra: list[str],
                           message: str) -> None:
    assert main(["-C", str(project), "simulate", "rigged", "--games", "5", *extra]) == 2
    assert message in capsys.readouterr().err
    assert not (project / "build").exists()


def test_a_game_can_offer_its_own_bot() -> None:
    from deckwright.app.registry import rules_for
    job = Job(project=str(ROOT), game_id="ghost-couple", bots=("memory", "random"), games=12,
              seed=2, chunk=4)
    summary = summarise(run_local(job, 1).records)
    assert set(summary.bot_rates) == {"memory", "random"}
    assert "memory" in rules_for("ghost-couple").bots


@pytest.mark.parametrize("games, chunk", [(2000, 25), (60, 7), (4, 25), (51, 25), (1, 1), (13, 3)])
def test_chunks_cover_every_game_once_in_order_with_short_ones_last(games: int, chunk: int) -> None:
    """Whoever runs out of chunks first waits for at most a short chunk of the other's."""
    job = Job(project=str(ROOT), game_id="bridge-over", games=games, chunk=chunk)
    ranges = [job.chunk_range(i) for i in range(job.chunk_count)]
    assert [n for r in ranges for n in r] == list(range(games))
    assert all(len(r) > 0 for r in ranges)
    tail = [len(r) for r in ranges if len(r) != chunk]
    assert sum(tail) < min(games + 1, 3 * chunk) and max(tail, default=0) <= max(1, chunk // 5)


def test_more_bots_than_seats_meet_in_every_pair() -> None:
    """Three bots, two seats: every pair plays, each bot in each seat as often, so the
    matchup matrix is full; in the rigged game the first seat always wins, so every matchup
    is even."""
    job = replace(rigged_job(), bots=("random", "greedy", "ismcts:2"), games=60)
    summary = summarise(run_local(job, 1).records)
    assert {a: sorted(row) for a, row in summary.matchups.items()} == {
        "greedy": ["ismcts:2", "random"], "ismcts:2": ["greedy", "random"],
        "random": ["greedy", "ismcts:2"]}
    for row in summary.matchups.values():
        for rate in row.values():
            assert (rate.games, rate.value) == (20, 0.5)
