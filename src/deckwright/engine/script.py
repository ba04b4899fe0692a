"""The harness: run one example strictly, the way XMage runs a card test.

Setup builds the state; each step is taken in order:

- `do`: the decision must be the next one the game asks for, from the player it asks. A step by
  another player fails, naming who still has to decide ("the script does not give p2's
  decision"), as does a refused decision. With `auto_pass: true`, a response window whose
  asked player the next step does not name passes by itself (`State.pass_action()`), until the
  step's player is asked or the window closes; the passes are recorded for the rulebook.
- `refused`: the rules must refuse it, with a reason containing `reason` and/or citing the rule
  id `because`; nothing changes.
- `expect`: checked there and then (mid-script checks).
- a step after the game is over is a leftover step and fails.

Every failure carries the `file:line` of its step or expectation entry. Expectations do not
change the state, so every failing one is reported, mid-script and at the end; a failing
decision stops the run. Notation errors (an unknown verb, card, player, expectation key) are bad
input, reported apart (`Outcome.bad_input`) so that the CLI exits 2 for them.
"""

from __future__ import annotations

import re
import traceback
from dataclasses import dataclass, field
from typing import Any

from ..model import Example, GameData, Step
from . import expect as expectations
from .game import Game
from .setup import SetupError, build_state, game_for_example
from .events import sentence
from .state import InvariantError, NotationError, State


@dataclass(frozen=True)
class Failure:
    """One thing wrong, where the example says it: `file:line: message`."""

    where: str          # "playtest/x/y.yaml:12", or "example x" for an example built in code
    message: str
    line: int = 0
    column: int = 0
    file: str = ""
    #: not in the game's notation (unknown verb, card, player, key): exit status 2
    bad_input: bool = False

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass
class Outcome:
    passed: bool
    detail: str = ""
    log: list[str] = field(default_factory=list)
    state: State | None = None
    failures: list[Failure] = field(default_factory=list)
    #: True when the example is not written in the game's notation (exit status 2).
    bad_input: bool = False
    #: (step number, players who passed by themselves before it); step len(steps)+1 is the end.
    auto_passes: list[tuple[int, list[str]]] = field(default_factory=list)
    #: (step number, sentences of events that happened by themselves during it; 0: at setup)
    automatic: list[tuple[int, list[str]]] = field(default_factory=list)
    #: what the rules module filled in where the setup was silent (State.setup_defaults)
    setup_defaults: dict[str, Any] = field(default_factory=dict)
    #: (step number, reason, rule id) of every `refused:` step the rules did refuse
    refusals: list[tuple[int, str, str]] = field(default_factory=list)
    #: (step number, ((word, kind), ...)) of every decision step, as the game's declared
    #: notation read it (engine.notation.Step.words); none for a game that parses itself
    words: list[tuple[int, tuple[tuple[str, str], ...]]] = field(default_factory=list)
    #: what the end state holds for each key of the example's `expect:` (expect.observed)
    end_state: dict[str, Any] = field(default_factory=dict)


class _Stop(Exception):
    """A failing decision: the run cannot go on."""


class _BadInput(Exception):
    pass


def _legal(state: State, limit: int = 12) -> str:
    try:
        acts = [state.action_to_string_safe(a) for a in state.legal_actions()]
    except Exception as exc:  # noqa: BLE001 - a report, not control flow
        return f"(legal_actions failed: {exc})"
    more = f", ... ({len(acts)} in all)" if len(acts) > limit else ""
    return ", ".join(acts[:limit]) + more if acts else "none"


