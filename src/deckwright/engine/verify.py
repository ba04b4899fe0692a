"""Verdicts on a game's examples: what `deckwright playtest` and the rulebook report.

`verify_examples(game)` runs every example of a game (database and playtest/<game>/*.yaml)
through the strict harness when the game has a rules module; without one every example is
`unverified`, saying why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..model import GameData
from .script import run_example


@dataclass(frozen=True)
class Verdict:
    example_id: str
    status: Literal["verified", "failing", "unverified"]  # unverified: no rules module for the game
    detail: str = ""   # failing: expected vs actual + event log; unverified: why
    log: tuple[str, ...] = ()   # the event sentences of the run


def verify_examples(game: GameData) -> dict[str, Verdict]:
    """Example id -> verdict, in the order the examples appear (database, then playtests)."""
    from ..rules import RulesImportError, how_to_add, rules_for

    examples = [ex for _, ex in game.all_examples()]
    try:
        game_cls = rules_for(game.id, game.project)
    except RulesImportError as exc:
        return {ex.id: Verdict(ex.id, "failing", f"rules module does not load: {exc}")
                for ex in examples}
    if game_cls is None:
        why = how_to_add(game.id)
        return {ex.id: Verdict(ex.id, "unverified", why) for ex in examples}
    verdicts: dict[str, Verdict] = {}
    for ex in examples:
        outcome = run_example(game_cls, game, ex)
        log = tuple(outcome.log)
        if outcome.passed:
            verdicts[ex.id] = Verdict(ex.id, "verified", "", log)
        else:
            detail = outcome.detail
            if log:
                detail += "\nevent log:\n" + "\n".join(f"  {i}. {s}" for i, s in enumerate(log, 1))
            verdicts[ex.id] = Verdict(ex.id, "failing", detail, log)
    return verdicts
