"""Every decision step of a game's examples as words with their kinds: what the rulebook's
sentences and `check`'s label pass read, handed to press as data (press never splits a step).

A step the game's declared notation parsed (engine.notation, carried by the verdict) has its
words as parsed: the player, the verb, each argument's kind. A step no notation parsed keeps
its words as written (`model.steps.as_written`: a player, a verb, plain words), the same
split the engine's parser starts from: a game that parses steps itself (no `NOTATION`), an
example without a rules module, a step after the one a failing example stopped at, or
`check` reading the database without running the examples. Press tells a card, a number or
a colour by the word itself either way, so both read the same.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from ..model import Example, GameData
from ..model.steps import Words, as_written


def decision_words(example: Example, parsed: Iterable[tuple[int, Words]] = ()
                   ) -> tuple[tuple[int, Words], ...]:
    """(step number, words) of each decision step (`do` or `refused`) of `example`: as
    `parsed` holds it, else as written."""
    found = dict(parsed)
    out = []
    for n, step in enumerate(example.steps, 1):
        text = step if isinstance(step, str) else (
            step.do if step.do is not None else step.refused)
        if text is not None:
            out.append((n, found.get(n) or as_written(text)))
    return tuple(out)


def step_words(game: GameData, verdicts: Mapping[str, object] | None = None
               ) -> dict[str, dict[int, Words]]:
    """Example id -> step number -> words, for every example of the game (database and
    playtests): from each example's verdict where there is one, else as written."""
    verdicts = verdicts or {}
    out: dict[str, dict[int, Words]] = {}
    for _source, ex in game.all_examples():
        parsed = getattr(verdicts.get(ex.id), "steps", ()) or ()
        out[ex.id] = dict(decision_words(ex, parsed))
    return out
