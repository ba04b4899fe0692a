"""bridge-over's card database: every card the source text names, with its counts and points.

The tables below are transcribed from the source text (000_eca2612b5cd9c166.txt), not from the
database, so a typo in the YAML fails here.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from deckwright.model import GameData, Project, load_game

ROOT = Path(__file__).resolve().parent.parent
COLOURS = ("red", "blue", "yellow", "green")


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(Project(ROOT), "bridge-over")


def by_name(game: GameData, deck: str) -> Counter[str]:
    """Copies per card name in a deck (the text counts cards by name)."""
    counts: Counter[str] = Counter()
    for card_id, n in game.deck_contents(deck).items():
        counts[game.card(card_id).name] += n
    return counts


# name -> (copies per colour, points), from the text's headings "(各色N枚、Mポイント)"
PER_COLOUR = {
    "Skip": (1, 15),
    "Reverse": (1, 15),
    "Escort": (2, 20),
    "Chain": (1, 30),
    "Draw 2": (2, 20),
    "Shot Draw 2": (1, 30),
}
# name -> (copies in the whole game, points) for colourless / wild / dual cards
BASIC_SINGLES = {
    "Direct": (2, 30),  # 赤/緑・青/黄 各1枚
    "Wild": (4, 20),
    "Wild +1": (3, 35),
    "Wild Draw 3": (3, 35),
    "Wild Direct Draw 5": (1, 50),
    "Bind": (2, {"hand": 40, "public": 0}),
    "Block": (2, 35),
    "Through": (1, 50),
    "Reflect": (1, 50),
    "Reset": (1, 30),
}
EXPANSION = {
    "15": (2, 15),  # 赤/青・黄/緑 各1枚
    "Wild Number Chain": (1, 40),
    "Curse": (1, 60),
    "Haunted Shield": (1, 30),
    "Clear": (1, {"hand": 15, "public": 30}),
    "Amplify": (2, {"hand": 15, "public": 0}),
    "All Draw 1": (2, {"hand": 40, "public": 0}),
}


def test_deck_totals(game: GameData) -> None:
    totals = {d.id: sum(game.deck_contents(d).values()) for d in game.db.decks}
    assert totals == {"azumanga-basic": 132, "azumanga-full": 144,
                      "windia-basic": 132, "windia-full": 144}
    assert game.default_deck.id == "azumanga-basic"
    for deck in game.db.decks:
        assert deck.total == totals[deck.id]


def test_number_cards_zero_to_ten_in_four_colours(game: GameData) -> None:
    basic = game.deck_contents("azumanga-basic")
    for colour in COLOURS:
        for n in range(11):
            card = game.card(f"{colour}-{n}")
            assert (card.category, card.colors, card.rank, card.points) == ("number", [colour], n, n)
            assert basic[card.id] in (1, 2)  # the text: 各色1〜2枚
            assert basic[card.id] == (1 if n in (0, 10) else 2)  # project ruling number-copies


@pytest.mark.parametrize("name", sorted(PER_COLOUR))
def test_colour_action_cards(game: GameData, name: str) -> None:
    copies, points = PER_COLOUR[name]
    cards = [c for c in game.db.cards if c.name == name]
    assert sorted(c.colors[0] for c in cards) == sorted(COLOURS)
    for card in cards:
        assert (card.copies, card.points, card.set, len(card.colors)) == (copies, points, "basic", 1)
    assert by_name(game, "windia-basic")[name] == 4 * copies


@pytest.mark.parametrize("name", sorted(BASIC_SINGLES))
def test_basic_cards(game: GameData, name: str) -> None:
    copies, points = BASIC_SINGLES[name]
    assert by_name(game, "azumanga-basic")[name] == copies
    assert by_name(game, "windia-basic")[name] == copies
    assert {str(c.points) for c in game.db.cards if c.name == name} == {str(points)}


@pytest.mark.parametrize("name", sorted(EXPANSION))
def test_expansion_cards(game: GameData, name: str) -> None:
    copies, points = EXPANSION[name]
    assert by_name(game, "azumanga-basic")[name] == 0
    assert by_name(game, "azumanga-full")[name] == copies
    assert by_name(game, "windia-full")[name] == copies
    for card in (c for c in game.db.cards if c.name == name):
        assert card.points == points
        assert card.set == "expansion"
    marks = {s.id: s.mark for s in game.db.game.sets}
    assert marks["expansion"] == "★"


def test_dual_colour_cards(game: GameData) -> None:
    assert sorted(c.colors for c in game.db.cards if c.name == "Direct") == [["blue", "yellow"], ["red", "green"]]
    assert sorted(c.colors for c in game.db.cards if c.name == "15") == [["red", "blue"], ["yellow", "green"]]
    assert all(c.rank == 15 and c.category == "number" for c in game.db.cards if c.name == "15")


def test_editions(game: GameData) -> None:
    """Search only in Azumanga Court, Almighty only in Windia War; Reset 1 in Basic, 2 with Expansion."""
    az, wi = by_name(game, "azumanga-full"), by_name(game, "windia-full")
    assert (az["Search"], az["Almighty"], wi["Search"], wi["Almighty"]) == (1, 0, 0, 1)
    assert game.card("search").points == 50 and game.card("almighty").points == 90
    assert by_name(game, "azumanga-basic")["Reset"] == 1
    assert az["Reset"] == wi["Reset"] == 2


def test_wild_cards_have_four_colours_and_categories(game: GameData) -> None:
    for card in game.db.cards:
        if card.name.startswith("Wild"):
            assert card.category == "wild" and card.colors == list(COLOURS)
    cats = {c.name: c.category for c in game.db.cards}
    assert {cats[n] for n in ("Block", "Through", "Reflect", "Curse", "Haunted Shield")} == {"defence"}
    assert {cats[n] for n in ("Bind", "Clear", "Amplify", "All Draw 1")} == {"public"}
    assert {cats[n] for n in ("Reset", "Search")} == {"discard"}


def test_every_effect_card_has_an_example(game: GameData) -> None:
    covered = {card for _, ex in game.all_examples() for card in ex.cards}
    effect_cards = {c.id for c in game.db.cards if c.category != "number" or c.rank == 15}
    assert effect_cards - covered == set()


def test_worked_examples_from_the_text(game: GameData) -> None:
    designer = {ex.id for _, ex in game.all_examples() if ex.origin == "designer"}
    assert {"escort-relay", "escort-alone", "chain-reverse-last", "draw-2-pass-on",
            "wild-number-chain-run", "bind-replaced", "haunted-shield-finish", "clear-scoring",
            "amplify-stacking", "all-draw-1-timing", "last-card-restrictions"} <= designer
    wnc = next(ex for _, ex in game.all_examples() if ex.id == "wild-number-chain-run")
    played = [s.do.split()[-1] for s in wnc.steps if not isinstance(s, str) and s.do and " plays " in s.do]
    assert played == ["wild-number-chain", "red-4#1", "red-6#1", "yellow-6#1", "fifteen-yellow-green",
                      "green-7#1", "green-10", "blue-10", "blue-3#1"]


def test_rulings_fill_the_gaps(game: GameData) -> None:
    origin = {r.id: r.origin for r in game.db.rulings}
    for gap in ("number-copies", "reset-count", "hand-size", "first-card", "player-count", "draw-turn",
                "matching", "scoring-public", "game-end", "finish-ends-round", "stalemate"):
        assert origin[gap] == "project", gap
    for stated in ("escort-follow", "escort-alone", "chain-additions", "pass-on", "bind-replaced",
                   "haunted-shield-push", "clear-scoring", "amplify-stack", "all-draw-1-removal"):
        assert origin[stated] == "designer", stated
    assert all(r.source for r in game.db.rulings if r.origin == "designer")
