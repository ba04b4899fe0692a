"""The strict example harness, verify_examples and `deckwright playtest`, on the toy game."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "engine"))
import toy  # noqa: E402

from deckwright.cli import main  # noqa: E402
from deckwright.engine.script import run_example  # noqa: E402
from deckwright.engine.verify import verify_examples  # noqa: E402
from deckwright.model import Example, Project, load_game  # noqa: E402

SETUP = {"players": 2, "turn": "p1", "hands": {"p1": ["red-2", "blue-3"], "p2": ["blue-1", "red-1"]},
         "discard": ["red-1"], "deck": ["red-3", "blue-3"]}


def run(steps, expect=None, setup=None):
    example = Example.model_validate({"id": "t", "title": "t", "setup": setup or SETUP,
                                      "steps": steps, "expect": expect})
    return run_example(toy.rules().ToyMatch, toy.data(), example)


def test_a_scripted_example_passes_with_its_log():
    out = run(["p1 plays red-2", {"expect": {"turn": "p2", "top": "red-2"}}, "p2 plays red-1"],
              expect={"hands": {"p1": ["blue-3"], "p2": ["blue-1"]}, "discard_size": 3})
    assert out.passed, out.detail
    assert out.log == ["p1 が red-2 を出す。", "p2 が red-1 を出す。"]


def test_a_decision_the_script_does_not_give_fails():
    out = run(["p1 plays red-2", "p1 plays blue-3"])
    assert not out.passed
    assert "the script does not give p2's decision" in out.detail
    assert "p2 plays red-1" in out.detail           # the legal decisions are listed


def test_leftover_steps_fail():
    setup = dict(SETUP, hands={"p1": ["red-2"], "p2": ["blue-1"]})
    out = run(["p1 plays red-2", "p2 draws"], setup=setup)
    assert not out.passed and "leftover step" in out.detail and "step 2" in out.detail


def test_a_refused_decision_in_a_do_step_fails_with_the_reason():
    out = run(["p1 plays blue-3"])
    assert not out.passed and "場札と色も数も合わない" in out.detail


def test_refused_steps_must_be_refused_with_the_reason():
    assert run([{"refused": "p2 plays blue-1", "reason": "順番"}]).passed
    out = run([{"refused": "p1 plays red-2", "reason": "順番"}])
    assert not out.passed and "but the rules allow it" in out.detail
    out = run([{"refused": "p1 plays blue-3", "reason": "順番"}])
    assert not out.passed and "expected a reason containing '順番'" in out.detail
    assert "場札と色も数も合わない" in out.detail


def test_expectations_mid_script_and_at_the_end_show_expected_and_actual():
    out = run(["p1 plays red-2", {"expect": {"top": "blue-3"}}])
    assert not out.passed
    assert "step 2 expect: top: expected 'blue-3', got 'red-2'" in out.detail
    out = run(["p1 plays red-2"], expect={"hand_sizes": {"p1": 2}})
    assert "expect: hand_sizes: expected {'p1': 2}, got {'p1': 1, 'p2': 2}" in out.detail


def test_unknown_keys_are_errors():
    out = run(["p1 plays red-2"], expect={"colour": "red"})
    assert not out.passed and "unknown expect key 'colour'" in out.detail
    out = run([], setup=dict(SETUP, hand={"p1": []}))
    assert not out.passed and "unknown setup key(s) 'hand'" in out.detail


def test_events_must_appear_in_the_log():
    assert run(["p1 plays red-2"], expect={"events": ["red-2 を出す", "play"]}).passed
    out = run(["p1 plays red-2"], expect={"events": ["上がり"]})
    assert not out.passed and "no event '上がり'" in out.detail


def test_copy_numbers_in_expectations():
    setup = dict(SETUP, hands={"p1": ["red-2#3", "blue-3"], "p2": ["blue-1"]})
    assert run([], setup=setup, expect={"hands": {"p1": ["blue-3", "red-2#3"]}}).passed
    out = run([], setup=setup, expect={"hands": {"p1": ["blue-3", "red-2#1"]}})
    assert not out.passed


def test_setup_problems_fail_the_example():
    out = run([], setup=dict(SETUP, hands={"p1": ["red-skip", "red-skip"]}))
    assert out.passed   # a second copy is added to the universe when the setup names it
    out = run([], setup=dict(SETUP, players=7))
    assert not out.passed and "2-3 players" in out.detail
    out = run([], setup=dict(SETUP, hands={"p9": []}))
    assert not out.passed and "p9" in out.detail


def test_unparsable_step_fails():
    out = run(["p1 dances"])
    assert not out.passed and "not a decision in this game's notation" in out.detail


def test_a_crashing_rules_module_is_a_failing_example(monkeypatch):
    monkeypatch.setattr(toy.rules().ToyState, "_apply", lambda self, a: 1 / 0)
    out = run(["p1 plays red-2"])
    assert not out.passed and "rules module error: ZeroDivisionError" in out.detail


def test_an_invariant_broken_by_a_rule_fails_the_example(monkeypatch):
    def lose_a_card(self, action):
        self.zones.piles[self.game.HAND[0]].remove(action)
    monkeypatch.setattr(toy.rules().ToyState, "_apply", lose_a_card)
    out = run(["p1 plays red-2"])
    assert not out.passed and "invariant broken after p1 plays red-2" in out.detail


def test_verify_examples_of_the_toy_game():
    toy.rules()
    verdicts = verify_examples(toy.data())
    assert list(verdicts) == ["match-colour", "plus2-blocked", "reverse-then-skip"]
    assert all(v.status == "verified" for v in verdicts.values()), verdicts
    assert "p2 が red-block で +2 を防ぐ。" in verdicts["plus2-blocked"].log


def test_a_game_without_rules_module_is_unverified():
    mini = load_game(Project(Path(__file__).parent / "fixtures" / "mini"), "mini")
    verdicts = verify_examples(mini)
    assert [v.status for v in verdicts.values()] == ["unverified"]
    assert "no rules module for mini" in verdicts["play-red"].detail


@pytest.fixture
def broken_project(tmp_path):
    root = tmp_path / "proj"
    shutil.copytree(toy.FIXTURE / "cards", root / "cards")
    shutil.copytree(toy.FIXTURE / "playtest", root / "playtest")
    path = root / "cards" / "toymatch.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["examples"][0]["expect"]["deck_size"] = 5
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return root


def test_playtest_command_passes(capsys):
    toy.rules()
    assert main(["-C", str(toy.FIXTURE), "playtest", "toymatch"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "3 passed, 0 failed"


def test_playtest_command_reports_a_failure(capsys, broken_project):
    toy.rules()
    assert main(["-C", str(broken_project), "playtest"]) == 1
    out = capsys.readouterr().out
    assert "FAIL toymatch/match-colour (cards/toymatch.yaml)" in out
    assert "deck_size: expected 5, got 1" in out
    assert "event log:" in out and "p2 が 1 枚引く。" in out
    assert out.splitlines()[-1] == "2 passed, 1 failed"


def test_playtest_command_without_rules_module_and_bad_input(capsys, tmp_path):
    # examples that no rules module can verify: exit status 1, saying how to add one
    assert main(["-C", str(Path(__file__).parent / "fixtures" / "mini"), "playtest"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert "mini: 1 example(s) not yet verified" in out[0] and "add rules/mini.py" in out[0]
    assert out[-1] == "0 passed, 0 failed"
    assert main(["-C", str(tmp_path), "playtest"]) == 2
    bad = tmp_path / "cards"
    bad.mkdir()
    (bad / "toymatch.yaml").write_text("game: [\n", encoding="utf-8")
    assert main(["-C", str(tmp_path), "playtest"]) == 2
    assert "toymatch.yaml:" in capsys.readouterr().err


def test_a_module_adds_its_own_expectation_keys(monkeypatch):
    monkeypatch.setattr(toy.rules().ToyState, "actual_passes", lambda self: self.passes,
                        raising=False)
    assert run(["p1 plays red-2"], expect={"passes": 0}).passed
    out = run(["p1 plays red-2"], expect={"passes": 2})
    assert not out.passed and "passes: expected 2, got 0" in out.detail


def test_shared_keys_read_direction_winner_and_empty_top():
    assert run(["p1 plays red-2"], expect={"direction": "時計回り", "over": False,
                                           "winner": None, "deck_size": 2}).passed
    setup = dict(SETUP, discard=[])
    assert run([], setup=setup, expect={"top": None, "discard_size": 0}).passed
    out = run([], setup=setup, expect={"top": "red-1"})
    assert "top: expected 'red-1', got None" in out.detail
