"""Time each game's rulebook: cold (forced) and warm (unchanged, skipped by the cache).

Prints, per game, pages, wall and CPU seconds of the cold build, seconds per page, the warm
rebuild, and the time to load the database and verify its examples (the CLI keeps the verdicts
in the rulebook's record and skips both on a warm rebuild), and how many page layouts WeasyPrint
made, also per page: the pages that cite page numbers (the contents, the list of what the
edition filled in, the card index) used to be laid out three times each; the numbers are now
printed after the one layout (press/rulebook/pagerefs.py), target 1 layout per page. Then all
games cold at once on a pool of 2 processes, as on the 2-core target machine, the longest
first. Targets (printed, not asserted): all rulebooks cold in <= 10 s, warm rebuild <= 0.5 s,
1 layout per page.

With `--phases`, each game's cold build is also split into its stages (CPU seconds): the
template, HTML parsing, the CSS cascade, the boxes, the page layout (and how much of it went to
blocks that do not break, such as an example, laid out at the foot of a page and then pushed
whole to the next), the page numbers, drawing, and the rest of writing the PDF; and how much
of those stages went to Python's garbage collector, and how many times it ran.

With `--calls`, each game is also built once more under cProfile, which prints how many Python
function calls the build made: like the text layouts, a figure the machine's load does not
move (the profiler slows that build down; its seconds are not printed).

With `--before`, each game is also built right after as the code did before issue 17's work
on it (WeasyPrint's own `target-counter()`, card pictures embedded whole, the garbage collector
at Python's default threshold), so that the two figures, printed one above the other, meet the
same machine load.

    .venv/bin/python bench/rulebook_bench.py [--before] [--phases] [--calls] [GAME ...]
"""

from __future__ import annotations

import argparse
import logging
import shutil
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from deckwright.model import Project, load_game  # noqa: E402
from deckwright.press.rulebook import build_rulebook  # noqa: E402


