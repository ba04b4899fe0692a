"""A searching bot for every game: single-observer information-set Monte Carlo tree search.

Cowling, Powley and Whitehouse's SO-ISMCTS (2012), as OpenSpiel's `ismcts.py` plays it: one
tree for the deciding seat, whose nodes are the decisions taken since the root (everyone's,
the seat's and the others'). Each simulation

1. draws a *world*: the state with the cards the seat cannot place dealt again
   (`knowledge.resample`, or the game's own `Game.resample`), so the search never reads what
   the seat may not know;
2. walks down the tree choosing, among the decisions legal in this world, the one of highest
   UCB1 with *availability* counts (a decision is compared only over the simulations in which
   it was legal), until it meets a decision the tree has not tried: that one is added;
3. plays the game out with the greedy bot's policy for everyone (or at random) to the end or
   to `ROLLOUT_CAP` decisions (the game's `Game.rollout_cap`), and scores it: a win counts 1
   shared among the tied winners; a game cut at the cap goes to whoever leads by return, then
   by score, then by fewest cards in hand (`outcome`), or gets the game's own judgement of each
   player's chance (`Game.judge_rollout`, `ending`);
4. adds each player's result to the nodes of their own decisions on the way down.

The greedy choices start with `PRIOR` visits of an even result at the root (`_lean`). The
decision returned is the root's most visited (ties by the bot's seeded RNG).

A game that gives its own rollout policy (`Game.rollout_action`, a designer's rule of thumb
such as the UNO project's `plan`) is searched differently, by one step of policy improvement
(`improve`; Bertsekas's rollout algorithm, flat Monte Carlo over worlds): each round deals one
world and plays decisions in it, everyone playing the policy afterwards, all with the same
chance and the same rollout RNG (common random numbers, so two decisions are compared in the
same luck), to the end or the rollout cap and judged as above (`ending`). Half the budget
plays every decision and names the one of best mean; the other half plays only it and the
policy's own choice in fresh worlds, and the policy's choice is kept unless those show the
challenger better world by world by `EVIDENCE` standard errors of the paired difference, over
at least `MIN_PAIRS` worlds (`shown_better`).

Why not the tree: measured in UNO by an umpire who sees the hands (bench/policy_gain.py,
bench/RESULTS.md), the tree's departures from the policy gained nothing on average, and
returning the best mean whatever the evidence gains nothing either (the noise picks); these
departures gain. Likely reasons, not measured one by one: the tree's opponents reply with
random untried moves until each was tried, and its test took each mean as independent and
the best of several noisy means as unbiased. A game without a policy of its own is searched
by the tree exactly as before. Everything random comes from the bot's RNG, so a bot's seed and
the position decide its choice.

Hooks a game may give (on its `Game` class; docs/engine.md):
`resample(state, seat, knowledge, rng) -> State` deals worlds its own way;
`rollout_action(state, actions, rng) -> action` plays the rollouts;
`search_budget = N` (a class attribute) is its default simulations a decision;
`rollout_cap = N` (a class attribute) its rollout decisions before the cut;
`judge_rollout(state) -> [float]` each player's result in [0, 1] of a rollout cut there.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Sequence

from .bots import default_value
from .knowledge import Deal, Knowledge
from .state import Action, State

#: Simulations a decision when none are named (`ismcts` = `ismcts:DEFAULT_BUDGET`).
DEFAULT_BUDGET = 200
#: Rollout decisions after which a simulation stops and is judged as it stands (`outcome`).
ROLLOUT_CAP = 20
#: How rollouts play: "greedy" (the greedy bot's policy for everyone) or "random".
ROLLOUT = "greedy"
#: Visits of an even result the greedy choices start with at the root (`ISMCTSBot._lean`).
PRIOR = 10
#: Standard errors by which another decision's results must beat, world by world, those of
#: the choice of the game's own policy (`Game.rollout_action`) for the search to leave it
#: (`shown_better`); 0 returns the best mean whatever.
EVIDENCE = 2.0
#: Worlds a decision must have been compared in before it may replace the policy's choice.
MIN_PAIRS = 10
#: The exploration constant of UCB1 (rewards are in [0, 1]).
EXPLORE = 0.7

Resampler = Callable[[State, int, Knowledge, random.Random], State]


def search_budget(game_class: type) -> int:
    """The simulations a decision `ismcts` searches when no budget is named: the game's
    `search_budget` (a game whose decisions are dear sets a smaller one), else
    `DEFAULT_BUDGET`. A count, never a clock, so a seed still decides every choice."""
    return int(getattr(game_class, "search_budget", None) or DEFAULT_BUDGET)


def _greedy_rollout(state: State, actions: list[Action], rng: random.Random) -> Action:
    """The greedy bot's choice (bots.py), its ties broken by the search's RNG."""
    best = _greedy_best(state, actions)
    return best[int(rng.random() * len(best))]


def _greedy_best(state: State, actions: list[Action]) -> list[Action]:
    """The actions of the greedy bot's highest value."""
    best: list[Action] = []
    best_value: Any = None
    for action in actions:
        own = state.greedy_value(action)
        v = (float(own),) if own is not None else default_value(state, action)
        if best_value is None or v > best_value:
            best, best_value = [action], v
        elif v == best_value:
            best.append(action)
    return best


