"""super-page-one's rules module: dealing, notation, replay, bots to the end, hidden hands, and
card facts read from the database (the worked examples themselves run in `deckwright playtest`).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from deckwright.engine import GreedyBot, RandomBot
from deckwright.engine.fuzz import play
from deckwright.engine.script import run_example
from deckwright.app.verify import verify_examples
from deckwright.model import Example, Project, load_game
from deckwright.app.registry import rules_for
from deckwright.rules.super_page_one.actions import DOBON, REVOLUTION

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def data():
    return load_game(Project(ROOT), "super-page-one")


@pytest.fixture(scope="module")
def game(data):
    return rules_for("super-page-one")(data)


def test_every_example_passes(data) -> None:
    verdicts = verify_examples(data)
    failing = {k: v.detail for k, v in verdicts.items() if v.status != "verified"}
    assert not failing
    assert len(verdicts) >= 39


def test_examples_name_each_card_once(data) -> None:
    """A card named twice would make the harness add a second copy to the 54-card deck."""
    for _, ex in data.all_examples():
        setup = ex.setup
        refs = [r for hand in (setup.get("hands") or {}).values() for r in hand]
        for key in ("deck", "discard", "zone"):
            refs += setup.get(key) or []
        assert [r for r, n in Counter(refs).items() if n > 1] == [], ex.id


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_gives_six_each_and_flips_one(game, players: int) -> None:
    state = game.new_state(players, seed=players)
    for p in range(players):
        assert len(state.hand(p)) == 6
    assert len(state.zones.piles[game.FIELD]) == 1
    assert len(state.zones.piles[game.DECK]) == 54 - 6 * players - 1
    assert state.phase == "turn" and state.current_player() == 0
    assert state.pending == 0


def test_notation_round_trips_for_every_legal_action(game) -> None:
    seen = Counter()
    for seed in range(30):
        state = game.new_state(4, seed)
        bot = RandomBot(seed)
        while not state.is_over():
            me = state.current_player()
            for action in state.legal_actions():
                text = state.action_to_string(action)
                assert state.parse_action(text) == (me, action), text
                seen[text.split()[1]] += 1
            state.apply(bot.act(state), check=False)
    # the random games reach every kind of decision
    assert set(seen) >= {"plays", "draws", "keeps", "targets", "activates", "declines", "gives",
                         "discards", "echoes", "cancels", "kicks", "passes"}


def test_replay_rebuilds_the_same_game_from_its_history(game) -> None:
    bots = [RandomBot(10 + p) for p in range(3)]
    played = play(game, bots, seed=7, players=3, check=True)
    again = game.replay(3, played.state.history)
    assert again.zones.piles == played.state.zones.piles
    assert again.finished == played.state.finished
    assert again.sentences() == played.state.sentences()


def test_same_seed_same_game(game) -> None:
    a = play(game, [RandomBot(p) for p in range(4)], seed=3, players=4)
    b = play(game, [RandomBot(p) for p in range(4)], seed=3, players=4)
    assert a.state.history == b.state.history and a.decisions == b.decisions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("bot", [RandomBot, GreedyBot])
def test_bots_play_to_the_end_with_a_full_ranking(game, players: int, bot) -> None:
    for seed in range(5):
        played = play(game, [bot(seed * 10 + p) for p in range(players)], seed=seed,
                      players=players, check=True)
        state = played.state
        assert sorted(state.finished) == list(range(players))
        assert sorted(state.scores()) == list(range(players))
        assert state.winner() == state.finished[0]
        # every card is still somewhere: 54 in all
        assert sum(len(pile) for pile in state.zones.piles) == 54


def test_a_view_hides_the_other_hands(game) -> None:
    state = game.new_state(3, seed=1)
    view = state.view(0)
    mine = [state.card_label(c) for c in state.hand(0)]
    assert view["zones"]["hand p1"] == mine
    for p in (1, 2):
        hidden = view["zones"][f"hand p{p + 1}"]
        assert hidden["count"] == 6 and hidden["shown"] == []
    assert view["zones"]["deck"]["count"] == 54 - 19
    assert view["zones"]["discard"]["top"] == state.card_label(state.top())


def _example(setup: dict, steps: list, expect: dict) -> Example:
    return Example(id="probe", title="probe", setup=setup, steps=steps, expect=expect)


def test_effect_numbers_are_read_from_the_database(data) -> None:
    """A designer who makes the 2 a draw-three changes the game with YAML only."""
    db = data.db.model_copy(deep=True)
    for card in db.cards:
        if card.rank == 2:
            card.effects = [e.model_copy(update={"script": {**e.script, "amount": 3}})
                            for e in card.effects]
    changed = type(data)(db=db, path=data.path, project=data.project)
    cls = rules_for("super-page-one")
    ex = _example({"players": 3, "hands": {"p1": ["s-2", "h-3"], "p2": ["d-7"], "p3": ["c-4"]},
                   "deck": ["c-3", "h-6", "d-4", "s-8"], "discard": ["s-6"]},
                  ["p1 plays s-2", "p2 draws"], {"hand_sizes": {"p2": 4}, "deck_size": 1})
    assert run_example(cls, changed, ex).passed
    assert not run_example(cls, data, ex).passed   # the printed game draws two


def test_a_refused_dobon_names_the_rule_even_out_of_turn(data) -> None:
    cls = rules_for("super-page-one")
    ex = _example({"players": 3, "hands": {"p1": ["s-9"], "p2": ["h-a", "c-5", "d-3", "joker-1"],
                                           "p3": ["c-4", "h-6"]},
                   "deck": ["c-3"], "discard": ["s-3"]}, [], {"turn": "p1"})
    state = run_example(cls, data, ex).state
    dobon = state.parse_action("p2 dobon")
    assert "ジョーカー" in state.refusal(dobon[1], dobon[0])
    draws = state.parse_action("p2 draws")
    assert "順番" in state.refusal(draws[1], draws[0])


def test_player_counts_agree_with_the_database(data, game) -> None:
    players = data.db.game.players
    assert (game.facts.min_players, game.facts.max_players) == (players.min, players.max)


def test_text_that_is_no_decision_is_a_notation_error(game) -> None:
    from deckwright.engine import NotationError
    state = game.new_state(3, seed=0)
    for text in ("p1 jumps", "p1 plays", "p9 draws", "p1 targets s-3", "p1 draws now"):
        with pytest.raises(NotationError):
            state.parse_action(text)


def test_greedy_beats_random_bots(game) -> None:
    """The greedy bot (Dobon and Revolution first, effects over plain cards, draw last) should
    finish first clearly more often than a random bot in the same seat rotation."""
    wins = Counter()
    for seed in range(60):
        kinds = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        bots = [GreedyBot(seed) if k == "greedy" else RandomBot(seed) for k in kinds]
        state = play(game, bots, seed=seed, players=2).state
        wins[kinds[state.winner()]] += 1
    assert wins["greedy"] > wins["random"]


def test_a_compulsory_seven_still_names_its_target_first(data) -> None:
    """Making the 7 compulsory in YAML takes 'declines' away but keeps Q&A 1's order."""
    db = data.db.model_copy(deep=True)
    for card in db.cards:
        if card.rank == 7:
            card.effects = [e.model_copy(update={"script": {**e.script, "optional": False}})
                            for e in card.effects]
    changed = type(data)(db=db, path=data.path, project=data.project)
    cls = rules_for("super-page-one")
    setup = {"players": 3, "hands": {"p1": ["s-7", "h-3"], "p2": ["d-9"], "p3": ["c-4"]},
             "deck": ["c-3"], "discard": ["s-6"]}
    ex = _example(setup, ["p1 plays s-7", {"refused": "p1 declines"}, "p1 targets p2",
                          "p1 gives h-3"], {"hands": {"p1": [], "p2": ["d-9", "h-3"]}})
    outcome = run_example(cls, changed, ex)
    assert outcome.passed, outcome.detail
    assert not run_example(cls, data, _example(setup, ["p1 plays s-7", {"refused": "p1 declines"}],
                                               {})).passed


