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
from deckwright.app.verify import verify_examples  # noqa: E402
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
    assert not out.passed and "expected reason containing '順番'" in out.detail
    assert "場札と色も数も合わない" in out.detail


def test_expectations_mid_script_and_at_the_end_show_expected_and_actual():
    out = run(["p1 plays red-2", {"expect": {"top": "blue-3"}}])
    assert not out.passed
    assert "step 2 expect top: expected blue-3, got red-2" in out.detail
    out = run(["p1 plays red-2"], expect={"hand_sizes": {"p1": 2}})
    assert out.detail.endswith("expect hand_sizes p1: expected 2, got 1")   # only what differs


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
    assert list(verdicts) == ["match-colour", "plus2-blocked", "reverse-then-skip",
                              "steal-countered-twice", "gift-resolves-from-the-giver",
                              "call-rechecks-who-can-snap"]
    assert all(v.status == "verified" for v in verdicts.values()), verdicts
    assert "p2 が red-block で +2 を防ぐ。" in verdicts["plus2-blocked"].log
    # the three other windows, each as the toy plays it
    steal = verdicts["steal-countered-twice"].log
    assert steal.index("p3 が blue-block で対抗する。") < steal.index("p1 が red-block で対抗する。")
    assert "blue-block は打ち消される。" in steal and "p1 が p2 から 1 枚もらう。" in steal
    gift = [s for s in verdicts["gift-resolves-from-the-giver"].log if "点を得る" in s]
    assert gift == ["p2 が blue-2 の 2 点を得る。", "p3 が blue-1 の 1 点を得る。",
                    "p1 が red-3 の 3 点を得る。"]
    call = verdicts["call-rechecks-who-can-snap"].log
    assert [s for s in call if "スナップ" in s] == [
        "p2 が red-2 をスナップする。", "p3 が blue-2 をスナップする。", "p1 が blue-3 をスナップする。"]


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
    assert out[-1] == "6 passed, 0 failed"


def test_playtest_command_reports_a_failure(capsys, broken_project):
    toy.rules()
    assert main(["-C", str(broken_project), "playtest"]) == 1
    out = capsys.readouterr().out
    assert "FAIL toymatch/match-colour (cards/toymatch.yaml)" in out
    assert "deck_size: expected 5, got 1" in out
    assert "event log:" in out and "p2 が 1 枚引く。" in out
    assert out.splitlines()[-1] == "5 passed, 1 failed"


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
    assert "top: expected red-1, got nothing" in out.detail


BROKEN = """\
game: toymatch
examples:
  - id: broken
    title: 壊れた例
    setup: {players: 2, turn: p1, hands: {p1: [red-2, blue-3], p2: [blue-1, blue-2]}, discard: [red-1], deck: [red-3, blue-3]}
    steps:
      - p1 plays red-2
      - expect: {top: blue-3}
      - p2 draws
    expect:
      hands:
        p1: [blue-3]
        p2: [blue-1, blue-2, blue-3]
      deck_size: 1
      turn: p2
"""


def _project_with(tmp_path, name, text):
    root = tmp_path / "proj"
    shutil.copytree(toy.FIXTURE / "cards", root / "cards")
    (root / "playtest" / "toymatch").mkdir(parents=True)
    (root / "playtest" / "toymatch" / name).write_text(text, encoding="utf-8")
    return root


def test_a_broken_example_reports_every_failing_expectation_at_its_line(capsys, tmp_path):
    toy.rules()
    root = _project_with(tmp_path, "broken.yaml", BROKEN)
    assert main(["-C", str(root), "playtest"]) == 1
    out = capsys.readouterr().out.splitlines()
    fail = out.index("FAIL toymatch/broken (playtest/toymatch/broken.yaml)")
    report = out[fail + 1:out.index("  event log:", fail)]
    assert report == [
        "  playtest/toymatch/broken.yaml:8: step 2 expect top: expected blue-3, got red-2",
        "  playtest/toymatch/broken.yaml:13: expect hands p2: expected [blue-1, blue-2, blue-3], "
        "got [blue-1, blue-2, red-3] (missing blue-3; extra red-3)",
        "  playtest/toymatch/broken.yaml:15: expect turn: expected p2, got p1",
    ]   # p1's hand and deck_size are right, so they are not mentioned


def test_notation_errors_are_bad_input_with_file_and_line(capsys, tmp_path):
    toy.rules()
    text = BROKEN.replace("      - p2 draws\n", "      - p2 dances\n").replace(
        "      turn: p2\n", "      colour: red\n")
    root = _project_with(tmp_path, "broken.yaml", text)
    assert main(["-C", str(root), "playtest"]) == 2
    err = capsys.readouterr().err
    assert "playtest/toymatch/broken.yaml:9:9: step 3 'p2 dances' is not a decision in this " \
           "game's notation" in err
    for bad, line in (("p2 plays purple-9", "unknown card"), ("p7 draws", "not a player")):
        root = _project_with(tmp_path / bad.split()[0] / "x", "broken.yaml",
                             BROKEN.replace("      - p2 draws\n", f"      - {bad}\n"))
        assert main(["-C", str(root), "playtest"]) == 2
        err = capsys.readouterr().err
        assert "broken.yaml:9:9: step 3" in err and line in err, err
    # check finds them too, without running the playtest command
    root = _project_with(tmp_path / "k", "broken.yaml", text)
    assert main(["-C", str(root), "check"]) == 2
    err = capsys.readouterr().err
    assert "broken.yaml:9:9: step 3 'p2 dances'" in err
    assert "broken.yaml:15:7: expect unknown expect key 'colour'" in err


