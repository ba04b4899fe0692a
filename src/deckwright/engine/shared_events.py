"""The sentences of the event kinds card games share, worded once by the engine.

A game logs `self.log.add("play", p=p, card=inst)` and its log reads "p1 plays Red 2." in
English and 「p1 が 赤2 を出す。」 in Japanese without declaring the kind: these sentences are
deckwright's own words, in its gettext catalogs (context `event`, so that "The game is over." as
an event is translated apart from the same words elsewhere), in every language deckwright has a
catalog for. A kind whose sentence counts something (`n`, `points`) is a plural message.

A game that words a kind otherwise declares it in its own `EVENTS` or
`TRANSLATIONS[lang]["events"]`, which win (`events.template` says in which order). A shared
sentence serves an entry only when the entry carries every argument the sentence names, so a game
whose "skip" names `q=` rather than `p=` keeps its own wording whatever the language.
"""

from __future__ import annotations

import string
from functools import lru_cache
from typing import Any, Callable

from .. import i18n
from ..i18n import Words, words

#: A shared sentence in one language from an entry's arguments (KeyError: an argument missing).
Wording = Callable[[Words, dict[str, Any]], str]

#: Kind -> its wording. A translator keeps each `{name:spec}` as it is (it becomes a player, a
#: card, a colour or a number); `tests/test_engine_shared_events.py` checks that they do.
KINDS: dict[str, Wording] = {
    "deal": lambda _, a: _.npgettext(
        "event", "{n} card is dealt to each player.", "{n} cards are dealt to each player.",
        a["n"]),
    "play": lambda _, a: _.pgettext("event", "{p:player} plays {card:card}."),
    "draw": lambda _, a: _.npgettext(
        "event", "{p:player} draws a card from the deck.",
        "{p:player} draws {n} cards from the deck.", a["n"]),
    "discard": lambda _, a: _.pgettext("event", "{p:player} discards {card:card}."),
    "name": lambda _, a: _.pgettext("event", "{p:player} names the colour {c:color}."),
    "pass": lambda _, a: _.pgettext("event", "{p:player} passes."),
    "skip": lambda _, a: _.pgettext("event", "{p:player}'s turn is skipped."),
    "reverse": lambda _, a: _.pgettext("event", "The direction of play turns round."),
    "reshuffle": lambda _, a: _.pgettext("event", "The discard pile is shuffled into a new deck."),
    "out": lambda _, a: _.pgettext("event", "{p:player} goes out."),
    "win": lambda _, a: _.npgettext(
        "event", "{p:player} wins with {points} point.", "{p:player} wins with {points} points.",
        a["points"]),
    "end": lambda _, a: _.pgettext("event", "The game is over."),
}


@lru_cache(maxsize=None)
def fields(text: str) -> frozenset[str]:
    """The argument names a template formats: `{p:player} plays {card:card}.` -> {p, card}."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


@lru_cache(maxsize=None)
def has_catalog(language: str) -> bool:
    """Whether deckwright has words in this language (a language without a catalog would read
    the engine's English, where the game's own language is the better fallback)."""
    return i18n.catalog(language) is not None


def template(language: str, kind: str, args: dict[str, Any]) -> str | None:
    """The engine's template for an entry in a language, or None: a kind the engine does not
    word, a language without a catalog, or an entry lacking an argument the sentence names."""
    wording = KINDS.get(kind)
    if wording is None or not has_catalog(language):
        return None
    try:
        text = wording(words(language), args)
    except KeyError:
        return None
    return text if fields(text) <= args.keys() else None


def same_language(a: str, b: str) -> bool:
    """`ja` and `ja-JP` are one language here; `en` and `ja` are not."""
    return words(a).base == words(b).base
