"""Zones and card instances on their own: moves, grids, the one-zone invariant, the catalogue."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "engine"))
import toy  # noqa: E402

from deckwright.engine import BOX, EMPTY, Catalogue, Layout, ZoneSpec, Zones  # noqa: E402
from deckwright.engine.cards import CardRefError, count_refs  # noqa: E402

SPECS = (ZoneSpec("deck", visibility="hidden"), ZoneSpec("hand", per_player=True),
         ZoneSpec("discard"), ZoneSpec("field", grid=(2, 3)))


def make(players: int = 2, count: int = 10) -> Zones:
    return Zones(Layout(SPECS, players, seats=4), count)


def test_layout_indices_do_not_depend_on_player_count():
    two, four = Layout(SPECS, 2, seats=4), Layout(SPECS, 4, seats=4)
    assert two.of("discard") == four.of("discard")
    assert two.of("hand", 1) == four.of("hand", 1)
    assert two.per_player("hand") == four.per_player("hand")[:2]
    assert not two.in_play(two.of("hand", 3)) and four.in_play(four.of("hand", 3))
    assert two.label(two.of("hand", 1)) == "hand p2"
    with pytest.raises(KeyError, match="no zone 'graveyard'"):
        two.of("graveyard")


def test_every_card_starts_in_the_box_and_moves_keep_where_in_step():
    z = make()
    deck, discard = z.layout.of("deck"), z.layout.of("discard")
    assert z.piles[BOX] == list(range(10)) and z.problems() == []
    z.move_all(BOX, deck)
    assert z.top(deck) == 9 and z.size(BOX) == 0
    assert z.draw(deck, discard) == 9
    z.move(3, discard)           # from the middle of the deck
    z.move(0, discard, bottom=True)
    assert z.piles[discard] == [0, 9, 3]
    assert [z.where[i] for i in (0, 3, 9, 5)] == [discard, discard, discard, deck]
    assert z.problems() == []


def test_draw_from_empty_pile_gives_empty():
    z = make()
    assert z.draw(z.layout.of("deck"), z.layout.of("discard")) == EMPTY


def test_move_all_can_keep_the_top_card():
    z = make()
    deck, discard = z.layout.of("deck"), z.layout.of("discard")
    z.move_all(BOX, discard)
    z.move_all(discard, deck, keep_top=1)
    assert z.piles[discard] == [9] and z.piles[deck] == list(range(9))
    assert z.problems() == []


def test_grid_cells_hold_one_card_and_leave_empty_cells():
    z = make()
    field = z.layout.of("field")
    z.place(4, field, 5)
    assert z.piles[field] == [EMPTY] * 5 + [4]
    with pytest.raises(ValueError, match="not empty"):
        z.place(5, field, 5)
    z.move(4, z.layout.of("discard"))
    assert z.piles[field] == [EMPTY] * 6 and z.cards(field) == [] and z.problems() == []


def test_invariant_catches_a_card_in_two_zones_and_a_lost_card():
    z = make()
    hand = z.layout.of("hand", 0)
    z.move(2, hand)
    z.piles[z.layout.of("discard")].append(2)      # a broken move: copied, not moved
    assert any("in both" in p for p in z.problems())
    z = make()
    z.piles[BOX].remove(7)                          # a card that vanished
    assert any("in no zone" in p for p in z.problems())


def test_clone_is_independent():
    z = make()
    c = z.clone()
    c.move(1, c.layout.of("hand", 1))
    c.shown.add(1)
    assert z.where[1] == BOX and 1 in z.piles[BOX] and not z.shown


def test_catalogue_instances_and_references():
    cat = Catalogue(toy.data(), toy.data().deck_contents("standard"))
    assert len(cat) == 26
    reds = cat.instances("red-2")
    assert len(reds) == 3 and [cat.copy[i] for i in reds] == [1, 2, 3]
    assert cat.ref(reds[1]) == "red-2#2" and cat.ref(cat.instances("red-skip")[0]) == "red-skip"
    assert cat.resolve("red-2#3") == [reds[2]]
    assert cat.points(reds[0]) == 2 and cat.card(reds[0]).colors == ["red"]
    assert cat.column(lambda c: c.rank)[cat.instances("blue-plus2")[0]] == "plus2"
    with pytest.raises(CardRefError, match="3 copies"):
        cat.resolve("red-2#4")
    with pytest.raises(CardRefError, match="unknown card"):
        cat.resolve("green-9")


def test_count_refs_counts_what_a_setup_needs():
    assert count_refs(["a", "a", "b#3", "c#1", "c"]) == {"a": 2, "b": 3, "c": 2}
