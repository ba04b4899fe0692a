"""The harness: run one example strictly, the way XMage runs a card test.

Setup builds the state; each step is taken in order:

- `do`: the decision must be the next one the game asks for, from the player it asks. A step by
  another player fails ("the script does not give p2's decision"), as does a refused decision.
- `refused`: the rules must refuse it, with a reason containing `reason`; nothing changes.
- `expect`: checked there and then (mid-script checks).
- a step after the game is over is a leftover step and fails.

Invariants are checked after every decision. The example's final `expect` is checked after the
last step. The outcome carries the event log as sentences, for the failure report.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from typing import Any

from ..model import Example, GameData, Step
from . import expect as expectations
from .game import Game
from .setup import SetupError, build_state, game_for_example
from .state import InvariantError, NotationError, State


@dataclass
class Outcome:
    passed: bool
    detail: str = ""
    log: list[str] = field(default_factory=list)
    state: State | None = None


class _Fail(Exception):
    pass


def _legal(state: State, limit: int = 12) -> str:
    try:
        acts = [state.action_to_string_safe(a) for a in state.legal_actions()]
    except Exception as exc:  # noqa: BLE001 - a report, not control flow
        return f"(legal_actions failed: {exc})"
    more = f", ... ({len(acts)} in all)" if len(acts) > limit else ""
    return ", ".join(acts[:limit]) + more if acts else "none"


def _parse(state: State, text: str, n: int) -> tuple[int, Any]:
    try:
        return state.parse_action(text)
    except NotationError as exc:
        raise _Fail(f"step {n} {text!r}: not a decision in this game's notation: {exc}") from None


def _do(state: State, text: str, n: int) -> None:
    if state.is_over():
        raise _Fail(f"step {n} {text!r}: leftover step, the game is already over")
    player, action = _parse(state, text, n)
    current = state.current_player()
    if player != current:
        raise _Fail(f"step {n} {text!r}: the script does not give {state.player_name(current)}'s "
                    f"decision, which comes first (legal: {_legal(state)})")
    reason = state.refusal(action, player)
    if reason is not None:
        raise _Fail(f"step {n} {text!r}: refused: {reason} (legal: {_legal(state)})")
    state.apply(action, player, check=False)


def _refused(state: State, step: Step, n: int) -> None:
    text = step.refused or ""
    player, action = _parse(state, text, n)
    reason = state.refusal(action, player)
    if reason is None:
        raise _Fail(f"step {n} {text!r}: expected a refusal"
                    f"{f' with reason containing {step.reason!r}' if step.reason else ''}, "
                    "but the rules allow it")
    if step.reason and step.reason not in reason:
        raise _Fail(f"step {n} {text!r}: refused with reason {reason!r}, expected a reason "
                    f"containing {step.reason!r}")


def _expect(state: State, wanted: dict[str, Any], where: str) -> None:
    problems = expectations.check(state, wanted)
    if problems:
        raise _Fail(f"{where}: " + "; ".join(problems))


def run_steps(state: State, example: Example) -> None:
    for n, step in enumerate(example.steps, 1):
        if isinstance(step, str):
            _do(state, step, n)
            continue
        given = [k for k in ("do", "refused", "expect") if getattr(step, k) is not None]
        if len(given) > 1:
            raise _Fail(f"step {n}: give one of do, refused or expect per step, not {given}")
        if step.reason is not None and step.refused is None:
            raise _Fail(f"step {n}: 'reason' belongs to a 'refused' step")
        if step.do is not None:
            _do(state, step.do, n)
        elif step.refused is not None:
            _refused(state, step, n)
        elif step.expect is not None:
            _expect(state, step.expect, f"step {n} expect")
    if example.expect:
        _expect(state, example.expect, "expect")


def run_example(game_cls: type[Game], data: GameData, example: Example) -> Outcome:
    """Run one example strictly; never raises for a failing example or a buggy module."""
    state: State | None = None
    try:
        game = game_for_example(game_cls, data, example)
        state = build_state(game, example)
        state.language = data.language_of(example)  # its `reason:` lines are in that language
        run_steps(state, example)
    except SetupError as exc:
        return Outcome(False, f"setup: {exc}", _log(state), state)
    except _Fail as exc:
        return Outcome(False, str(exc), _log(state), state)
    except InvariantError as exc:
        return Outcome(False, str(exc), _log(state), state)
    except Exception as exc:  # noqa: BLE001 - a bug in a rules module is a failing example
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return Outcome(False, f"rules module error: {type(exc).__name__}: {exc} "
                              f"({where.filename.rsplit('/', 1)[-1]}:{where.lineno})",
                       _log(state), state)
    return Outcome(True, "", _log(state), state)


def _log(state: State | None) -> list[str]:
    if state is None:
        return []
    try:
        return state.sentences()
    except Exception as exc:  # noqa: BLE001
        return [f"(event log could not be rendered: {exc})"]
