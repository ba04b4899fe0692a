"""Labels: the words a reader sees in place of the identifiers games and examples are written in.

An example says `at: {gilbia-flame-swordsman#4: graveyard}`; the rulebook must say 位置
「ギルビア炎剣士」（4枚目） 墓地. Cards become their names, players P1, P2; every other identifier
(a zone, a stat, an effect kind, an example key, a phase, a word of the notation) needs a label.
The shared notation's words are deckwright's own (below, marked with `_` for translation); a
game's own words live in its database under `game.labels`. A word with no label is an error that
`deckwright check` reports with its file position, never a fallback to the identifier: the
walker `reader_words` lists every identifier the rulebook would print, the same list the
rulebook's drawer looks up.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ...i18n import words
from ...model import GameData, Problem
from ...model.errors import Path as DataPath, format_path
from ...model.steps import Words, as_written
from ...model.validate import CARD_REF_RE
from ...shared_notation import BARE_VERBS, PARTICLES, SHARED, TO_VERBS, VERBS
from .jlreq import japanese_set

#: A decision step's words with what each is (model/steps.py `Words`): as the game's declared
#: notation parsed them (the engine's `notation.Step.words`, carried by the verdicts) or, for
#: a step none parsed, as the model holds it written (`model.steps.as_written`). Press reads
#: these and never splits a step's text itself.
#: Example id -> step number (from 1) -> the words of that decision step.
StepWords = Mapping[str, Mapping[int, Words]]


PLAYER_RE = re.compile(r"^p(\d+)$")
#: An identifier: what a program reads, never what a reader should (`graveyard`, `hand_sizes`).
IDENT_RE = re.compile(r"^[a-z][a-z0-9_-]*$")
NOTATION_WORD_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*(?:#\d+)?$")
#: A numbered square or slot: `camp3` is the label of `camp` followed by 3.
NUMBERED_RE = re.compile(r"^([a-z][a-z_-]*?)(\d+)$")
#: An identifier quoted inside a sentence (`p2 がとばされる`, `f1 をめくる`, `reset-ex`).
PROSE_WORD_RE = re.compile(r"(?<![A-Za-z0-9_#.-])[a-z][a-z0-9_-]*(?:#\d+)?(?![A-Za-z0-9_#-])")


class MissingLabel(KeyError):
    """An identifier the rulebook would have to print as it is."""


class Labels:
    """One game's words: its own labels first, then deckwright's shared ones."""

    def __init__(self, game: GameData):
        self.own = dict(game.db.game.labels)
        self.cards = game.cards
        self._ = words(game.language)
        #: how the reader's edition names copies (copies.py): reference -> whose place and
        #: which its example's setup puts it in, for the copies it tells apart; None (the
        #: proof) prints copy marks
        self.copies: dict[str, tuple[str, str]] | None = None
        #: the player a sentence is about (「P1 が」), whose own places it names without them
        self.speaker: str | None = None

    def get(self, word: str, scope: str | None = None) -> str | None:
        """The label of `word`; under a key (`scope`) a label `key.word` comes first, so
        `phase.upkeep` and the stat `upkeep` can read differently."""
        if scope is not None and f"{scope}.{word}" in self.own:
            return self.own[f"{scope}.{word}"]
        if word in self.own:
            return self.own[word]
        if word in SHARED:
            return self._(SHARED[word])
        numbered = NUMBERED_RE.match(word)
        if numbered:
            stem = self.get(numbered.group(1))
            return None if stem is None else f"{stem}{numbered.group(2)}"
        return None

    def __getitem__(self, word: str) -> str:
        return self.need(word)

    def need(self, word: str, scope: str | None = None) -> str:
        label = self.get(word, scope)
        if label is None:
            raise MissingLabel(word)
        return label

    def phrase(self, word: str) -> str | None:
        """A preposition's phrase with 〜 where its object goes: `to` -> 〜へ, or a game word
        labelled 〜を支払って (`paying A, B` -> A B を支払って)."""
        own = self.own.get(word)
        if own is not None and "〜" in own:
            return own
        return self._(PARTICLES[word], what="〜") if word in PARTICLES else None

    def shared_form(self, verb: str, rest: list[str]) -> bool:
        """Whether a decision reads as one of the shared notation's sentences: a shared verb
        the game does not name itself, with no phrase but `to` after a verb that takes it."""
        if verb in self.own:
            return False
        if not rest:
            return verb in BARE_VERBS
        phrases = [w for w in rest if self.phrase(w) is not None]
        if phrases == ["to"] and rest[-1] != "to":
            return verb in TO_VERBS
        return verb in VERBS and not phrases

    def card(self, ref: str) -> str | None:
        """A card reference by name: 「名前」, a numbered copy 「名前」（2枚目）."""
        match = CARD_REF_RE.match(ref)
        card = self.cards.get(match.group(1)) if match else None
        if card is None:
            return None
        return self.copy_named(ref, self._("“%(name)s”", name=card.name))

    def copy_named(self, ref: str, name: str) -> str:
        """`name` of the card `ref` refers to, said for its copy: the proof marks a numbered
        copy (「名前」（2枚目）); the reader's edition names it alone, or by where the example's
        setup put it when the example tells two copies apart (「P2の自陣3の「名前」」)."""
        copy = ref.partition("#")[2]
        if not copy:
            return name
        if self.copies is None:
            return self._("%(card)s (copy %(n)s)", card=name, n=copy)
        found = self.copies.get(ref)
        if found is None:
            return name
        owner, where = found
        # TRANSLATORS: a player's place in an example's setup (P2's camp 3)
        place = where if owner == self.speaker else self._("%(who)s's %(where)s", who=owner,
                                                             where=where)
        # TRANSLATORS: a copy of a card told apart from another by where it was set up
        return self._("%(card)s at %(place)s", card=name, place=place)

    def prose(self, text: str) -> str:
        """A sentence as written, with the identifiers it quotes as a reader knows them:
        players P1, cards by name, numbered places (`f1`) by their label; its Japanese set
        per JLREQ (jlreq.py: 「1枚」, full-width parentheses around Japanese)."""
        def word(m: re.Match[str]) -> str:
            found = m.group(0)
            if PLAYER_RE.match(found):
                return f"P{found[1:]}"
            card = self.card(found) if ("#" in found or "-" in found) else None
            numbered = self.get(found) if NUMBERED_RE.match(found) else None
            return card or numbered or found
        return japanese_set(PROSE_WORD_RE.sub(word, text))

    def player(self, word: str) -> str | None:
        found = PLAYER_RE.match(word)
        return f"P{found.group(1)}" if found else None


# --- every identifier a rulebook prints -----------------------------------------------------------

def _is_card(game: GameData, word: str) -> bool:
    match = CARD_REF_RE.match(word)
    return bool(match) and match.group(1) in game.cards


def _is_word(game: GameData, key: Any) -> bool:
    """A mapping key or value that is neither a player, a card nor a position (`7`)."""
    return (isinstance(key, str) and not key.isdigit() and not PLAYER_RE.match(key)
            and not _is_card(game, key))


def is_notation(text: str) -> bool:
    """A string of identifiers (`overcloud-golem#1 realizing`), read word by word."""
    return all(NOTATION_WORD_RE.match(t) for t in text.split())


Found = list[tuple[DataPath, str, str | None]]


def marked(word: str) -> tuple[str, str]:
    """A word of a decision and its mark: a trailing `!` (`a!`: pay with card a turned) is
    the mark, which has a label of its own."""
    return (word[:-1], "!") if word.endswith("!") and len(word) > 1 else (word, "")


def decision(words: Words) -> tuple[str, str, list[tuple[str, str]]]:
    """A decision step's words as (player, verb, the rest as (word, mark)): the player ""
    when the step names none."""
    rest = list(words)
    who = rest.pop(0)[0] if rest and rest[0][1] == "player" else ""
    verb = rest.pop(0)[0] if rest else ""
    return who, verb, [marked(w) for w, _kind in rest]


class _Walk:
    """One walk of a game's database for `reader_words`: what it found, in order, and whether
    each string met is a word (`_is_word`), asked once per string (the same keys and values
    come back in example after example)."""

    def __init__(self, game: GameData):
        self.game = game
        self.palette = game.db.game.palette
        self.labels = Labels(game)
        self.out: Found = []
        self._words: dict[str, bool] = {}

    def is_word(self, key: Any) -> bool:
        if not isinstance(key, str):
            return False
        known = self._words.get(key)
        if known is None:
            known = self._words[key] = _is_word(self.game, key)
        return known

    def values(self, value: Any, path: DataPath, scope: str | None) -> None:
        """Identifiers among example values: strings that are no card, player or colour."""
        if isinstance(value, dict):
            for key, child in value.items():
                word = self.is_word(key)
                if word:
                    self.out.append((path + (key,), key, scope))
                if isinstance(child, (dict, list, str)):
                    self.values(child, path + (key,), key if word else scope)
        elif isinstance(value, list):
            for i, child in enumerate(value):
                if isinstance(child, (dict, list, str)):
                    self.values(child, path + (i,), scope)
        elif isinstance(value, str) and " " in value.strip() and is_notation(value):
            for word in value.split():
                if self.is_word(word) and word not in self.palette:
                    self.out.append((path, word, scope))
        elif isinstance(value, str) and IDENT_RE.match(value) and self.is_word(value):
            if value not in self.palette:
                self.out.append((path, value, scope))

    def mapping(self, mapping: dict[str, Any] | None, path: DataPath) -> None:
        for key, value in (mapping or {}).items():
            if self.is_word(key):
                self.out.append((path + (key,), key, None))
            if key != "events":  # events are sentences of the log, printed as prose
                self.values(value, path + (key,), key)

    def step(self, words: Words, path: DataPath) -> None:
        """The words of a decision step that need a label."""
        _who, verb, rest = decision(words)
        if verb and self.labels.shared_form(verb, [w for w, _m in rest]):
            verb = ""  # the shared sentence says the verb
        for word, mark in ([(verb, "")] if verb else []) + rest:
            if mark:
                self.out.append((path, mark, None))
            if (not word or PLAYER_RE.match(word) or _is_card(self.game, word)
                    or word in PARTICLES or word.isdigit() or word in self.palette):
                continue
            self.out.append((path, word, None))


def reader_words(game: GameData, steps: StepWords | None = None) -> Found:
    """(where in the database, identifier, the key it is a value of) for every identifier
    its rulebook prints, in the database's order; a decision step's words are those `steps`
    holds for it (the verdicts' parsed words), else as written (model.steps)."""
    walk = _Walk(game)
    out = walk.out
    for i, card in enumerate(game.db.cards):
        base: DataPath = ("cards", i)
        for key, value in card.stats.items():
            if value is not None:
                out.append((base + ("stats", key), key, None))
                walk.values(value, base + ("stats", key), key)
        if isinstance(card.points, dict):
            for key in card.points:
                out.append((base + ("points", key), key, None))
        if isinstance(card.rank, str):
            walk.values(card.rank, base + ("rank",), "rank")
        for j, effect in enumerate(card.effects):
            out.append((base + ("effects", j, "kind"), effect.kind, None))
    for i, ex in enumerate(game.db.examples):
        base = ("examples", i)
        said = (steps or {}).get(ex.id, {})
        walk.mapping(ex.setup, base + ("setup",))
        walk.mapping(ex.expect, base + ("expect",))
        for j, step in enumerate(ex.steps):
            if isinstance(step, str):
                walk.step(said.get(j + 1) or as_written(step), base + ("steps", j))
            elif step.expect is not None:
                walk.mapping(step.expect, base + ("steps", j, "expect"))
            elif step.say is None:
                text = (step.do if step.do is not None else step.refused) or ""
                walk.step(said.get(j + 1) or as_written(text), base + ("steps", j))
    return out


def missing_labels(game: GameData, steps: StepWords | None = None) -> list[Problem]:
    """A problem, at its place in the database, for every identifier its rulebook would print
    without a label (the decision steps' words as `steps` holds them)."""
    labels = Labels(game)
    missing: dict[str, DataPath] = {}
    for path, word, scope in reader_words(game, steps):
        if labels.get(word, scope) is None and word not in missing:
            missing[word] = path
    where = game.located() if missing else None
    return [where.problem(path, format_path(path),
                          f"no label for {word!r}: add `{word}: <the game's word>` to "
                          f"game.labels" + (", or give the step a `say:` sentence"
                                            if "steps" in path else ""))
            for word, path in missing.items()] if where else []


def unlabelled_rules_words(game: GameData, words: dict[str, str]) -> list[Problem]:
    """A problem for every zone and example key of the game's rules module (`words`, word ->
    what it is, which the caller asks the module for) without a label: an example may name it
    tomorrow."""
    labels = Labels(game)
    missing = sorted((w, what) for w, what in words.items() if labels.get(w) is None)
    if not missing:
        return []
    where = game.located()
    return [where.problem(("game",), "game.labels",
                          f"no label for the rules module's {what} {word!r}")
            for word, what in missing]
