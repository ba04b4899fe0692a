"""treasure-scramble's rules module: the sheet's examples, the reconstructed base game, bots.

The examples in cards/treasure-scramble.yaml are the main specification (each is run strictly);
the tests here cover what examples cannot say well: a real deal, whole games by bots,
determinism and replay, hidden information, and resolution-order corner cases.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from deckwright.engine import GreedyBot, RandomBot, Refused
from deckwright.engine.fuzz import play
from deckwright.engine.setup import build_state, game_for_example
from deckwright.app.verify import verify_examples
from deckwright.model import Example, GameData, Project, load_game
from deckwright.app.registry import rules_for

ROOT = Path(__file__).resolve().parent.parent
ALL_TREASURE_POINTS = 7 * 1 + 4 * 3 + 2 * 5


@pytest.fixture(scope="module")
def data() -> GameData:
    return load_game(Project(ROOT), "treasure-scramble")


@pytest.fixture(scope="module")
def game(data: GameData) -> Any:
    return rules_for("treasure-scramble")(data)


def state_from(data: GameData, setup: dict[str, Any]) -> Any:
    """A state built the way the harness builds an example's."""
    example = Example(id="t", title="t", setup=setup)
    return build_state(game_for_example(rules_for("treasure-scramble"), data, example), example)


def do(state: Any, *steps: str) -> None:
    for text in steps:
        player, action = state.parse_action(text)
        state.apply(action, player)


def test_every_example_is_verified(data: GameData) -> None:
    verdicts = verify_examples(data)
    failing = {k: v.detail for k, v in verdicts.items() if v.status != "verified"}
    assert not failing
    assert len(verdicts) >= 29


def test_a_real_deal_follows_the_project_rulings(game: Any) -> None:
    state = game.new_state(4, seed=3)
    sizes = [len(state.hand(p)) for p in range(4)]
    assert sizes == [6, 5, 5, 5]          # five each, and p1 has drawn for the first turn
    assert state.zones.size(game.DECK) == 60 - 21
    assert state.phase == "gathering" and state.quota == 16
    assert state.field_size() == 0 and state.current_player() == 0


def test_the_flipper_is_asked_last_but_resolves_first(data: GameData) -> None:
    state = state_from(data, {"players": 3, "phase": "scramble", "turn": "p1",
                              "field": ["gold-coin", "gold-coin#2"],
                              "hands": {"p1": ["suction"], "p2": ["suction#2"],
                                        "p3": ["reflect"]}})
    do(state, "p1 flips f1")
    assert state.current_player() == 1      # the flipper's left neighbour is asked first
    do(state, "p2 declares suction#2", "p3 passes", "p1 declares suction")
    # p1's Suction resolves first, p2's later one overrides it
    assert [state.game.ids[c] for c in state.zones.piles[state.game.WON[1]]] == ["gold-coin"]
    assert state.score == [0, 1, 0]


def test_a_nullify_after_a_suction_leaves_that_suction_standing(data: GameData) -> None:
    state = state_from(data, {"players": 4, "phase": "scramble", "turn": "p3",
                              "field": ["ancient-treasure", "gold-coin"],
                              "hands": {"p1": ["nullify"], "p2": ["suction"],
                                        "p3": ["gold-coin#3"], "p4": ["suction#2"]}})
    do(state, "p3 flips f1", "p4 declares suction#2", "p1 declares nullify",
       "p2 declares suction", "p3 passes")
    # order from the flipper p3: p4 (Suction, stands), p1 (Nullify), p2 (cancelled)
    assert state.score == [0, 0, 0, 3]


def test_players_without_cards_are_not_asked(data: GameData) -> None:
    state = state_from(data, {"players": 4, "phase": "scramble", "turn": "p2",
                              "field": ["gold-coin", "gold-coin#2"],
                              "hands": {"p1": ["suction"], "p2": [], "p3": [], "p4": ["reflect"]}})
    do(state, "p2 flips f1")
    asked = []
    while state.window is not None:
        asked.append(state.current_player())
        do(state, f"p{state.current_player() + 1} passes")
    assert asked == [3, 0]                  # p4 then p1; p3 and the flipper p2 hold nothing
    assert state.score == [0, 1, 0, 0] and state.current_player() == 2


def test_notation_round_trips_every_legal_action(game: Any) -> None:
    from deckwright.engine.bots import RandomBot
    for players in (2, 4):
        state, bot = game.new_state(players, seed=5), RandomBot(9)
        while not state.is_over():
            for action in state.legal_actions():
                text = state.action_to_string(action)
                assert state.parse_action(text) == (state.current_player(), action), text
            state.apply(bot.act(state), check=False)


