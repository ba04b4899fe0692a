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
3. plays the game out with the greedy bot's policy for everyone (or at random, or with the
   game's `Game.rollout_action`) to the end or to `ROLLOUT_CAP` decisions (the game's
   `Game.rollout_cap`), and scores it: a win counts 1 shared among the tied winners; a game
   cut at the cap goes to whoever leads by return, then by score (`outcome`), or gets the
   game's own judgement of each player's chance (`Game.judge_rollout`);
4. adds each player's result to the nodes of their own decisions on the way down.

The decision returned is the root's most visited (ties by the bot's seeded RNG). When the game
gives its own rollout policy, the root starts leaning to that policy's choice, and another
decision is returned only when its mean result beats the policy's by `EVIDENCE` standard
errors: a designer's rule of thumb is worth more than the noise of a few hundred rollouts
(the UNO project's `plan`: bench/RESULTS.md has what the search made of it with and
without this test). Everything random comes from that RNG, so a bot's seed and the position
decide its choice.

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
from typing import Any, Callable

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
#: Standard errors by which another decision's mean result must beat the choice of the game's
#: own policy (`Game.rollout_action`) for the search to leave it (`_keep_unless_shown`); 0
#: returns the most visited whatever. Without a policy of the game's, the most visited goes.
EVIDENCE = 2.0
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


def _keep_unless_shown(root: Node, pick: Action, kept: Action) -> Action:
    """`pick` only when its mean result beats `kept`'s by `EVIDENCE` standard errors of the
    difference (each mean's error sqrt(m(1-m)/visits), the prior's visits counted), else
    `kept`: a few percent between two decisions is less than the noise of a few hundred
    rollouts, and without this test the noise, not the search, picks among near equals."""
    a, b = root.children[_key(pick)], root.children[_key(kept)]
    ma, mb = a.reward / a.visits, b.reward / b.visits
    error = math.sqrt(ma * (1 - ma) / a.visits + mb * (1 - mb) / b.visits)
    return pick if ma - mb > EVIDENCE * error else kept


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
        plan = Deal(state, seat, knowledge) if hook is None else None
        policy = getattr(game, "rollout_action", None)
        rollout = policy or self.rollout
        cap = int(getattr(game, "rollout_cap", None) or ROLLOUT_CAP)
        judge = getattr(game, "judge_rollout", None)
        rng = self.rng
        root = Node(seat)
        first = plan.world(rng) if plan is not None else hook(state, seat, knowledge, rng)
        favoured = self._lean(root, first, actions, seat, policy, judge)
        for _ in range(self.budget or search_budget(type(game))):
            world = plan.world(rng) if plan is not None else hook(state, seat, knowledge, rng)
            self._simulate(root, world, rng, rollout, cap, judge)
        pick = self._most_visited(root, actions, rng)
        if policy is None or not EVIDENCE or not favoured or pick in favoured:
            return pick
        return _keep_unless_shown(root, pick, self._most_visited(root, favoured, rng))

    @staticmethod
    def _most_visited(root: Node, actions: list[Action], rng: random.Random) -> Action:
        """The root's most visited among `actions`, ties broken by `rng`."""
        visits = [root.children[_key(a)].visits if _key(a) in root.children else 0
                  for a in actions]
        top = [a for a, v in zip(actions, visits) if v == max(visits)]
        return top[int(rng.random() * len(top))]

    def _lean(self, root: Node, world: State, actions: list[Action], seat: int,
              policy: Callable[..., Action] | None,
              judge: Callable[[State], list[float]] | None = None) -> list[Action]:
        """Start the favoured choices with `PRIOR` visits of an even result (the game's
        judgement of the world as it stands, `judge`, when it gives one) and return them:
        the greedy bot's best, or the one the game's own policy (`policy`, its
        `rollout_action`) takes. The search leaves them only when its simulations say another
        is better, so a small budget is not worse than the policy for the noise of a few
        rollouts. They are read in a world, never in the real state (a module's
        `greedy_value` may look at cards the seat cannot see). An even prior is not neutral
        where the game judges softly: in a won position every other decision's rollouts
        average near 1, the favoured's prior holds it at 1/players, UCB1 never tries it and
        the search leaves it for no reason; the judged value is about what its rollouts give."""
        if not PRIOR:
            return []
        even = judge(world)[seat] if judge is not None else 1.0 / world.players
        legal = set(map(_key, world.legal_actions()))
        shared = [a for a in actions if _key(a) in legal] or actions
        favoured = ([policy(world, shared, self.rng)] if policy is not None
                    else _greedy_best(world, shared))
        for action in favoured:
            child = root.children[_key(action)] = Node(seat)
            child.visits = child.available = PRIOR
            child.reward = PRIOR * even
        return favoured

    def _simulate(self, root: Node, world: State, rng: random.Random,
                  rollout: Callable[..., Action] | None, cap: int = ROLLOUT_CAP,
                  judge: Callable[[State], list[float]] | None = None) -> None:
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
        steps = 0
        while not world.is_over() and steps < cap:
            actions = world.legal_actions()
            action = (rollout(world, actions, rng) if rollout is not None
                      else actions[int(rng.random() * len(actions))])
            world.apply(action, check=False)
            steps += 1
        result = outcome(world) if judge is None or world.is_over() else judge(world)
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
