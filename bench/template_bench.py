"""What rendering a rulebook page in a bounded child process costs (sandbox.render, boxed.py).

    .venv/bin/python bench/template_bench.py [GAME ...]   # default: super-page-one original-tcg

For each bundled game, the rulebook page's context is built once and the page rendered seven
times in this process (the render alone, as before 28 Nov 2026) and seven times through
`sandbox.render`, which forks a child held to MAX_MEMORY and MAX_SECONDS: the medians of both,
in milliseconds of wall time. On a machine shared with other jobs the figures include time
spent waiting for a core. Prints figures; asserts only that both renders give the same page.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from deckwright import sandbox
from deckwright.model import Project, load_games
from deckwright.press.rulebook.context import ContextBuilder
from deckwright.press.rulebook.render import _namer, environment, template_dirs

ROOT = Path(__file__).resolve().parent.parent


def main(games: list[str]) -> None:
    project = Project(ROOT)
    for data in load_games(project, games):
        dirs = template_dirs(project.templates_dir)
        context = ContextBuilder(data, {}, project.build_dir / data.id,
                                 image=lambda card: None).build(data.db.game.theme.page)
        env = environment(tuple(dirs), context["lang"])
        name = _namer(project.display)
        sandbox.render(env, "rulebook.html.j2", context, name)   # templates compiled
        here, child = [], []
        for _ in range(7):
            start = time.perf_counter()
            page = sandbox._render_here(env, "rulebook.html.j2", context, name)
            here.append(time.perf_counter() - start)
            start = time.perf_counter()
            bounded = sandbox.render(env, "rulebook.html.j2", context, name)
            child.append(time.perf_counter() - start)
            assert page == bounded
        print(f"{data.id}: page of {len(page):,} characters: in this process "
              f"{statistics.median(here) * 1000:.0f} ms, in a bounded child "
              f"{statistics.median(child) * 1000:.0f} ms (medians of 7)")


if __name__ == "__main__":
    main(sys.argv[1:] or ["super-page-one", "original-tcg"])
