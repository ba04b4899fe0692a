"""Print-on-demand benchmark: CPU of `deckwright build <game> --only pod --force`, beside its peer.

The repository's games are copied to a temporary folder and each build runs in its own process
with `--jobs 1`, so the CPU seconds are the target's own (plus loading the database, the same
in both). The peer is the same game's `png` target, which rasterises every distinct face and
back of every deck once: the pod target, which also writes two image zips (two bleeds) and a
PDF per deck, should cost a small multiple of it, not one drawing per deck and service. The
other image targets, TTS sheets and the CGS zip, are printed beside the same peer: TTS renders
each distinct face once per cell size, CGS each face once, trimmed. Asserts nothing.

    .venv/bin/python bench/pod_bench.py                      # bridge-over
    .venv/bin/python bench/pod_bench.py --games bridge-over,original-tcg --runs 3
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from build_bench import deckwright, project_copy, timed

#: The pod target's CPU for bridge-over, at most (a cold build of all five games must fit in 30 s
#: on 2 cores, and bridge-over's pod task was the longest single task of it).
POD_TARGET = 10.0


def cpu(project: Path, game: str, only: str, runs: int) -> float:
    """The median CPU seconds of a forced one-process build of one target of one game."""
    return statistics.median(
        timed(deckwright("-C", str(project), "build", game, "--only", only, "--force",
                         "--jobs", "1"))[1] for _ in range(runs))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="bridge-over", help="games, comma separated")
    ap.add_argument("--runs", type=int, default=1, help="runs per figure (median printed)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        project = project_copy(Path(tmp) / "project")
        for game in args.games.split(","):
            pod = cpu(project, game, "pod", args.runs)
            peer = cpu(project, game, "png", args.runs)
            print(f"{game}: pod {pod:.2f} s CPU  (peer: png {peer:.2f} s CPU; "
                  f"target <= {POD_TARGET:.0f} s)", flush=True)
            sheets = cpu(project, game, "tts", args.runs)
            simulator = cpu(project, game, "cgs", args.runs)
            print(f"{game}: tts {sheets:.2f} s CPU, cgs {simulator:.2f} s CPU  "
                  f"(peer: png {peer:.2f} s CPU)", flush=True)


if __name__ == "__main__":
    main()
