"""Zones and card instances on their own: moves, grids, the one-zone invariant, the catalogue."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "engine"))
import toy  # noqa: E402

from deckwright.engine import BOX, EMPTY, Catalogue, Layout, Watches, ZoneSpec, Zones  # noqa: E402
from deckwright.engine.zones import WatchedZones  # noqa: E402
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


def watching() -> tuple[Zones, int, int, int]:
    """Zones of 10 cards watching two groups: cards 0-4 in the field (a grid) or the discard,
    and the even cards in the hands."""
    z = make()
    lay = z.layout
    field, discard, hands = lay.of("field"), lay.of("discard"), lay.per_player("hand")
    z.watch(Watches(10, len(lay), ((range(5), (field, discard)), ((0, 2, 4, 6, 8), hands))))
    return z, field, discard, lay.of("deck")


def test_watched_sets_follow_every_kind_of_move():
    z, field, discard, deck = watching()
    hand0, hand1 = z.layout.of("hand", 0), z.layout.of("hand", 1)
    assert type(z) is WatchedZones and z.watched == [set(), set()]
    z.move_all(BOX, deck)
    z.draw(deck, hand0)                     # 9
    z.draw(deck, hand1)                     # 8
    z.move(2, hand0)
    z.place(3, field, 4)
    z.move(4, discard, bottom=True)
    assert z.watched == [{3, 4}, {8, 2}]
    z.move_all(hand0, discard)              # 9 and 2 into a watched pile of group 0
    assert z.watched == [{2, 3, 4}, {8}]
    z.piles[hand1].extend([6, 0])           # a direct write, told with `arrived`
    z.piles[deck].remove(6), z.piles[deck].remove(0)
    z.where[6] = z.where[0] = hand1
    z.arrived([6, 0], hand1)
    assert z.watched == [{2, 3, 4}, {8, 6, 0}]
    z.move(3, deck)                         # out of the grid
    assert z.watched == [{2, 4}, {8, 6, 0}] == z.watches.scan(z.where)
    assert z.problems() == []


def test_watched_sets_are_cloned_and_a_drifted_set_is_an_invariant_problem():
    z, field, discard, deck = watching()
    z.move_all(BOX, deck)
    z.move(1, discard)
    copy = z.clone()
    assert type(copy) is WatchedZones and copy.watched == [{1}, set()]
    copy.move(1, deck)
    assert copy.watched == [set(), set()] and z.watched == [{1}, set()]
    z.watched[0].discard(1)                 # broken on purpose: the set no longer follows
    assert z.problems() == ["watched group 0 holds [], but the piles hold [1]"]


def test_zones_that_watch_nothing_keep_their_plain_methods():
    z = make()
    assert type(z) is Zones and z.watches is None and type(z.clone()) is Zones