AUTO = """\
game: toymatch
auto_pass: true
examples:
  - id: steal-auto
    title: 対抗しない人は書かない
    setup:
      players: 3
      hands: {p1: [red-steal, red-block, red-1], p2: [blue-2, blue-block], p3: [blue-block, blue-3]}
      discard: [red-2]
      deck: [blue-2]
    steps:
      - p1 plays red-steal
      - p3 blocks
    expect: {hands: {p1: [red-block, red-1]}, events: [red-steal は打ち消される]}
  - id: strict-here
    title: この例は厳密
    auto_pass: false
    setup:
      players: 3
      hands: {p1: [red-steal, red-1], p2: [blue-2, blue-block], p3: [blue-block, blue-3]}
      discard: [red-2]
      deck: [blue-2]
    steps:
      - p1 plays red-steal
      - p3 blocks
"""


def test_auto_pass_passes_for_players_the_script_does_not_name(tmp_path):
    toy.rules()
    root = _project_with(tmp_path, "auto.yaml", AUTO)
    verdicts = verify_examples(load_game(Project(root), "toymatch"))
    auto = verdicts["steal-auto"]
    assert auto.status == "verified", auto.detail
    # p1 and p2 let the Steal go before p3's Block; after it, p1 and p2 again
    assert auto.auto_passes == ((2, ("p1", "p2")), (3, ("p1", "p2")))
    strict = verdicts["strict-here"]
    assert strict.status == "failing" and not strict.bad_input
    assert ("auto.yaml:25: step 2 'p3 blocks': the script does not give p2's decision, which "
            "comes first: in the open response window p2, p3 still have to decide") in strict.detail


def test_refusals_match_by_rule_id(monkeypatch):
    from deckwright.engine import Reason
    monkeypatch.setattr(toy.rules().ToyState, "why_illegal",
                        lambda self, a: Reason("場札と色も数も合わない", "match-rule"))
    assert run([{"refused": "p1 plays blue-3", "because": "match-rule"}]).passed
    assert run([{"refused": "p2 plays blue-1", "because": "not-your-turn"}]).passed
    out = run([{"refused": "p1 plays blue-3", "because": "not-your-turn"}])
    assert not out.passed
    assert ("refused with '場札と色も数も合わない' (rule match-rule), expected rule 'not-your-turn'"
            in out.detail)


def test_cards_drawn_from_a_deck_the_setup_did_not_give_are_reported():
    """An outcome that depends on the unstated deck (the rest, shuffled) names those cards, so
    the rulebook can print them with the setup."""
    setup = {k: v for k, v in SETUP.items() if k != "deck"}
    setup["hands"] = {"p1": ["blue-3"], "p2": ["blue-1"]}
    out = run(["p1 draws"], setup=setup)
    assert out.passed, out.detail
    drawn = out.setup_defaults["deck"]
    assert len(drawn) == 1
    hand = out.state.zones.piles[out.state.game.HAND[0]]
    assert drawn == [out.state.game.catalogue.ref(hand[-1])]
    # a stacked deck is stated: nothing to report
    assert run(["p1 plays red-2", "p2 draws"]).setup_defaults == {}


def test_auto_pass_lets_the_asked_player_pass_when_their_step_comes_after_the_window():
    setup = {"players": 3, "turn": "p2", "discard": ["blue-3"], "deck": ["red-3"],
             "hands": {"p1": ["red-3", "red-1"], "p2": ["blue-gift", "blue-2"],
                       "p3": ["blue-1", "red-skip"]}}
    example = Example.model_validate({"id": "t", "title": "t", "setup": setup, "auto_pass": True,
                                      "steps": ["p2 plays blue-gift", "p3 draws"]})
    out = run_example(toy.rules().ToyMatch, toy.data(), example)
    assert out.passed, out.detail
    # p3 was asked first, but 'p3 draws' is no gift: everyone passes, then p3's turn
    assert out.auto_passes == [(2, ["p3", "p1", "p2"])]
    assert out.state.zones.size(out.state.game.HAND[2]) == 3


def test_unknown_cards_and_players_in_expectations_are_bad_input():
    out = run(["p1 plays red-2"], expect={"top": "purple-9"})
    assert out.bad_input and "expect top: unknown card purple-9" in out.detail
    out = run(["p1 plays red-2"], expect={"hands": {"p7": ["red-1"]}})
    assert out.bad_input and "expect hands p7: no such entry (known: p1, p2)" in out.detail
    out = run(["p1 plays red-2"], expect={"top": "blue-3"})
    assert not out.passed and not out.bad_input          # a real mismatch is not bad input


def test_auto_pass_passes_the_steps_player_after_others_passed_first():
    setup = {"players": 3, "turn": "p1", "discard": ["red-2"], "deck": ["red-3"],
             "hands": {"p1": ["red-steal", "red-block", "red-1"], "p2": ["blue-block", "blue-2"],
                       "p3": ["blue-3"]}}
    example = Example.model_validate({"id": "t", "title": "t", "setup": setup, "auto_pass": True,
                                      "steps": ["p1 plays red-steal", "p2 draws"]})
    out = run_example(toy.rules().ToyMatch, toy.data(), example)
    assert out.passed, out.detail
    # p1 has the first right and lets it go; then p2, whose step comes after the window
    assert out.auto_passes == [(2, ["p1", "p2"])]
    assert "p1 が p2 から 1 枚もらう。" in out.log
