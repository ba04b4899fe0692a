"""ghost-couple's card database: every card the source text names, with its counts and points.

The names, counts and points below are transcribed from the source text
(seeds/004_e6ae9eeb23c28d27.txt), so a database edit that drops or changes one fails here.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from deckwright.model import GameData, Project, load_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(Project(ROOT), "ghost-couple")


def deck_cards(game: GameData, deck_id: str) -> Counter[str]:
    return Counter(game.deck_contents(deck_id))


# --- decks ------------------------------------------------------------------------------------

def test_deck_totals_are_the_texts(game: GameData) -> None:
    assert sum(game.deck_contents("playing-cards").values()) == 54   # "ジョーカー2枚入りの54枚"
    assert sum(game.deck_contents("original").values()) == 100      # "カード総枚数は…100枚"


def test_each_deck_takes_only_its_variant(game: GameData) -> None:
    for deck_id in ("playing-cards", "original"):
        deck = game.deck(deck_id)
        for card_id in game.deck_contents(deck_id):
            assert game.card(card_id).variants == [deck.variant], card_id


# --- playing-card variant -----------------------------------------------------------------------

RANKS = {"a": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
         "j": 11, "q": 12, "k": 13}


def test_playing_cards_are_a_full_deck_with_two_jokers(game: GameData) -> None:
    got = game.deck_contents("playing-cards")
    expected = {f"{s}-{r}": 1 for s in "shdc" for r in RANKS}
    expected["joker"] = 2
    assert got == expected


def test_red_is_yen0_black_is_yen1(game: GameData) -> None:
    # "赤い札を¥0、黒い札を¥1として考える。"
    for suit, side, colour in (("h", 0, "red"), ("d", 0, "red"), ("s", 1, "black"), ("c", 1, "black")):
        for r, rank in RANKS.items():
            card = game.card(f"{suit}-{r}")
            assert card.stats["side"] == side and colour in card.colors and card.rank == rank


def test_playing_card_points(game: GameData) -> None:
    # "赤い数札は1枚1点。赤い絵札は1枚2点。ジョーカーは(−1点)"
    for suit in "hd":
        for r, rank in RANKS.items():
            assert game.card(f"{suit}-{r}").points == (2 if rank > 10 else 1), (suit, r)
    for suit in "sc":
        for r in RANKS:
            assert game.card(f"{suit}-{r}").points == 0
    assert game.card("joker").points == -1


def scripts(card) -> list[dict]:
    return [e.script for e in card.effects if e.script]


def test_every_rank_ability(game: GameData) -> None:
    expected = {
        "a": {"event": "reveal", "count": 1, "optional": True},
        "2": {"event": "draw", "count": 2},
        "3": {"event": "swap", "count": 3},
        "4": {"event": "corners", "hand": False},
        "5": {"event": "shape", "shape": "x", "hand": False},
        "j": {"event": "skip"},
        "q": {"event": "reverse"},
        "k": {"event": "vanish-field", "count": 1, "end_turn": False},
    }
    for suit in "shdc":
        for r in RANKS:
            got = scripts(game.card(f"{suit}-{r}"))
            if r in expected:
                assert got == [expected[r]], (suit, r)
            elif r == "8":
                assert {"ability": "same-color"} in got
                assert {"ability": "collect", "rank": 8, "need": 4, "bonus": 8} in got
            else:  # 6, 7, 9, 10: "(何も無し)"
                assert got == [], (suit, r)
    assert scripts(game.card("joker")) == [{"ability": "wild", "matches": "any"}]


# --- original ------------------------------------------------------------------------------------

#: Every character the text names, as the name printed on the card, with its ability.
NAMED = ["変なうにゅう", "キモいゆうか", "飛白", "ダミアン様", "毒子", "薬子", "核子", "ほにゅう",
         "かこん", "飯綱", "汁親父", "双葉", "うにゅう", "さくら", "御影さくら", "真の漢ぱら"]


def ghosts(game: GameData) -> dict[str, Counter[int]]:
    """Ghost name -> copies per side in the original deck."""
    found: dict[str, Counter[int]] = {}
    for card_id, n in game.deck_contents("original").items():
        card = game.card(card_id)
        found.setdefault(card.name, Counter())[card.stats["side"]] += n
    return found


def test_every_named_character_is_a_ghost(game: GameData) -> None:
    found = ghosts(game)
    for name in NAMED:
        assert name in found, name
        assert all(game.card(c).origin == "designer"
                   for c in game.deck_contents("original") if game.card(c).name == name)


def test_ghost_sides_and_the_two_card_ghosts(game: GameData) -> None:
    # "基本=「¥0側2枚+¥1側2枚」の4枚セットで1ゴースト。たまに2枚だけのもある。"
    found = ghosts(game)
    two = {name for name, sides in found.items() if sum(sides.values()) == 2}
    assert two == {"変なうにゅう", "キモいゆうか"}
    for name, sides in found.items():
        if name not in two:
            assert sides == Counter({0: 2, 1: 2}), name
    assert len(found) == 26


def test_filled_ghosts_are_marked_as_the_projects(game: GameData) -> None:
    project = {game.card(c).name for c in game.deck_contents("original")
               if game.card(c).origin == "project"}
    assert project == {"魔女っ娘ルフィーア"} | {f"ゴースト{i}" for i in range(1, 10)}


def test_original_points(game: GameData) -> None:
    for card_id in game.deck_contents("original"):
        card = game.card(card_id)
        if card.name in ("変なうにゅう", "キモいゆうか"):
            assert card.points == -1    # "(−1点)"
        else:
            assert card.points == (1 if card.stats["side"] == 0 else 0), card_id


EVENTS = [
    {"event": "reveal", "count": 1}, {"event": "reveal", "count": 2}, {"event": "reveal", "count": 3},
    {"event": "corners", "hand": False}, {"event": "shape", "shape": "x", "hand": False},
    {"event": "shape", "shape": "square", "hand": False}, {"event": "swap", "count": 3},
    {"event": "draw", "count": 2}, {"event": "draw", "count": 3}, {"event": "skip"},
    {"event": "reverse"}, {"event": "reshuffle-hand"},
    {"event": "vanish-field", "count": 1, "end_turn": True},
    {"event": "vanish-field", "count": 2, "end_turn": True}, {"event": "peek-vanish"},
    {"event": "leader-draw", "count": 2}, {"event": "steal"}, {"event": "vanish-treasure"},
    {"event": "show-field"},
]


def test_every_listed_event_is_on_one_ghost(game: GameData) -> None:
    seen: Counter[str] = Counter()
    for card_id in game.deck_contents("original"):
        card = game.card(card_id)
        for s in scripts(card):
            if "event" in s:
                assert card.stats["side"] == 1, card_id
                seen[repr(s)] += 1
    assert sorted(seen) == sorted(repr(e) for e in EVENTS)
    assert set(seen.values()) == {1}


def ability_of(game: GameData, name: str) -> list[dict]:
    card = next(game.card(c) for c in game.deck_contents("original") if game.card(c).name == name)
    return [s for s in scripts(card) if "ability" in s]


def test_special_couplings(game: GameData) -> None:
    assert ability_of(game, "変なうにゅう") == [{"ability": "wild", "matches": "yen0"}]
    assert ability_of(game, "キモいゆうか") == [{"ability": "wild", "matches": "yen0"}]
    assert ability_of(game, "飛白") == [{"ability": "partner", "with": ["damian"], "bonus": 2}]
    assert ability_of(game, "ダミアン様") == [{"ability": "partner", "with": ["hihaku"], "bonus": 2}]
    group = {"ability": "group", "with": ["dokuko", "kusuriko", "kakuko", "honyuu"]}
    for name in ("毒子", "薬子", "核子", "ほにゅう"):
        assert ability_of(game, name) == [group]
    assert ability_of(game, "かこん") == [{"ability": "partner", "with": ["izuna"]}]
    assert {"ability": "partner", "with": ["futaba"]} in ability_of(game, "汁親父")
    assert ability_of(game, "うにゅう") == [{"ability": "partner", "with": ["sakura", "mikage-sakura"]}]
    bonus = {"ability": "set", "ghosts": ["shiruoyaji", "otoko-para"], "bonus": 1}
    assert bonus in ability_of(game, "真の漢ぱら")


def test_partner_ids_name_real_ghosts(game: GameData) -> None:
    keys = {game.card(c).rank for c in game.deck_contents("original")}
    for card_id in game.deck_contents("original"):
        for s in scripts(game.card(card_id)):
            for key in s.get("with", []) + s.get("ghosts", []):
                assert key in keys, (card_id, key)


# --- rulings and examples ------------------------------------------------------------------------

def test_gaps_are_project_rulings(game: GameData) -> None:
    origin = {r.id: r.origin for r in game.db.rulings}
    for ruling in ("ghost-count", "generic-ghosts", "ghost-points", "event-placement",
                   "stalemate", "first-out", "ties", "player-count", "place-where", "show-field",
                   "vanish-check", "field-pairs", "swap-only-without-couple"):
        assert origin[ruling] == "project", ruling
    for ruling in ("no-hand-pairs", "swap-centre", "vanish-removal", "end-of-deck-place",
                   "game-end", "joker-almighty", "eight-same-colour", "playing-card-scores"):
        assert origin[ruling] == "designer", ruling
        assert next(r for r in game.db.rulings if r.id == ruling).source


def test_every_card_effect_has_an_example(game: GameData) -> None:
    """Cards sharing the same effects (the four suits of a rank) share examples."""
    exemplified = {repr(scripts(game.card(c))) for _, ex in game.all_examples() for c in ex.cards}
    for card in game.db.cards:
        if card.effects:
            assert repr(scripts(card)) in exemplified, card.id


def test_examples_cover_scoring_end_of_deck_and_vanish(game: GameData) -> None:
    by_ruling = Counter(r for _, ex in game.all_examples() for r in ex.rulings)
    for ruling in ("playing-card-scores", "end-of-deck-place", "vanish-removal", "game-end"):
        assert by_ruling[ruling] >= 1, ruling


def test_example_field_positions_name_cards(game: GameData) -> None:
    """`setup.field` is a position -> card mapping the model cannot check; check it here."""
    for _, ex in game.all_examples():
        for pos, ref in ex.setup.get("field", {}).items():
            assert isinstance(pos, int) and 1 <= pos <= 25, (ex.id, pos)
            assert ref is None or ref.split("#")[0] in game.cards, (ex.id, ref)
            if ref is not None and ex.variant:
                assert ex.variant in game.card(ref).variants, (ex.id, ref)


def _refs(value):
    if isinstance(value, dict):
        for child in value.values():
            yield from _refs(child)
    elif isinstance(value, list):
        for child in value:
            yield from _refs(child)
    elif isinstance(value, str):
        yield value


def test_example_cards_belong_to_the_examples_variant(game: GameData) -> None:
    for _, ex in game.all_examples():
        assert ex.variant in ("playing-cards", "original"), ex.id
        for ref in _refs({k: v for k, v in ex.setup.items() if k != "turn"}):
            assert ex.variant in game.card(ref).variants, (ex.id, ref)
