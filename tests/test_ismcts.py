"""The ISMCTS bot: legal, deterministic, usable by name; and the leak test on every game.

The leak test (engine/leak.py): at a real position, the cards the deciding seat cannot place
are dealt again; the bot decides at both positions once per seed, and a chi-square test of
homogeneity (permutation p-value) at alpha = 0.001 must not tell the two samples apart. A
resampler that hands the searcher the real state must be caught. The quick run uses 20 seeds
and 10 simulations a decision at positions where the leaking resampler is caught; with
--long (DECKWRIGHT_LONG=1) every game's first positions are searched for one that catches it
(60 seeds, 40 simulations), ghost-couple and original-tcg included.
"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import pytest

from deckwright.balance.simulate import Job, check_bots, play_one
from deckwright.cli import main
from deckwright.engine.bots import BOTS, make_bot
from deckwright.engine.ismcts import ISMCTSBot
from deckwright.engine.knowledge import Deal, Knowledge, leaked_resample
from deckwright.engine.leak import ALPHA, leak_test, positions, revealing
from deckwright.model import Project, UsageError, load_game
from deckwright.rules import rules_for

ROOT = Path(__file__).resolve().parent.parent
UNO = ROOT / "tests" / "fixtures" / "uno"
GAMES = ("super-page-one", "bridge-over", "treasure-scramble", "ghost-couple", "original-tcg")
#: (game seed, position number, budget) where the leaking resampler is caught with 20 seeds
#: (`revealing` over the first positions of those games; any such position will do)
CAUGHT = {"super-page-one": (0, 6, 10), "bridge-over": (0, 5, 40), "treasure-scramble": (0, 0, 10)}


@lru_cache(maxsize=None)
def game(game_id: str, root: Path = ROOT):
    return rules_for(game_id, str(root))(load_game(Project(root), game_id))


def position(game_id: str, seed: int, number: int, root: Path = ROOT):
    found = positions(game(game_id, root), 2, seed, random.Random(0))
    for _ in range(number):
        next(found)
    return next(found)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_world_keeps_what_the_seat_knows_and_the_rules_hold(game_id):
    """Every card the seat sees stays put, piles keep their sizes, the module's invariants
    hold in the world, and the hidden cards really were dealt again somewhere."""
    pos = position(game_id, 0, 0)
    state, seat, knowledge = pos.state, pos.seat, pos.knowledge
    fixed = knowledge.fixed(state)
    moved = 0
    for s in range(5):
        world = Deal(state, seat, knowledge).world(random.Random(s))
        world.check()
        for inst, stays in enumerate(fixed):
            if stays:
                assert world.zones.where[inst] == state.zones.where[inst]
        assert [len(p) for p in world.zones.piles] == [len(p) for p in state.zones.piles]
        assert world.history == []           # the real shuffles are not handed over
        moved += sum(a != b for a, b in zip(world.zones.where, state.zones.where))
    assert moved > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_the_bot_decides_legally_and_the_same_way_for_a_seed(game_id):
    pos = position(game_id, 1, 0)
    budget = 5 if game_id == "original-tcg" else 15
    picks = [ISMCTSBot(seed, budget).choose(pos.state, list(pos.actions)) for seed in (3, 3)]
    assert picks[0] == picks[1]
    assert pos.state.refusal(picks[0]) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_fair_search_does_not_see_the_hidden_cards(game_id):
    seed, number, budget = CAUGHT.get(game_id, (0, 1, 10))
    pos = position(game_id, seed, number)
    budget = 5 if game_id == "original-tcg" else budget
    verdict = leak_test(pos, range(20), budget)
    assert not verdict.leaks and verdict.p >= ALPHA


@pytest.mark.parametrize("game_id", sorted(CAUGHT))
def test_a_leaking_resampler_is_caught(game_id):
    seed, number, budget = CAUGHT[game_id]
    verdict = leak_test(position(game_id, seed, number), range(20), budget, leaked_resample)
    assert verdict.leaks, (verdict.p, verdict.real, verdict.other)


@pytest.mark.parametrize("game_id", GAMES)
def test_long_leak_run(game_id, long_run):
    if not long_run:
        pytest.skip("the long leak run: pytest --long (or DECKWRIGHT_LONG=1)")
    budget = 40   # original-tcg's default; at 10 its search hardly leaves its policy's choice
    found = None
    for seed in range(3):
        found = revealing(positions(game(game_id), 2, seed, random.Random(seed)), range(60),
                          budget, leaked_resample, tries=12)
        if found:
            break
    assert found is not None, f"the leaking resampler was never caught in {game_id}"
    assert not leak_test(found[0], range(60), budget).leaks


def test_the_bot_knows_a_card_it_saw_pass_into_a_hidden_hand():
    """UNO: a card on the discard pile is known; after the deck ran out and the discard pile
    was shuffled back, those cards are known to be in the deck (not in a hand)."""
    g = game("uno", UNO)
    state = g.new_state(2, 0)
    seat = 0
    k = Knowledge(g, 2, seat).follow(state)
    top = state.zones.top(g.DISCARD)
    assert k.pile[top] == g.DISCARD
    opponent = state.zones.piles[g.HAND[1]]
    assert all(k.pile[i] == -1 for i in opponent)
    mine = state.zones.piles[g.HAND[0]]
    assert all(k.pile[i] == g.HAND[0] for i in mine)


def test_bot_names_with_a_budget():
    cls = type(game("super-page-one"))
    assert check_bots(["ismcts:7", "greedy"], cls) == ("ismcts:7", "greedy")
    assert make_bot({"ismcts": __import__("deckwright.engine.bots", fromlist=["BOTS"]).BOTS[
        "ismcts"]}, "ismcts:7", 1).budget == 7
    for bad in ("ismcts:0", "ismcts:x", "greedy:5", "alphazero"):
        with pytest.raises(UsageError):
            check_bots([bad], cls)


def test_simulate_plays_ismcts_against_greedy_on_a_project_game(tmp_path, capsys):
    """A designer's project (its own rules module): `simulate --bots ismcts:N,greedy`."""
    import shutil
    shutil.copytree(UNO, tmp_path / "uno")
    code = main(["-C", str(tmp_path / "uno"), "simulate", "uno", "--players", "2",
                 "--bots", "ismcts:8,greedy", "--games", "4", "--workers", "1"])
    assert code == 0
    import json
    data = json.loads((tmp_path / "uno" / "build" / "uno" / "balance.json").read_text())
    assert data["games_requested"] == 4 and set(data["bots"]) == {"ismcts:8", "greedy"}


