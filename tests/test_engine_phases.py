"""The engine's declared phases, a zone that is an example key of its own, and drawing with a
refill: what a game reads from them instead of writing them (docs/engine.md, section 3 and 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.app.registry import rules_for
from deckwright.engine.expect import actual, known_keys
from deckwright.engine.phases import Phase, Phases
from deckwright.engine.setup import SetupError, build_state
from deckwright.model import Example, Project, load_game

ROOT = Path(__file__).resolve().parent.parent

PHASES = Phases(
    Phase("draw", opens=("draw", "skip"), title="part 1", then="act"),
    Phase("act", "play or end", ("play", "move", "skip"), title="part 2", then="end",
          refuses={"cancel": "cancel-too-soon"}, otherwise="busy", rule="act-rule"),
    Phase("answer", opens=("pass", "cancel"), window=True),
    Phase("end", opens=("end",), title="part 3"),
    refusal="now: {asks}", elsewhere="{what} in {wanted} (now {now})", joiner=" / ",
    start="act", doing={"play": "playing", "move": "moving", "skip": "skipping"})


def test_a_declaration_answers_where_a_decision_belongs_and_why_not() -> None:
    assert PHASES.first == "act"
    assert PHASES.open_in("skip") == ("draw", "act")
    assert PHASES.phase_of("skip") == "draw"
    assert PHASES.asking == frozenset({"answer"})
    assert PHASES.then("draw") == "act" and PHASES.then("end") == ""
    assert PHASES.rule("act", "cancel") == "cancel-too-soon"
    assert PHASES.rule("act", "draw") == "busy"
    assert PHASES.rule("answer", "draw") == ""
    why = PHASES.refusal("act")
    assert (str(why), why.rule) == ("now: play or end", "act-rule")
    assert PHASES.refusal(2).rule == "turn"   # by position, the declaration's rule
    assert PHASES.elsewhere("end", "play") == "playing in part 2 (now part 3)"
    assert PHASES.elsewhere("end", "skip") == "skipping in part 1 / part 2 (now part 3)"
    assert PHASES.elsewhere("act", "play") is None   # open here
    assert PHASES.elsewhere("end", "pass") is None   # `doing` does not name it
    assert PHASES.check("end") == "end"
    with pytest.raises(SetupError, match="setup.phase: expected one of draw, act, answer, end"):
        PHASES.check("lunch")


@pytest.fixture(scope="module")
def ghost():
    data = load_game(Project(ROOT), "ghost-couple")
    return data, rules_for("ghost-couple")


def _example(setup: dict) -> Example:
    return Example(id="zone-key", title="zone key", setup=setup, steps=[], expect={})


def test_a_zone_key_is_placed_expected_and_written_back(ghost) -> None:
    data, cls = ghost
    assert {"vanish", "treasure"} <= set(cls.facts.setup_keys)   # joined by themselves
    game = cls(data)
    state = build_state(game, _example(
        {"hands": {"p1": ["s-5"], "p2": ["h-2"]}, "vanish": ["c-3"],
         "treasure": {"p2": ["d-8", "h-8"]}}))
    ids = game.catalogue.ids
    assert [ids[c] for c in state.zones.piles[game.VANISH]] == ["c-3"]
    assert [ids[c] for c in state.zones.piles[game.TREASURE[1]]] == ["d-8", "h-8"]
    assert {"vanish", "treasure", "phase"} <= set(known_keys(state))
    assert actual(state, "treasure")["p2"].insts == tuple(state.zones.piles[game.TREASURE[1]])
    assert actual(state, "phase") == state.phase
    extras = state.setup_extras({})
    assert extras["vanish"] == ["c-3"] and extras["treasure"] == {"p2": ["d-8", "h-8"]}
    with pytest.raises(SetupError, match=r"setup\.vanish: no copy of 's-5' left"):
        build_state(game, _example({"hands": {"p1": ["s-5"]}, "vanish": ["s-5"]}))


def test_draw_up_to_refills_once_the_deck_runs_out(ghost) -> None:
    data, cls = ghost
    game = cls(data)
    state = game.blank_state(2)
    zones = state.zones
    box = list(zones.piles[0])
    for inst in box[:2]:
        zones.move(inst, game.DECK)
    refills = []

    def refill() -> None:
        refills.append(len(zones.piles[game.DECK]))
        if len(refills) == 1:
            zones.move(box[2], game.DECK)

    got = state.draw_up_to(game.DECK, game.HAND[0], 5, refill)
    assert got == [box[1], box[0], box[2]]
    assert refills == [0, 0]   # asked when empty, and once more before giving up
    assert zones.piles[game.HAND[0]] == got
    assert state.draw_up_to(game.DECK, game.HAND[1], 2) == []
