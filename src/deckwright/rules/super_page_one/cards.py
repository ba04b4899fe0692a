"""Card facts super-page-one's rules read, precomputed once per game from the database.

Nothing here is typed in by hand: a card's number is its `rank`, its suit its first palette
colour, and what it does comes from the `script` of its effect blocks (`cards/super-page-one.yaml`):
`draw`, `skip`, `give`, `reverse`, `discard` happen when the card is played; `kick-back` when a
K is revealed from the hand; `cancel` (J) and `echo` (Q) answer another effect; `wild`,
`free-next`, `blocks-dobon` and `revolution-wild` are standing rules of the 8 and the jokers.
"""

from __future__ import annotations

from typing import Any

from ...model import Card

#: Effects that activate (and so open the Q echo and J cancel windows).
ACTIVATED = ("draw", "skip", "give", "reverse", "discard", "kick-back")
#: What playing a card sets going (`SuperPageOne.opens`): nothing, its effect at once
#: (2-draw, skip, reverse), or a question to its player first (7: whom to give to; 10: whether
#: to use it).
NOTHING, STARTS, ASKS = 0, 1, 2


def opens(effect: str) -> int:
    if effect in ("draw", "skip", "reverse"):
        return STARTS
    return ASKS if effect in ("give", "discard") else NOTHING


def scripts(card: Card) -> dict[str, dict[str, Any]]:
    """effect name -> its script, for every effect block of a card that has one."""
    found: dict[str, dict[str, Any]] = {}
    for block in card.effects:
        script = block.script
        if isinstance(script, dict) and "effect" in script:
            found[str(script["effect"])] = script
    return found


def main_effect(card: Card) -> str:
    """The effect the card activates or answers with ('' for A, 3, 4, 6 and the standing rules)."""
    own = scripts(card)
    for name in ACTIVATED + ("cancel", "echo"):
        if name in own:
            return name
    return ""


def amount(card: Card) -> int:
    """How much the main effect does once: cards drawn, passed, discarded or taken, turns
    skipped, or the Q's factor."""
    script = scripts(card).get(main_effect(card), {})
    for key in ("amount", "cards", "turns", "factor"):
        if key in script:
            return int(script[key])
    return 1


def flag(card: Card, key: str, default: bool = False) -> bool:
    """`cancelable` / `echoable` / `optional` / `stack`: true if any effect block says so and
    false if any says not (the 8's and the joker's `cancelable: false` wins)."""
    values = [bool(s[key]) for s in scripts(card).values() if key in s]
    return all(values) if values else default


def has(card: Card, effect: str) -> bool:
    return effect in scripts(card)


def main_effect_name(card: Card) -> str:
    """The printed name of the main effect (2ドロー, Kキックバック, ...) for the event log."""
    main = main_effect(card)
    for block in card.effects:
        if isinstance(block.script, dict) and block.script.get("effect") == main:
            return block.name or main
    return ""
