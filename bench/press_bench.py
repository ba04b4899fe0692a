"""Press benchmark: vector sheets and PNG export for synthetic 1,000- and 10,000-card decks.

Prints milliseconds per card and peak memory; asserts nothing (targets: at most 2 ms per card
for the vector sheets, and peak memory that does not grow with the deck). Every card is
distinct (the worst case: each face is planned, fitted and drawn once), with text of varying
length, one or two colours and an icon; the sheets are also measured for decks of 10 copies of
each face, as real decks are. Each measurement runs in its own process so that peak
memory figures are not mixed up; peak memory is tracemalloc's peak of Python allocations
during the measured step, and the process's maximum resident set size is printed beside it.

    .venv/bin/python bench/press_bench.py              # 1,000 and 10,000 cards
    .venv/bin/python bench/press_bench.py --sizes 1000 --png-cards 200
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import yaml

TEXTS = ["{red} を出したとき、山札から {draw:2} 枚引く。", "次のプレイヤーの手番をとばす。{skip}",
         "**強制** 場札の色を問わず出せる。場札の色を4色から好きに決める。最後の1枚としては出せない。",
         "「宝」を1枚選び、手札に加える（選べないときは何もしない）。その後、山札を切り直す。" * 2]


def write_project(root: Path, n: int, copies: int = 1) -> None:
    """A game whose one deck has n cards: n // copies distinct faces, `copies` of each."""
    colours = ["red", "blue", "yellow", "green"]
    cards = [{"id": f"c{i}", "name": f"カード{i}", "reading": "かーど", "category": "unit",
              "colors": [colours[i % 4]] + ([colours[(i + 1) % 4]] if i % 7 == 0 else []),
              "rank": i % 10, "points": i % 50, "copies": copies,
              "text": TEXTS[i % len(TEXTS)].replace("{red}", f"{{{colours[i % 4]}}}")}
             for i in range(n // copies)]
    db = {"game": {"id": "bench", "title": "ベンチ", "players": {"min": 2, "max": 4},
                   "categories": [{"id": "unit", "title": "ユニット"}],
                   "palette": {c: {"name": c, "hex": h} for c, h in zip(colours, ["#d3272e", "#1f5cb8", "#e8b400", "#2b9a48"])},
                   "backs": [{"id": "main", "title": "ベンチ", "color": "#223344"}], "source": "synthetic"},
          "cards": cards, "decks": [{"id": "all", "title": "全部", "default": True, "select": {}}]}
    (root / "cards").mkdir(parents=True)
    (root / "cards" / "bench.yaml").write_text(yaml.safe_dump(db, allow_unicode=True), encoding="utf-8")


def _rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(kind: str, root: Path, png_cards: int, trace: bool) -> dict:
    """Run one measurement in this process (called in a child process)."""
    from deckwright.model import Project, load_game
    from deckwright.press import png, targets
    from deckwright.press.cards import GamePress
    from deckwright.press.fonts import register

    register("gothic")
    game = load_game(Project(root), "bench")
    press = GamePress(game)
    deck = game.default_deck
    n = press.count(deck)
    out = root / "build" / kind
    rss_loaded = _rss_mib()
    if trace:
        tracemalloc.start()
    wall, cpu = time.perf_counter(), time.process_time()
    if kind == "check":
        press.check()
        done = n
    elif kind == "sheets":
        targets.pnp(press, out, targets.Settings(papers=("a4",)), lambda k: None)
        done = n
    else:
        cards = press.distinct(deck)[:png_cards]
        png.export(press, cards, out / "cards", 3 * 72 / 25.4, True)
        done = len(cards)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = tracemalloc.get_traced_memory()[1] / 2**20 if trace else 0.0
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file()) if out.exists() else 0
    return {"kind": kind, "cards": done, "cpu_ms": 1000 * cpu / done, "wall_ms": 1000 * wall / done,
            "traced_peak_mib": peak, "rss_loaded_mib": rss_loaded, "rss_peak_mib": _rss_mib(),
            "output_mib": size / 2**20}


def child(kind: str, root: Path, png_cards: int, trace: bool) -> dict:
    proc = subprocess.run([sys.executable, __file__, "--child", kind, str(root), str(png_cards),
                           "1" if trace else "0"], capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000", help="deck sizes (default 1000,10000)")
    ap.add_argument("--png-cards", type=int, default=1000,
                    help="PNG export measured on at most this many cards per deck (default 1000)")
    ap.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        kind, root, png_cards, trace = args.child
        print(json.dumps(measure(kind, Path(root), int(png_cards), trace == "1")))
        return
    print("step: check = plan and fit every face and back; sheets = pnp-a4.pdf with duplex backs "
          "(plans again: each step is a fresh process); png = cards/<id>.png at 300 dpi with bleed")
    print("ms/card in CPU time (the machine may be shared) and wall time; memory: RSS once the "
          "database is loaded, peak RSS of the step's process, and tracemalloc's peak of Python "
          "allocations during the step (a second run, as tracing slows it)")
    print(f"{'step':<7} {'copies':>6} {'cards':>6} {'cpu ms':>7} {'wall ms':>8} {'RSS load':>9} "
          f"{'RSS peak':>9} {'traced':>7} {'out MiB':>8}")
    for size in (int(s) for s in args.sizes.split(",")):
        for copies in (1, 10):
            with tempfile.TemporaryDirectory() as tmp:
                root = Path(tmp)
                write_project(root, size, copies)
                for kind in ("check", "sheets", "png") if copies == 1 else ("sheets",):
                    r = child(kind, root, args.png_cards, False)
                    traced = child(kind, root, min(args.png_cards, 200), True)["traced_peak_mib"]
                    print(f"{kind:<7} {copies:>6} {r['cards']:>6} {r['cpu_ms']:>7.2f} "
                          f"{r['wall_ms']:>8.2f} {r['rss_loaded_mib']:>9.1f} "
                          f"{r['rss_peak_mib']:>9.1f} {traced:>7.1f} {r['output_mib']:>8.1f}",
                          flush=True)


if __name__ == "__main__":
    main()
