"""The bridge-over state machine: one round, every decision an action of the turn player.

Phases say what the turn player decides now. An attack is answered at the start of the attacked
player's turn (ruling `attack-timing`): the attacked player *is* the turn player, so no response
window is needed. Addition modes (Escort, Chain, Wild +1, Wild Number Chain) keep the turn with
the player while they add cards. Card facts come from `Facts` columns (cards.py).
"""

from __future__ import annotations

from typing import Any, Iterable

from ...engine import EMPTY, Cards, State
from .cards import (ACCEPT, ADO, ALL_COLOURS, ALMIGHTY_BASE, AMPLIFY, BIND, BLOCK, C_ACTION,
                    C_ALMIGHTY, C_DEFENCE, C_DISCARD, C_NUMBER, C_PUBLIC, C_WILD, CHAIN,
                    CHAIN_KINDS, CHOOSE_BASE, CLEAR, COLOURS, CURSE, DIRECT, DISCARD_BASE, DRAW,
                    DRAW2, ESCORT, FIFTEEN, HAUNTED, KEEP, NAME_BASE, NAMING_KINDS, NUMBER, PASS,
                    PASS_ON_KINDS, PLUS1, REDRAW, REFLECT, RELEASE_BASE, RESET, REVERSE, SEARCH,
                    SHOT, SKIP, STOP, TAKE_BASE, TARGET_BASE, THROUGH, WD3, WDD5, WNC)
from .notation import Notation

HAND_SIZE = 7      # ruling hand-size
RESET_DRAW = 5     # Reset: the text's five cards

# phases: what the turn player decides now
(TURN, AFTER_DRAW, RESPOND, NAME, CHOOSE, TARGET, ADD, RESETTING, SEARCHING, RELEASING,
 BOUND) = range(11)
PHASES = ("turn", "after-draw", "respond", "name", "choose", "target", "add", "reset", "search",
          "release", "bound")
# addition modes
M_NONE, M_ESCORT, M_CHAIN, M_PLUS1, M_WNC = range(5)
# attacks
A_NONE, A_DRAW, A_BIND = range(3)


