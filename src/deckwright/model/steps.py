"""A decision step's words as written: the one place step text is split into words.

An example's step is `pN VERB ...` (docs/format.md). The engine's parser starts from these
words and reads each with the game's declared notation (engine/notation.py, whose `Step.words`
the verdicts carry); a step no declared notation read keeps its words as written here: the
first a player when it is one (`p2`), the next the verb, the rest plain words. Press reads
either as data (press/rulebook/labels.py `Words`) and never splits a step itself.
"""

from __future__ import annotations

import re

#: A step's words with what each is: ((word, kind), ...), kind "player", "verb", "word", or,
#: once a game's notation read them, "card", "colour", "number", "choice" or a game's own.
Words = tuple[tuple[str, str], ...]

_PLAYER = re.compile(r"p\d+")


def split(text: str) -> list[str]:
    """A step's words: commas separate words as spaces do (`paying a, b`)."""
    return text.replace(",", " ").split()


def as_written(text: str) -> Words:
    """A step's words before any game's notation read them, for a step none did (a game that
    parses steps itself, an example without a rules module or not run, a step after the one a
    failing example stopped at). What a word is beyond player and verb its reader tells from
    the word itself (a card reference, a number), as it does for a parsed step's words."""
    words = split(text)
    out: list[tuple[str, str]] = []
    if words and _PLAYER.fullmatch(words[0]):
        out.append((words.pop(0), "player"))
    if words:
        out.append((words.pop(0), "verb"))
    return (*out, *((w, "word") for w in words))