def test_a_job_with_ismcts_is_the_same_for_a_seed():
    job = Job(project=str(ROOT), game_id="super-page-one", players=2,
              bots=("ismcts:6", "greedy"), games=2, seed=3)
    g = game("super-page-one")
    assert play_one(g, job, 1) == play_one(g, job, 1)


@pytest.fixture
def uno_repo(tmp_path):
    """The UNO project in a git repository: HEAD has four Wild Draw 4s, the working tree one."""
    import shutil
    import subprocess
    folder = tmp_path / "uno"
    shutil.copytree(UNO, folder)
    git = ["git", "-C", str(folder), "-c", "user.email=t@t", "-c", "user.name=t"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-qm", "four"], check=True)
    cards = folder / "cards" / "uno.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("copies: 4, tags: [draw4]", "copies: 1, tags: [draw4]")
                     .replace("total: 108", "total: 105"), encoding="utf-8")
    return folder


def test_against_a_git_revision_and_a_folder(uno_repo, tmp_path, capsys):
    """`--against HEAD` plays the committed version in a temp folder (the working tree is
    untouched) and writes what changed; `--against FOLDER` plays another folder."""
    import json
    import shutil
    args = ["-C", str(uno_repo), "simulate", "uno", "--players", "2", "--bots",
            "greedy,random", "--games", "12", "--workers", "1"]
    assert main(args + ["--against", "HEAD"]) == 0
    out = capsys.readouterr().out
    report = json.loads((uno_repo / "build" / "uno" / "against.json").read_text("utf-8"))
    kinds = {c["what"] for c in report["changes"]}
    assert {"first_player", "bot", "length"} <= kinds and report["against"] == "HEAD"
    first = next(c for c in report["changes"] if c["what"] == "first_player")
    assert first["n_before"] == first["n_after"] == 12
    assert "~ " in out
    assert "copies: 1, tags: [draw4]" in (uno_repo / "cards" / "uno.yaml").read_text("utf-8")
    other = tmp_path / "other"
    shutil.copytree(UNO, other)
    assert main(args + ["--against", str(other)]) == 0
    report = json.loads((uno_repo / "build" / "uno" / "against.json").read_text("utf-8"))
    assert report["against"] == str(other)
    assert not (other / "build").exists()          # the other folder is only read