class Run:
    """One example being run: the state, where each part is written, what went wrong."""

    def __init__(self, example: Example, source: str = ""):
        self.example = example
        self.source = source
        self.failures: list[Failure] = []
        self.bad_input = False
        self.auto_passes: list[tuple[int, list[str]]] = []
        self.automatic: list[tuple[int, list[str]]] = []
        self.refusals: list[tuple[int, str, str]] = []
        self.words: list[tuple[int, tuple[tuple[str, str], ...]]] = []
        self._seen = 0
        self.state: State | None = None

    def note_automatic(self, n: int) -> None:
        """The events that happened by themselves since the last look, credited to step n."""
        state = self.state
        entries = state.log.entries
        kinds = state.AUTOMATIC
        if kinds:
            found = [sentence(state, k, a) for k, a in entries[self._seen:] if k in kinds]
            if found:
                self.automatic.append((n, found))
        self._seen = len(entries)

    # --- where -------------------------------------------------------------------------------

    def at(self, *path: Any) -> tuple[str, int, int, str]:
        found = self.example.locate(*path)
        if found is None:
            name = self.source or f"example {self.example.id}"
            return name, 0, 0, name
        name, line, col = found
        return name, line, col, f"{name}:{line}"

    def fail(self, path: tuple[Any, ...], message: str, *, bad_input: bool = False) -> None:
        name, line, col, where = self.at(*path)
        if len(path) > 1 and path[0] == "steps" and not message.startswith("step "):
            message = f"step {path[1] + 1} {message}"
        self.failures.append(Failure(where, message, line, col, name, bad_input))
        self.bad_input = self.bad_input or bad_input

    # --- steps -------------------------------------------------------------------------------

    def parse(self, text: str, path: tuple[Any, ...]) -> tuple[int, Any]:
        try:
            step = self.state.parse_step(text)
            if step is None:
                return self.state.parse_action(text)
            self.words.append((path[1] + 1, step.words))
            return step.player, step.action
        except NotationError as exc:
            self.fail(path, f"{text!r} is not a decision in this game's notation: {exc}",
                      bad_input=True)
            raise _BadInput from None

    def auto_pass(self, n: int, player: int | None, action: Any = None) -> None:
        """Pass for everyone the window asks before `player` (None: everyone in it). The step's
        own player passes too when the window asks them but the step's `action` (a `do`) is
        no answer to it: the step comes after the window."""
        state, passed = self.state, []
        while not state.is_over() and state.window is not None and not state.window.closed:
            asked = state.current_player()
            if asked == player and (action is None or state.refusal(action, asked) is None):
                break
            passing = state.pass_action()
            if passing is None or state.refusal(passing, asked) is not None:
                break   # a forced answer: the script must give it
            passed.append(state.player_name(asked))
            state.apply(passing, asked, check=False)
        if passed:
            self.auto_passes.append((n, passed))

    def do(self, text: str, n: int, path: tuple[Any, ...]) -> None:
        state = self.state
        if state.is_over():
            self.fail(path, f"{text!r}: leftover step, the game is already over")
            raise _Stop
        player, action = self.parse(text, path)
        if self.example.auto_pass:
            self.auto_pass(n, player, action)
        current = state.current_player()
        if player != current:
            self.fail(path, f"{text!r}: {self.waiting_message(current)} (legal for "
                            f"{state.player_name(current)}: {_legal(state)})")
            raise _Stop
        reason = state.refusal(action, player)
        if reason is not None:
            self.fail(path, f"{text!r}: refused: {reason} (legal: {_legal(state)})")
            raise _Stop
        state.apply(action, player, check=False)

    def waiting_message(self, current: int) -> str:
        state = self.state
        window = state.window
        if window is not None and not window.closed:
            names = ", ".join(state.player_name(p) for p in window.waiting())
            return (f"the script does not give {state.player_name(current)}'s decision, which "
                    f"comes first: in the open response window {names} still have to decide "
                    "(write their passes, or set auto_pass: true)")
        return f"the script does not give {state.player_name(current)}'s decision, which comes first"

    def refused(self, step: Step, n: int, path: tuple[Any, ...]) -> None:
        state, text = self.state, step.refused or ""
        player, action = self.parse(text, path)
        if self.example.auto_pass:
            self.auto_pass(n, player)
        reason = state.refusal(action, player)
        wanted = " and ".join(w for w in (
            f"reason containing {step.reason!r}" if step.reason else "",
            f"rule {step.because!r}" if step.because else "") if w)
        if reason is None:
            self.fail(path, f"{text!r}: expected a refusal{' with ' + wanted if wanted else ''}, "
                            "but the rules allow it")
            return
        rule = getattr(reason, "rule", "")
        self.refusals.append((n, str(reason), rule))
        if (step.reason and step.reason not in reason) or (step.because and step.because != rule):
            cited = f" (rule {rule})" if rule else " (no rule id)"
            self.fail(path, f"{text!r}: refused with {str(reason)!r}{cited}, expected {wanted}")

    def expectations(self) -> list[tuple[tuple[Any, ...], Any]]:
        """(path, mapping) of every expectation of the example, in order."""
        found = [(("steps", i, "expect"), step.expect) for i, step in enumerate(self.example.steps)
                 if not isinstance(step, str) and step.expect is not None]
        if self.example.expect:
            found.append((("expect",), self.example.expect))
        return found

    def check_keys(self) -> None:
        """Unknown expectation keys are notation errors, reported before anything runs (so a
        bad step earlier does not hide them)."""
        known = set(expectations.known_keys(self.state))
        for path, wanted in self.expectations():
            if not isinstance(wanted, dict):
                self.fail(path, "expect: expected a mapping of expectation keys", bad_input=True)
                continue
            for key in wanted:
                if key not in known:
                    self.fail(path + (key,), f"expect unknown expect key {key!r} (known: "
                                             f"{', '.join(sorted(known))})", bad_input=True)

    def expect(self, wanted: Any, path: tuple[Any, ...], label: str) -> None:
        if not isinstance(wanted, dict):
            return      # reported by check_keys
        for mismatch in expectations.mismatches(self.state, wanted):
            if mismatch.text.startswith("unknown expect key"):
                continue    # reported by check_keys
            self.fail(path + (mismatch.key,) + mismatch.entry, f"{label} {mismatch.text}",
                      bad_input=mismatch.bad_input)

    def steps(self) -> None:
        example = self.example
        self.check_keys()
        self.note_automatic(0)
        for i, step in enumerate(example.steps):
            n, path = i + 1, ("steps", i)
            try:
                self.step(step, n, path)
            finally:
                self.note_automatic(n)
        if example.auto_pass:
            self.auto_pass(len(example.steps) + 1, None)
        if example.expect:
            self.expect(example.expect, ("expect",), "expect")

    def step(self, step: Step | str, n: int, path: tuple[Any, ...]) -> None:
        """One step: a decision, a refusal or a check."""
        example = self.example
        if isinstance(step, str):
            self.do(step, n, path)
            return
        given = [k for k in ("do", "refused", "expect") if getattr(step, k) is not None]
        if len(given) > 1:
            self.fail(path, f"step {n}: give one of do, refused or expect per step, not "
                            f"{given}", bad_input=True)
            raise _BadInput
        if (step.reason is not None or step.because is not None) and step.refused is None:
            self.fail(path, f"step {n}: 'reason' and 'because' belong to a 'refused' step",
                      bad_input=True)
            raise _BadInput
        if step.do is not None:
            self.do(step.do, n, path + ("do",))
        elif step.refused is not None:
            self.refused(step, n, path + ("refused",))
        elif step.expect is not None:
            if example.auto_pass:
                self.auto_pass(n, None)
            self.expect(step.expect, path + ("expect",), "expect")


