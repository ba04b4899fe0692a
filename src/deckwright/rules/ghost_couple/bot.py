"""A fair ghost-couple bot: it decides from `state.view(me)` and its legal decisions only.

The engine's greedy bot (`GhostState.greedy_value`) is fair too but plainer: it uses its memory
only to turn a remembered card that completes a couple. This one plays the way a person with a
perfect memory would: it knows its hand, the face-up cards, every card it has seen turned and
still lying where it was (the view's `memory`), the hands it has looked at, the counts of the
others' hands and every treasure. It never reads a face-down card it has not seen. Card facts
(which cards couple, points) are the rules, public to everyone, and come from the game's table.

Play: turn a remembered card that completes a couple, else one it has never seen; take the
couple worth most (shedding a hand card first); give up the least useful card when it must
swap or place; aim draw, peek and vanish events at the player closest to going out.
"""

from __future__ import annotations

import random
from typing import Any

from deckwright.engine import State

from .state import shape_cells

HIDDEN = "?"


class MemoryBot:
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    # --- what the bot knows, read from the view ------------------------------------------

    def _read(self, state: State, me: int) -> dict[str, Any]:
        view = state.view(me)
        g = state.game
        by_label = g.label_inst          # printed label -> a representative instance
        zones = view["zones"]
        grid = zones["field"]
        face_up = {c: by_label[lab] for c, lab in enumerate(grid) if lab not in (None, HIDDEN)}
        memory = {cell - 1: g.catalogue.resolve(ref)[0] for cell, ref in view["memory"].items()}
        unseen = [c for c, lab in enumerate(grid) if lab == HIDDEN and c not in memory]
        hands = {p: (len(zones[f"hand p{p + 1}"]) if p == me else zones[f"hand p{p + 1}"]["count"])
                 for p in range(view["players"])}
        hand = [by_label[lab] for lab in zones[f"hand p{me + 1}"]]
        return {"view": view, "face_up": face_up, "memory": memory, "unseen": unseen,
                "hands": hands, "hand": hand, "scores": view["scores"], "labels": g.labels,
                "hand_labels": set(zones[f"hand p{me + 1}"])}

    # --- choosing ----------------------------------------------------------------------

    def act(self, state: State) -> Any:
        return self.choose(state, state.legal_actions())

    def choose(self, state: State, acts: list[Any], rng: random.Random | None = None) -> Any:
        """The best of `acts` by what the player to move has seen, ties broken by `rng` (the
        search passes its own: `GhostCouple.rollout_action`), else by the bot's."""
        rng = self.rng if rng is None else rng
        if len(acts) == 1:
            return acts[0]
        me = state.current_player()
        k = self._read(state, me)
        values = [self._value(action, k, state.game.card_facts, me) for action in acts]
        top = max(values)
        best = [action for action, value in zip(acts, values) if value == top]
        return best[rng.randrange(len(best))]

    def _useful(self, inst: int, k: dict[str, Any], facts: Any, with_hand: bool) -> bool:
        """Would this card complete a couple with something the bot can see or remembers?"""
        mates = facts.couples[inst]
        pool = list(k["face_up"].values()) + list(k["memory"].values())
        if with_hand:
            pool += k["hand"]
        return any(other in mates for other in pool if other != inst)

    def _keep(self, inst: int, k: dict[str, Any], facts: Any) -> float:
        """How much the bot wants to keep a hand card (low: give it up)."""
        return facts.points[inst] + (3.0 if self._useful(inst, k, facts, False) else 0.0)

    def _leader(self, k: dict[str, Any], me: int) -> int:
        """The opponent closest to winning: fewest cards in hand, then most points."""
        others = [p for p in k["hands"] if p != me]
        return min(others, key=lambda p: (k["hands"][p], -k["scores"][p]))

    def _value(self, action: Any, k: dict[str, Any], facts: Any, me: int) -> float:
        kind = action[0]
        hand_ok = k["view"]["hand_ok"]
        if kind == "take":
            a, b = action[1], action[2]
            sheds = sum(1 for i in (a, b) if k["labels"][i] in k["hand_labels"])
            return 10 + facts.points[a] + facts.points[b] + facts.bonus.get((a, b), 0) + 2 * sheds
        if kind == "turn":
            cell = action[1]
            known = k["memory"].get(cell)
            if known is None:
                return 1.0
            # a remembered card that couples with the hand or a face-up card: a sure couple
            pool = list(k["face_up"].values()) + (k["hand"] if hand_ok else [])
            if any(other in facts.couples[known] for other in pool):
                return 10.0 + facts.points[known]
            # two remembered cards that couple: worth it only if both can be turned now
            others = [i for c, i in k["memory"].items() if c != cell]
            if k["view"]["left"] >= 2 and any(i in facts.couples[known] for i in others):
                return 5.0 + facts.points[known]
            return 0.5
        if kind == "decline":
            return 0.75
        if kind in ("swap", "place", "return"):
            return -self._keep(action[1], k, facts)
        if kind == "shape":
            cells = shape_cells(action[1], action[2])
            return sum(1 for c in cells if c in k["unseen"]) + sum(
                3 for c in cells if c in k["memory"] and
                self._useful(k["memory"][c], k, facts, False))
        if kind == "pick":
            known = k["memory"].get(action[1])
            return 1.0 if known is None else 0.5 + facts.points[known]
        if kind in ("target", "look"):
            q = action[1]
            return -1.0 if q == me else (2.0 if q == self._leader(k, me) else 1.0)
        if kind == "vanish":
            cell = action[1]
            known = k["face_up"].get(cell, k["memory"].get(cell))
            if known is None:
                return 1.0
            return 0.0 if self._useful(known, k, facts, True) else 0.5
        if kind == "vanish-card":
            return float(facts.points[action[1]])
        if kind in ("steal", "burn"):
            return facts.points[action[1]] + (0.5 if action[2] == self._leader(k, me) else 0.0)
        return 0.0
