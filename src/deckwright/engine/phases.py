"""A game's phases declared once, as data: each phase's name, what its decider is asked, and
which actions are open in it.

    PHASES = Phases(
        Phase("start", "first draw a card", opens=("draw",)),
        Phase("act", opens=("take", "swap", "end")),
    )

A state keeps its phase as a name (`self.phase = "start"`) or, where speed counts, as its
position in the declaration (bridge-over's `TURN = 0`); `PHASES[key]` is the Phase either way.
Who decides in a phase is the engine's `current_player()`: the turn player, a prompted player
(`engine.prompts`) or the player an open response window asks. What a phase declares serves
refusals: `PHASES.refusal(phase)` is the reason a player reads for a decision that is not open
now ("first draw a card"), `PHASES.phase_of(verb)` the phase a decision belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import Reason


@dataclass(frozen=True)
class Phase:
    """One phase: its name, what its decider is asked (in the game's language, for the
    refusals of decisions that belong elsewhere), and the actions open in it."""

    name: str
    asks: str = ""
    opens: tuple[str, ...] = ()


class Phases:
    """A game's phases, by name and by position."""

    def __init__(self, *phases: Phase, refusal: str = "{asks}", rule: str = "turn"):
        self.phases = phases
        self.names = tuple(p.name for p in phases)
        self._by_name = {p.name: p for p in phases}
        self._by_verb = {verb: p.name for p in phases for verb in p.opens}
        self._refusal, self._rule = refusal, rule

    def __getitem__(self, key: str | int) -> Phase:
        return self.phases[key] if isinstance(key, int) else self._by_name[key]

    def phase_of(self, verb: str) -> str | None:
        """The phase in which `verb` is a decision (None: no phase declares it)."""
        return self._by_verb.get(verb)

    def refusal(self, key: str | int) -> str:
        """The reason for a decision that is not open in phase `key`: what the phase asks, in
        the declaration's `refusal` sentence, citing its `rule`."""
        return Reason(self._refusal.format(asks=self[key].asks), self._rule)