def test_against_a_revision_that_does_not_exist(uno_repo, capsys):
    code = main(["-C", str(uno_repo), "simulate", "uno", "--games", "2", "--workers", "1",
                 "--against", "no-such-rev"])
    err = capsys.readouterr().err
    assert code == 2 and "--against 'no-such-rev'" in err and "Traceback" not in err


def test_ismcts_statistics_are_the_same_for_any_number_of_workers_and_on_dask():
    """A project game with its own rules module, its inputs sent with the job as on a real
    cluster: one process, two, and an in-process Dask cluster give the same report."""
    from distributed import LocalCluster

    from deckwright.balance.bundle import pack_project
    from deckwright.balance.local import run_local
    from deckwright.balance.simulate import run_dask
    from deckwright.balance.stats import summarise
    job = Job(project=str(UNO), game_id="uno", players=2, bots=("ismcts:3", "greedy"),
              games=8, seed=2, chunk=2, max_turns=60)
    one = summarise(run_local(job, 1).records).to_json()
    two = summarise(run_local(job, 2).records).to_json()
    shipped = Job(**{**job.__dict__, "bundle": pack_project(UNO)})
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster:
        dask = summarise(run_dask(shipped, cluster.scheduler_address).records).to_json()
    assert one == two == dask and one["games"] == 8
    assert one["card_impact"]["cards"] == dask["card_impact"]["cards"]


def test_an_ismcts_seat_at_the_table_plays_legal_decisions():
    """`play --seats you,ismcts:N`: the bot seat decides from its own view, legally."""
    from deckwright.live.table import Seat, Table, TableError
    g = game("super-page-one")
    table = Table(g, 2, [Seat("greedy"), Seat("ismcts:5")], seed=4)
    steps = 0
    while not table.state.is_over() and steps < 40:
        player = table.deciding()
        before = table.state.clone()
        decision = table.bot_step()
        assert before.refusal(decision.action, player) is None
        steps += 1
    assert any(d.player == 1 for d in table.decisions)
    with pytest.raises(TableError, match="unknown seat kind"):
        Table(g, 2, [Seat("you"), Seat("ismcts:0")], seed=4)


def test_against_says_what_changed_in_a_sentence():
    """A card's lift that fell from +9% to +3% over 4,000 seats is said, largest first."""
    from deckwright.balance.against import compare, sentences
    from deckwright.i18n import words

    def rate(rate, games):
        return {"rate": rate, "games": games, "wins": rate * games}

    def report(lift, first):
        return {"first_player": rate(first, 2000), "bots": {"greedy": rate(0.5, 4000)},
                "length": {"histogram": {"10": 1000, "12": 1000}},
                "card_impact": {"cards": [{"card": "draw4", "played": None, "opening_hand": {
                    "with": rate(0.5 + lift / 2, 4000), "without": rate(0.5 - lift / 2, 4000),
                    "lift": lift}}]}}

    changes = compare(report(0.09, 0.5), report(0.03, 0.5))
    said = sentences(changes, {"draw4": "Draw 4"}, "HEAD", words("en"))
    assert said[0] == ("“Draw 4”'s win-rate lift in the opening hand went from +9.0% (HEAD) "
                       "to +3.0% (p = 0.000143).")
    same = sentences(compare(report(0.05, 0.5), report(0.05, 0.5)), {}, "v1", words("en"))
    assert same[0].startswith("Nothing changed beyond chance against v1")


