"""The `rulebook` target of `deckwright build`: build_rulebook with the verdicts it is handed.

The CLI's target registry calls `run` once per game (possibly in a worker process), with the
engine's verdicts on the game's examples as data (the build's orchestration runs the engine;
nothing in press imports it). A rulebook with failing examples is still written; `run` returns
the failures, and after the last game the CLI hands them all to `report`, which lists them and
exits with status 1 unless `--allow-failing-examples`. Before any of that, `fresh` tells the
CLI whether a game's rulebook is already up to date for the verdicts it kept from the last
build, without loading the templates' rendering or WeasyPrint.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Callable, Mapping

from rich.console import Console

from ...model import GameData
from .options import PAGE_SIZES, PDF_VARIANTS

HELP = ("rulebook.pdf and .html, the reader's edition (offline, assets alongside), and "
        "rulebook-proof.pdf and .html, the same book with what the engine verified")


def add_arguments(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("rulebook")
    g.add_argument("--allow-failing-examples", action="store_true",
                   help="exit 0 even when a rulebook example fails its engine check")
    g.add_argument("--pdf-variant", choices=PDF_VARIANTS, default=None,
                   help="also make the rulebook PDF tagged (pdf/ua-1) or archival (pdf/a-3u)")
    g.add_argument("--page", choices=PAGE_SIZES, default=None,
                   help="rulebook page size (default: the game's theme.page, a5 booklet)")


def units(game: GameData, press: Any, args: argparse.Namespace) -> int:
    return 1


def cost(game: GameData, press: Any, args: argparse.Namespace) -> float:
    """Rough CPU seconds of a cold build (the examples are verified, then laid out with the
    cards; measured on the bundled games), for the CLI to start the longest tasks first."""
    return 3.0 + 0.15 * (len(game.cards) + len(game.all_examples()))


def run(game: GameData, press: Any, args: argparse.Namespace, tick: Callable[[int], None],
        verdicts: Mapping[str, Any] | None = None
        ) -> tuple[list[Path], list[tuple[str, str, str]]]:
    """`verdicts`: example id -> verdict (status, detail, auto_passes), from the engine.
    Returns the files written and the failing examples as (game, example id, title)."""
    from .build import build_rulebook  # WeasyPrint loads only when a rulebook is built

    result = build_rulebook(game, verdicts=dict(verdicts or {}), page=args.page,
                            pdf_variant=args.pdf_variant, force=args.force)
    tick(1)
    written = [result.pdf, result.html, result.proof_pdf, result.proof_html]
    return ([] if result.skipped else written), _named(game, result.failing)


def fresh(game: GameData, args: argparse.Namespace, verdicts: Mapping[str, Any]
          ) -> list[tuple[str, str, str]] | None:
    """The failing examples `run` would report when the rulebook is already up to date for
    these verdicts and options; None when it must be built. Renders nothing: no template is
    loaded, nor WeasyPrint."""
    from .cache import current, options
    from .examples import failing_examples
    from .render import template_dirs

    chosen = options(game, args.page, args.pdf_variant)
    dirs = template_dirs(game.project.templates_dir)
    if not current(game, dirs, game.out_dir, verdicts, chosen)[2]:
        return None
    return _named(game, failing_examples(game, verdicts))


def _named(game: GameData, failing: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """(game, example id, title): an edition's game named with its language."""
    name = f"{game.id} ({game.edition})" if game.edition else game.id
    return [(name, ex_id, title) for ex_id, title in failing]


def report(failing: list[tuple[str, str, str]], allowed: bool) -> None:
    """List the failing examples; exit 1 unless they are allowed."""
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    for game_id, ex_id, title in failing:
        err.print(f"rulebook {game_id}: example {ex_id} ({title}) fails its engine check; "
                  "it is printed marked as failing", markup=False)
    if not allowed:
        err.print(f"{len(failing)} failing example(s); rulebooks were written, exit status 1 "
                  "(use --allow-failing-examples to accept)", markup=False)
        raise SystemExit(1)
