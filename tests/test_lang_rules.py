"""Rules modules in several languages: the five launch games keep Japanese, the engine words the
event kinds every game shares, and each game gives English for its own; super-page-one gives
every sentence and reason in English."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from deckwright.engine import shared_events
from deckwright.i18n import words
from deckwright.model import Project, load_game
from deckwright.app.registry import rules_for

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["super-page-one", "bridge-over", "ghost-couple", "treasure-scramble", "original-tcg"]


def fields(template: str) -> set[str]:
    return {f"{name}:{spec}" for _, name, spec, _ in string.Formatter().parse(template) if name}


def engine_english(kind: str) -> str:
    """The engine's English sentence of a shared kind (its plural, which names every count)."""
    return shared_events.KINDS[kind](words("en"), {"n": 2, "points": 2})


@pytest.mark.parametrize("game_id", GAMES)
def test_english_sentences_fit_the_japanese_ones(game_id: str) -> None:
    state_cls = rules_for(game_id).state_class
    assert state_cls.LANGUAGE == "ja"
    english = state_cls.TRANSLATIONS["en"]
    for table, own in (("events", state_cls.EVENTS), ("reasons", state_cls.REASONS)):
        for key, text in english.get(table, {}).items():
            assert key in own, (table, key)                 # no translation of nothing
            assert fields(text) == fields(own[key]), (table, key)
    # a shared kind the game words in Japanese only reads the engine's English, which must say
    # the same things (else the game gives its own English)
    for kind in set(state_cls.EVENTS) & set(shared_events.KINDS) - set(english["events"]):
        assert fields(engine_english(kind)) == fields(state_cls.EVENTS[kind]), kind


def test_super_page_one_is_english_throughout() -> None:
    state_cls = rules_for("super-page-one").state_class
    english = state_cls.TRANSLATIONS["en"]
    assert set(state_cls.EVENTS) <= set(english["events"]) | set(shared_events.KINDS)
    assert set(english["reasons"]) == set(state_cls.REASONS)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_real_deal_reads_in_english(game_id: str) -> None:
    game_cls = rules_for(game_id)
    state = game_cls(load_game(Project(ROOT), game_id)).new_state(seed=3)
    state.language = "en"
    english = game_cls.state_class.TRANSLATIONS["en"]["events"]["deal"]
    first_words = english.split("{")[0] or english.split("}")[1].split("{")[0]
    assert first_words.strip() and first_words.strip() in state.sentences()[0]
    state.language = "ja"
    assert first_words.strip() not in state.sentences()[0]