def test_a_game_may_deal_its_own_worlds_and_play_its_own_rollouts(monkeypatch):
    """`Game.resample` and `Game.rollout_action` (docs/engine.md) replace the engine's."""
    from deckwright.engine.ismcts import MIN_PAIRS
    from deckwright.engine.knowledge import resample
    pos = position("super-page-one", 1, 0)
    cls = type(pos.state.game)
    calls = {"deal": 0, "rollout": 0}

    def deal(state, seat, knowledge, rng):
        calls["deal"] += 1
        return resample(state, seat, knowledge, rng)

    def rollout(state, actions, rng):
        calls["rollout"] += 1
        return actions[0]

    monkeypatch.setattr(cls, "resample", staticmethod(deal), raising=False)
    monkeypatch.setattr(cls, "rollout_action", staticmethod(rollout), raising=False)
    ISMCTSBot(0, 6).choose(pos.state, list(pos.actions))
    # a game with its own policy is searched by policy improvement (`improve`): two worlds
    # for every decision, then MIN_PAIRS more if one beat the policy's choice there
    assert calls["deal"] in (2, 2 + MIN_PAIRS) and calls["rollout"] > 0


@pytest.mark.parametrize("with_policy", [False, True], ids=["tree", "own-policy"])
def test_a_game_may_cut_its_rollouts_and_judge_them(monkeypatch, with_policy):
    """`Game.rollout_cap` and `Game.judge_rollout` (docs/engine.md), in both searches (the tree,
    and the improvement on a game's own policy): no rollout plays past the game's cap, every
    game cut there (and only those) is judged by the game, and in the tree the greedy choice
    starts from the game's judgement of the position instead of an even result."""
    from deckwright.engine import ismcts
    pos = position("super-page-one", 1, 0)
    cls = type(pos.state.game)
    judged: list[tuple[bool, int]] = []

    def rollout(state, actions, rng):
        if not (with_policy and rng is bot.rng):   # not the policy's choice read in a world
            state.__dict__["rolled"] = state.__dict__.get("rolled", 0) + 1   # its rollout's
        return actions[0]

    def judge(state):
        judged.append((state.is_over(), state.__dict__.get("rolled", 0)))
        return [0.9 if p == pos.state.current_player() else 0.1 for p in range(state.players)]

    monkeypatch.setattr(cls, "rollout_cap", 3, raising=False)
    monkeypatch.setattr(cls, "judge_rollout", staticmethod(judge), raising=False)
    bot = ISMCTSBot(0, 8)
    if with_policy:
        monkeypatch.setattr(cls, "rollout_action", staticmethod(rollout), raising=False)
    else:
        monkeypatch.delattr(cls, "rollout_action", raising=False)
        bot.rollout = rollout
    leaned = []
    monkeypatch.setattr(bot, "_lean", lambda root, *rest: leaned.append(root) or
                        ISMCTSBot._lean(bot, root, *rest))
    bot.choose(pos.state, list(pos.actions))
    rolled = [n for over, n in judged if n]
    assert judged and not any(over for over, _ in judged)   # only cut games are judged
    assert rolled and max(rolled) == 3                      # no rollout plays past the cap
    if not with_policy:
        favoured = [c for c in leaned[0].children.values() if c.visits >= ismcts.PRIOR]
        assert favoured and all(c.reward >= 0.9 * ismcts.PRIOR for c in favoured)