class BridgeOverState(Notation, State):
    EVENTS = {
        "deal": "{n} 枚ずつ配り、{card:card} をめくって場札にする。",
        "play": "{p:player} が {card:card} を出す。",
        "add": "{p:player} が追加カードとして {card:card} を出す。",
        "as": "{p:player} が Almighty を {what} として出す。",
        "public": "{p:player} が {card:card} を {q:player} の前に置く。",
        "name": "{p:player} が色を {c:color} に決める。",
        "choose": "{p:player} は「{what}」を選ぶ。",
        "skip": "{p:player} の手番がとばされる。",
        "reverse": "手番の向きが反対になる。",
        "attack": "{p:player} が攻撃を受ける（{n} 枚）。",
        "bind-attack": "{p:player} が Bind の攻撃を受ける。",
        "pass-on": "{p:player} が {card:card} で受け流す。",
        "defend": "{p:player} が {card:card} で防御する。",
        "redirect": "攻撃が {p:player} に移る。",
        "nullify": "攻撃は無効になる。",
        "push": "{card:card} が {p:player} の手札に押しつけられる。",
        "accept": "{p:player} が攻撃を受け入れる。",
        "draw": "{p:player} が山札から {n} 枚引く。",
        "all-draw": "{p:player} が All Draw 1 の効果で山札から {n} 枚引く。",
        "all-draw-off": "{card:card} が {p:player} の前から外れ、捨て札の一番下に入る。",
        "bound": "{p:player} は Bind で縛られている（あと {n} 手番）。",
        "unbind": "{p:player} の Bind が外れて捨て札になる。",
        "discard": "{p:player} が {card:card} を捨て札にする。",
        "reset": "{p:player} が手札 {n} 枚を捨て札の一番下に入れて引き直す。",
        "search": "{p:player} が捨て札から {card:card} を取り、全員に見せる。",
        "release": "{p:player} が {card:card} を解除する。",
        "reshuffle": "捨て札を切り直して山札にする。",
        "pass": "{p:player} が手番を終える。",
        "out": "{p:player} が上がる。",
        "defence-out": "{p:player} が防御上がりする。",
        "stalemate": "誰も動けないので上がりなしでラウンドを終える。",
        "penalty": "{p:player} の罰点は {n} 点。",
    }

    def __init__(self, game: Any, players: int, seed: int = 0):
        super().__init__(game, players, seed)
        self.phase = TURN
        self.mode = M_NONE
        self.add_mask = 0         # Escort: colours an addition may have; Chain: its colour bit
        self.chain_last = EMPTY   # Chain: the last card added and its kind
        self.chain_kind = CHAIN
        self.colour = 0           # the colour in force (index into COLOURS)
        self.top_kind = NUMBER
        self.top_rank = -1
        self.top_key = -1         # Facts.key of the top card (100 + kind for an Almighty)
        self.cur = EMPTY          # the card being resolved, its kind, whether it is Almighty
        self.cur_kind = NUMBER
        self.cur_alm = False
        self.passing = False      # the card being resolved is a pass-on
        self.choice = 2
        self.pick = -1            # Shot Draw 2 / Curse target
        self.atk = A_NONE
        self.atk_n = 0
        self.atk_pass = False
        self.atk_from = -1
        self.atk_card = EMPTY
        self.bound = [0] * players
        self.moved = False
        self.quiet = 0
        self.out_player = -1

    # --- start ----------------------------------------------------------------------------

    def deal(self) -> None:
        g = self.game
        self.zones.move_all(0, g.DECK)
        self.shuffle(g.DECK)
        for _ in range(HAND_SIZE):
            for p in range(self.players):
                self.zones.draw(g.DECK, g.HAND[p])
        # ruling first-card: flip until a single-colour number card; others go to the bottom
        f = g.f
        deck = self.zones.piles[g.DECK]
        for _ in range(len(deck)):
            if f.cat[deck[-1]] == C_NUMBER and f.colour[deck[-1]] >= 0:
                break
            deck.insert(0, deck.pop())
        top = self.zones.draw(g.DECK, g.DISCARD)
        self._on_top(top, NUMBER if top == EMPTY else f.kind[top])
        self.log.add("deal", n=HAND_SIZE, card=top)
        self._start_turn()

    def after_setup(self, setup: dict[str, Any]) -> None:
        top = self.zones.top(self.game.DISCARD)
        if top != EMPTY:
            self._on_top(top, self.game.f.kind[top])
        if top != EMPTY and self.game.f.colour[top] < 0:
            mask = self.game.f.mask[top]
            self.colour = next((i for i in range(4) if mask >> i & 1), 0)
        if "colour" in setup:
            self.colour = COLOURS.index(setup["colour"])
        for token, n in (setup.get("bound") or {}).items():
            self.bound[self.parse_player(token)] = n
        self.phase = BOUND if self.bound[self.turns.current] else TURN

    # --- small helpers ----------------------------------------------------------------------

    def hand(self, p: int) -> list[int]:
        return self.zones.piles[self.game.HAND[p]]

    def amp(self, p: int) -> int:
        kind = self.game.f.kind
        return sum(1 for c in self.zones.piles[self.game.PUBLIC[p]] if kind[c] == AMPLIFY)

    def can_draw(self) -> bool:
        g = self.game
        return bool(self.zones.piles[g.DECK]) or len(self.zones.piles[g.DISCARD]) > 1

    def draw(self, p: int, n: int, say: bool = True) -> int:
        g = self.game
        zones = self.zones
        drawn = 0
        for _ in range(n):
            if not zones.piles[g.DECK]:
                if len(zones.piles[g.DISCARD]) <= 1:
                    break
                zones.move_all(g.DISCARD, g.DECK, keep_top=1)
                self.shuffle(g.DECK)
                self.log.add("reshuffle")
            zones.draw(g.DECK, g.HAND[p])
            drawn += 1
        if drawn:
            self.moved = True
        if say:
            self.log.add("draw", p=p, n=drawn)
        return drawn

    def _on_top(self, inst: int, kind: int) -> None:
        f = self.game.f
        self.top_kind = kind
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

    def _matches(self, inst: int) -> bool:
        """Same colour as the colour in force, or the same number or name as the top card."""
        f = self.game.f
        return bool(f.mask[inst] >> self.colour & 1) or f.key[inst] == self.top_key

    def _escort_ok(self, cards: list[int], mask: int) -> bool:
        """Whether some card of `cards` can follow an Escort of colours `mask` (recursively for
        Escort after Escort), keeping the last-card rules."""
        f = self.game.f
        last = len(cards) == 1
        for c in cards:
            cat = f.cat[c]
            if cat in (C_DEFENCE, C_DISCARD, C_PUBLIC, C_ALMIGHTY):
                continue
            kind = f.kind[c]
            if not (f.mask[c] & mask or kind == ESCORT):
                continue
            if last and (cat == C_WILD or kind == ESCORT):
                continue
            if kind == ESCORT:
                if self._escort_ok([x for x in cards if x != c], f.mask[c]):
                    return True
                continue
            return True
        return False

    def _without(self, p: int, inst: int) -> list[int]:
        return [c for c in self.hand(p) if c != inst]

    # --- what may be played -----------------------------------------------------------------

    def _main_problem(self, p: int, inst: int, kind: int, alm: bool) -> str | None:
        """Why the turn player may not play `inst` (as `kind`) as the turn's card, or None."""
        f = self.game.f
        n = len(self.hand(p))
        cat = f.kinds[kind][0] if alm else f.cat[inst]
        if cat == C_DEFENCE:
            return "防御カードは攻撃を受けたときに出すか、自分の手番に捨て札にする（discards）"
        if n == 1:
            if alm:
                return "Almighty は最後の1枚として出して上がれない"
            if cat == C_WILD:
                return "ワイルドカードは最後の1枚として出して上がれない"
            if cat == C_PUBLIC:
                return "公開カードは最後の1枚として出して上がれない"
        if cat == C_DISCARD:
            if n == 1:
                return "手札が1枚のときは捨て札になるカードを使えない"
            if kind == SEARCH and len(self.zones.piles[self.game.DISCARD]) < 2:
                return "捨て札が1枚しかないので Search は使えない"
            return None
        if not alm and cat not in (C_WILD, C_PUBLIC) and not self._matches(inst):
            return "場札の色・数字・名前のどれにも合わないので出せない"
        if kind == ESCORT:
            mask = ALL_COLOURS if alm else f.mask[inst]
            if not self._escort_ok(self._without(p, inst), mask):
                return "Escort に続けて出せる追加カードが手札にないので出せない"
        return None

    def _add_problem(self, p: int, inst: int) -> str | None:
        """Why `inst` may not be added in the current addition mode, or None."""
        f = self.game.f
        cat, kind = f.cat[inst], f.kind[inst]
        rest = self._without(p, inst)
        mode = self.mode
        if cat == C_ALMIGHTY:
            return "Almighty は追加カードにできない"
        if mode == M_WNC:
            if cat != C_NUMBER:
                return "Wild Number Chain に続けられるのは数字カードだけ"
            if not (f.mask[inst] >> self.colour & 1 or f.rank[inst] == self.top_rank):
                return "直前のカードと数字か色が同じ数字カードしか続けられない"
            return None
        if cat in (C_DEFENCE, C_DISCARD, C_PUBLIC):
            return "捨て札になるカードと公開カードは追加カードにできない"
        if mode == M_CHAIN:
            if kind not in CHAIN_KINDS or f.mask[inst] != self.add_mask:
                return "Chain には同じ色の1色のカード（ワイルドと2色のカード以外）だけ追加できる"
        elif mode == M_ESCORT:
            if not (f.mask[inst] & self.add_mask or kind == ESCORT):
                return "Escort の追加カードは同じ色のカードか別の Escort だけ"
        if not rest and cat == C_WILD:
            return "ワイルドカードは最後の1枚として出して上がれない"
        if kind == ESCORT and not self._escort_ok(rest, f.mask[inst]):
            return "Escort に続けて出せる追加カードが手札にないので出せない"
        return None

    def _answer_problem(self, p: int, inst: int, kind: int, alm: bool) -> str | None:
        """Why the attacked player may not answer with `inst` (as `kind`), or None."""
        f = self.game.f
        if self.bound[p]:
            return "Bind で縛られているので防御も受け流しもできず、攻撃を受け入れるしかない"
        cat = f.kinds[kind][0] if alm else f.cat[inst]
        last = len(self.hand(p)) == 1
        if kind in PASS_ON_KINDS:
            if self.atk != A_DRAW:
                return "Bind の攻撃は受け流せない"
            if not self.atk_pass:
                return "Wild Draw 3 と Wild Direct Draw 5 の攻撃は受け流せない"
            if alm and last:
                return "Almighty は最後の1枚として出して上がれない"
            return None
        if cat == C_DEFENCE:
            if alm and last and kind == HAUNTED:
                return "防御上がりでは Almighty を Haunted Shield として使えない"
            return None
        return "攻撃を受けている間は、受け入れる・受け流す・防御カードを出すのどれかしかできない"

    # --- legal actions ----------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        phase = self.phase
        p = self.turns.current
        if phase <= AFTER_DRAW:   # TURN or AFTER_DRAW: most decisions
            return self._turn_actions(p, phase)
        if phase == ADD:
            acts = [c for c in self.hand(p) if self._add_problem(p, c) is None]
            if self.mode != M_ESCORT:
                acts.append(STOP)
            return acts
        if phase == RESPOND:
            return self._respond_actions(p)
        if phase == NAME:
            return [NAME_BASE + i for i in self._nameable()]
        if phase == CHOOSE:
            if self.cur_kind == WDD5 and self.players == 2:
                return [CHOOSE_BASE + 1, CHOOSE_BASE + 2]   # ruling two-player-reverse
            return [CHOOSE_BASE, CHOOSE_BASE + 1, CHOOSE_BASE + 2]
        if phase == TARGET:
            return [TARGET_BASE + q for q in range(self.players) if q != p]
        if phase == BOUND:
            return [DRAW]
        if phase == RESETTING:
            return [REDRAW, KEEP]
        if phase == SEARCHING:
            return [TAKE_BASE + c for c in self._searchable()]
        # RELEASING
        return [RELEASE_BASE + c for c in self._releasable(p)] + [STOP]

    def _turn_actions(self, p: int, phase: int) -> list[int]:
        """The hot path of every benchmark: the same tests as `_main_problem`, inlined."""
        g = self.game
        f = g.f
        cats, kinds, masks, keys = f.cat, f.kind, f.mask, f.key
        hand = self.zones.piles[g.HAND[p]]
        several = len(hand) > 1
        bit = 1 << self.colour
        top_key = self.top_key
        acts: list[int] = []
        playable = False
        alm = EMPTY
        for c in hand:
            cat = cats[c]
            if cat <= C_ACTION:   # number and action cards follow the top card
                if masks[c] & bit or keys[c] == top_key:
                    if kinds[c] == ESCORT and not self._escort_ok(
                            [x for x in hand if x != c], masks[c]):
                        continue
                    acts.append(c)
                    playable = True
            elif not several:
                if cat == C_ALMIGHTY:
                    alm = c
            elif cat == C_WILD:
                acts.append(c)
                playable = True
            elif cat == C_DEFENCE:
                acts.append(DISCARD_BASE + c)
            elif cat == C_PUBLIC:
                acts.append(c)
            elif cat == C_DISCARD:
                if kinds[c] != SEARCH or len(self.zones.piles[g.DISCARD]) > 1:
                    acts.append(c)
            else:
                alm = c
        if alm != EMPTY:
            for k in f.almighty_kinds:
                if self._main_problem(p, alm, k, True) is None:
                    acts.append(ALMIGHTY_BASE + k)
                    playable = playable or f.kinds[k][0] != C_DISCARD
        if self.zones.piles[g.PUBLIC[p]]:
            acts += [RELEASE_BASE + c for c in self._releasable(p)]
        if phase == AFTER_DRAW:
            acts.append(PASS)
        elif not playable:   # ruling draw-turn: draw only with no card to play
            acts.append(DRAW if self.can_draw() else PASS)
        return acts

    def _respond_actions(self, p: int) -> list[int]:
        acts = [ACCEPT]
        if self.bound[p]:
            return acts
        f = self.game.f
        for c in self.hand(p):
            if f.cat[c] == C_ALMIGHTY:
                acts += [ALMIGHTY_BASE + k for k in f.almighty_kinds
                         if self._answer_problem(p, c, k, True) is None]
            elif self._answer_problem(p, c, f.kind[c], False) is None:
                acts.append(c)
        return acts

    def _releasable(self, p: int) -> list[int]:
        kind = self.game.f.kind
        return [c for c in self.zones.piles[self.game.PUBLIC[p]] if kind[c] in (CLEAR, AMPLIFY)]

    def _searchable(self) -> list[int]:
        pile = self.zones.piles[self.game.DISCARD]
        return [c for c in pile[:-1] if c != self.cur]

    def _nameable(self) -> list[int]:
        f = self.game.f
        if self.cur_alm:
            if self.cur_kind == ESCORT:
                rest = self._without(self.turns.current, EMPTY)
                return [i for i in range(4) if self._escort_ok(rest, 1 << i)]
            return [0, 1, 2, 3]
        mask = f.mask[self.cur]
        return [i for i in range(4) if mask >> i & 1]

    def _almighty(self, p: int) -> int:
        f = self.game.f
        return next((c for c in self.hand(p) if f.cat[c] == C_ALMIGHTY), EMPTY)

    # --- applying ---------------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        phase = self.phase
        p = self.turns.current
        if phase <= AFTER_DRAW:
            self._turn_action(p, action)
        elif phase == ADD:
            if action == STOP:
                self._stop_adding(p)
            else:
                self.log.add("add", p=p, card=action)
                self._play(p, action, self.game.f.kind[action], False)
        elif phase == RESPOND:
            self._answer(p, action)
        elif phase == NAME:
            self.colour = action - NAME_BASE
            self.log.add("name", p=p, c=COLOURS[self.colour])
            self._after_name()
        elif phase == CHOOSE:
            self.choice = action - CHOOSE_BASE
            self.log.add("choose", p=p, what=("次の人をとばす", "向きを反対にする", "そのまま次へ")[self.choice])
            self._effect(p)
        elif phase == TARGET:
            self.pick = action - TARGET_BASE
            self._effect(p)
        elif phase == BOUND:
            self.draw(p, 1)
            self._count_bound(p)
            self._end_turn()
        elif phase == RESETTING:
            if action == REDRAW:
                hand = list(self.hand(p))
                for c in hand:
                    self.zones.move(c, self.game.DISCARD, bottom=True)
                self.log.add("reset", p=p, n=len(hand))
                self.draw(p, RESET_DRAW)
            self._end_turn()
        elif phase == SEARCHING:
            inst = action - TAKE_BASE
            self.zones.move(inst, self.game.HAND[p])
            self.log.add("search", p=p, card=inst)
            self._end_turn()
        else:  # RELEASING
            if action == STOP:
                self._end_turn()
            else:
                self._release(p, action - RELEASE_BASE)

    def _turn_action(self, p: int, action: int) -> None:
        if 0 <= action < DISCARD_BASE:
            g = self.game
            f = g.f
            if f.cat[action] != C_PUBLIC:   # public cards say where they are put instead
                self.log.add("play", p=p, card=action)
            if f.kind[action] == NUMBER:   # the common case, without the general pipeline
                self.zones.move(action, g.DISCARD)
                self.top_kind, self.top_rank, self.top_key = NUMBER, f.rank[action], f.key[action]
                self.colour = f.colour[action]
                self.moved = True
                if self.zones.piles[g.HAND[p]]:
                    self._end_turn()
                else:
                    self._finish(p)
                return
            self._play(p, action, f.kind[action], False)
        elif action == DRAW:
            g = self.game
            if self.zones.piles[g.DECK]:   # the common case of draw()
                self.zones.draw(g.DECK, g.HAND[p])
                self.moved = True
                self.log.add("draw", p=p, n=1)
            else:
                self.draw(p, 1)
            self.phase = AFTER_DRAW
        elif action == PASS:
            self.log.add("pass", p=p)
            self._end_turn()
        elif action >= RELEASE_BASE:
            self._release(p, action - RELEASE_BASE)
        elif action >= ALMIGHTY_BASE:
            kind = action - ALMIGHTY_BASE
            self.log.add("as", p=p, what=self.game.f.kind_label.get(kind, self.kind_name(kind)))
            self._play(p, self._almighty(p), kind, True)
        else:
            inst = action - DISCARD_BASE
            self._under_top(inst)
            self.moved = True
            self.log.add("discard", p=p, card=inst)
            self._end_turn()

    def _release(self, p: int, inst: int) -> None:
        self.zones.move(inst, self.game.DISCARD, bottom=True)
        self.log.add("release", p=p, card=inst)
        self.moved = True
        self.draw(p, 1)
        self.phase = RELEASING

    def _place(self, p: int, inst: int, kind: int, cat: int) -> None:
        """Put a played card where it goes: the discard top, under it, or in front of someone."""
        g = self.game
        if cat == C_PUBLIC:
            owner = self.turns.following(p) if kind == BIND else p
            self.zones.move(inst, g.PUBLIC[owner])
            self.log.add("public", p=p, card=inst, q=owner)
        elif cat == C_DEFENCE or cat == C_DISCARD:
            self._under_top(inst)
        else:
            self.zones.move(inst, g.DISCARD)
            self._on_top(inst, kind)

    def _play(self, p: int, inst: int, kind: int, alm: bool) -> None:
        """A card leaves the turn player's hand as the turn's card or an addition."""
        f = self.game.f
        cat = f.kinds[kind][0] if alm else f.cat[inst]
        mode = self.mode
        self._place(p, inst, kind, cat)
        self.moved = True
        if not self.hand(p):
            self._finish(p)
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

    def _continue(self) -> None:
        if self.mode != M_NONE:
            self.phase = ADD
        else:
            self._end_turn()

    def _effect(self, p: int) -> None:
        """The resolved card's effect (after any colour, option and target were chosen)."""
        kind = self.cur_kind
        turns = self.turns
        if kind == SKIP:
            self.log.add("skip", p=turns.skip_next())
            self._end_turn()
        elif kind == REVERSE:
            turns.reverse()
            self.log.add("reverse")
            self._end_turn()
        elif kind == ESCORT:
            self.mode = M_ESCORT
            self.add_mask = (1 << self.colour) if self.cur_alm else self.game.f.mask[self.cur]
            self.phase = ADD
        elif kind == CHAIN:
            self.mode = M_CHAIN
            self.add_mask = 1 << self.colour
            self.chain_last, self.chain_kind = self.cur, CHAIN
            self.phase = ADD
        elif kind == PLUS1:
            self.mode = M_PLUS1
            self.phase = ADD
        elif kind == WNC:
            self.mode = M_WNC
            self.phase = ADD
        elif kind == DIRECT:
            self._order_choice()
            self._end_turn()
        elif kind in (DRAW2, SHOT, WD3, WDD5):
            self._draw_attack(p, kind)
        elif kind == BIND:
            self._start_attack(turns.following(p), A_BIND, 0, False, p, self.cur)
        elif kind == BLOCK or kind == HAUNTED:
            self._nullify(p)
            self._end_turn()
        elif kind == THROUGH:
            self._redirect(p, turns.following(p))
        elif kind == REFLECT:
            turns.reverse()
            self.log.add("reverse")
            self._redirect(p, self.atk_from)
        elif kind == CURSE:
            self._redirect(p, self.pick)
        elif kind == RESET:
            self.phase = RESETTING
        elif kind == SEARCH:
            self.phase = SEARCHING
        else:  # numbers, 15, Wild, Clear, Amplify, All Draw 1: nothing more
            self._continue()

    def _order_choice(self) -> None:
        if self.choice == 0:
            self.log.add("skip", p=self.turns.skip_next())
        elif self.choice == 1:
            self.turns.reverse()
            self.log.add("reverse")

    def _draw_attack(self, p: int, kind: int) -> None:
        turns = self.turns
        n = self.game.f.kinds[kind][1] + self.amp(p)
        if self.passing:
            n += self.atk_n
            self.passing = False
        if kind == SHOT:
            target = self.pick
        elif kind == WDD5:
            if self.choice == 1:
                turns.reverse()
                self.log.add("reverse")
            target = turns.following(p)
            if self.choice == 0:
                self.log.add("skip", p=target)
                target = turns.following(target)
        else:
            target = turns.following(p)
        self._start_attack(target, A_DRAW, n, kind in PASS_ON_KINDS, p, EMPTY)

    # --- attacks ------------------------------------------------------------------------------

    def _start_attack(self, target: int, kind: int, n: int, passable: bool, src: int,
                      card: int) -> None:
        self.atk, self.atk_n, self.atk_pass = kind, n, passable
        self.atk_from, self.atk_card = src, card
        self.mode = M_NONE
        if kind == A_BIND:
            self.log.add("bind-attack", p=target)
        else:
            self.log.add("attack", p=target, n=n)
        self.turns.current = target
        self._start_turn()

    def _answer(self, p: int, action: int) -> None:
        f = self.game.f
        if action == ACCEPT:
            self._accept(p)
            return
        alm = action >= ALMIGHTY_BASE
        inst = self._almighty(p) if alm else action
        kind = action - ALMIGHTY_BASE if alm else f.kind[inst]
        if alm:
            self.log.add("as", p=p, what=self.game.f.kind_label.get(kind, self.kind_name(kind)))
        if kind in PASS_ON_KINDS:
            self.log.add("pass-on", p=p, card=inst)
            self.zones.move(inst, self.game.DISCARD)
            self._on_top(inst, kind)
            self.passing = True
        else:
            self.log.add("defend", p=p, card=inst)
            if kind == HAUNTED:   # ruling haunted-shield-push: forced, also on a finish
                self.zones.move(inst, self.game.HAND[self.atk_from])
                self.log.add("push", p=self.atk_from, card=inst)
            else:
                self._under_top(inst)
        self.moved = True
        if not self.hand(p):
            self._finish(p, defence=kind not in PASS_ON_KINDS)
            return
        self.cur, self.cur_kind, self.cur_alm = inst, kind, alm
        if alm:
            self.phase = NAME
        else:
            self._after_name()

    def _accept(self, p: int) -> None:
        self.log.add("accept", p=p)
        if self.atk == A_BIND:
            g = self.game
            kind = g.f.kind
            for c in list(self.zones.piles[g.PUBLIC[p]]):
                if kind[c] == BIND and c != self.atk_card:   # ruling bind-replaced
                    self._under_top(c)
            self.atk = A_NONE
            self.bound[p] = 2
            self.log.add("bound", p=p, n=2)
            self.phase = BOUND       # this turn is the first bound turn (ruling bind-turn-count)
            return
        n = self.atk_n + self.amp(p)
        self.atk = A_NONE
        self.draw(p, n)
        self._count_bound(p)
        self._end_turn()

    def _nullify(self, p: int) -> None:
        if self.atk == A_BIND:
            self._under_top(self.atk_card)
        self.atk = A_NONE
        self.log.add("nullify")

    def _redirect(self, p: int, target: int) -> None:
        if self.atk == A_DRAW:
            self.atk_n += self.amp(p)   # ruling amplify-carry
        else:
            self.zones.move(self.atk_card, self.game.PUBLIC[target])
        self.log.add("redirect", p=target)
        self._start_attack(target, self.atk, self.atk_n, self.atk_pass, p, self.atk_card)

    def _count_bound(self, p: int) -> None:
        if not self.bound[p]:
            return
        self.bound[p] -= 1
        if self.bound[p]:
            return
        g = self.game
        for c in list(self.zones.piles[g.PUBLIC[p]]):
            if g.f.kind[c] == BIND:
                self._under_top(c)
        self.log.add("unbind", p=p)

    # --- turns and the end --------------------------------------------------------------------

    def _start_turn(self) -> None:
        p = self.turns.current
        self.moved = False
        self.mode = M_NONE
        if self.atk != A_NONE:
            self.phase = RESPOND
            return
        if self.game.f.has_ado:
            self._all_draw_1(p)
        self.phase = BOUND if self.bound[p] else TURN

    def _all_draw_1(self, p: int) -> None:
        g = self.game
        kind = g.f.kind
        for q in range(self.players):
            for c in list(self.zones.piles[g.PUBLIC[q]]):
                if kind[c] != ADO:
                    continue
                if q == p:   # ruling all-draw-1-removal
                    self.zones.move(c, g.DISCARD, bottom=True)
                    self.log.add("all-draw-off", p=p, card=c)
                else:
                    n = 1 + self.amp(q) + self.amp(p)
                    self.log.add("all-draw", p=p, n=self.draw(p, n, say=False))

    def _end_turn(self) -> None:
        self.mode = M_NONE
        self.quiet = 0 if self.moved else self.quiet + 1
        if self.quiet >= self.players:   # ruling stalemate
            self.log.add("stalemate")
            self._score_round()
            return
        self.turns.advance()
        self._start_turn()

    def _finish(self, p: int, defence: bool = False) -> None:
        self.out_player = p
        self.log.add("defence-out" if defence else "out", p=p)
        self._score_round()

    def _score_round(self) -> None:
        for q in range(self.players):
            n = self.penalty(q)
            self.score[q] += n
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

    # --- for bots, views and tests ------------------------------------------------------------

    def greedy_value(self, action: int) -> float | None:
        """Shed costly cards, attack, name the colour held most, target the shortest hand."""
        f = self.game.f
        p = self.turns.current
        if 0 <= action < DISCARD_BASE:
            return 10.0 + f.hand_points[action] + (5 if f.draws[action] else 0)
        if action < 0:
            return {DRAW: 1.0, PASS: 0.0, STOP: 2.0, ACCEPT: 0.5, REDRAW: len(self.hand(p)) - 5.0,
                    KEEP: 0.0}[action]
        if action < ALMIGHTY_BASE:
            return 8.0 + f.hand_points[action - DISCARD_BASE]
        if action < NAME_BASE:
            return 9.0 + f.kinds[action - ALMIGHTY_BASE][1]
        if action < CHOOSE_BASE:
            bit = 1 << (action - NAME_BASE)
            return float(sum(1 for c in self.hand(p) if f.mask[c] & bit))
        if action < TARGET_BASE:
            return float(action == CHOOSE_BASE)
        if action < TAKE_BASE:
            return -float(len(self.hand(action - TARGET_BASE)))
        if action < RELEASE_BASE:
            return -float(f.hand_points[action - TAKE_BASE])
        return -1.0

    def public_info(self) -> dict[str, Any]:
        return {"colour": COLOURS[self.colour], "phase": PHASES[self.phase],
                "attack": self.actual_attack(), "bound": self.actual_bound()}

    def actual_colour(self) -> str:
        return COLOURS[self.colour]

    def actual_attack(self) -> dict[str, Any] | None:
        if self.atk == A_NONE:
            return None
        return {"target": self.player_name(self.turns.current),
                "kind": "bind" if self.atk == A_BIND else "draw", "draws": self.atk_n,
                "from": self.player_name(self.atk_from)}

    def actual_bound(self) -> dict[str, int]:
        return {self.player_name(p): n for p, n in enumerate(self.bound)}

    def actual_phase(self) -> str:
        return PHASES[self.phase]

    def actual_played(self) -> Cards:
        """The discard pile bottom first (for checks of where cards went)."""
        return Cards(tuple(self.zones.piles[self.game.DISCARD]), ordered=True)

    def invariants(self) -> Iterable[str]:
        g = self.game
        for p, n in enumerate(self.bound):
            if not 0 <= n <= 2:
                yield f"{self.player_name(p)} has {n} bound turns"
            if n and not any(g.f.kind[c] == BIND for c in self.zones.piles[g.PUBLIC[p]]):
                yield f"{self.player_name(p)} is bound without a Bind in front"
        if not 0 <= self.colour < 4:
            yield f"colour index {self.colour}"
        if self.atk != A_NONE and self.phase not in (RESPOND, NAME, TARGET, CHOOSE) and not self.over:
            yield "an attack is pending outside the answer"
        if min(self.score, default=0) < 0:
            yield "negative penalty"