def test_a_revealed_king_is_seen_by_everyone(data) -> None:
    cls = rules_for("super-page-one")
    ex = _example({"players": 3, "hands": {"p1": ["s-4", "c-9"], "p2": ["d-k", "h-3"],
                                           "p3": ["c-6", "d-2"]},
                   "deck": ["c-3"], "discard": ["s-9"]},
                  ["p1 plays s-4", "p2 kicks d-k"], {"revealed": {"p2": ["d-k"]}})
    outcome = run_example(cls, data, ex)
    assert outcome.passed, outcome.detail
    state = outcome.state
    seen = state.view(2)["zones"]["hand p2"]
    assert seen["count"] == 3 and seen["shown"] == [state.card_label(state.hand(1)[0])]
    assert state.view(0)["revealed"] == ["♦K"]


def test_a_hand_dealt_as_a_dobon_may_declare_before_the_first_play(game) -> None:
    """Special wins are 'at any moment': a fresh deal is asked too (the turn player in turn)."""
    for seed in range(400):
        state = game.new_state(4, seed)
        if state.phase == "react":
            asked = state.current_player()
            assert asked != 0
            assert {DOBON, REVOLUTION} & {a[0] for a in state.legal_actions()}
            return
    pytest.fail("no deal in 400 seeds gave anyone a Dobon or Revolution")
