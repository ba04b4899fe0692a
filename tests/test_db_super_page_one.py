"""super-page-one's card database: every card the source text names, its deck, rulings, examples.

The expected facts below are transcribed from the source text (seeds/002_511d173fd3078dd8.txt):
52 playing cards plus 2 jokers, effects on 2/5/7/8/9/10/J/Q/K and the joker, the five Q&A
rulings, the Dobon and Revolution examples and the three techniques.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from deckwright.model import Project, load_game

ROOT = Path(__file__).resolve().parent.parent

SUITS = {"s": ("spade", "♠"), "h": ("heart", "♥"), "d": ("diamond", "♦"), "c": ("club", "♣")}
RANKS = {"a": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
         "j": 11, "q": 12, "k": 13}
#: The effect names the text gives, per rank (A, 3, 4, 6 are vanilla).
EFFECTS = {"2": "2ドロー", "5": "スキップ", "7": "7渡し", "8": "ワイルド", "9": "リバース",
           "10": "10捨て", "j": "J無効", "q": "Qエコー", "k": "Kキックバック"}
#: Worked examples the text contains (seeds README list) -> example ids in the database.
DESIGNER_EXAMPLES = {
    "dobon top 9, hand 1 3 5": "dobon-nine",
    "self-Dobon with two 5s": "self-dobon",
    "Dobon with one card": "dobon-one-card",
    "Revolution four of a kind": "revolution-four",
    "Revolution three and a joker": "revolution-joker",
    "Revolution two jokers and a pair": "revolution-two-jokers",
    "Q&A 1": "qa1-seven-target-first",
    "Q&A 2 (seven)": "qa2-echoed-seven",
    "Q&A 2 (ten, short)": "qa2-echoed-ten-short",
    "Q&A 3 (J first)": "qa3-cancel-first",
    "Q&A 3 (J, J, then Q)": "qa3-cancel-cancel-echo",
    "Q&A 4": "qa4-reshuffle",
    "Q&A 5 (stacked)": "qa5-cancel-stacked-two",
    "Q&A 5 (echoed)": "qa5-cancel-echoed-two",
    "technique 1": "technique-kick-back-two",
    "technique 2": "technique-echo-skip",
    "technique 3": "technique-ten-four-cards",
}


@pytest.fixture(scope="module")
def game():
    return load_game(Project(ROOT), "super-page-one")


def test_deck_is_the_54_cards_the_text_states(game) -> None:
    deck = game.default_deck
    assert deck.id == "standard" and deck.total == 54
    contents = game.deck_contents(deck)
    assert sum(contents.values()) == 54
    assert set(contents) == {f"{s}-{r}" for s in SUITS for r in RANKS} | {"joker-1", "joker-2"}
    assert all(n == 1 for n in contents.values())


@pytest.mark.parametrize("suit", sorted(SUITS))
def test_every_suit_has_a_to_k_with_their_numbers(game, suit: str) -> None:
    key, symbol = SUITS[suit]
    for rank, number in RANKS.items():
        card = game.cards[f"{suit}-{rank}"]
        assert card.colors == [key]
        assert card.rank == number
        assert card.name == symbol + rank.upper()
        assert card.category == "standard"
    assert game.db.game.palette[key].symbol == symbol


def test_two_jokers_have_number_zero_and_every_joker_power(game) -> None:
    jokers = [c for c in game.db.cards if c.category == "joker"]
    assert [c.id for c in jokers] == ["joker-1", "joker-2"]
    for card in jokers:
        assert card.name == "ジョーカー" and card.rank == 0 and card.colors == []
        kinds = {e.script["effect"] for e in card.effects}
        assert kinds == {"wild", "free-next", "blocks-dobon", "revolution-wild"}
    ruling = next(r for r in game.db.rulings if r.id == "joker-number")
    assert ruling.origin == "project" and "0" in ruling.text


@pytest.mark.parametrize("rank", sorted(EFFECTS))
def test_effect_ranks_carry_the_named_effect_in_every_suit(game, rank: str) -> None:
    for suit in SUITS:
        card = game.cards[f"{suit}-{rank}"]
        assert [e.name for e in card.effects] == [EFFECTS[rank]]
        assert card.text and EFFECTS[rank] in card.text


def test_vanilla_ranks_have_no_effect(game) -> None:
    for suit in SUITS:
        for rank in ("a", "3", "4", "6"):
            assert game.cards[f"{suit}-{rank}"].effects == []


def test_effect_numbers_come_from_the_text(game) -> None:
    script = {rank: game.cards[f"s-{rank}"].effects[0].script for rank in EFFECTS}
    assert script["2"]["amount"] == 2 and script["2"]["stack"] is True
    assert script["7"]["optional"] is True and script["10"]["optional"] is True
    assert script["q"]["factor"] == 2
    # J cannot cancel 8 or the joker; Q cannot echo J, 8 or the joker
    uncancelable = {r for r, s in script.items() if s.get("cancelable") is False}
    assert {"8"} <= uncancelable
    assert {r for r, s in script.items() if s.get("echoable") is False} == {"8", "j", "q"}
    joker = {e.script["effect"]: e.script for e in game.cards["joker-1"].effects}
    assert joker["wild"]["cancelable"] is False and joker["free-next"]["echoable"] is False


def test_qa_rulings_are_the_designers(game) -> None:
    rulings = {r.id: r for r in game.db.rulings}
    for n in "①②③④⑤":
        found = [r for r in rulings.values() if r.source == f"よくあるQ&A{n}"]
        assert len(found) == 1 and found[0].origin == "designer", n


def test_gaps_are_filled_by_project_rulings(game) -> None:
    origin = {r.id: r.origin for r in game.db.rulings}
    for gap in ("players", "first-card", "first-player", "card-numbers", "joker-number",
                "joker-top-free", "stack-two-anywhere", "echo-meaning", "response-order",
                "kick-back-timing", "finish-order", "last-card-effects", "draw-shortfall",
                "two-draw-lapse", "special-win-timing", "jqk-played-normally"):
        assert origin[gap] == "project", gap
    end = next(s for s in game.db.rules if s.id == "end")
    assert end.origin == "project"


def test_setup_deals_six_cards(game) -> None:
    setup = next(s for s in game.db.rules if s.id == "setup")
    assert "6 枚" in setup.body
    assert game.db.game.players.min == 2


def test_every_worked_example_of_the_text_is_present(game) -> None:
    examples = {ex.id: ex for ex in game.db.examples}
    for what, ex_id in DESIGNER_EXAMPLES.items():
        assert ex_id in examples, what
        assert examples[ex_id].origin == "designer", what
        assert examples[ex_id].steps, what


def test_every_effect_rank_has_an_example(game) -> None:
    shown = Counter()
    for ex in game.db.examples:
        for card in ex.cards:
            c = game.card(card)
            shown[str(c.rank) if c.category == "standard" else "joker"] += 1
    for rank in list(EFFECTS) + ["joker"]:
        number = str(RANKS[rank]) if rank in RANKS else "joker"
        assert shown[number] >= 1, rank


def test_every_example_step_has_a_sentence_for_the_rulebook(game) -> None:
    for ex in game.db.examples:
        for step in ex.steps:
            assert not isinstance(step, str) and (step.expect is not None or step.say), ex.id
