"""__TITLE__: the rules of __GAME__, as a deckwright rules module (made by `deckwright new --rules`).

This file is Python that deckwright imports and runs whenever it works on this project, as
pytest runs a conftest.py: keep it in your own hands and read what others send you.

The game: play a card of the top card's colour or number, or draw one; with nothing to draw,
pass. The first player to empty their hand scores the points left in the other hands; when every
player passes in a row, the fewest points in hand scores the difference.

`deckwright playtest` runs the examples of cards/__GAME__.yaml through this module;
`deckwright fuzz __GAME__` plays random games checking the invariants after every decision;
`deckwright simulate __GAME__` plays bot games for a balance report.
"""

from __future__ import annotations

from deckwright.engine import EMPTY, Game, GameFacts, Notation, State, Verb, ZoneSpec
from deckwright.engine.notation import bare, card
from deckwright.rules import register

FACTS = GameFacts(
    game_id="__GAME__",
    min_players=2,
    max_players=4,
    zones=(ZoneSpec("deck", visibility="hidden"),
           ZoneSpec("hand", per_player=True, visibility="owner"),
           ZoneSpec("discard", visibility="top")),
    max_decisions=3000,
)

DRAW, PASS = -1, -2          # the actions besides "play card instance i" (i >= 0)
HAND_SIZE = 5


#: The steps of the examples, as data: "p1 plays red-2" (the copy in p1's hand), "p2 draws",
#: "p3 passes". deckwright parses, checks and writes the steps from this.
NOTATION = Notation(
    Verb("plays {card}", make=lambda state, player, inst: inst,
         split=lambda action: (action,) if action >= 0 else None,
         card=card("hand", ref=lambda state, inst: state.card_label(inst))),
    bare("draws", DRAW),
    bare("passes", PASS),
)


class MatchState(State):
    NOTATION = NOTATION
    #: Sentences of the event log; the rulebook prints them under each worked example. The
    #: engine words the kinds every game shares (play, draw, pass, reshuffle, win, ...) in each
    #: language deckwright speaks; here are only this game's own, in English.
    LANGUAGE = "en"
    EVENTS = {
        "deal": "{n} cards are dealt to each player; {card:card} starts the discard pile.",
        "blocked": "Nobody can play or draw: the game is blocked.",
    }

    passes = 0               # passes in a row

    def deal(self) -> None:
        g = self.game
        self.shuffle_and_deal(g.DECK, g.HAND, HAND_SIZE)
        self.zones.draw(g.DECK, g.DISCARD)
        self.log.add("deal", n=HAND_SIZE, card=self.zones.top(g.DISCARD))

    def can_draw(self) -> bool:
        g = self.game
        return bool(self.zones.piles[g.DECK]) or len(self.zones.piles[g.DISCARD]) > 1

    def matches(self, inst: int) -> bool:
        g = self.game
        top = self.zones.top(g.DISCARD)
        return top == EMPTY or g.color[inst] == g.color[top] or g.rank[inst] == g.rank[top]

    def legal_actions(self) -> list[int]:
        g = self.game
        hand = self.zones.piles[g.HAND[self.turns.current]]
        playable = {g.ids[c]: c for c in hand if self.matches(c)}   # copies are alike
        return list(playable.values()) + [DRAW if self.can_draw() else PASS]

    def why_illegal(self, action: int) -> str:
        p = self.current_player()
        if action >= 0:
            if self.zones.where[action] != self.game.HAND[p]:
                return f"{self.card_label(action)} is not in {self.player_name(p)}'s hand"
            return "it matches neither the colour nor the number of the top card"
        if action == PASS:
            return "you may pass only when there is nothing to draw"
        return "there is nothing to draw"

    def _apply(self, action: int) -> None:
        g = self.game
        p = self.turns.current
        self.passes = self.passes + 1 if action == PASS else 0
        if action == DRAW:
            if not self.zones.piles[g.DECK]:
                self.zones.move_all(g.DISCARD, g.DECK, keep_top=1)
                self.shuffle(g.DECK)
                self.log.add("reshuffle")
            self.zones.draw(g.DECK, g.HAND[p])
            self.log.add("draw", p=p, n=1)
        elif action == PASS:
            self.log.add("pass", p=p)
            if self.passes >= self.players:
                self._blocked()
                return
        else:
            self.zones.move(action, g.DISCARD)
            self.log.add("play", p=p, card=action)
            if not self.zones.piles[g.HAND[p]]:
                self._score(p, sum(self.hand_points(q) for q in range(self.players) if q != p))
                return
        self.turns.advance()

    def hand_points(self, p: int) -> int:
        g = self.game
        return sum(g.points[c] for c in self.zones.piles[g.HAND[p]])

    def _score(self, p: int, points: int) -> None:
        self.score[p] += points
        self.over = True
        self.log.add("win", p=p, points=points)

    def _blocked(self) -> None:
        left = [self.hand_points(q) for q in range(self.players)]
        self.log.add("blocked")
        best = min(left)
        if left.count(best) == 1:
            self._score(left.index(best), sum(left) - best * self.players)
        self.over = True

    def invariants(self):
        if any(s < 0 for s in self.score):
            yield "a negative score"
        if not self.over and self.zones.top(self.game.DISCARD) == EMPTY:
            yield "the discard pile is empty during the game"


class Match(Game):
    facts = FACTS
    state_class = MatchState

    def prepare(self) -> None:
        """Card facts the rules read, as columns by card instance, looked up once."""
        cat = self.catalogue
        self.color = cat.column(lambda c: c.colors[0])
        self.rank = cat.column(lambda c: c.rank)
        self.points = cat.column(lambda c: c.points or 0)
        self.ids = cat.ids
        self.DECK = self.zone("deck")
        self.DISCARD = self.zone("discard")
        self.HAND = self.zones_of("hand")


register(Match)
