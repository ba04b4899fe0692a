"""A refusal's reason: the sentence a player reads, and the id of the rule it applies.

`Reason("last-card-effects", "最後の1枚に効果札は出せない")` is a `str` (so existing code that
reads or compares the text keeps working) with a `rule` attribute: the id of the rules section or
ruling in the game's database that forbids the decision, or an engine rule id (`turn-order`,
`game-over`). Examples match it with `because: last-card-effects`; a translation looks the
sentence up by that id (docs/engine.md, "Refusals").
"""

from __future__ import annotations


class Reason(str):
    """A refusal reason with the id of the rule it cites."""

    rule: str

    def __new__(cls, rule: str, text: str) -> "Reason":
        reason = super().__new__(cls, text)
        reason.rule = rule
        return reason

    def __reduce__(self):  # pickled with its rule (Dask workers, caches)
        return (Reason, (self.rule, str(self)))


def rule_of(reason: str | None) -> str:
    """The rule id a reason cites, "" for a plain sentence."""
    return getattr(reason, "rule", "") if reason is not None else ""