def ending(game: Any) -> tuple[int, Callable[[State], list[float]]]:
    """The game's rollout cap (`Game.rollout_cap`, else `ROLLOUT_CAP`) and how a rollout is
    scored there: a finished game by who won (`outcome`), a cut one by the game's judgement of
    each player's chance (`Game.judge_rollout`) when it gives one, else by `outcome` too. Rules
    whose games run long need more than 20 decisions to see anything happen, and a cut judged
    by life and hand sizes can be worse than a coin (original-tcg: bench/judge_fit.py)."""
    cap = int(getattr(game, "rollout_cap", None) or ROLLOUT_CAP)
    judge = getattr(game, "judge_rollout", None)
    if judge is None:
        return cap, outcome
    return cap, lambda state: outcome(state) if state.is_over() else judge(state)


def improve(actions: list[Action], deal: Callable[[random.Random], State],
            policy: Callable[..., Action], budget: int, rng: random.Random,
            end: tuple[int, Callable[[State], list[float]]]) -> Action:
    """One step of policy improvement over the game's own rollout policy (the module
    docstring), in two halves of `budget` rollouts. The first plays every decision in the same
    worlds and names the one of best mean result; when that is not the policy's own choice
    (read in the first world), the second half plays just the two of them in fresh worlds, and
    the challenger is returned only if those results show it better (`shown_better`). The
    confirmation never sees the results the challenger was picked on: the best of several
    noisy means is too good by the luck that made it the best. `end`: the game's rollout cap
    and scoring (`ending`)."""
    keys = [_key(a) for a in actions]
    rounds = max(2, budget // (2 * len(actions)))
    results, favoured = _play(actions, keys, range(len(actions)), deal, policy, rounds, rng,
                              end)
    means = [_mean([r for r in rows if r is not None]) for rows in results]
    best = max(range(len(actions)), key=lambda i: (means[i], i == favoured))
    if best == favoured:
        return actions[favoured]
    confirm = max(MIN_PAIRS, (budget - rounds * len(actions)) // 2)
    results, _ = _play(actions, keys, (best, favoured), deal, policy, confirm, rng, end,
                       favoured)
    diffs = [a - b for a, b in zip(results[best], results[favoured])
             if a is not None and b is not None]
    return actions[best] if shown_better(diffs) else actions[favoured]


def _play(actions: list[Action], keys: list[Any], which: Sequence[int],
          deal: Callable[[random.Random], State], policy: Callable[..., Action], rounds: int,
          rng: random.Random, end: tuple[int, Callable[[State], list[float]]],
          favoured: int = -1) -> tuple[list[list[float | None]], int]:
    """`rounds` worlds, each dealt once; in each, every decision of `which` legal there is
    played with the same chance and rollout RNG (common random numbers: two decisions are
    compared in the same luck), everyone playing `policy` after it, to the end or the cap of
    `end` (cap, scoring: `ending`). Returns each decision's results (None where it was
    not legal) and the policy's choice (read in the first world unless given)."""
    results: list[list[float | None]] = [[] for _ in actions]
    cap, score = end
    for _ in range(rounds):
        world = deal(rng)
        seat = world.current_player()
        legal = set(map(_key, world.legal_actions()))
        if favoured < 0:
            choice = policy(world, [a for k, a in zip(keys, actions) if k in legal] or actions,
                            rng)
            favoured = keys.index(_key(choice))
        seed = rng.random()
        for index in which:
            if keys[index] not in legal:
                results[index].append(None)
                continue
            play = world.clone()
            chance = play.rng = random.Random(seed)
            play.apply(actions[index], check=False)
            steps = 0
            while not play.is_over() and steps < cap:
                play.apply(policy(play, play.legal_actions(), chance), check=False)
                steps += 1
            results[index].append(score(play)[seat])
    return results, favoured


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else -1.0


def shown_better(diffs: list[float]) -> bool:
    """Whether paired differences of results (a decision's minus the policy's, world by
    world) show the decision better: at least `MIN_PAIRS` of them, and their mean above
    `EVIDENCE` standard errors (the sample deviation over sqrt(n)). A few percent between two
    decisions is less than the noise of a few hundred rollouts; without this test the noise,
    not the rollouts, picks among near equals (bench/RESULTS.md)."""
    n = len(diffs)
    if n < MIN_PAIRS:
        return False
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return mean > EVIDENCE * spread / math.sqrt(n)


class Node:
    """Statistics of one decision in the tree: taken `visits` times, legal in `available`
    simulations, `reward` summed for the player who took it."""

    __slots__ = ("visits", "available", "reward", "children", "player")

    def __init__(self, player: int):
        self.player = player
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Any, Node] = {}


def _key(action: Action) -> Any:
    try:
        hash(action)
        return action
    except TypeError:
        return repr(action)


def outcome(state: State) -> list[float]:
    """Each player's result of a simulation: 1 shared among those with the best return; a
    game cut at the rollout cap is judged as it stands, by return and then by score (a life
    total, points so far), and a tie everywhere shares the 1 among all."""
    n = state.players
    returns = state.returns()
    if state.is_over():
        rank: list = returns
    else:
        rank = list(zip(returns, (float(s) for s in state.scores()), _hands(state)))
    best = max(rank)
    winners = [p for p, r in enumerate(rank) if r == best]
    share = 1.0 / len(winners)
    return [share if p in winners else 0.0 for p in range(n)]


def _hands(state: State) -> list[int]:
    """Each player's hand size, negated (fewer cards in hand is ahead); zeros without hands."""
    layout = state.zones.layout
    if ("hand", 0) not in layout.index:
        return [0] * state.players
    return [-state.zones.size(layout.of("hand", p)) for p in range(state.players)]


class ISMCTSBot:
    """Searches `budget` simulations a decision (see the module docstring); without one, the
    game's own default (`search_budget`)."""

    def __init__(self, seed: int = 0, budget: int | None = None,
                 resampler: Resampler | None = None, rollout: str = ROLLOUT):
        self.rng = random.Random(seed)
        self.rollout = _greedy_rollout if rollout == "greedy" else None
        self.budget = budget
        self.resampler = resampler
        self.knowledge: Knowledge | None = None

    def act(self, state: State) -> Action:
        return self.choose(state, state.legal_actions())

    def _knowledge(self, state: State, seat: int) -> Knowledge:
        k = self.knowledge
        if k is None or k.seat != seat or k.game is not state.game or k.players != state.players:
            k = self.knowledge = Knowledge(state.game, state.players, seat)
        return k.follow(state)

    def choose(self, state: State, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player()
        knowledge = self._knowledge(state, seat)
        game = state.game
        hook = self.resampler or getattr(game, "resample", None)
        deal: Callable[[random.Random], State] = (
            Deal(state, seat, knowledge).world if hook is None
            else lambda rng: hook(state, seat, knowledge, rng))
        budget = self.budget or search_budget(type(game))
        rng = self.rng
        policy = getattr(game, "rollout_action", None)
        end = ending(game)
        if policy is not None:
            return improve(actions, deal, policy, budget, rng, end)
        root = Node(seat)
        self._lean(root, deal(rng), actions, seat, getattr(game, "judge_rollout", None))
        for _ in range(budget):
            self._simulate(root, deal(rng), rng, self.rollout, end)
        return self._most_visited(root, actions, rng)

    @staticmethod
    def _most_visited(root: Node, actions: list[Action], rng: random.Random) -> Action:
        """The root's most visited among `actions`, ties broken by `rng`."""
        visits = [root.children[_key(a)].visits if _key(a) in root.children else 0
                  for a in actions]
        top = [a for a, v in zip(actions, visits) if v == max(visits)]
        return top[int(rng.random() * len(top))]

    def _lean(self, root: Node, world: State, actions: list[Action], seat: int,
              judge: Callable[[State], list[float]] | None = None) -> None:
        """Start the greedy bot's best choices with `PRIOR` visits of an even result (the
        game's judgement of the world as it stands, `judge`, when it gives one): the search
        leaves them only when its simulations say another is better, so a small budget is not
        worse than greedy for the noise of a few rollouts. They are read in a world, never in
        the real state (a module's `greedy_value` may look at cards the seat cannot see). An
        even prior is not neutral where the game judges softly: in a won position every other
        decision's rollouts average near 1, the prior holds the greedy choice at 1/players,
        UCB1 never tries it and the search leaves it for no reason."""
        if not PRIOR:
            return
        even = judge(world)[seat] if judge is not None else 1.0 / world.players
        legal = set(map(_key, world.legal_actions()))
        shared = [a for a in actions if _key(a) in legal] or actions
        for action in _greedy_best(world, shared):
            child = root.children[_key(action)] = Node(seat)
            child.visits = child.available = PRIOR
            child.reward = PRIOR * even

    def _simulate(self, root: Node, world: State, rng: random.Random,
                  rollout: Callable[..., Action] | None,
                  end: tuple[int, Callable[[State], list[float]]] = (ROLLOUT_CAP, outcome)
                  ) -> None:
        path: list[Node] = []
        node = root
        expanded = False
        while not world.is_over():
            actions = world.legal_actions()
            player = world.current_player()
            untried = []
            children = node.children
            for a in actions:
                child = children.get(_key(a))
                if child is None:
                    untried.append(a)
                else:
                    child.available += 1
            if untried:
                action = untried[int(rng.random() * len(untried))]
                child = children[_key(action)] = Node(player)
                child.available += 1
                expanded = True
            else:
                action, child = self._select(children, actions)
            world.apply(action, check=False)
            path.append(child)
            node = child
            if expanded:
                break
        cap, score = end
        steps = 0
        while not world.is_over() and steps < cap:
            actions = world.legal_actions()
            action = (rollout(world, actions, rng) if rollout is not None
                      else actions[int(rng.random() * len(actions))])
            world.apply(action, check=False)
            steps += 1
        result = score(world)
        for child in path:
            child.visits += 1
            child.reward += result[child.player]

    @staticmethod
    def _select(children: dict[Any, Node], actions: list[Action]) -> tuple[Action, Node]:
        best: tuple[Action, Node] | None = None
        best_value = -1.0
        for a in actions:
            child = children[_key(a)]
            value = (child.reward / child.visits
                     + EXPLORE * math.sqrt(math.log(child.available) / child.visits))
            if value > best_value:
                best, best_value = (a, child), value
        assert best is not None
        return best