def run_example(game_cls: type[Game], data: GameData, example: Example,
                source: str = "") -> Outcome:
    """Run one example strictly; never raises for a failing example or a buggy module."""
    run = Run(example, source)
    try:
        game = game_for_example(game_cls, data, example)
        run.state = build_state(game, example)
        run.state.language = data.language_of(example)  # its `reason:` lines are in that language
        run.steps()
    except SetupError as exc:
        key = re.match(r"setup\.([\w-]+)(?:\.([\w#-]+))?", str(exc))
        path = ("setup",) + tuple(k for k in (key.groups() if key else ()) if k)
        run.fail(path, f"setup: {exc}", bad_input=True)
    except (_Stop, _BadInput):
        pass
    except InvariantError as exc:
        run.fail(("steps",), str(exc))
    except Exception as exc:  # noqa: BLE001 - a bug in a rules module is a failing example
        where = traceback.extract_tb(exc.__traceback__)[-1]
        run.fail(("steps",), f"rules module error: {type(exc).__name__}: {exc} "
                             f"({where.filename.rsplit('/', 1)[-1]}:{where.lineno})")
    detail = "\n".join(str(f) for f in run.failures)
    defaults = _defaults(run.state)
    end = (expectations.observed(run.state, example.expect)
           if run.state is not None and isinstance(example.expect, dict) else {})
    return Outcome(not run.failures, detail, _log(run.state), run.state, run.failures,
                   run.bad_input, run.auto_passes, run.automatic, defaults, run.refusals,
                   run.words, end)


def _defaults(state: State | None) -> dict[str, Any]:
    """What the example's outcome drew on that its setup did not state: the module's defaults,
    and the cards that left a deck the setup did not give (top first)."""
    if state is None:
        return {}
    try:
        found = dict(state.setup_defaults())
    except Exception:  # noqa: BLE001 - only shown in the rulebook
        found = {}
    if state.unstated_deck:
        deck = state.zones.layout.of("deck")
        used = [state.game.catalogue.ref(i) for i in state.unstated_deck
                if state.zones.where[i] != deck and i not in state.setup_placed]
        if used:
            found.setdefault("deck", used)
    return found


def _log(state: State | None) -> list[str]:
    if state is None:
        return []
    try:
        return state.sentences()
    except Exception as exc:  # noqa: BLE001
        return [f"(event log could not be rendered: {exc})"]
