"""A game's phases declared once, as data: each phase's name, what its decider is asked, which
actions are open in it and what it says of the others.

    PHASES = Phases(
        Phase("start", "first draw a card", opens=("draw",)),
        Phase("act", opens=("take", "swap", "end")),
    )

A state declares `PHASES` on its class and keeps the phase it is in as `self.phase`: a name
(the engine starts it at the first declared phase) or, where speed counts, its position in
the declaration (bridge-over's `TURN = 0`); `PHASES[key]` is the Phase either way. Who decides
in a phase is the engine's `current_player()`: the turn player, a prompted player
(`engine.prompts`) or the player an open response window asks (a phase declared `window=True`).

What a phase declares serves refusals and setups, so a game writes none of them by hand:

- `PHASES.refusal(phase)`: what the decider is asked now ("first draw a card"), for a decision
  that is not open;
- `PHASES.phase_of(verb)` / `open_in(verb)`: where a decision belongs;
- `PHASES.rule(phase, verb)`: the id of the reason (`State.REASONS`) a phase gives for a
  decision it does not open (`refuses={"cancel": "cancel-echo-first"}`, else `otherwise`);
- `PHASES.elsewhere(phase, verb)`: "<what verb is called> is done in <those phases> (now <this
  one>)", from the declaration's `doing` and each phase's `title` (original-tcg's "フェイズ②");
- `PHASES.then(phase)`: the phase that follows when its decider passes it by;
- `PHASES.check(name, key)`: a setup's phase name, or a SetupError listing the names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .setup import SetupError
from .state import Reason


@dataclass(frozen=True)
class Phase:
    """One phase: its name, what its decider is asked (in the game's language, for the
    refusals of decisions that belong elsewhere), the actions open in it, the reason ids it
    gives for others (`refuses`, else `otherwise`), how the rules title it, the phase that
    follows when it is passed by (`then`), whether a response window's player decides, and the
    rule its `asks` refusal cites (default: the declaration's)."""

    name: str
    asks: str = ""
    opens: tuple[Any, ...] = ()
    refuses: Mapping[Any, str] = field(default_factory=dict)
    otherwise: str = ""
    title: str = ""
    then: str = ""
    window: bool = False
    rule: str = ""


class Phases:
    """A game's phases, by name and by position."""

    def __init__(self, *phases: Phase, refusal: str = "{asks}", rule: str = "turn",
                 elsewhere: str = "{what}: {wanted} ({now})", joiner: str = ", ",
                 start: str = "", doing: dict[Any, str] | None = None):
        self.phases = phases
        self.names = tuple(p.name for p in phases)
        #: the phase a state starts in (default: the first declared)
        self.first = start or self.names[0]
        self._by_name = {p.name: p for p in phases}
        self._open_in: dict[Any, tuple[str, ...]] = {}
        for p in phases:
            for verb in p.opens:
                self._open_in[verb] = self._open_in.get(verb, ()) + (p.name,)
        #: the phases a response window's player decides in (one hashed look-up)
        self.asking = frozenset(p.name for p in phases if p.window)
        self._refusal, self._rule = refusal, rule
        self._elsewhere, self._joiner = elsewhere, joiner
        #: verb -> what the decision is called in `elsewhere` ("支援から引くの")
        self.doing = doing or {}

    def __getitem__(self, key: str | int) -> Phase:
        return self.phases[key] if isinstance(key, int) else self._by_name[key]

    def phase_of(self, verb: Any) -> str | None:
        """The (first) phase in which `verb` is a decision (None: no phase declares it)."""
        found = self._open_in.get(verb)
        return found[0] if found else None

    def open_in(self, verb: Any) -> tuple[str, ...]:
        """Every phase in which `verb` is a decision."""
        return self._open_in.get(verb, ())

    def refusal(self, key: str | int) -> str:
        """The reason for a decision that is not open in phase `key`: what the phase asks, in
        the declaration's `refusal` sentence, citing its `rule`."""
        phase = self[key]
        return Reason(self._refusal.format(asks=phase.asks), phase.rule or self._rule)

    def rule(self, key: str | int, verb: Any) -> str:
        """The reason id phase `key` declares for `verb` ("" when it declares none)."""
        phase = self[key]
        return phase.refuses.get(verb, phase.otherwise)

    def elsewhere(self, key: str | int, verb: Any) -> str | None:
        """None when `verb` is open in phase `key` (or the declaration's `doing` does not name
        it); else the declaration's `elsewhere` sentence: what `verb` is called, the phases
        it is open in by their titles, and the phase it is now."""
        wanted = self.open_in(verb)
        now = self[key]
        what = self.doing.get(verb)
        if what is None or now.name in wanted:
            return None
        return Reason(self._elsewhere.format(
            what=what, wanted=self._joiner.join(self[w].title for w in wanted), now=now.title),
            self._rule)

    def then(self, key: str | int) -> str:
        """The phase that follows when phase `key` is passed by ("" when it cannot be)."""
        return self[key].then

    def check(self, name: Any, key: str = "setup.phase") -> str:
        """`name` if it names a phase; else a SetupError listing the phases."""
        if name not in self._by_name:
            raise SetupError(f"{key}: expected one of {', '.join(self.names)}")
        return name
