"""original-tcg's rules module: dealing, the notation, costs, the counter right, hidden cards,
and whole games played by bots to the end."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from deckwright.engine import EMPTY, GreedyBot, RandomBot, Refused
from deckwright.engine.fuzz import play, play_random
from deckwright.engine.setup import build_state, game_for_example
from deckwright.app.verify import verify_examples
from deckwright.model import Example, GameData, Project, load_game
from deckwright.app.registry import rules_for

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def data() -> GameData:
    return load_game(Project(ROOT), "original-tcg")


@pytest.fixture(scope="module")
def game(data: GameData):
    return rules_for("original-tcg")(data)


def position(data: GameData, setup: dict, steps: list[str] = ()):
    """A state built from an example-style setup, with `steps` taken."""
    ex = Example(id="t", title="t", setup=setup)
    state = build_state(game_for_example(rules_for("original-tcg"), data, ex), ex)
    for text in steps:
        player, action = state.parse_action(text)
        state.apply(action, player)
    return state


def test_every_example_passes(data: GameData) -> None:
    verdicts = verify_examples(data)
    failing = {k: v.detail.split("\nevent log")[0] for k, v in verdicts.items() if v.status != "verified"}
    assert not failing
    assert len(verdicts) >= 48


def test_deal_gives_each_seat_a_sample_deck(game) -> None:
    firsts = set()
    for seed in range(8):
        state = game.new_state(2, seed=seed)
        g = state.game
        fire = any(g.cid[i] == "infinite-hell" and state.owner[i] == 0 for i in range(len(g.cid)))
        firsts.add("fire-gilbia" if fire else "star-abyss")
    assert firsts == {"fire-gilbia", "star-abyss"}     # chance decides who plays which deck
    state = game.new_state(2, seed=7)
    fire_seat = state.owner[next(i for i in range(len(g.cid)) if g.cid[i] == "infinite-hell")]
    for p, deck in ((fire_seat, "fire-gilbia"), (1 - fire_seat, "star-abyss")):
        zones = [g.LIFE[p], g.HAND[p], g.SUPPORT[p]]
        sizes = [len(state.zones.piles[z]) for z in zones]
        assert sizes == [5, 5, 50]
        mine = [i for z in zones for i in state.zones.piles[z]]
        counts: dict[str, int] = {}
        for i in mine:
            counts[g.cid[i]] = counts.get(g.cid[i], 0) + 1
            assert state.owner[i] == p
        assert counts == game.data.deck_contents(deck)
    assert state.current_player() == 0 and state.phase == "draw"


def test_notation_round_trips_for_every_legal_action(game) -> None:
    seen = set()
    for seed in range(6):
        state = game.new_state(2, seed=seed)
        bot = RandomBot(seed)
        steps = 0
        while not state.is_over() and steps < 400:
            for action in state.legal_actions():
                text = state.action_to_string(action)
                assert state.parse_action(text) == (state.current_player(), action), text
                seen.add(action[0])
            state.apply(bot.act(state), check=False)
            steps += 1
    assert {"draw", "store", "summon", "move", "skip", "end", "act", "buy"} <= seen


def test_payment_rules(data: GameData) -> None:
    setup = {"turn": "p1", "p1": {"hand": ["binarukus-sage-dragon", "gilbia-flame-swordsman#3"],
                                  "warehouse": ["crazy-jack-tactics#1", "crazy-jack-tactics#2",
                                                "gilbia-flame-swordsman#1"]}}
    state = position(data, setup)
    refuse = lambda text: state.refusal(state.parse_action(text)[1], 0)  # noqa: E731
    assert "余分" in refuse("p1 summons gilbia-flame-swordsman#3 at camp1 paying "
                           "gilbia-flame-swordsman#1, crazy-jack-tactics#1")
    # one card sent to the graveyard may overshoot by one: 2 + 2 + 2 pays 5
    assert refuse("p1 summons binarukus-sage-dragon at camp1 paying crazy-jack-tactics#1!, "
                  "crazy-jack-tactics#2!, gilbia-flame-swordsman#1!") is None
    assert "属性" in refuse("p1 summons gilbia-flame-swordsman#3 at camp1 paying crazy-jack-tactics#1")
    # the canonical payment taps the fire card and sends the last picked cards to the graveyard
    _p, action = state.parse_action("p1 summons binarukus-sage-dragon at camp1")
    assert state.refusal(action, 0) is None
    state.apply(action, 0)
    g = state.game
    assert len(state.zones.piles[g.GRAVE[0]]) == 2 and state.actual_tapped() == {"p1": 1, "p2": 0}


def test_counter_right_goes_to_the_turn_player_first(data: GameData) -> None:
    setup = {"turn": "p1",
             "p1": {"camp": {"1": ["demon-dragon-flame"], "2": ["overcloud-golem#1"]},
                    "warehouse": ["gilbia-flame-swordsman#1", "gilbia-flame-swordsman#2"]},
             "p2": {"camp": {"3": ["overcloud-golem#2"]}}}
    state = position(data, setup, ["p1 activates demon-dragon-flame fireball on p2"])
    assert state.current_player() == 0 and state.window is not None
    with pytest.raises(Refused, match="順番"):
        state.apply(state.parse_action("p2 passes")[1], 1)
    state.apply(("pass",), 0)
    assert state.current_player() == 1
    state.apply(("pass",), 1)
    assert state.window is None and state.counters == [0, 2]


def test_facedown_spell_is_hidden_from_the_opponent(data: GameData) -> None:
    setup = {"turn": "p2", "p2": {"hand": ["invisible-current"]}}
    state = position(data, setup, ["p2 casts invisible-current at camp1 facedown"])
    theirs = state.view(0)["zones"]["veiled p2"]
    assert theirs["count"] == 1 and theirs["shown"] == []
    assert state.view(1)["zones"]["veiled p2"] == ["不可視の水流"]


def test_summoned_soldier_fights_the_enemy_in_its_square(data: GameData) -> None:
    setup = {"turn": "p1", "p1": {"hand": ["gilbia-flame-swordsman#1"],
                                  "warehouse": ["gilbia-flame-swordsman#2"]},
             "p2": {"enemy_camp": {"1": ["orb-of-sorrow"]}}}
    state = position(data, setup, ["p1 summons gilbia-flame-swordsman#1 at camp1"])
    g = state.game
    # the orb (power 0) loses: the swordsman takes its square with -0, p2 takes 2 damage
    assert state.zones.piles[g.SOLD][0] == g.catalogue.resolve("gilbia-flame-swordsman#1")[0]
    assert state.counters == [0, 2] and not state.zones.piles[g.ARENA]


def test_same_seed_same_game_and_replay(game) -> None:
    a = play_random(game, 11)
    b = play_random(game, 11)
    assert a.state.history == b.state.history and a.state.sentences() == b.state.sentences()
    again = game.replay(2, a.state.history)
    assert again.winner() == a.state.winner() and again.sentences() == a.state.sentences()


def test_seeded_games_play_as_they_always_have(game) -> None:
    """The same seeds play the same games, move for move, sentence for sentence: speeding up
    the listing of legal actions must not change a single decision of a seeded game (a rule
    change that does is a new game: update the digest then, and say so in its commit)."""
    digest = hashlib.sha256()
    for seed in range(10):
        state = play_random(game, seed).state
        digest.update(repr((state.history, state.sentences(), state.scores())).encode())
    assert digest.hexdigest()[:16] == "01550bebb894cd70"


def test_answers_remembered_while_listing_match_fresh_ones(game) -> None:
    """A listing works out each payment and the auras in force once (`Board._memo`); after
    every decision of seeded random games the legal actions come out the same, in the same
    order, when the phase's listing runs without the memo, and no memo outlives a listing."""
    from deckwright.rules.original_tcg.state import LISTS
    decisions = 0
    for seed in range(20):
        state = game.new_state(2, seed=seed)
        bot = RandomBot(seed)
        while not state.is_over():
            actions = state.legal_actions()
            assert state._memo is None, (seed, decisions)
            fresh = (state._window_actions(state.current_player()) if state.window is not None
                     else LISTS[state.phase](state, state.turns.current))
            assert fresh == actions, (seed, decisions)
            state.apply(bot.choose(state, actions), check=False)
            decisions += 1
    assert decisions > 1000