def test_plain_ismcts_searches_the_games_own_budget(monkeypatch):
    """`Game.search_budget` is what `ismcts` without a number searches (original-tcg's dear
    decisions); `ismcts:N` still searches N."""
    pos = position("super-page-one", 1, 0)
    cls = type(pos.state.game)
    deals = []

    def deal(state, seat, knowledge, rng):
        deals.append(seat)
        return Deal(state, seat, knowledge).world(rng)

    monkeypatch.setattr(cls, "search_budget", 4, raising=False)
    monkeypatch.setattr(cls, "resample", staticmethod(deal), raising=False)
    make_bot({"ismcts": BOTS["ismcts"]}, "ismcts", 0).choose(pos.state, list(pos.actions))
    assert len(deals) == 5       # four simulations and the prior's world
    deals.clear()
    make_bot({"ismcts": BOTS["ismcts"]}, "ismcts:7", 0).choose(pos.state, list(pos.actions))
    assert len(deals) == 8
    assert type(game("original-tcg")).search_budget < 200


def test_the_search_leaves_the_games_own_policy_only_on_evidence():
    """`shown_better`: paired differences (a decision's result minus the policy's, world by
    world) a little above zero, within `EVIDENCE` standard errors, or too few of them, do not
    replace the policy's choice; a clear run of better results does."""
    from deckwright.engine.ismcts import EVIDENCE, MIN_PAIRS, shown_better
    assert EVIDENCE > 0
    near = [1.0] * 6 + [-1.0] * 4 + [0.0] * 30          # mean 0.05, standard error 0.079
    clear = [1.0] * 12 + [-1.0] * 2 + [0.0] * 26        # mean 0.25, standard error 0.074
    assert not shown_better(near)
    assert shown_better(clear)
    assert not shown_better([1.0] * (MIN_PAIRS - 1))


def test_the_search_leaves_a_poor_policy_for_a_clearly_better_decision(monkeypatch):
    """The UNO project searched with a policy that always draws: every rollout is cut at
    `ROLLOUT_CAP` and judged by hand size, so playing a card is better in every world (the
    same chance in each, common random numbers) and the search plays one; the choice is the
    same for a seed."""
    from deckwright.engine.ismcts import MIN_PAIRS
    g = game("uno", UNO)
    monkeypatch.setattr(type(g), "rollout_action",
                        staticmethod(lambda state, actions, rng: actions[-1]))
    state, actions, _ = _uno_decisions(1)[0]
    assert actions[-1] == ("draw",)
    budget = 2 * MIN_PAIRS * len(actions)
    picks = [ISMCTSBot(seed, budget).choose(state.clone(), list(actions)) for seed in (0, 0, 1)]
    assert all(p[0] == "play" for p in picks) and picks[0] == picks[1]


def _uno_decisions(count: int):
    """UNO positions (2 players) where the player to move has a choice, with the actions
    the project's `plan` rule rates highest."""
    from importlib import import_module
    g = game("uno", UNO)
    plan_value = import_module(type(g).__module__).plan_value
    found = []
    for seed in range(20):
        state = g.new_state(2, seed)
        rng = random.Random(seed)
        while not state.is_over() and len(found) < count:
            actions = state.legal_actions()
            if len(actions) > 2:
                values = [plan_value(state, a) for a in actions]
                found.append((state.clone(), actions,
                              {a for a, v in zip(actions, values) if v == max(values)}))
            state.apply(g.rollout_action(state, actions, rng))
        if len(found) >= count:
            return found
    return found


def test_a_project_policy_leads_the_search():
    """The UNO project's `rollout_action` (its `plan` rule): with a few simulations nothing is
    shown better, so ISMCTS takes the rule's choice (a wild names the colour held most), at
    every one of these positions and for every seed."""
    decisions = _uno_decisions(8)
    assert len(decisions) == 8
    assert any(len(a) > 3 and any(x[0] == "play" and x[2] >= 0 for x in a)
               for _, a, _ in decisions)          # a wild among them: four colours to name
    for state, actions, best in decisions:
        for seed in range(3):
            assert ISMCTSBot(seed, 4).choose(state.clone(), list(actions)) in best


def test_a_search_with_the_projects_policy_does_not_see_the_hidden_cards():
    """The leak test on the UNO project, whose rollout policy leads the search: the policy is
    only ever called in the search's worlds, so the other hand it could read is a guess."""
    pos = position("uno", 0, 1, UNO)
    verdict = leak_test(pos, range(20), 10)
    assert not verdict.leaks and verdict.p >= ALPHA
