"""Live preview latency: from saving one card's text to the new face shown in the page.

A 100-card game (the press fixture's knight, 100 times under other ids) is served by
`deckwright serve` and opened in Chromium. Each round edits one card's text in the database and
times until that card's picture in the gallery is the new one and has loaded. The peer is what a
designer does without the preview: `deckwright build --only png` after the same kind of edit.
Rounds alternate between the two. Prints figures; asserts nothing.

Run: .venv/bin/python bench/live_bench.py [--rounds N]
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from deckwright.live import serve_app, server  # noqa: E402
from deckwright.live.preview import Preview  # noqa: E402
from deckwright.model import Project  # noqa: E402

TARGET = 1.0  # seconds, from the issue
CARDS = 100
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def make_project(folder: Path) -> Path:
    """The press fixture with its cards replaced by 100 distinct ones."""
    shutil.copytree(ROOT / "tests" / "fixtures" / "press", folder)
    db = folder / "cards" / "pressdemo.yaml"
    text = db.read_text(encoding="utf-8")
    head, rest = text.split("cards:\n", 1)
    decks = rest[rest.index("decks:\n"):]
    cards = "".join(
        f"  - id: card-{i:03}\n    name: カード{i}\n    category: unit\n    colors: [red]\n"
        f"    set: basic\n    rank: {i % 10}\n    text: \"{{red}} を出したとき、{i} 枚引く。\"\n"
        for i in range(1, CARDS + 1))
    decks = re.sub(r"    total: \d+\n", "", decks)
    decks = decks[:decks.index("  - id: mini-deck")]
    db.write_text(head + "cards:\n" + cards + decks, encoding="utf-8")
    return db


def edit(db: Path, card: int, n: int) -> None:
    text = db.read_text(encoding="utf-8")
    text = re.sub(rf"(  - id: card-{card:03}\n(?:    .*\n)*?    text: )\".*\"",
                  rf'\1"{{red}} を出したとき、{card} 枚引く(版 {n})。"', text, count=1)
    db.write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        db = make_project(Path(tmp) / "proj")
        project = db.parent.parent
        live: list[float] = []
        build: list[float] = []
        cmd = [sys.executable, "-m", "deckwright", "-C", str(project), "build", "--only", "png"]
        subprocess.run(cmd, check=True, capture_output=True)  # the peer starts warm, as it would
        with server.in_thread(serve_app.app(Preview(Project(project)))) as base, \
                sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{base}/g/pressdemo/")
            page.wait_for_function("() => document.querySelectorAll('img.face').length === %d &&"
                                   "[...document.querySelectorAll('img.face')].every(i => i.complete"
                                   " && i.naturalWidth > 0)" % CARDS, timeout=120000)
            for n in range(1, args.rounds + 1):
                card = 1 + (n * 37) % CARDS
                sel = f"#card-card-{card:03} img.face"
                old = page.get_attribute(sel, "src")
                start = time.perf_counter()
                edit(db, card, n)
                page.wait_for_function(
                    "([sel, old]) => { const i = document.querySelector(sel);"
                    " return i.getAttribute('src') !== old && i.complete && i.naturalWidth > 0; }",
                    arg=[sel, old], polling=5, timeout=60000)
                live.append(time.perf_counter() - start)
                start = time.perf_counter()
                edit(db, card, n + 1000)
                subprocess.run(cmd, check=True, capture_output=True)
                build.append(time.perf_counter() - start)
            browser.close()
    med_live, med_build = statistics.median(live), statistics.median(build)
    print(f"live preview, save -> new face in the page ({CARDS}-card game, {args.rounds} rounds)")
    print(f"{'':34} {'min s':>8} {'median s':>9} {'target':>8}")
    print(f"{'deckwright serve':34} {min(live):8.2f} {med_live:9.2f} {TARGET:8.2f}")
    print(f"{'peer: deckwright build --only png':34} {min(build):8.2f} {med_build:9.2f} {'':>8}")
    print(f"serve is {med_build / med_live:.1f}x faster than rebuilding the PNGs; "
          f"target {'met' if med_live < TARGET else 'MISSED'}")


if __name__ == "__main__":
    main()