def test_refusals_change_nothing(data: GameData) -> None:
    state = state_from(data, {"players": 2, "phase": "gathering", "turn": "p1",
                              "field": ["gold-coin"],
                              "hands": {"p1": ["suction", "swap"], "p2": ["reflect"]},
                              "deck": ["nullify", "gold-coin#2"]})
    before = (list(state.zones.where), state.current_player(), len(state.history))
    for text, reason in (("p1 places suction", "割込カード"), ("p1 passes", "伏せられる"),
                         ("p2 places reflect", "順番")):
        player, action = state.parse_action(text)
        with pytest.raises(Refused, match=reason):
            state.apply(action, player)
    assert (list(state.zones.where), state.current_player(), len(state.history)) == before


def test_time_skip_marks_do_not_stack(data: GameData) -> None:
    state = state_from(data, {"players": 3, "phase": "gathering", "turn": "p1",
                              "field": ["gold-coin"],
                              "hands": {"p1": ["time-skip"], "p2": ["time-skip#2"],
                                        "p3": ["gold-coin#2"]},
                              "deck": ["ancient-treasure", "gold-coin#3", "gold-coin#4",
                                       "gold-coin#5", "gold-coin#6"]})
    do(state, "p1 uses time-skip on p3")
    assert state.actual_skips() == ["p3"]
    do(state, "p2 uses time-skip#2 on p3")
    assert state.current_player() == 0      # p3 lost exactly one turn ...
    assert state.actual_skips() == []
    assert sum("p3 の手番を飛ばす" in s for s in state.sentences()) == 1
    do(state, "p1 places ancient-treasure", "p2 places gold-coin#3")
    assert state.current_player() == 2      # ... and plays the next one


def test_views_hide_face_down_cards_but_remember_what_a_player_placed(data: GameData) -> None:
    state = state_from(data, {"players": 2, "phase": "gathering", "turn": "p1",
                              "hands": {"p1": ["eminit-treasure"], "p2": ["reflect"]},
                              "deck": ["gold-coin", "gold-coin#2", "gold-coin#3"]})
    do(state, "p1 places eminit-treasure")
    mine, theirs = state.view(0), state.view(1)
    # the player who placed it sees it face down; the other sees a face-down card
    assert mine["zones"]["field"][0] == {"known": "エミニットの秘宝"}
    assert theirs["zones"]["field"][0] == "?"
    assert mine["known"] == {"f1": "エミニットの秘宝"} and theirs["known"] == {}
    assert theirs["zones"]["hand p1"] == {"count": 1, "shown": []}


def test_clone_is_independent_mid_window(data: GameData) -> None:
    state = state_from(data, {"players": 2, "phase": "scramble", "turn": "p1",
                              "field": ["gold-coin", "gold-coin#2"],
                              "hands": {"p1": ["reflect"], "p2": ["suction"]}})
    do(state, "p1 flips f1")
    copy = state.clone()
    do(copy, "p2 declares suction", "p1 passes")
    assert copy.score == [0, 1] and state.score == [0, 0]
    assert state.current_player() == 1 and state.window is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_whole_games_to_the_end(game: Any, players: int) -> None:
    for seed in range(8):
        bots = [GreedyBot(seed)] + [RandomBot(seed * 10 + k) for k in range(1, players)]
        state = play(game, bots, seed=seed, players=players, check=True).state
        assert state.is_over() and state.field_size() == 0
        assert 0 <= sum(state.scores()) <= ALL_TREASURE_POINTS
        assert state.is_drawn() == (state.winner() is None)


def test_same_seed_same_game_and_replay_rebuilds_it(game: Any) -> None:
    def run() -> Any:
        return play(game, [GreedyBot(1), RandomBot(2), GreedyBot(3)], seed=11, players=3).state

    first, second = run(), run()
    assert first.history == second.history and first.sentences() == second.sentences()
    again = game.replay(3, first.history)
    assert again.is_over() and again.scores() == first.scores()
    assert again.zones.where == first.zones.where


def test_reconstructed_effects_of_named_cards_are_marked() -> None:
    from deckwright.model import Project, load_game
    data = load_game(Project(Path(__file__).resolve().parent.parent), "treasure-scramble")
    marked = {(c.id, e.kind) for c in data.db.cards for e in c.effects if e.origin == "project"}
    assert {("time-skip", "use"), ("swap", "use"), ("swap", "taken"), ("big-release", "use")} <= marked


def test_the_turns_forced_draw_is_reported_for_the_printed_flow(data: GameData) -> None:
    """No step gives the gathering turn's draw: the verdict says where it happened, so the
    rulebook shows it (an example's outcome never depends on an invisible step)."""
    verdict = verify_examples(data)["swap-must-exchange"]
    assert verdict.status == "verified"
    assert verdict.automatic[0] == (0, ("p1 が手番のはじめに山札から 1 枚引く。",))
    assert all("手番のはじめに" in s for _, said in verdict.automatic for s in said)
