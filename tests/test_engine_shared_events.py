"""The event kinds every game shares are the engine's: a game that declares none of them reads
them in Japanese and in English; its own wording, in the language it gives it, wins; an entry
the engine's sentence cannot fill, a language without a catalog and a module written before
`LANGUAGE` fall back to the game's own sentences."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from deckwright.engine import shared_events
from deckwright.i18n import words

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "engine"))
import toy  # noqa: E402


@pytest.fixture
def state(monkeypatch: pytest.MonkeyPatch):
    """The toy game's state class made a module with no event sentences of its own, written in
    Japanese; each test gives it what it needs."""
    cls = toy.rules().ToyState
    monkeypatch.setattr(cls, "EVENTS", {})
    monkeypatch.setattr(cls, "TRANSLATIONS", {})
    monkeypatch.setattr(cls, "LANGUAGE", "ja")
    s = toy.game().new_state(2, seed=1)
    s.log.entries.clear()
    return s


def read(state, language: str) -> list[str]:
    state.language = language
    return state.sentences()


def test_a_game_without_events_reads_the_shared_kinds_in_both_languages(state) -> None:
    card = state.zones.piles[state.game.HAND[0]][0]
    name = state.card_label(card)
    state.log.add("deal", n=5)
    state.log.add("play", p=0, card=card)
    state.log.add("draw", p=1, n=1)
    state.log.add("draw", p=1, n=3)
    state.log.add("skip", p=0)
    state.log.add("reverse")
    state.log.add("reshuffle")
    state.log.add("pass", p=1)
    state.log.add("out", p=1)
    state.log.add("win", p=1, points=1)
    state.log.add("end")
    assert read(state, "ja") == [
        "5 枚ずつ配る。", f"p1 が {name} を出す。", "p2 が山札から 1 枚引く。",
        "p2 が山札から 3 枚引く。", "p1 の手番がとばされる。", "手番の向きが逆になる。",
        "捨て札を切り直して山札にする。", "p2 はパスする。", "p2 が上がる。",
        "p2 が 1 ポイントで勝つ。", "ゲーム終了。"]
    assert read(state, "en") == [
        "5 cards are dealt to each player.", f"p1 plays {name}.",
        "p2 draws a card from the deck.", "p2 draws 3 cards from the deck.",
        "p1's turn is skipped.", "The direction of play turns round.",
        "The discard pile is shuffled into a new deck.", "p2 passes.", "p2 goes out.",
        "p2 wins with 1 point.", "The game is over."]
    assert read(state, "en-GB")[2] == "p2 draws a card from the deck."   # a region of English


def test_the_games_own_wording_wins_in_its_language(state, monkeypatch) -> None:
    monkeypatch.setattr(type(state), "EVENTS", {"skip": "{p:player} は飛ばされる。",
                                                "block": "{p:player} が +2 を防ぐ。"})
    state.log.add("skip", p=0)
    state.log.add("block", p=1)
    assert read(state, "ja") == ["p1 は飛ばされる。", "p2 が +2 を防ぐ。"]
    # in English the engine words the shared kind; the game's own kind keeps its Japanese
    assert read(state, "en") == ["p1's turn is skipped.", "p2 が +2 を防ぐ。"]
    monkeypatch.setattr(type(state), "TRANSLATIONS", {"en": {"events": {
        "skip": "{p:player} sits this one out.", "block": "{p:player} blocks the +2."}}})
    assert read(state, "en") == ["p1 sits this one out.", "p2 blocks the +2."]
    assert read(state, "ja") == ["p1 は飛ばされる。", "p2 が +2 を防ぐ。"]


def test_an_entry_the_shared_sentence_cannot_fill_reads_the_games_own(state, monkeypatch):
    """ghost-couple's skip names `q`, not `p`: the engine's sentence does not serve it."""
    monkeypatch.setattr(type(state), "EVENTS", {"skip": "{q:player} の次の手番はとばされる。"})
    state.log.add("skip", q=1)
    state.log.add("draw", p=0)                                   # no count
    assert read(state, "en") == ["p2 の次の手番はとばされる。", "draw: p=0"]


def test_a_language_without_a_catalog_reads_the_modules_language(state) -> None:
    state.log.add("play", p=0, card=state.zones.piles[state.game.HAND[0]][0])
    state.log.add("reverse")
    assert read(state, "fr")[1] == read(state, "ja")[1] == "手番の向きが逆になる。"


def test_a_module_without_language_reads_its_events_everywhere(state, monkeypatch) -> None:
    """The 2026-11 scaffold declares every kind in English and no LANGUAGE: a Japanese game
    made from it reads those sentences as before, and the engine words only what it lacks."""
    monkeypatch.setattr(type(state), "LANGUAGE", None)
    monkeypatch.setattr(type(state), "EVENTS", {"pass": "{p:player} passes."})
    state.log.add("pass", p=0)
    state.log.add("reverse")
    assert read(state, "ja") == ["p1 passes.", "手番の向きが逆になる。"]
    assert read(state, "en") == ["p1 passes.", "The direction of play turns round."]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_translation_keeps_the_placeholders(language: str) -> None:
    for kind, wording in shared_events.KINDS.items():
        plural = wording(words("en"), {"n": 2, "points": 2})
        for count in (1, 2):
            text = wording(words(language), {"n": count, "points": count})
            assert shared_events.fields(text) <= shared_events.fields(plural), (kind, text)
        assert shared_events.fields(wording(words(language), {"n": 2, "points": 2})) == \
            shared_events.fields(plural), kind
