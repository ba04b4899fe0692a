"""treasure-scramble's database holds every card of the designer's sheet, with its counts.

The sheet (001_c466bad55fa4695b.txt) gives the breakdown of the 60 cards and rulings for the
interrupt cards; everything else is reconstructed, and each reconstruction must be visible as a
project ruling or a project card.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.model import GameData, Project, load_game

ROOT = Path(__file__).resolve().parent.parent

#: Transcribed from the sheet's カード内訳: name -> copies.
SHEET_INTERRUPTS = {"吸引": 8, "反射": 8, "無効化": 4, "偽情報": 3}
SHEET_TREASURES = {"金貨": 7, "古代の財宝": 4, "エミニットの秘宝": 2}
SHEET_MAGIC_NAMED = ["時間飛ばし", "すり替え", "大放出"]


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(Project(ROOT), "treasure-scramble")


def by_name(game: GameData) -> dict[str, object]:
    return {card.name: card for card in game.db.cards}


def test_default_deck_is_the_sheets_sixty(game: GameData) -> None:
    deck = game.default_deck
    assert deck.total == 60
    contents = game.deck_contents(deck)
    assert sum(contents.values()) == 60
    per_category: dict[str, int] = {}
    for card_id, n in contents.items():
        cat = game.card(card_id).category
        per_category[cat] = per_category.get(cat, 0) + n
    assert per_category == {"magic": 24, "interrupt": 23, "treasure": 13}


def test_every_deck_adds_up_to_its_stated_total(game: GameData) -> None:
    for deck in game.db.decks:
        assert deck.total is not None
        assert sum(game.deck_contents(deck).values()) == deck.total


def test_interrupt_and_treasure_cards_have_the_sheets_counts(game: GameData) -> None:
    cards = by_name(game)
    for name, copies in {**SHEET_INTERRUPTS, **SHEET_TREASURES}.items():
        assert cards[name].copies == copies, name
        assert cards[name].origin == "designer"
    assert {cards[n].category for n in SHEET_INTERRUPTS} == {"interrupt"}
    assert {cards[n].category for n in SHEET_TREASURES} == {"treasure"}


def test_six_magic_kinds_of_four_three_of_them_the_projects(game: GameData) -> None:
    magic = [c for c in game.db.cards if c.category == "magic"]
    assert len(magic) == 6 and all(c.copies == 4 for c in magic)
    names = {c.name for c in magic}
    assert set(SHEET_MAGIC_NAMED) <= names
    designed = [c for c in magic if c.name not in SHEET_MAGIC_NAMED]
    assert len(designed) == 3 and all(c.origin == "project" for c in designed)
    ruled = {card for r in game.db.rulings if r.origin == "project" for card in r.cards}
    assert {c.id for c in designed} <= ruled
    # every magic card says what it does when used and when taken in the scramble
    for card in magic:
        assert {e.kind for e in card.effects} == {"use", "taken"}, card.id


def test_treasure_values_are_decided_and_recorded(game: GameData) -> None:
    cards = by_name(game)
    values = {n: cards[n].points for n in SHEET_TREASURES}
    assert all(isinstance(v, int) and v > 0 for v in values.values())
    assert values["金貨"] < values["古代の財宝"] < values["エミニットの秘宝"]
    ruling = next(r for r in game.db.rulings if r.id == "treasure-values")
    assert ruling.origin == "project"
    for name, points in values.items():
        assert f"{name}{points}ポイント" in ruling.text.replace("、", "")


def test_designer_credit_and_source(game: GameData) -> None:
    g = game.db.game
    assert g.source == "001_c466bad55fa4695b.txt"
    assert "BLUE HOUR GAMES" in (g.credit or "")
    assert "エンドーケンタ" in (g.credit or "")


def test_gaps_are_project_rulings(game: GameData) -> None:
    rulings = {r.id: r for r in game.db.rulings}
    for gap in ("players", "hand-size", "quota", "gathering-turn", "gathering-end", "declare-order",
                "reflect-meaning", "treasure-values", "game-end", "top-tie", "project-magic-cards"):
        assert rulings[gap].origin == "project", gap
    # the reconstructed base rules are marked as the project's in the rulebook
    sections = {s.id: s for s in game.db.rules}
    for rid in ("overview", "setup", "gathering", "scramble", "magic", "scoring", "end"):
        assert sections[rid].origin == "project", rid


def test_the_sheets_rulings_are_the_designers(game: GameData) -> None:
    rulings = {r.id: r for r in game.db.rulings}
    for rid in ("resolve-clockwise", "last-overrides", "magic-places-interrupt",
                "interrupt-flipped-from-field", "reduce-else-ignore", "bluff", "equal-points-draw",
                "time-skip-into-scramble", "time-skip-not-extra", "time-skip-once",
                "swap-must-exchange", "swap-needs-cards", "big-release-over-quota",
                "big-release-taken", "nullify-first-wins", "false-info-nullified",
                "false-info-order"):
        assert rulings[rid].origin == "designer", rid
        assert rulings[rid].source, rid


def test_every_sheet_case_and_every_card_has_an_example(game: GameData) -> None:
    examples = {ex.id: ex for _, ex in game.all_examples()}
    for case in ("gold-coin-no-interrupt", "three-suctions", "first-nullify-wins",
                 "false-info-orderings", "time-skip-into-scramble", "time-skip-once",
                 "swap-must-exchange", "swap-cannot-be-used", "big-release-over-quota",
                 "big-release-taken", "reduce-else-ignore", "interrupt-on-field", "tie-means-draw"):
        assert examples[case].origin == "designer", case
    for card in game.db.cards:
        assert game.examples_for(card.id), f"no example for {card.id}"