def test_watched_field_cards_match_a_fresh_look_after_every_decision(game) -> None:
    """The zones keep the cards with an aura, a counter effect or a normal effect that are on
    the field (`zones.watched`), which the listing, the counter windows and every soldier's
    stats read instead of scanning the field: after every decision of seeded random games
    they are what a fresh look at the piles finds, and each of them is sometimes not empty."""
    from deckwright.rules.original_tcg.facts import W_AURA, W_COUNTER, W_NORMAL
    decisions, seen = 0, set()
    for seed in range(max(10, int(os.environ.get("DECKWRIGHT_FUZZ_GAMES", "200")) // 10)):
        state = game.new_state(2, seed=seed)
        bot = RandomBot(seed)
        while not state.is_over():
            state.apply(bot.choose(state, state.legal_actions()), check=False)
            fresh = game.watches.scan(state.zones.where)
            assert state.zones.watched == fresh, (seed, decisions)
            seen.update(k for k in (W_AURA, W_COUNTER, W_NORMAL) if fresh[k])
            decisions += 1
    assert decisions > 1000 and seen == {W_AURA, W_COUNTER, W_NORMAL}


def test_a_watched_set_out_of_step_breaks_the_invariants(game) -> None:
    from deckwright.engine import InvariantError
    from deckwright.rules.original_tcg.facts import W_COUNTER
    state = game.new_state(2, seed=3)
    bot = RandomBot(3)
    while not state.zones.watched[W_COUNTER]:
        state.apply(bot.choose(state, state.legal_actions()), check=False)
    state.check()
    state.zones.watched[W_COUNTER].clear()      # a move that forgot to tell the zones
    with pytest.raises(InvariantError, match="watched group 1"):
        state.check()


def test_a_spell_or_land_on_the_other_players_square_breaks_the_invariants(game) -> None:
    """Upkeep looks only at the turn player's own five squares (`begin_upkeep`): that holds
    while a spell or land only ever stands on its owner's, which checked games assert."""
    from deckwright.engine import InvariantError
    state = game.new_state(2, seed=5)
    bot = RandomBot(5)
    ground = state.zones.piles[game.GROUND]
    while all(i == EMPTY for i in ground):
        state.apply(bot.choose(state, state.legal_actions()), check=False)
    state.check()
    cell = next(c for c, i in enumerate(ground) if i != EMPTY)
    other = (cell + 5) % 10     # the same column on the other player's side
    ground[cell], ground[other] = ground[other], ground[cell]
    with pytest.raises(InvariantError, match="other player's square"):
        state.check()


def test_random_games_end_with_invariants_checked(game) -> None:
    ends = set()
    for seed in range(12):
        played = play_random(game, seed, check=True)
        assert played.state.is_over()
        ends.add(played.state.log.entries[-1][0])
        assert played.state.stack == [] or played.state.over
    assert "lose" in ends


def test_greedy_bots_finish_and_beat_random(game) -> None:
    wins = 0
    for seed in range(6):
        bots = [GreedyBot(seed), RandomBot(seed)] if seed % 2 == 0 else [RandomBot(seed), GreedyBot(seed)]
        played = play(game, bots, seed=seed)
        assert played.state.is_over()
        greedy = 0 if seed % 2 == 0 else 1
        wins += played.state.winner() == greedy
    assert wins >= 4


def test_field_is_consistent_after_combat(data: GameData) -> None:
    setup = {"turn": "p1", "p1": {"battlefield": {"2": ["binarukus-sage-dragon"]},
                                  "camp": {"2": ["gilbia-flame-swordsman#1"], "1": ["gilbia-flame-swordsman#2"],
                                           "3": ["gilbia-flame-swordsman#3"], "4": ["gilbia-flame-swordsman#4"],
                                           "5": ["gilbia-flame-swordsman#5"]},
                                  "warehouse": ["fire-rain"]}}
    state = position(data, setup, ["p1 moves binarukus-sage-dragon to enemy2"])
    g = state.game
    # own camp is full: the dragon goes back to the square it came from
    dragon = g.catalogue.resolve("binarukus-sage-dragon#1")[0]
    assert state.cell_of(dragon) == 5 + 1
    assert state.counters[1] == 7 and state.combat == [] and EMPTY not in [state.soldier_at(c) for c in range(5)]


def test_reworded_texts_do_not_follow_the_source_sentences(data: GameData) -> None:
    rulings = {r.id: r for r in data.db.rulings}
    assert "その兵自身が対抗して" not in rulings["self-counter"].text
    assert "練兵場" in rulings["drill-ground-combat"].text and "ダメージ" in rulings["drill-ground-combat"].text
    damage = next(s for s in data.db.rules if s.id == "damage")
    assert "受けたダメージの分だけ" not in damage.body
    glossary = {t.term: t.text for t in data.db.glossary}
    assert "以下のテキストを得る" not in glossary["黄金"] and "黄金" in glossary["異界"]
    dragon = data.cards["black-tower-dragon-gold"]
    assert "相手の陣にいる相手の兵を全て破棄する" not in dragon.effects[0].text
