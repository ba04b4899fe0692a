"""A game's notation declared as data (engine.notation): the engine parses a step into its
player, verb, words with their kinds and action, writes an action back, and says what is wrong
with a step that is not one of the declared forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.app.registry import rules_for
from deckwright.engine import NotationError
from deckwright.engine.notation import Notation, Verb, choice, number, player
from deckwright.model import Project, load_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def scramble():
    game = rules_for("treasure-scramble")(load_game(Project(ROOT), "treasure-scramble"))
    return game.new_state(3, 0)


def test_a_step_parses_into_its_words_with_their_kinds(scramble) -> None:
    hand = scramble.hand(0)
    ref = scramble.game.catalogue.ref(hand[0])
    step = scramble.parse_step(f"p1 uses {ref} on f3 f1")
    assert step.player == 0 and step.verb == "uses"
    assert step.action == ("use", hand[0], ("f", 0, 2))
    assert step.words == (("p1", "player"), ("uses", "verb"), (ref, "card"), ("on", "word"),
                          ("f3", "target"), ("f1", "target"))
    # written back as the deciding player's step, in a canonical order
    assert scramble.action_to_string(step.action) == f"p1 uses {ref} on f1 f3"
    assert scramble.parse_step("p1 uses " + ref).action == ("use", hand[0], ())


@pytest.mark.parametrize("text, message", [
    ("p1 flips g3", "'g3' is not a field slot (f1, f2, ...)"),
    ("p1 dances", "'p1 dances': expected one of 'pN places CARD', "),
    ("p1 flips f1 f2", "expected one of"),
    ("p9 passes", "'p9' is not a player of this game (p1..p3)"),
    ("p1", "expected 'pN VERB ...'"),
])
def test_a_step_outside_the_declared_forms_says_what_is_wrong(scramble, text, message) -> None:
    with pytest.raises(NotationError) as caught:
        scramble.parse_step(text)
    assert message in str(caught.value)


def test_every_legal_action_reads_back_as_itself(scramble) -> None:
    for action in scramble.legal_actions():
        player, back = scramble.parse_action(scramble.action_to_string(action))
        assert (player, back) == (scramble.current_player(), action)


def test_a_declaration_is_checked_when_made() -> None:
    with pytest.raises(ValueError, match="arguments and kinds differ"):
        Verb("gives {card} to {who}", "give", who=player())


def test_forms_of_one_verb_are_tried_in_order_and_a_kind_error_wins() -> None:
    class Fake:
        players = 2

        def parse_player(self, word):
            return int(word[1:]) - 1

        def player_name(self, p):
            return f"p{p + 1}"

        def current_player(self):
            return 0

    notation = Notation(Verb("turns {cell}", "turn", cell=number(1, 25, what="a place")),
                        Verb("turns {shape} {cell}", "shape", shape=choice("x", "square"),
                             cell=number(1, 25, what="a place")))
    state = Fake()
    assert notation.parse(state, "p1 turns 7").action == ("turn", 6)
    assert notation.parse(state, "p1 turns x 13").action == ("shape", "x", 12)
    assert notation.write(state, ("shape", "square", 0)) == "p1 turns square 1"
    with pytest.raises(NotationError, match="'30' is not a place"):
        notation.parse(state, "p1 turns 30")


def test_verdicts_carry_each_decision_step_as_parsed() -> None:
    """What the rulebook and the table read instead of splitting the step's text again."""
    from deckwright.app.verify import verify_examples

    game = load_game(Project(ROOT), "bridge-over")
    verdicts = verify_examples(game)
    for _, example in game.all_examples():
        verdict = verdicts[example.id]
        assert verdict.status == "verified"
        texts = {n: (s if isinstance(s, str) else s.do or s.refused)
                 for n, s in enumerate(example.steps, 1)
                 if isinstance(s, str) or s.do or s.refused}
        assert [n for n, _ in verdict.steps] == sorted(texts)
        for n, words in verdict.steps:
            assert " ".join(w for w, _ in words) == " ".join(texts[n].replace(",", " ").split())
            assert words[0][1] == "player" and words[1][1] == "verb"
    kinds = {kind for v in verdicts.values() for _, words in v.steps for _, kind in words}
    assert {"card", "colour", "choice", "kind", "player", "verb", "word"} <= kinds


def test_a_prompt_makes_its_player_decide_before_the_turn_player(scramble) -> None:
    from deckwright.engine import Prompt

    state = scramble.clone()
    assert state.current_player() == state.turns.current == 0
    state.prompt = Prompt("plunder", 2, 1)
    assert state.current_player() == 2
    assert state.clone().current_player() == 2   # a copy asks the same player
    state.prompt = None
    assert state.current_player() == 0
