"""ghost-couple's rules module beyond its examples: notation, hidden information, whole games.

The worked examples (cards/ghost-couple.yaml, playtest/ghost-couple/) are run by
tests/test_examples.py and the default deck is fuzzed by tests/test_fuzz.py. Here: every legal
decision round-trips through the notation, the fair bot decides the same whatever the cards it
has not seen are, both variants play to the end for 2-4 players, games replay from their
history, the original deck survives a fuzz run, and every refusal names its rule.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.engine import EMPTY, RandomBot
from deckwright.engine.fuzz import play, play_random
from deckwright.model import GameData, Project, load_game
from deckwright.app.registry import rules_for
from deckwright.rules.ghost_couple.bot import MemoryBot

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ("playing-cards", "original")


@pytest.fixture(scope="module")
def data() -> GameData:
    return load_game(Project(ROOT), "ghost-couple")


@pytest.fixture(scope="module")
def games(data: GameData) -> dict:
    cls = rules_for("ghost-couple")
    return {v: cls(data, v) for v in VARIANTS}


def test_deal_follows_the_variant(games: dict) -> None:
    for variant, hand in (("playing-cards", 3), ("original", 5)):
        state = games[variant].new_state(3, seed=4)
        assert [len(state.hand(p)) for p in range(3)] == [hand] * 3
        assert state.zones.size(games[variant].FIELD) == 25
        assert state.face_up_cards() == [state.field[12]]        # only the centre is up
        total = 54 if variant == "playing-cards" else 100
        assert len(state.deck()) == total - 25 - 3 * hand


@pytest.mark.parametrize("variant", VARIANTS)
def test_notation_round_trips_every_legal_decision(games: dict, variant: str) -> None:
    game = games[variant]
    for seed in range(3):
        state = game.new_state(3, seed=seed)
        bots = [RandomBot(seed * 10 + p) for p in range(3)]
        while not state.is_over():
            me = state.current_player()
            for action in state.legal_actions():
                text = state.action_to_string(action)
                assert state.parse_action(text) == (me, action), text
            state.apply(bots[me].act(state), check=False)


def _hide_swap(state, rng) -> bool:
    """Exchange two face-down cards nobody has seen (or one with a deck card): a change only
    the hidden part of the state can tell."""
    g = state.game
    zones = state.zones
    known = set().union(*(set(m) for m in state.seen))
    cells = [c for c in state.face_down_cells() if c not in known]
    deck = zones.piles[g.DECK]
    if len(cells) >= 2:
        a, b = rng.sample(cells, 2)
        zones.piles[g.FIELD][a], zones.piles[g.FIELD][b] = state.field[b], state.field[a]
        return True
    if cells and deck:
        c, j = cells[0], rng.randrange(len(deck))
        f, d = state.field[c], deck[j]
        zones.piles[g.FIELD][c], deck[j] = d, f
        zones.where[d], zones.where[f] = g.FIELD, g.DECK
        return True
    return False


@pytest.mark.parametrize("variant", VARIANTS)
def test_memory_bot_sees_only_what_its_player_has_seen(games: dict, variant: str) -> None:
    import random
    rng = random.Random(7)
    game = games[variant]
    checked = 0
    for seed in range(4):
        state = game.new_state(2, seed=seed)
        bots = [MemoryBot(seed), MemoryBot(seed + 50)]
        while not state.is_over():
            me = state.current_player()
            other = state.clone()
            if _hide_swap(other, rng):
                other.check()
                assert other.view(me) == state.view(me)
                twin = MemoryBot(0)
                twin.rng.setstate(bots[me].rng.getstate())
                expected = bots[me].act(state)
                assert twin.act(other) == expected
                checked += 1
                action = expected
            else:
                action = bots[me].act(state)
            state.apply(action, check=False)
    assert checked > 50


def test_memory_remembers_turned_cards_until_they_move(games: dict) -> None:
    state = games["playing-cards"].new_state(2, seed=1)
    state.apply(("draw",))
    cell = state.face_down_cells()[0]
    card = state.field[cell]
    state.apply(("turn", cell))
    assert all(state.view(p)["memory"][cell + 1] == state.game.catalogue.ref(card)
               for p in range(2))
    # whatever happens next, every memory always matches the field (an invariant), and the
    # hidden cells stay "?" in the view
    bots = [MemoryBot(1), MemoryBot(2)]
    state.checking = True
    while not state.is_over():
        p = state.current_player()
        grid = state.view(p)["zones"]["field"]
        for c, inst in enumerate(state.field):
            if inst != EMPTY and inst not in state.zones.shown:
                assert grid[c] == "?"
        state.apply(bots[p].act(state))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_memory_bots_play_to_the_end(games: dict, variant: str, players: int) -> None:
    game = games[variant]
    for seed in range(3):
        bots = [MemoryBot(seed * 10 + p) for p in range(players)]
        done = play(game, bots, seed=seed, players=players, check=True)
        state = done.state
        assert state.is_over()
        # the end: a hand is empty (its first owner got +players) or the deck ran dry and stuck
        # bots that remember finish by going out (not by the stalemate rule); the first to
        # empty a hand gets +players
        empty = [p for p in range(players) if not state.hand(p)]
        assert state.first_out in empty
        assert state.scores()[state.first_out] >= players
        again = play(game, [MemoryBot(seed * 10 + p) for p in range(players)], seed=seed,
                     players=players)
        assert again.state.history == state.history


def test_memory_bot_beats_random(games: dict) -> None:
    wins = 0
    for seed in range(12):
        done = play(games["playing-cards"], [MemoryBot(seed), RandomBot(seed)], seed=seed)
        wins += done.state.winner() == 0
    assert wins >= 10


@pytest.mark.parametrize("variant", VARIANTS)
def test_replay_from_history(games: dict, variant: str) -> None:
    game = games[variant]
    done = play_random(game, 11, players=3)
    again = game.replay(3, done.state.history)
    assert again.zones.piles == done.state.zones.piles
    assert again.scores() == done.state.scores()
    assert again.is_over()


def test_original_deck_fuzz(games: dict) -> None:
    """tests/test_fuzz.py fuzzes the default deck (playing cards); this covers the original."""
    for seed in range(60):
        play_random(games["original"], seed, players=2 + seed % 3, check=True, log=False)


def test_scores_read_the_database(games: dict) -> None:
    game = games["playing-cards"]
    state = game.new_state(2, seed=0)
    cat = game.catalogue
    tr = state.zones.piles[game.TREASURE[0]]
    for ref in ("h-q", "d-3", "joker#1", "s-5"):
        inst = cat.resolve(ref)[0]
        state.zones.move(inst, game.TREASURE[0])
    assert state.scores()[0] == 2 + 1 - 1 + 0
    for ref in ("h-8", "d-8", "s-8", "c-8"):
        state.zones.move(cat.resolve(ref)[0], game.TREASURE[0])
    assert state.scores()[0] == 2 + (1 + 1) + 8     # red 8s are 1 each, four 8s +8
    assert len(tr) == 8


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_refused_decision_has_the_rules_reason(games: dict, variant: str) -> None:
    """Whatever is tried at any point of a game, a refusal names a rule, never a generic no."""
    game = games[variant]
    n = len(game.catalogue)
    tried = 0
    for seed in range(2, 12):  # whole games until enough refusals were tried
        if tried > 1000:
            break
        tried += _try_refusals(game, n, seed)
    assert tried > 1000


def _try_refusals(game, n: int, seed: int) -> int:
    state = game.new_state(3, seed=seed)
    bots = [MemoryBot(p) for p in range(3)]
    tried = 0
    while not state.is_over():
        legal = set(state.legal_actions())
        # the refusals read the declared phases: every choice listed is a decision they open
        assert all(state.is_open(action[0]) for action in legal), (state.phase, legal)
        hand = state.hand(state.current_player())
        some = [hand[0] if hand else 0, state.field[12] if state.field[12] >= 0 else 1, n - 1]
        candidates = [("draw",), ("end",), ("decline",), ("turn", 0), ("turn", 12),
                      ("shape", "x", 0), ("shape", "square", 12), ("pick", 12), ("target", 3),
                      ("look", state.current_player()), ("vanish", 12)]
        candidates += [("take", min(a, b), max(a, b)) for a in some for b in some if a != b]
        candidates += [("swap", i) for i in some] + [("place", i, 12) for i in some]
        candidates += [("return", i, 0) for i in some] + [("vanish-card", i) for i in some]
        candidates += [("steal", i, 0) for i in some] + [("burn", i, 1) for i in some]
        for action in candidates:
            if action not in legal:
                reason = state.why_illegal(action)
                assert reason and reason != "その手はいまは打てない", (action, state.phase)
                tried += 1
        state.apply(bots[state.current_player()].act(state), check=False)
    return tried


def test_four_players_and_the_tentative_hand_size_are_marked_as_the_projects() -> None:
    """The source gives 2 or 3 players (playing cards) and 「最初は5枚かな」: the box says what
    the source says, and the project's choices are rulings marked as the project's own."""
    data = load_game(Project(ROOT), "ghost-couple")
    assert (data.db.game.players.min, data.db.game.players.max) == (2, 3)
    rulings = {r.id: r for r in data.db.rulings}
    assert rulings["player-count"].origin == "project" and "拡張" in rulings["player-count"].text
    hand = rulings["hand-size-original"]
    assert hand.origin == "project" and "仮" in hand.title and "最初は5枚かな" in hand.text
    sections = {}
    todo = list(data.db.rules)
    while todo:
        section = todo.pop()
        sections[section.id] = section
        todo += section.sections
    assert {k for k, v in sections.items() if v.origin == "project"} >= {
        "setup", "turn-refill", "effects-shapes", "end", "scoring"}
    # the two "+1" set abilities are in the project's words, not the source's
    texts = {e.text for c in data.db.cards for e in c.effects if "汁親父" in e.text and "真の漢ぱら" in e.text}
    assert texts and not any("そろえると、さらに+1点" in t for t in texts)


def test_field_places_the_setup_leaves_open_are_reported_with_their_rule() -> None:
    from deckwright.app.verify import verify_examples
    data = load_game(Project(ROOT), "ghost-couple")
    verdict = verify_examples(data)["pc-colour-rule"]
    assert dict(verdict.setup_defaults) == {
        "field": "1〜6・8〜11・14〜25番: 箱に残ったカードをデータベース順に伏せて置く"}