class LayoutCount(logging.Handler):
    """Counts WeasyPrint's 'Creating layout - Page N' progress messages (pages laid out)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if "Creating layout" in message and "up-to-date" not in message:
            self.count += 1


class Phases:
    """CPU seconds of the stages of the builds made inside `with Phases() as phases:`, found by
    wrapping deckwright's and WeasyPrint's functions in this process (no profiler overhead)."""

    PUSHED = "of which pushed whole"
    COLLECTOR = "garbage collector"

    def __init__(self) -> None:
        self.cpu: Counter[str] = Counter()
        self.text_layouts = 0
        self.collections = 0
        self._saved: list[tuple[Any, str, Callable]] = []
        self._collecting = 0.0

    def _wrap(self, owner: Any, name: str, stage: str) -> None:
        original = getattr(owner, name)
        depth = [0]

        def timed(*args, **kwargs):
            depth[0] += 1
            start = time.process_time()
            try:
                return original(*args, **kwargs)
            finally:
                depth[0] -= 1
                if depth[0] == 0:   # a stage calling itself counts once
                    self.cpu[stage] += time.process_time() - start
        self._saved.append((owner, name, original))
        setattr(owner, name, timed)

    def _wrap_pushed(self) -> None:
        """Time spent laying out a block that may not break (`break-inside: avoid`) and did
        not fit: WeasyPrint drops that layout and lays the block out again on the next page."""
        from weasyprint.layout import block
        original = block.block_level_layout
        depth = [0]

        def timed(context, box, *args, **kwargs):
            avoid = box.style["break_inside"] in ("avoid", "avoid-page")
            depth[0] += avoid
            start = time.process_time()
            try:
                result = original(context, box, *args, **kwargs)
            finally:
                depth[0] -= avoid
            if avoid and depth[0] == 0 and result[0] is None:
                self.cpu[self.PUSHED] += time.process_time() - start
            return result
        self._saved.append((block, "block_level_layout", original))
        block.block_level_layout = timed

    def _count_text_layouts(self) -> None:
        """Count WeasyPrint's text layouts (one Pango layout of a piece of text each): a
        figure that does not move with the machine's load, unlike the seconds."""
        from weasyprint.layout import inline, preferred
        from weasyprint.text import line_break
        original = line_break.split_first_line

        def counted(*args, **kwargs):
            self.text_layouts += 1
            return original(*args, **kwargs)
        for module in (line_break, inline, preferred):
            self._saved.append((module, "split_first_line", getattr(module, "split_first_line")))
            module.split_first_line = counted

    def _collector(self, phase: str, info: dict) -> None:
        """Times the garbage collector's runs (they happen inside the other stages)."""
        if phase == "start":
            self._collecting = time.process_time()
        else:
            self.cpu[self.COLLECTOR] += time.process_time() - self._collecting
            self.collections += 1

    def __enter__(self) -> "Phases":
        import gc

        import weasyprint
        import weasyprint.document as document
        from weasyprint.layout import page

        from deckwright.press.rulebook import build, pagerefs
        self._wrap(build.ContextBuilder, "build", "context")
        self._wrap(build, "render_page", "template")
        self._wrap(weasyprint.HTML, "__init__", "HTML parse")
        self._wrap(document, "get_all_computed_styles", "CSS cascade")
        self._wrap(document, "build_formatting_structure", "boxes")
        self._wrap(page, "make_page", "layout")
        self._wrap_pushed()
        self._count_text_layouts()
        self._wrap(pagerefs, "fill", "page numbers")
        self._wrap(document, "draw_page", "draw")
        self._wrap(document.Document, "write_pdf", "write PDF")
        gc.callbacks.append(self._collector)
        return self

    def __exit__(self, *exc: object) -> None:
        import gc

        gc.callbacks.remove(self._collector)
        for owner, name, original in reversed(self._saved):
            setattr(owner, name, original)

    def line(self, total: float) -> str:
        cpu = dict(self.cpu)
        cpu["write PDF"] = cpu.get("write PDF", 0.0) - cpu.get("draw", 0.0)  # the rest of it
        parts = [f"{stage} {cpu.get(stage, 0.0):.2f}" for stage in
                 ("context", "template", "HTML parse", "CSS cascade", "boxes")]
        parts.append(f"layout {cpu.get('layout', 0.0):.2f} ({self.PUSHED} to the next page "
                     f"{cpu.get(self.PUSHED, 0.0):.2f})")
        parts += [f"{stage} {cpu.get(stage, 0.0):.2f}" for stage in
                  ("page numbers", "draw", "write PDF")]
        rest = total - sum(v for k, v in cpu.items() if k not in (self.PUSHED, self.COLLECTOR))
        return ("  CPU s: " + ", ".join(parts) + f", other {rest:.2f}; "
                f"{self.text_layouts} text layouts; within those stages, the "
                f"{self.COLLECTOR} {cpu.get(self.COLLECTOR, 0.0):.2f} ({self.collections} runs)")


def verdicts_for(game):
    try:
        from deckwright.app.verify import verify_examples
    except ImportError:
        return {}
    return verify_examples(game)


def prepared(game_id: str, out_root: Path):
    """Load and verify a game; copy its card pictures so the build embeds them as usual."""
    project = Project(ROOT)
    game = load_game(project, game_id)
    out = out_root / game_id
    pictures = project.build_dir / game_id / "cards"
    if pictures.is_dir() and not (out / "cards").exists():
        shutil.copytree(pictures, out / "cards")
    return game, out


def cold(game_id: str, out_root: str) -> tuple[str, int, float, float]:
    game, out = prepared(game_id, Path(out_root))
    verdicts = verdicts_for(game)
    wall, cpu = time.perf_counter(), time.process_time()
    result = build_rulebook(game, out, verdicts=verdicts, force=True)
    return game_id, result.pages, time.perf_counter() - wall, time.process_time() - cpu


def calls(game, out: Path, verdicts) -> int:
    """Python function calls of one cold build (cProfile's count, primitive and recursive)."""
    import cProfile
    import pstats
    profile = cProfile.Profile()
    profile.runcall(build_rulebook, game, out, verdicts=verdicts, force=True)
    return pstats.Stats(profile).total_calls


