"""One register per book: です・ます (polite) or である (plain), never both.

bridge-over's rules were written in です・ます while its rulings and examples said である, so a
reader turning from a section to its ruling box heard another voice. A Japanese game names its
register (`game.register`, plain when absent); `deckwright check` refuses a sentence of the
book's rules, rulings or examples (prose.py) that ends in the other one, at the database line
that holds it. Only a sentence's last predicate decides: a sentence ending in a noun (体言止め)
is neither and fits both. Other languages have no such choice and are not checked.
"""

from __future__ import annotations

import re

from ..model import GameData, Problem
from .prose import book_prose

#: A sentence's end after its closing brackets and marks are set aside.
_TAIL = re.compile(r"[\s）)」』】〕\]。．.！!？?]+$")
#: A polite predicate at a sentence's end.
_POLITE = re.compile(r"(です|ます|ました|でした|ません|ませんでした|ましょう|でしょう|ください)$")
#: A plain predicate at a sentence's end: である, だ, or a verb or adjective ending in its
#: dictionary, past or negative form (kana only; a noun or a number ends in neither).
_PLAIN = re.compile(r"(である|だ|だった|[うくぐすつぬぶむるたいよ])$")
#: Where one sentence ends and the next begins.
_SENTENCE = re.compile(r"(?<=[。！？])")

_WORDS = {"polite": "です・ます", "plain": "である"}


def register(game: GameData) -> str | None:
    """The register the game's book is written in, or None where the language has none."""
    info = game.db.game
    if info.language.split("-")[0] != "ja":
        return None  # an edition in another language inherits the key but not the choice
    return info.prose_register or "plain"


def sentence_register(sentence: str) -> str | None:
    """polite, plain, or None for a sentence whose end is neither (a noun, a number)."""
    end = sentence.rstrip("。．.！!？? \t")
    # a parenthetical after the predicate (「…下に入れます(Q&A④)」) does not end the sentence
    end = re.sub(r"[(（][^()（）]*[)）]$", "", end).rstrip()
    end = _TAIL.sub("", end)
    if _POLITE.search(end):
        return "polite"
    if _PLAIN.search(end):
        return "plain"
    return None


def sentences(text: str) -> list[str]:
    """The sentences of a text, a line break inside one joining its halves."""
    joined = re.sub(r"\s*\n\s*", "", text)
    return [s.strip() for s in _SENTENCE.split(joined) if s.strip()]


def register_problems(game: GameData) -> list[Problem]:
    """Every sentence of the book's rules, rulings and examples in the other register."""
    want = register(game)
    if want is None:
        return []
    where = game.located()
    problems = []
    for path, text, _ in book_prose(game):
        if path[-1] == "title":
            continue
        for sentence in sentences(text):
            found = sentence_register(sentence)
            if found is not None and found != want:
                problems.append(where.problem(
                    path, ".".join(map(str, path)),
                    f"「{sentence[-20:]}」 is written in {_WORDS[found]} where the book's "
                    f"register is {_WORDS[want]} (game.register: {want})"))
    return problems
