"""original-tcg's setup keys for the turn so far and what lasts (modifiers, used effects, moved
soldiers, bound cards, the upkeep still due, the turn number): each builds the position it
says, and a bad one is one line `file:line:col: setup: ...` with exit status 2."""

from __future__ import annotations

import shutil

import pytest

from deckwright.cli import main
from deckwright.engine.setup import SetupError
from test_rules_original_tcg import ROOT, data, position  # noqa: F401 - data is a fixture

GOLEM = "overcloud-golem"
SWORD = "gilbia-flame-swordsman"


def test_modifiers_change_stats_until_the_turn_ends_or_the_card_leaves(data):
    setup = {"turn": "p1", "p1": {"camp": {"1": [GOLEM]}},
             "modifiers": [{"card": GOLEM, "delta": [0, 0, 2], "until": "turn-end"},
                           {"card": GOLEM, "delta": [0, -1]}]}
    state = position(data, setup)
    assert state.actual_power()[GOLEM] == 7 and state.actual_move()[GOLEM] == 1
    for step in ("p1 skips", "p1 skips", "p1 skips", "p1 ends"):
        state.apply(state.parse_action(step)[1], 0)
    assert state.current_player() == 1
    assert state.actual_power()[GOLEM] == 5 and state.actual_move()[GOLEM] == 1


def test_a_modifier_from_a_land_counts_twice_on_a_sun_soldier(data):
    setup = {"turn": "p1", "p1": {"camp": {"1": [GOLEM, "gilbia-drill-ground"]}},
             "modifiers": [{"card": GOLEM, "delta": [0, 0, 1], "from": "gilbia-drill-ground"}],
             "options": {"type2": {GOLEM: "太陽"}}}
    assert position(data, setup).actual_power()[GOLEM] == 5 + 3 + 2


def test_used_effects_and_moved_soldiers_are_refused_again(data):
    setup = {"turn": "p1",
             "p1": {"camp": {"1": ["demon-dragon-flame"]}, "battlefield": {"2": [SWORD]},
                    "warehouse": [f"{SWORD}#2", f"{SWORD}#3"]},
             "p2": {"camp": {"3": [GOLEM]}},
             "used": {"fireball": ["demon-dragon-flame"]}, "moved": [SWORD]}
    state = position(data, setup)
    for text, rule in (("p1 activates demon-dragon-flame fireball on p2", "effect-once-per-turn"),
                       (f"p1 moves {SWORD} to bf3", "move-once")):
        player, action = state.parse_action(text)
        assert state.refusal(action, player).rule == rule
    fresh = position(data, {k: v for k, v in setup.items() if k not in ("used", "moved")})
    for text in ("p1 activates demon-dragon-flame fireball on p2", f"p1 moves {SWORD} to bf3"):
        player, action = fresh.parse_action(text)
        assert fresh.refusal(action, player) is None


def test_a_bound_soldier_takes_the_spells_aura(data):
    setup = {"turn": "p1", "p1": {"camp": {"1": ["bloodstained-blade", GOLEM]}},
             "bound": {"bloodstained-blade": GOLEM}}
    state = position(data, setup)
    assert state.actual_power()[GOLEM] == 10 and state.actual_move()[GOLEM] == 5
    assert position(data, {**setup, "bound": {}}).actual_power()[GOLEM] == 5


def test_due_says_which_upkeep_is_still_to_pay(data):
    setup = {"turn": "p1", "phase": "upkeep",
             "p1": {"camp": {"1": ["demon-dragon-flame"], "2": ["demon-dragon-flame"]},
                    "warehouse": [SWORD]}}
    every = position(data, setup)
    assert {a[1] for a in every.legal_actions()} == set(every.due) and len(every.due) == 2
    one = position(data, {**setup, "due": ["demon-dragon-flame#2"]})
    second = one.game.catalogue.resolve("demon-dragon-flame#2")
    assert one.due == second and {a[1] for a in one.legal_actions()} == set(second)
    assert position(data, {**setup, "due": []}).phase == "main"


def test_the_turn_number_ends_the_game_on_life_after_the_last_turn(data):
    setup = {"turn": "p1", "phase": "end", "turn_number": 200,
             "p2": {"life": [SWORD, SWORD]}}
    state = position(data, setup, ["p1 ends"])
    assert state.is_over() and state.winner() == 0
    assert not position(data, {**setup, "turn_number": 12}, ["p1 ends"]).is_over()


@pytest.mark.parametrize("setup, message", [
    ({"turn_number": 0}, "setup.turn_number: expected a whole number 1 or more, got 0"),
    ({"moved": ["demon-dragon-flame"]}, "setup.moved: demon-dragon-flame is not a soldier on the field"),
    ({"used": {"fireball": [GOLEM]}}, f"setup.used.fireball: {GOLEM} has no effect 'fireball'"),
    ({"modifiers": [{"card": GOLEM, "delta": [0, 0, 2], "until": "dawn"}]},
     "setup.modifiers.1.until: expected one of leaves, turn-end"),
    ({"modifiers": [{"card": GOLEM, "delta": 2}]},
     "setup.modifiers.1.delta: expected [cost, move, power] as whole numbers"),
    ({"modifiers": [{"card": GOLEM}]}, "setup.modifiers.1: expected {card: CARD, delta: [cost, move, power]}"),
    ({"bound": [GOLEM]}, "setup.bound: expected a mapping"),
    ({"due": ["demon-dragon-flame"]}, "setup.due: only in the upkeep phase (phase: upkeep)"),
    ({"phase": "upkeep", "due": [GOLEM]}, f"setup.due: {GOLEM} is not on p1's field"),
    ({"p1": {"counters": "many"}}, "setup.p1.counters: expected a whole number 0..10, got 'many'"),
    ({"p1": {"camp": {"9": [GOLEM]}}}, "setup.p1.camp.9: expected a column 1-5"),
])
def test_bad_setup_values_are_refused_with_the_key(data, setup, message):
    base = {"turn": "p1", "p1": {"camp": {"1": ["demon-dragon-flame"]}},
            "p2": {"camp": {"2": [GOLEM]}}}
    with pytest.raises(SetupError) as err:
        position(data, {**base, **setup})
    assert str(err.value) == message


BAD = """\
game: original-tcg
examples:
  - id: bad-turn
    title: bad
    setup:
      turn: p1
      p1:
        camp: {"1": [overcloud-golem]}
      turn_number: first
    steps: []
    expect: {turn: p1}
"""


def test_a_bad_setup_key_is_one_line_with_file_line_and_column(capsys, tmp_path):
    shutil.copytree(ROOT / "cards", tmp_path / "cards",
                    ignore=lambda d, names: [n for n in names if not n.startswith("original-tcg")])
    (tmp_path / "playtest" / "original-tcg").mkdir(parents=True)
    (tmp_path / "playtest" / "original-tcg" / "bad.yaml").write_text(BAD, encoding="utf-8")
    assert main(["-C", str(tmp_path), "playtest", "original-tcg"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == ["playtest/original-tcg/bad.yaml:9:7: setup: setup.turn_number: "
                                "expected a whole number 1 or more, got 'first'"]