@contextmanager
def as_before():
    """Rulebooks rendered as before pagerefs.py, PICTURE_DPI and GC_THRESHOLD: WeasyPrint's
    target-counter() (three layouts of each page citing page numbers), whole pictures, and the
    garbage collector at Python's default threshold."""
    import gc

    from deckwright.press.rulebook import build, pagerefs, pdf
    saved = pagerefs.late_bound, pdf.PICTURE_DPI, build.GC_THRESHOLD
    pagerefs.late_bound, pdf.PICTURE_DPI = (lambda css: css), None
    build.GC_THRESHOLD = gc.get_threshold()[0]
    try:
        yield
    finally:
        pagerefs.late_bound, pdf.PICTURE_DPI, build.GC_THRESHOLD = saved


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="games (default: all)")
    parser.add_argument("--phases", action="store_true",
                        help="also print each cold build's CPU time split into its stages")
    parser.add_argument("--calls", action="store_true",
                        help="also count the Python function calls of one more cold build")
    parser.add_argument("--before", action="store_true",
                        help="also build each game as the code did before issue 17's work")
    args = parser.parse_args(argv)
    before = args.before
    games = args.games or Project(ROOT).game_ids()
    with tempfile.TemporaryDirectory(prefix="rulebook-bench-") as tmp:
        out_root = Path(tmp)
        print(f"{'game':20} {'pages':>5} {'cold s':>7} {'cpu s':>6} {'s/page':>7} "
              f"{'warm s':>7} {'load+verify s':>13} {'layouts':>8} {'per page':>8}  (target 1.00)")
        counter = LayoutCount()
        progress = logging.getLogger("weasyprint.progress")
        progress.setLevel(logging.INFO)
        progress.addHandler(counter)
        total_pages = 0
        cpu_of: dict[str, float] = {}
        for game_id in games:
            t = time.perf_counter()
            game, out = prepared(game_id, out_root)
            verdicts = verdicts_for(game)
            load_verify = time.perf_counter() - t
            wall, cpu = time.perf_counter(), time.process_time()
            counter.count = 0
            with Phases() if args.phases else nullcontext() as phases:
                result = build_rulebook(game, out, verdicts=verdicts, force=True)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            layouts = counter.count
            t = time.perf_counter()
            warm = build_rulebook(game, out, verdicts=verdicts)
            warm_s = time.perf_counter() - t
            note = "" if warm.skipped else "  (not skipped: an input changed during the run)"
            total_pages += result.pages
            cpu_of[game_id] = cpu
            print(f"{game_id:20} {result.pages:5d} {wall:7.2f} {cpu:6.2f} "
                  f"{wall / result.pages:7.3f} {warm_s:7.3f} {load_verify:13.2f} {layouts:8d} "
                  f"{layouts / result.pages:8.2f}{note}")
            if phases is not None:
                print(phases.line(cpu))
            if args.calls:
                print(f"  function calls: {calls(game, out, verdicts):,}")
            if before:
                counter.count = 0
                wall, cpu = time.perf_counter(), time.process_time()
                with as_before(), Phases() if args.phases else nullcontext() as phases:
                    old = build_rulebook(game, out, verdicts=verdicts, force=True)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                print(f"{'  as before':20} {old.pages:5d} {wall:7.2f} {cpu:6.2f} "
                      f"{wall / old.pages:7.3f} {'':7} {'':13} {counter.count:8d} "
                      f"{counter.count / old.pages:8.2f}")
                if phases is not None:
                    print(phases.line(cpu))
        progress.removeHandler(counter)
        shutil.rmtree(out_root)
        out_root.mkdir()
        t = time.perf_counter()
        longest_first = sorted(games, key=lambda g: -cpu_of[g])  # the two workers finish together
        with ProcessPoolExecutor(max_workers=2) as pool:
            done = list(pool.map(cold, longest_first, [tmp] * len(games)))
        parallel = time.perf_counter() - t
        print(f"all {len(games)} cold on 2 processes: {parallel:.2f} s wall, "
              f"{sum(c for *_, c in done):.1f} s CPU for {total_pages} pages (target <= 10 s); "
              "per game (wall/CPU s): " + ", ".join(f"{g} {w:.1f}/{c:.1f}" for g, _, w, c in done))


if __name__ == "__main__":
    main(sys.argv[1:])
