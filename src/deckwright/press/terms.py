"""One term per concept: a word a card face prints as a game term is the glossary's word.

original-tcg's faces printed 戦闘力, 【常在】 and 【カウンター】 while its rulebook said パワー, ■永続
and ■対抗, and its glossary neither: a player reading a card could not find its words in the
book. The words a face layout prints as terms are its literal bracketed headings (【常在】) and
the game's labels it names (`labels.power`, `labels[e.kind]`: the same words the rulebook
prints, so face and book agree by construction); each must be a term of the game's glossary.
`deckwright check` reports any other as `layout file:line:col`. A game without a glossary has
nothing to agree with and is not checked.

A term printed without brackets cannot be told from ordinary words, so the glossary names the
words it replaces: `avoid: [戦闘力]` under パワー. Such a word is refused wherever a reader meets
it, bracketed or not: on a face layout's line, in a card's text, in the book's rules, rulings
and examples (prose.py), each at its own line. An avoided word inside a longer glossary term
(対抗 inside 強制対抗, were 対抗 avoided) is that term, not the avoided word.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..model import GameData, Problem
from .prose import book_prose, face_prose

#: A literal term heading in a layout's text (no template expression inside it).
_BRACKETED = re.compile(r"【([^【】{}'\"~]+)】")
#: A label named in a layout's expression: `labels.power`, `labels['power']`.
_LABEL = re.compile(r"labels(?:\.([a-z][a-z0-9_]*)|\[['\"]([a-z][a-z0-9_-]*)['\"]\])")
#: An effect kind's label (`labels[e.kind]`), and the kinds the same line leaves out.
_KIND = re.compile(r"labels\[\s*e\.kind\s*\]")
_NOT_KIND = re.compile(r"e\.kind\s*!=\s*['\"]([a-z0-9_-]+)['\"]")


def layout_files(game: GameData) -> list[Path]:
    """The game's own face layouts (templates/faces/<game>/*.yaml)."""
    folder = game.project.templates_dir / "faces" / game.id
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def printed_terms(game: GameData, line: str) -> list[tuple[int, str]]:
    """(column, word) of every game term one line of a layout prints."""
    labels = game.db.game.labels
    found = [(m.start(1) + 1, m.group(1)) for m in _BRACKETED.finditer(line)]
    for m in _LABEL.finditer(line):
        name = m.group(1) or m.group(2)
        if name in labels:
            found.append((m.start() + 1, labels[name]))
    kind = _KIND.search(line)
    if kind:
        left_out = set(_NOT_KIND.findall(line))
        kinds = dict.fromkeys(e.kind for c in game.db.cards for e in c.effects)
        found += [(kind.start() + 1, labels[k]) for k in kinds
                  if k not in left_out and k in labels]
    return found


def avoided_words(game: GameData) -> dict[str, str]:
    """Each word the glossary avoids -> the term to print instead."""
    return {word: t.term for t in game.db.glossary for word in t.avoid}


def avoided_in(text: str, avoided: dict[str, str], terms: set[str]) -> list[tuple[int, str]]:
    """(0-based index, word) of every avoided word in `text` that is not part of a longer
    glossary term."""
    found = []
    for word in avoided:
        longer = [t for t in terms if word in t and t != word]
        covered = {i for t in longer for m in re.finditer(re.escape(t), text)
                   for i in range(m.start(), m.end())}
        found += [(m.start(), word) for m in re.finditer(re.escape(word), text)
                  if m.start() not in covered]
    return sorted(found)


def _avoided_message(where: str, word: str, term: str) -> str:
    return (f"{where} prints 「{word}」 where the glossary's word is 「{term}」 "
            f"(its `avoid` list names 「{word}」)")


def face_term_problems(game: GameData) -> list[Problem]:
    """Every term a face layout prints that the glossary does not define, and every word the
    glossary avoids on a face layout's line."""
    defined = {t.term for t in game.db.glossary}
    if not defined:
        return []
    avoided = avoided_words(game)
    problems = []
    for path in layout_files(game):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for index, word in avoided_in(line, avoided, defined):
                problems.append(Problem(game.project.display(path), number, index + 1, "terms",
                                        _avoided_message("the face", word, avoided[word])))
            for column, word in printed_terms(game, line):
                if word not in defined and word not in avoided:
                    problems.append(Problem(
                        game.project.display(path), number, column, "terms",
                        f"the face prints 「{word}」, a game term the glossary does not define "
                        "(print the glossary's word, or define it in glossary)"))
    return problems


def prose_term_problems(game: GameData) -> list[Problem]:
    """Every word the glossary avoids in a card's text or the book's rules, rulings and
    examples, at the database line that holds it."""
    avoided = avoided_words(game)
    if not avoided:
        return []
    defined = {t.term for t in game.db.glossary}
    where = game.located()
    problems = []
    for path, text, what in [*face_prose(game), *book_prose(game)]:
        for _, word in avoided_in(text, avoided, defined):
            name = "the face" if what == "card" else "the book"
            problems.append(where.problem(path, ".".join(map(str, path)),
                                          _avoided_message(name, word, avoided[word])))
    return problems
