"""The `rulebook` target of `deckwright build`: verdicts from the engine, then build_rulebook.

The CLI's target registry calls `run` once per game (possibly in a worker process). A rulebook
with failing examples is still written; `run` returns the failures, and after the last game the
CLI hands them all to `report`, which lists them and exits with status 1 unless
`--allow-failing-examples`.
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import Any, Callable

from rich.console import Console

from ... import manifest
from ...model import GameData
from . import cache
from .options import PAGE_SIZES, PDF_VARIANTS

HELP = "rulebook.pdf and rulebook.html (offline, assets alongside) with verified examples"


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


def _verdict_key(game: GameData) -> str:
    """What the verdicts depend on: the database (and its sheets), the game's playtest files and
    the code (deckwright with its bundled rules modules, and a project's own `rules/`)."""
    from ..targets import database_key

    k = manifest.Key(("code", manifest.code_version(manifest.ENGINE_CODE)),
                     ("database", database_key(game).hexdigest()))
    return k.add_tree("playtest", game.project.playtest_dir / game.id).add_tree(
        "rules", game.project.root / "rules").hexdigest()


def _verdicts(game: GameData) -> tuple[dict[str, Any], dict[str, Any], bool]:
    """(verdicts, what to record of them, whether they came from the record): the engine runs
    the examples only when something they depend on changed since the last rulebook."""
    from ...engine.verify import Verdict, verify_examples  # the engine only for this target

    key = _verdict_key(game)
    rec = manifest.Target(game.out_dir, cache.TARGET).record
    saved = rec.extra.get("verdicts") if rec else None
    if isinstance(saved, dict) and saved.get("key") == key:
        verdicts = {v["example_id"]: Verdict(v["example_id"], v["status"], v["detail"],
                                             tuple(v["log"])) for v in saved["list"]}
        cached = True
    else:
        verdicts, cached = verify_examples(game), False
    keep = {"verdicts": {"key": key, "list": [dataclasses.asdict(v) for v in verdicts.values()]}}
    return verdicts, keep, cached


def fresh(game: GameData, press: Any, args: argparse.Namespace) -> list[tuple[str, str, str]] | None:
    """The failing examples of an up-to-date rulebook, or None when it must be built."""
    from .build import build_rulebook

    if args.force:
        return None
    verdicts, _, cached = _verdicts(game)
    if not cached:
        return None
    result = build_rulebook(game, verdicts=verdicts, page=args.page,
                            pdf_variant=args.pdf_variant, check_only=True)
    return None if result is None else [(game.id, i, t) for i, t in result.failing]


def run(game: GameData, press: Any, args: argparse.Namespace,
        tick: Callable[[int], None]) -> tuple[list[Path], list[tuple[str, str, str]]]:
    """Build one game's rulebook: (files written, failing examples as (game, id, title))."""
    from .build import build_rulebook  # WeasyPrint loads only when a rulebook is built

    verdicts, keep, _ = _verdicts(game)
    result = build_rulebook(game, verdicts=verdicts, page=args.page, pdf_variant=args.pdf_variant,
                            force=args.force, record_extra=keep)
    assert result is not None
    tick(1)
    name = f"{game.id} ({game.edition})" if game.edition else game.id
    failing = [(name, ex_id, title) for ex_id, title in result.failing]
    return ([] if result.skipped else [result.pdf, result.html]), failing


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
