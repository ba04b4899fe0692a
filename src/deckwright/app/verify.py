"""Verdicts on a game's examples: what `deckwright playtest` and the rulebook report.

`verify_examples(game)` runs every example of a game (database and playtest/<game>/*.yaml)
through the strict harness when the game has a rules module; without one every example is
`unverified`, saying why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..model import GameData, Problem
from ..engine.script import Failure, run_example
from .registry import RulesImportError, how_to_add, rules_for
from .steps import decision_words


@dataclass(frozen=True)
class Verdict:
    """What the engine says about one example, as plain data for the CLI and the rulebook."""

    example_id: str
    status: Literal["verified", "failing", "unverified"]  # unverified: no rules module for the game
    detail: str = ""   # failing: `file:line: what differs`, one per line, + event log; unverified: why
    log: tuple[str, ...] = ()   # the event sentences of the run
    failures: tuple[Failure, ...] = ()
    #: the example is not in the game's notation (unknown verb, card, player or key): exit 2
    bad_input: bool = False
    #: (step number, players) who passed by themselves before that step (auto_pass: true);
    #: step number len(steps)+1 means after the last step
    auto_passes: tuple[tuple[int, tuple[str, ...]], ...] = ()
    #: (step number, sentences) of events that happened by themselves during that step
    #: (0: when the setup was placed), e.g. a turn's forced draw
    automatic: tuple[tuple[int, tuple[str, ...]], ...] = ()
    #: what the rules filled in where the example's setup was silent, in its notation
    setup_defaults: tuple[tuple[str, Any], ...] = ()
    #: (step number, sentence, rule id) of each refusal the script expected and got
    refusals: tuple[tuple[int, str, str], ...] = ()
    #: (step number, ((word, kind), ...)) of each decision step as the game's declared notation
    #: parsed it: kind "player", "verb", "word" (a literal of the form), "card", "colour",
    #: "number", "choice" or the game's own (engine.notation); a step no notation parsed (no
    #: `NOTATION`, no rules module, after a failing step) as written (app/steps.py)
    steps: tuple[tuple[int, tuple[tuple[str, str], ...]], ...] = ()
    #: the end state, for each key of the example's `expect:`, in its notation: what the
    #: rulebook prints as the outcome (engine.expect.observed)
    end_state: tuple[tuple[str, Any], ...] = ()


def verify_examples(game: GameData) -> dict[str, Verdict]:
    """Example id -> verdict, in the order the examples appear (database, then playtests)."""

    examples = [ex for _, ex in game.all_examples()]
    try:
        game_cls = rules_for(game.id, game.project)
    except RulesImportError as exc:
        return {ex.id: Verdict(ex.id, "failing", f"rules module does not load: {exc}",
                               steps=decision_words(ex)) for ex in examples}
    if game_cls is None:
        why = how_to_add(game.id, game.project)
        return {ex.id: Verdict(ex.id, "unverified", why, steps=decision_words(ex))
                for ex in examples}
    verdicts: dict[str, Verdict] = {}
    for source, ex in game.all_examples():
        outcome = run_example(game_cls, game, ex, source)
        log = tuple(outcome.log)
        passes = tuple((n, tuple(who)) for n, who in outcome.auto_passes)
        shown = {"auto_passes": passes,
                 "automatic": tuple((n, tuple(s)) for n, s in outcome.automatic),
                 "setup_defaults": tuple(outcome.setup_defaults.items()),
                 "refusals": tuple((n, str(text), rule) for n, text, rule in outcome.refusals),
                 "steps": decision_words(ex, ((n, tuple(w)) for n, w in outcome.words)),
                 "end_state": tuple(outcome.end_state.items())}
        if outcome.passed:
            verdicts[ex.id] = Verdict(ex.id, "verified", "", log, **shown)
        else:
            detail = outcome.detail
            if log:
                detail += "\nevent log:\n" + "\n".join(f"  {i}. {s}" for i, s in enumerate(log, 1))
            verdicts[ex.id] = Verdict(ex.id, "failing", detail, log, tuple(outcome.failures),
                                      outcome.bad_input, **shown)
    return verdicts


def bad_input_problems(verdicts: dict[str, Verdict]) -> list[Problem]:
    """The notation errors among verdicts, as `file:line:col: message` problems (exit 2)."""
    return [Problem(f.file, f.line or 1, f.column or 1, "", f.message)
            for v in verdicts.values() for f in v.failures if f.bad_input]


def notation_problems(game: GameData) -> list[Problem]:
    """What `deckwright check` adds for a game with a rules module: every example's steps,
    cards, players and expectation keys must be in the game's notation. (The examples are run:
    only the rules can tell a verb or key they do not know.)"""
    return bad_input_problems(verify_examples(game))
