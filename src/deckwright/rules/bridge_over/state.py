"""The bridge-over state machine: one round, every decision an action of the turn player.

Phases say what the turn player decides now. An attack is answered at the start of the attacked
player's turn (ruling `attack-timing`): the attacked player *is* the turn player, so no response
window is needed. Addition modes (Escort, Chain, Wild +1, Wild Number Chain) keep the turn with
the player while they add cards. Card facts come from `Facts` columns (cards.py).

Every event is recorded under `if self.log.on:`, so that with the log off (bench, simulation)
nothing is called and no argument is even built; an argument that changes the state (the player
`skip_next()` skips, the cards All Draw 1 draws) is worked out before the guard.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...engine import EMPTY, State
from . import english
from .cards import (ALMIGHTY_BASE, AMPLIFY, BIND, BLOCK, CHAIN, CHOOSE_BASE, CLEAR, COLOURS, CURSE,
                    C_ACTION, C_ALMIGHTY, C_DEFENCE, C_DISCARD, C_NUMBER, C_PUBLIC, C_WILD, DIRECT,
                    DISCARD_BASE, DRAW, DRAW2, ESCORT, HAUNTED, NAME_BASE, NAMING_KINDS, NUMBER,
                    PASS, PLUS1, REDRAW, REFLECT, RELEASE_BASE, RESET, REVERSE, SEARCH, SHOT, SKIP,
                    STOP, TAKE_BASE, TARGET_BASE, THROUGH, WD3, WDD5, WNC)
from .phases import (ADD, AFTER_DRAW, A_BIND, A_NONE, BOUND, CHOOSE, HAND_SIZE, M_CHAIN, M_ESCORT,
                     M_NONE, M_PLUS1, M_WNC, NAME, PHASES, RELEASING, RESETTING, RESET_DRAW,
                     RESPOND, REVERSING, SEARCHING, SKIPPING, TARGET, TURN)
from .attacks import Attacks
from .legality import Legality
from .notation import NOTATION, Refusals
from .views import Views

#: the turn order Skip and Reverse always choose (Direct's player chooses it)
ORDER = {SKIP: SKIPPING, REVERSE: REVERSING}
#: the kinds after which the player adds cards, and the addition mode each starts
ADDING = {ESCORT: M_ESCORT, CHAIN: M_CHAIN, PLUS1: M_PLUS1, WNC: M_WNC}


class BridgeOverState(Legality, Attacks, Views, Refusals, State):
    NOTATION = NOTATION
    PHASES = PHASES
    LANGUAGE = "ja"   # of EVENTS, which hold only what the engine does not word (shared_events)
    EVENTS = {
        "deal": "{n} 枚ずつ配り、{card:card} をめくって場札にする。",
        "add": "{p:player} が追加カードとして {card:card} を出す。",
        "as": "{p:player} が Almighty を {what} として出す。",
        "public": "{p:player} が {card:card} を {q:player} の前に置く。",
        "choose": "{p:player} は「{what}」を選ぶ。",
        "reverse": "手番の向きが反対になる。",
        "attack": "{p:player} が攻撃を受ける（{n} 枚）。",
        "bind-attack": "{p:player} が Bind の攻撃を受ける。",
        "pass-on": "{p:player} が {card:card} で受け流す。",
        "defend": "{p:player} が {card:card} で防御する。",
        "redirect": "攻撃が {p:player} に移る。",
        "nullify": "攻撃は無効になる。",
        "push": "{card:card} が {p:player} の手札に押しつけられる。",
        "accept": "{p:player} が攻撃を受け入れる。",
        "all-draw": "{p:player} が All Draw 1 の効果で山札から {n} 枚引く。",
        "all-draw-off": "{card:card} が {p:player} の前から外れ、捨て札の一番下に入る。",
        "bound": "{p:player} は Bind で縛られている（あと {n} 手番）。",
        "unbind": "{p:player} の Bind が外れて捨て札になる。",
        "reset": "{p:player} が手札 {n} 枚を捨て札の一番下に入れて引き直す。",
        "search": "{p:player} が捨て札から {card:card} を取り、全員に見せる。",
        "release": "{p:player} が {card:card} を解除する。",
        "pass": "{p:player} が手番を終える。",
        "defence-out": "{p:player} が防御上がりする。",
        "stalemate": "誰も動けないので上がりなしでラウンドを終える。",
        "penalty": "{p:player} の罰点は {n} 点。",
    }
    TRANSLATIONS = {"en": {"events": english.EVENTS}}   # its own kinds, in English

    #: The rules' own attributes and their values when a round starts (and `bound`, a count
    #: per player). They are slots: with the engine's sixteen in the instance dict they made
    #: 40, past the 30 that CPython 3.11 lets the instances of a class share one key table for
    #: (see engine.state._slots; `State.clone` copies slots too).
    START: ClassVar[dict[str, Any]] = {
        "phase": TURN, "mode": M_NONE,
        "add_mask": 0,         # Escort: colours an addition may have; Chain: its colour bit
        "chain_last": EMPTY, "chain_kind": CHAIN,   # Chain: the last card added and its kind
        "colour": 0,           # the colour in force (index into COLOURS)
        "top_rank": -1, "top_key": -1,   # top_key: Facts.key (100 + kind for an Almighty)
        "cur": EMPTY, "cur_kind": NUMBER, "cur_alm": False,   # the card being resolved
        "passing": False,      # the card being resolved is a pass-on
        "choice": 2, "pick": -1,   # Direct's option; Shot Draw 2's / Curse's target
        "atk": A_NONE, "atk_n": 0, "atk_pass": False, "atk_from": -1, "atk_card": EMPTY,
        "moved": False, "quiet": 0, "out_player": -1,
    }
    __slots__ = (*START, "bound")

    def __init__(self, game: Any, players: int, seed: int = 0):
        super().__init__(game, players, seed)
        for name, value in self.START.items():
            setattr(self, name, value)
        self.bound = [0] * players

    # --- start ----------------------------------------------------------------------------

    def deal(self) -> None:
        g = self.game
        self.shuffle_and_deal(g.DECK, g.HAND, HAND_SIZE)
        # ruling first-card: flip until a single-colour number card; others go to the bottom
        f = g.f
        deck = self.zones.piles[g.DECK]
        for _ in range(len(deck)):
            if f.cat[deck[-1]] == C_NUMBER and f.colour[deck[-1]] >= 0:
                break
            deck.insert(0, deck.pop())
        top = self.zones.draw(g.DECK, g.DISCARD)
        self._on_top(top, NUMBER if top == EMPTY else f.kind[top])
        if self.log.on:
            self.log.add("deal", n=HAND_SIZE, card=top)
        self._end_turn(to=self.turns.current)

    def after_setup(self, setup: dict[str, Any]) -> None:
        top = self.zones.top(self.game.DISCARD)
        if top != EMPTY:
            self._on_top(top, self.game.f.kind[top])
            if self.game.f.colour[top] < 0:   # a wild or dual top: its first colour
                mask = self.game.f.mask[top]
                self.colour = next((i for i in range(4) if mask >> i & 1), 0)
        if "colour" in setup:
            self.colour = COLOURS.index(setup["colour"])
        for token, n in (setup.get("bound") or {}).items():
            self.bound[self.parse_player(token)] = n
        self.phase = BOUND if self.bound[self.turns.current] else TURN

    def setup_extras(self, shared: dict[str, Any]) -> dict[str, Any]:
        extras: dict[str, Any] = {}
        top = self.zones.top(self.game.DISCARD)
        if top != EMPTY and self.game.f.colour[top] < 0:
            extras["colour"] = COLOURS[self.colour]
        bound = {self.player_name(p): n for p, n in enumerate(self.bound) if n}
        if bound:
            extras["bound"] = bound
        return extras

    # --- small helpers ----------------------------------------------------------------------

    def amp(self, p: int) -> int:
        kind = self.game.f.kind
        return sum(1 for c in self.zones.piles[self.game.PUBLIC[p]] if kind[c] == AMPLIFY)

    def can_draw(self) -> bool:
        g = self.game
        return bool(self.zones.piles[g.DECK]) or len(self.zones.piles[g.DISCARD]) > 1

    def draw(self, p: int, n: int, say: bool = True) -> int:
        g = self.game
        drawn = len(self.draw_up_to(g.DECK, g.HAND[p], n, self._reshuffle))
        if drawn:
            self.moved = True
        if say and self.log.on:
            self.log.add("draw", p=p, n=drawn)
        return drawn

    def _reshuffle(self) -> None:
        """An empty deck: the discard pile but its top card, shuffled, becomes the deck."""
        g, zones = self.game, self.zones
        if len(zones.piles[g.DISCARD]) > 1:
            zones.move_all(g.DISCARD, g.DECK, keep_top=1)
            self.shuffle(g.DECK)
            if self.log.on:
                self.log.add("reshuffle")

    def _on_top(self, inst: int, kind: int) -> None:
        f = self.game.f
        self.top_rank = f.rank[inst] if inst != EMPTY else -1
        if inst == EMPTY:
            self.top_key = -1
        elif f.cat[inst] == C_ALMIGHTY:
            self.top_key = 100 + kind if f.kinds[kind][0] == C_ACTION else -1
        else:
            self.top_key = f.key[inst]
        if inst != EMPTY and f.colour[inst] >= 0:
            self.colour = f.colour[inst]

    def _under_top(self, inst: int) -> None:
        """Discard-type cards go just under the top card: the top and its colour stay."""
        d = self.game.DISCARD
        self.zones.move(inst, d)
        pile = self.zones.piles[d]
        if len(pile) >= 2:
            pile[-1], pile[-2] = pile[-2], pile[-1]

    # --- applying ---------------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        p = self.turns.current
        if self.phase > AFTER_DRAW:
            DO[self.phase](self, p, action)
            return
        g = self.game
        f = g.f
        # the commonest decisions of all, a number card, a draw and a pass, without a call
        if 0 <= action < DISCARD_BASE and f.kind[action] == NUMBER:
            if self.log.on and f.cat[action] != C_PUBLIC:
                self.log.add("play", p=p, card=action, seen_by=range(self.players))
            self.zones.move(action, g.DISCARD)
            self.top_rank, self.top_key = f.rank[action], f.key[action]
            self.colour = f.colour[action]
            self.moved = True
            if self.zones.piles[g.HAND[p]]:
                self._end_turn()
            else:
                self._finish(p)
        elif action == DRAW and self.zones.piles[g.DECK]:   # the common case of draw()
            self.zones.draw(g.DECK, g.HAND[p])
            self.moved = True
            if self.log.on:
                self.log.add("draw", p=p, n=1)
            self.phase = AFTER_DRAW
        elif action == PASS:
            if self.log.on:
                self.log.add("pass", p=p)
            self._end_turn()
        else:
            self._turn_action(p, action)

    def _add(self, p: int, action: int) -> None:
        if action == STOP:
            self._stop_adding(p)
            return
        if self.log.on:
            self.log.add("add", p=p, card=action)
        self._play(p, action, self.game.f.kind[action], False)

    def _name(self, p: int, action: int) -> None:
        self.colour = action - NAME_BASE
        if self.log.on:
            self.log.add("name", p=p, c=COLOURS[self.colour])
        self._after_name()

    def _choose(self, p: int, action: int) -> None:
        self.choice = action - CHOOSE_BASE
        if self.log.on:
            self.log.add("choose", p=p, what=("次の人をとばす", "向きを反対にする", "そのまま次へ")[self.choice])
        self._effect(p)

    def _target(self, p: int, action: int) -> None:
        self.pick = action - TARGET_BASE
        self._effect(p)

    def _bound_turn(self, p: int, action: int) -> None:
        self.draw(p, 1)
        self._count_bound(p)
        self._end_turn()

    def _reset(self, p: int, action: int) -> None:
        if action == REDRAW:
            hand = list(self.hand(p))
            for c in hand:
                self.zones.move(c, self.game.DISCARD, bottom=True)
            if self.log.on:
                self.log.add("reset", p=p, n=len(hand))
            self.draw(p, RESET_DRAW)
        self._end_turn()

    def _take(self, p: int, action: int) -> None:
        inst = action - TAKE_BASE
        self.zones.move(inst, self.game.HAND[p])
        if self.log.on:
            self.log.add("search", p=p, card=inst)
        self._end_turn()

    def _turn_action(self, p: int, action: int) -> None:
        """A turn's decision other than a number card, a pass or a draw from a deck that has
        cards (`_apply` carries those out itself)."""
        if 0 <= action < DISCARD_BASE:
            f = self.game.f
            if f.cat[action] != C_PUBLIC:   # public cards say where they are put instead
                if self.log.on:
                    self.log.add("play", p=p, card=action, seen_by=range(self.players))
            self._play(p, action, f.kind[action], False)
        elif action == DRAW:
            self.draw(p, 1)
            self.phase = AFTER_DRAW
        elif action >= RELEASE_BASE:
            self._release(p, action)
        elif action >= ALMIGHTY_BASE:
            kind = action - ALMIGHTY_BASE
            if self.log.on:
                self.log.add("as", p=p, what=self.game.f.kind_label[kind])
            self._play(p, self._almighty(p), kind, True)
        else:
            inst = action - DISCARD_BASE
            self._under_top(inst)
            self.moved = True
            if self.log.on:
                self.log.add("discard", p=p, card=inst, seen_by=range(self.players))
            self._end_turn()

    def _release(self, p: int, action: int) -> None:
        """Release a public Clear or Amplify (and draw one for it), or stop releasing."""
        if action == STOP:
            self._end_turn()
            return
        inst = action - RELEASE_BASE
        self.zones.move(inst, self.game.DISCARD, bottom=True)
        if self.log.on:
            self.log.add("release", p=p, card=inst, seen_by=range(self.players))
        self.moved = True
        self.draw(p, 1)
        self.phase = RELEASING

    def _place(self, p: int, inst: int, kind: int, cat: int) -> None:
        """Put a played card where it goes: the discard top, under it, or in front of someone."""
        g = self.game
        if cat == C_PUBLIC:
            owner = self.turns.following(p) if kind == BIND else p
            self.zones.move(inst, g.PUBLIC[owner])
            if self.log.on:
                self.log.add("public", p=p, card=inst, q=owner)
        elif kind == HAUNTED:   # ruling haunted-shield-push: forced, also on a finish
            self.zones.move(inst, g.HAND[self.atk_from])
            if self.log.on:
                self.log.add("push", p=self.atk_from, card=inst, seen_by=range(self.players))
        elif cat == C_DEFENCE or cat == C_DISCARD:
            self._under_top(inst)
        else:
            self.zones.move(inst, g.DISCARD)
            self._on_top(inst, kind)

    def _play(self, p: int, inst: int, kind: int, alm: bool, defence: bool = False) -> None:
        """A card leaves the turn player's hand as the turn's card, an addition or an answer
        to an attack (a `defence` card finishes as a defensive finish)."""
        f = self.game.f
        cat = f.kinds[kind][0] if alm else f.cat[inst]
        mode = self.mode
        self._place(p, inst, kind, cat)
        self.moved = True
        if not self.zones.piles[self.game.HAND[p]]:
            self._finish(p, defence)
            return
        if mode == M_CHAIN:
            self.chain_last, self.chain_kind = inst, kind
            return  # effects wait for the end of the Chain: only the last one works
        if mode == M_ESCORT or mode == M_PLUS1:
            self.mode = M_NONE
        self.cur, self.cur_kind, self.cur_alm = inst, kind, alm
        if alm or cat == C_WILD or kind in NAMING_KINDS:
            self.phase = NAME
        else:
            self._after_name()

    def _after_name(self) -> None:
        kind = self.cur_kind
        if kind == DIRECT or kind == WDD5:
            self.phase = CHOOSE
        elif kind == SHOT or kind == CURSE:
            self.phase = TARGET
        else:
            self._effect(self.turns.current)

    def _stop_adding(self, p: int) -> None:
        mode = self.mode
        self.mode = M_NONE
        if mode != M_CHAIN or self.chain_kind == CHAIN:
            self._end_turn()
            return
        # ruling chain-additions: only the last card added works
        self.cur, self.cur_kind, self.cur_alm = self.chain_last, self.chain_kind, False
        self._after_name()

    def _effect(self, p: int) -> None:
        """The resolved card's effect (after any colour, option and target were chosen)."""
        kind = self.cur_kind
        if kind == SKIP or kind == REVERSE or kind == DIRECT:
            self._order(ORDER.get(kind, self.choice))
            self._end_turn()
        elif kind in ADDING:   # Escort, Chain, Wild +1, Wild Number Chain: additions follow
            self.mode = ADDING[kind]
            if kind == ESCORT and not self.cur_alm:
                self.add_mask = self.game.f.mask[self.cur]
            else:
                self.add_mask = 1 << self.colour
            self.chain_last, self.chain_kind = self.cur, CHAIN
            self.phase = ADD
        elif kind in (DRAW2, SHOT, WD3, WDD5):
            self._draw_attack(p, kind)
        elif kind == BIND:
            self._start_attack(self.turns.following(p), A_BIND, 0, False, p, self.cur)
        elif kind == BLOCK or kind == HAUNTED:
            self._nullify(p)
            self._end_turn()
        elif kind == THROUGH:
            self._redirect(p, self.turns.following(p))
        elif kind == REFLECT:
            self._order(REVERSING)
            self._redirect(p, self.atk_from)
        elif kind == CURSE:
            self._redirect(p, self.pick)
        elif kind == RESET or kind == SEARCH:
            self.phase = RESETTING if kind == RESET else SEARCHING
        elif self.mode != M_NONE:   # an addition with no effect of its own: more may follow
            self.phase = ADD
        else:  # numbers, 15, Wild, Clear, Amplify, All Draw 1: nothing more
            self._end_turn()

    def _order(self, choice: int) -> None:
        """Skip the next player, reverse the direction or leave the order (`CHOICES`)."""
        if choice == SKIPPING:
            skipped = self.turns.skip_next()
            if self.log.on:
                self.log.add("skip", p=skipped)
        elif choice == REVERSING:
            self.turns.reverse()
            if self.log.on:
                self.log.add("reverse")

    # --- turns and the end --------------------------------------------------------------------

    def _end_turn(self, to: int | None = None) -> None:
        """End the turn and start the next player's; with `to`, start that player's turn as it
        is (an attack's target answers on their own turn; the first player's after the deal)."""
        if to is None:
            if self.moved:
                self.quiet = 0
            else:
                self.quiet += 1
                if self.quiet >= self.players:   # ruling stalemate
                    self.mode = M_NONE
                    if self.log.on:
                        self.log.add("stalemate")
                    self._score_round()
                    return
        p = self.turns.advance(to)
        self.moved = False
        self.mode = M_NONE
        if self.atk != A_NONE:
            self.phase = RESPOND
            return
        if self.game.f.has_ado:
            self._all_draw_1(p)
        self.phase = BOUND if self.bound[p] else TURN

    def _finish(self, p: int, defence: bool = False) -> None:
        self.out_player = p
        if self.log.on:
            self.log.add("defence-out" if defence else "out", p=p)
        self._score_round()

    def _score_round(self) -> None:
        for q in range(self.players):
            n = self.penalty(q)
            self.score[q] += n
            if self.log.on:
                self.log.add("penalty", p=q, n=n)
        self.over = True

    def penalty(self, q: int) -> int:
        """Points left in hand plus the public cards in front (rulings scoring-public, clear-scoring)."""
        g = self.game
        f = g.f
        hand = self.zones.piles[g.HAND[q]]
        public = self.zones.piles[g.PUBLIC[q]]
        if any(f.kind[c] == CLEAR for c in public):
            return (sum(f.hand_points[c] for c in hand if f.cat[c] == C_NUMBER)
                    + sum(f.public_points[c] for c in public if f.kind[c] == CLEAR))
        return sum(f.hand_points[c] for c in hand) + sum(f.public_points[c] for c in public)

    def returns(self) -> list[float]:
        return [-float(s) for s in self.scores()]

    def winner(self) -> int | None:
        if not self.over:
            return None
        if self.out_player >= 0:
            return self.out_player
        return super().winner()


#: What a decision does in each phase but a turn's (`_apply` carries a turn's out itself).
DO = {
    RESPOND: BridgeOverState._answer,
    NAME: BridgeOverState._name,
    CHOOSE: BridgeOverState._choose,
    TARGET: BridgeOverState._target,
    ADD: BridgeOverState._add,
    RESETTING: BridgeOverState._reset,
    SEARCHING: BridgeOverState._take,
    RELEASING: BridgeOverState._release,
    BOUND: BridgeOverState._bound_turn,
}
