"""The original-tcg state: the decisions of a turn, their legality and what they do.

Actions are tuples whose first item names the decision (see the package docstring for the
notation): ("draw",), ("skip",), ("store", i), ("upkeep", i, pay), ("abandon", i),
("summon", i, col, pay), ("cast", i, col, facedown, pay), ("deploy", i, col, pay),
("move", i, cell, pay), ("act", i, eid, targets, mode, x, against, pay), ("pass",),
("buy", pay), ("end",). `reason()` is the one place that says whether a decision is legal;
`legal_actions()` lists the ones a bot may take (payments canonical, target choices capped).
"""

from __future__ import annotations

from typing import Any

from deckwright.engine import EMPTY, Reason, State

from . import english
from .board import CAMP_ROW, Board, camp_row
from .costs import Costs, Payment
from .effects import Effects, is_player
from .facts import BATTLEFIELD, COLS, HAND_START, LIFE_START, PHASES, THRESHOLD, W_NORMAL
from .flow import Flow
from .notation import NOTATION
from .scripted import Scripted

Action = tuple[Any, ...]
#: What summoning, casting and deploying place, what the card is called if it is not one,
#: and what the cost is called.
PLACING = {"summon": ("soldier", "兵", "召喚コスト"), "cast": ("spell", "呪術", "詠唱コスト"),
           "deploy": ("land", "土地", "展開コスト")}


class OriginalTcgState(Scripted, Flow, Effects, Costs, Board, State):
    NOTATION = NOTATION
    PHASES = PHASES
    LANGUAGE = "ja"   # of EVENTS, which hold only what the engine does not word (shared_events)
    EVENTS = {
        "deal": "両者が戦力5枚・手札5枚で始める。",
        "turn": "{p:player} のターン({n})。倉庫のカードを全て未使用に戻す。",
        "draw": "{p:player} が支援から1枚引く。",
        "store": "{p:player} が {card:card} を倉庫に置く。",
        "upkeep": "{p:player} が {card:card} の維持コストを払う。",
        "abandon": "{p:player} は {card:card} の維持コストを払わず破棄する。",
        "summon": "{p:player} が {card:card} を召喚する。",
        "cast": "{p:player} が {card:card} を詠唱する。",
        "cast_down": "{p:player} が呪術を裏向きで詠唱する(ルール効果)。",
        "deploy": "{p:player} が {card:card} を展開する。",
        "move": "{p:player} が {card:card} を移動する。",
        "activate": "{p:player} が {card:card} の {eff} を発動する。",
        "pass": "{p:player} は対抗しない。",
        "resolve": "{card:card} の {eff} を処理する。",
        "buy": "{p:player} が倉庫のカード2枚分を使って支援から1枚引く。",
        "end": "{p:player} がターン終了を宣言する。",
        "cstart": "戦闘開始:{a:card} 対 {d:card}。",
        "phantom": "戦闘開始:{a:card} は 0/0/0の兵 と戦う。",
        "compare": "戦闘段階1:パワー {pa} 対 {pd}。",
        "win": "{card:card} が戦闘に勝つ。",
        "tie": "パワーが等しく引き分け。",
        "penalty": "{card:card} に補正 +0/+0/-{x}。",
        "cend": "戦闘終了。",
        "return": "{card:card} は自陣に戻る。",
        "damage": "{p:player} が {n} ダメージを受ける(カウンター {total})。",
        "life": "カウンターが10を超えた。{p:player} の戦力の一番上のカードが手札に加わる。",
        "hurt": "{card:card} が {n} ダメージを受ける(カウンター {total})。",
        "destroy": "{card:card} を破棄する。",
        "drill": "練兵場の訓練なので {card:card} は破棄されない。",
        "sacrifice": "コストとして {card:card} を墓地に送る。",
        "doom": "無限地獄により {card:card} を破棄する。",
        "modify": "{card:card} に補正 {delta}。",
        "cure": "{card:card} のカウンターを {n} つまで取り除く。",
        "bind": "{card:card} が {target:card} を選ぶ。",
        "lose": "{p:player} の負け({why})。",
        "limit": "{n} ターンを過ぎたので戦力の多い方の勝ち。",
    }
    TRANSLATIONS = {"en": {"events": english.EVENTS}}   # its own kinds, in English

    #: The rules' own attributes, in slots: with the engine's sixteen in the instance dict they
    #: made 36, past the 30 that CPython 3.11 lets the instances of a class share one key table
    #: for (see engine.state._slots; `State.clone` copies slots too).
    __slots__ = ("bound", "combat", "counters", "dmg", "due", "fresh", "grant2", "grant_el", "hurt",
                 "loser", "mods", "moved", "owner", "phase", "stack", "tapped", "todo", "turn_no",
                 "used", "veil_col")

    def __init__(self, game: Any, players: int, seed: int = 0):
        super().__init__(game, players, seed)
        n = len(game.catalogue)
        self.owner = [-1] * n
        self.tapped: set[int] = set()
        self.counters = [0, 0]
        self.dmg: dict[int, int] = {}
        self.mods: list[tuple[int, int, int, int, str, int]] = []
        self.fresh: set[int] = set()
        self.moved: set[int] = set()
        self.used: set[tuple[int, str]] = set()
        self.bound: dict[int, int] = {}
        self.grant2: dict[int, str] = {}
        self.grant_el: dict[int, tuple[str, ...]] = {}
        self.veil_col: dict[int, int] = {}
        self.turn_no = 1
        self.stack: list[tuple[Any, ...]] = []
        self.todo: list[tuple[Any, ...]] = []
        self.combat: list[int] = []
        self.hurt: list[int] = []
        self.due: list[int] = []
        self.loser = -1
        self.zones.watch(game.watches)

    # --- a real game ------------------------------------------------------------------------

    def deal(self) -> None:
        """Who plays which sample deck is decided by chance, so that seat statistics measure
        the seat and not the deck; then each seat shuffles, lays five life cards and draws five."""
        g = self.game
        self.owner = self.deal_seat_decks(g.SUPPORT)
        for p in (0, 1):
            self.draw_up_to(g.SUPPORT[p], g.LIFE[p], LIFE_START)
            self.draw_up_to(g.SUPPORT[p], g.HAND[p], HAND_START)
        self.log.add("deal")
        self.turns.advance(to=0)
        self.start_turn()

    # --- the engine's vocabulary --------------------------------------------------------------

    def returns(self) -> list[float]:
        """1 to the winner, -1 to the loser (the engine's `winner` reads it), 0 each for a draw."""
        if not self.over or self.loser < 0:
            return [0.0, 0.0]
        return [-1.0 if p == self.loser else 1.0 for p in (0, 1)]

    def scores(self) -> list[int]:
        return [len(self.zones.piles[self.game.LIFE[p]]) for p in (0, 1)]

    def card_label(self, inst: int) -> str:
        return self.game.name[inst] if inst >= 0 else "0/0/0の兵"

    def label_of(self, t: int) -> str:
        return self.player_name(-100 - t) if is_player(t) else self.game.catalogue.ref(t)

    def illegal(self, action: Action) -> str | None:
        return self.reason(action, self.current_player())

    def why_illegal(self, action: Action) -> str:
        return self.reason(action, self.current_player()) or Reason("いまはできない", "turn")

    def _apply(self, action: Action) -> None:
        CARRY_OUT[action[0]](self, action)
        if self.window is not None or self.todo:    # else `drive` would have nothing to do
            self.drive()

    # --- legality ------------------------------------------------------------------------------

    def pass_action(self) -> Action | None:
        """Declining the counter right (a forced counter refuses it, and the script must give
        the counter)."""
        return ("pass",) if self.window is not None else None

    def reason(self, a: Action, p: int) -> str | None:
        """Why player p may not take action a now; None when it is legal."""
        verb = a[0]
        if self.window is not None:
            if verb == "pass":
                forced = any(eff.forced for _i, eff in self.counter_options(p))
                return Reason("強制対抗は必ず発動しなければならない", "effects") if forced else None
            if verb != "act":
                return Reason("対抗権の処理中: 対抗するか見送る(pass)しかない", "counter-right")
            return self._act_reason(a, p, counter=True)
        if verb == "pass":
            return Reason("いまは対抗できる場面ではない", "counter-right")
        if verb == "act":
            if not self.is_open("act"):
                return Reason("通常効果はフェイズ②でだけ発動できる", "phase-2")
            return self._act_reason(a, p, counter=False)
        check = CHECK.get(verb)
        if check is None:
            return Reason("いまはできない", "turn")
        return PHASES.elsewhere(self.phase, verb) or check(self, a, p)

    def _why_draw(self, a: Action, p: int) -> str | None:
        return None if self.zones.piles[self.game.SUPPORT[p]] else Reason("支援が空", "support-empty")

    def _why_skip(self, a: Action, p: int) -> str | None:
        return None if self.is_open("skip") else PHASES.refusal(self.phase)

    def _why_store(self, a: Action, p: int) -> str | None:
        return self._in_hand(a[1], p)

    def _in_hand(self, i: int, p: int) -> str | None:
        return None if self.zones.where[i] == self.game.HAND[p] else Reason(
            f"{self.label_of(i)} は手札にない", "not-in-hand")

    def _why_upkeep(self, a: Action, p: int) -> str | None:
        _v, i, pay = a
        if i not in self.due:
            return Reason(f"{self.label_of(i)} の維持コストはいま払うものではない", "phase-1")
        return self._pay_reason(p, pay, self.stats(i)[1], self.elements(i), "維持コスト")

    def _why_abandon(self, a: Action, p: int) -> str | None:
        return (None if a[1] in self.due else Reason(
            f"{self.label_of(a[1])} は維持するカードではない", "phase-1"))

    def _pay_reason(self, p: int, pay: Payment | None, n: int, req: tuple[str, ...], what: str) -> str | None:
        if pay is None:
            return Reason(f"{what}が払えない", "costs")
        return self.pay_problem(p, pay, n, req)

    def _why_summon(self, a: Action, p: int) -> str | None:
        """Summoning, casting and deploying (the three share it): a card of the right kind from
        the hand onto a square of the own camp that may take it, paid for."""
        verb, i, col, pay = a[0], a[1], a[2], a[-1]
        category, word, cost = PLACING[verb]
        bad = self._in_hand(i, p)
        if bad:
            return bad
        if self.game.cat[i] != category:
            return Reason(f"{self.label_of(i)} は{word}ではない", "placing")
        if not 0 <= col < COLS:
            return Reason("自陣のマスは 1〜5", "field-squares")
        if verb == "summon":
            held = self.soldier_at(camp_row(p) * COLS + col)
            if held != EMPTY and self.owner[held] == p:
                return Reason("自分の兵がいるマスには召喚できない", "placing")
            return self._pay_reason(p, pay, self.stats(i)[0], self.elements(i), cost)
        down = verb == "cast" and a[3]
        if verb == "cast" and self.game.facedown_only[i] != bool(down):
            return Reason("裏向きで詠唱できるのはルール効果を持つ呪術だけ" if down
                          else "この呪術は裏向きでしか詠唱できない", "facedown-spell")
        if self.ground_taken(p, col):
            return Reason("そのマスにはすでに呪術か土地がある", "spell-limit")
        if down:
            return None if not pay else Reason("裏向きの詠唱にコストはかからない", "facedown-spell")
        return self._pay_reason(p, pay, self.stats(i)[0], self.elements(i), cost)

    _why_cast = _why_deploy = _why_summon

    def _why_move(self, a: Action, p: int) -> str | None:
        _v, i, cell, pay = a
        g = self.game
        if self.zones.where[i] != g.SOLD or self.owner[i] != p:
            return Reason(f"{self.label_of(i)} は場にいる自分の兵ではない", "movement")
        if i in self.fresh:
            return Reason("召喚したターンには移動できない", "summoning-sickness")
        if i in self.moved:
            return Reason("兵が移動できるのは一ターンに一度まで", "move-once")
        if cell not in NEIGHBOURS[self.cell_of(i)]:
            return Reason("移動できるのは上下左右の隣のマスだけ", "movement")
        held = self.soldier_at(cell)
        if held != EMPTY and self.owner[held] == p and not self.drill_safe(p):
            return Reason("自分の兵がいるマスには移動できない(ギルビアの練兵場があるときを除く)", "movement")
        return self._pay_reason(p, pay, self.stats(i)[1], self.elements(i), "移動コスト")

    def _why_buy(self, a: Action, p: int) -> str | None:
        if not self.zones.piles[self.game.SUPPORT[p]]:
            return Reason("支援が空", "support-empty")
        return self._pay_reason(p, a[1], 2, (), "倉庫のカード2枚分")

    def _why_end(self, a: Action, p: int) -> str | None:
        return None   # (open in the end phase only: PHASES.elsewhere)

    def _act_reason(self, a: Action, p: int, counter: bool) -> str | None:
        _v, i, eid, targets, mode, x, against, pay = a
        eff = self.effect(i, eid)
        if eff is None:
            return Reason(f"{self.label_of(i)} に効果 {eid} はない", "effects")
        if counter:
            top = self.window.top()
            subject = top[2] if top[0] == "E" else top[3]
            if against >= 0 and against != subject:
                return Reason("対抗できるのは一番新しい効果か出来事だけ", "stack-order")
            if not eff.trigger:
                return Reason("この効果は対抗効果ではない", "counter-right")
            if top[0] == "E" and top[2] == i:
                return Reason("兵は自身の効果の発動に対抗できない", "self-counter")
            if not self.answers(eff, i, p, top):
                return Reason("この効果の対抗対象ではない", "counter-right")
        elif not eff.can_normal:
            return Reason("この効果は通常効果ではない(対抗対象が起きたときだけ発動できる)", "effects")
        bad = self.usable(p, i, eff, counter)
        if bad:
            return bad
        bound = self.assign(p, i, eff, mode, x, targets)
        if isinstance(bound, str):
            return bound
        n, req = self.cost_of(i, eff, x)
        return self._pay_reason(p, pay, n, req, "発動コスト")

    # --- legal actions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        self._memo = {}     # (Board._memo)
        try:
            if self.window is not None:
                return self._window_actions(self.current_player())
            return LISTS[self.phase](self, self.current_player() if self.over else self.turns.current)
        finally:
            self._memo = None

    def _store_actions(self, p: int) -> list[Action]:
        return [("store", i) for i in self.zones.piles[self.game.HAND[p]]] + [("skip",)]

    def _buy_actions(self, p: int) -> list[Action]:
        pay = self.auto_pay(p, 2, ())
        ok = pay is not None and self.zones.piles[self.game.SUPPORT[p]]
        return [("buy", pay), ("skip",)] if ok else [("skip",)]

    def _draw_actions(self, p: int) -> list[Action]:
        return [("draw",), ("skip",)] if self.zones.piles[self.game.SUPPORT[p]] else [("skip",)]

    def _window_actions(self, p: int) -> list[Action]:
        acts: list[Action] = []
        options = self.counter_options(p)   # (looked for once: which are forced too)
        for i, eff in options:
            self._activations(p, i, eff, -1, acts)
        if not any(eff.forced for _i, eff in options):
            acts.append(("pass",))
        return acts

    def _upkeep_actions(self, p: int) -> list[Action]:
        acts: list[Action] = []
        for i in self.due:
            pay = self.auto_pay(p, self.stats(i)[1], self.elements(i))
            if pay is not None:
                acts.append(("upkeep", i, pay))
            acts.append(("abandon", i))
        return acts

    def _main_actions(self, p: int) -> list[Action]:
        """Each card of the hand onto each square that may take it (in hand order), each move,
        each normal effect (in field order), then the skip; every cost paid canonically."""
        g = self.game
        sold, owner, camp = self.zones.piles[g.SOLD], self.owner, CAMP_ROW[p] * COLS
        colors = g.colors if not self.grant_el else None    # (elements without a call)
        summon_cols = free = None   # the same squares for every soldier, and spell or land
        acts: list[Action] = []
        for i in self.zones.piles[g.HAND[p]]:
            cat = g.cat[i]
            if cat == "soldier":
                if summon_cols is None:
                    summon_cols = [c for c in range(COLS)
                                   if sold[camp + c] == EMPTY or owner[sold[camp + c]] != p]
                cols = summon_cols
            else:
                cols = free = self.free_squares(p) if free is None else free
            if not cols:
                continue
            if cat != "soldier" and g.facedown_only[i]:
                acts += [("cast", i, c, 1, ()) for c in cols]
                continue
            pay = self.auto_pay(p, self.stats(i)[0], colors[i] if colors else self.elements(i))
            if pay is None:
                continue
            if cat == "spell":
                acts += [("cast", i, c, 0, pay) for c in cols]
            else:
                acts += [("summon" if cat == "soldier" else "deploy", i, c, pay) for c in cols]
        self._moves(p, acts)
        if self.grant2:     # a special type 2 granted by an example may add the gold effect
            normals = {i: tuple(e for e in self.effects_of(i) if e.can_normal) for i in self.my_field_cards(p)}
            live = normals
        else:
            normals, live = g.normals, self.zones.watched[W_NORMAL]   # (on the field)
        for i in self.in_field_order([i for i in live if owner[i] == p
                                      and (i not in self.fresh or g.cat[i] == "spell")]):
            for eff in normals[i]:
                if (i, eff.eid) not in self.used:   # (what `usable` asks of p's card on the field)
                    self._activations(p, i, eff, -1, acts)
        acts.append(("skip",))
        return acts

    def _moves(self, p: int, acts: list[Action]) -> None:
        """Every own soldier that may still move, to each neighbouring square it may enter (one
        of an own soldier only beside an own drill ground), onto `acts`."""
        sold, owner = self.zones.piles[self.game.SOLD], self.owner
        drill = None    # (looked for only when an own soldier is in the way)
        colors = self.game.colors if not self.grant_el else None    # (elements without a call)
        for i in sold:
            if i == EMPTY or owner[i] != p or i in self.fresh or i in self.moved:
                continue
            cells = []      # (loops, not comprehensions: no closure over this method's names)
            for c in NEIGHBOURS[sold.index(i)]:
                if sold[c] != EMPTY and owner[sold[c]] == p:
                    drill = self.drill_safe(p) if drill is None else drill
                    if not drill:
                        continue
                cells.append(c)
            if not cells:
                continue
            pay = self.auto_pay(p, self.stats(i)[1], colors[i] if colors else self.elements(i))
            if pay is not None:
                for c in cells:
                    acts.append(("move", i, c, pay))

    def _activations(self, p: int, i: int, eff: Any, against: int, acts: list[Action]) -> None:
        """Every way to activate effect `eff` of card i, onto `acts`: an X cost is paid for
        each X, any other cost is the same for every choice."""
        pay = None if eff.x_cost else self.auto_pay(p, eff.n, eff.elements)
        if pay is None and not eff.x_cost:
            return
        for mode, x, targets in self.target_choices(p, i, eff):
            if eff.x_cost:
                pay = self.auto_pay(p, x, ())
            if pay is not None:
                acts.append(("act", i, eff.eid, targets, mode, x, against, pay))

    # --- carrying out a decision -------------------------------------------------------------------

    def _do_draw(self, a: Action) -> None:
        self.draw_card(self.turns.current)
        self._do_skip(a)

    def _do_skip(self, a: Action) -> None:
        """On to the phase that follows this one (the upkeep only when something is due)."""
        self.phase = PHASES.then(self.phase)
        if self.phase == "upkeep":
            self.begin_upkeep()

    def _do_store(self, a: Action) -> None:
        p = self.turns.current
        self.zones.move(a[1], self.game.WARE[p])
        self.log.add("store", p=p, card=a[1])
        self._do_skip(a)

    def _do_upkeep(self, a: Action) -> None:
        """Paying a card's upkeep or abandoning the card (the two share it); the main phase
        follows once nothing is due."""
        p, i = self.turns.current, a[1]
        self.due.remove(i)
        self.log.add(a[0], p=p, card=i)
        if a[0] == "upkeep":
            self.do_pay(p, a[2])
        else:
            self.destroy(i)
        if not self.due:
            self.phase = "main"

    _do_abandon = _do_upkeep

    def _do_summon(self, a: Action) -> None:
        """Summoning, casting and deploying (the three share it): the card onto its square (a
        soldier through `enter`, a face-down spell beside the squares) and, but for a land, the
        counter window on it."""
        verb, i, col, pay = a[0], a[1], a[2], a[-1]
        g, p = self.game, self.turns.current
        self.do_pay(p, pay)
        self.fresh.add(i)
        if verb == "summon":
            self.owner[i] = p
            self.log.add("summon", p=p, card=i)
            self.enter(i, camp_row(p) * COLS + col, -1)
        elif verb == "cast" and a[3]:
            self.zones.move(i, g.VEIL[p])
            self.veil_col[i] = col
            self.log.add("cast_down", p=p)
        else:
            self.zones.place(i, g.GROUND, p * COLS + col)
            self.log.add(verb, p=p, card=i)
        if verb != "deploy":
            self.open_window(("V", verb, p, i))

    _do_cast = _do_deploy = _do_summon

    def _do_move(self, a: Action) -> None:
        _v, i, cell, pay = a
        p = self.turns.current
        self.do_pay(p, pay)
        self.moved.add(i)
        self.log.add("move", p=p, card=i)
        self.enter(i, cell, self.zones.piles[self.game.SOLD].index(i))    # (cell_of: it stands)
        self.open_window(("V", "move", p, i))

    def _do_act(self, a: Action) -> None:
        _v, i, eid, targets, mode, x, _against, pay = a
        p = self.current_player()
        eff = self.effect(i, eid)
        self.do_pay(p, pay)
        self.used.add((i, eid))
        self.log.add("activate", p=p, card=i, eff=eff.label)
        if "self-to-graveyard" in eff.extra:
            self.log.add("sacrifice", card=i)
            self.destroy(i, quiet=True)
        item = ("E", p, i, eid, targets, mode, x)
        if self.window is not None:
            self.window.respond(p, item)
        else:
            self.open_window(item)

    def _do_pass(self, a: Action) -> None:
        self.log.add("pass", p=self.window.current)
        self.pass_right()

    def _do_buy(self, a: Action) -> None:
        p = self.turns.current
        self.do_pay(p, a[1])
        self.log.add("buy", p=p)
        self.draw_card(p)

    def _do_end(self, a: Action) -> None:
        p = self.turns.current
        self.log.add("end", p=p)
        self.todo.append(("next-turn",))
        self.open_window(("V", "tend", p, -1))

    # --- bots -------------------------------------------------------------------------------------

    def greedy_value(self, action: Action) -> float | None:
        """A quick heuristic: attack when the attack wins, keep the support from running out."""
        verb = action[0]
        p = self.current_player()
        support = len(self.zones.piles[self.game.SUPPORT[p]])
        if verb == "move":
            return self._fight_value(action[1], action[2], p, 3.0 if action[2] // COLS == BATTLEFIELD else 0.2)
        if verb == "summon":
            return self._fight_value(action[1], camp_row(p) * COLS + action[2], p, 4.0 + self.power(action[1]) / 10)
        if verb == "draw":
            return 3.0 if support > 12 else 0.1
        if verb == "buy":
            return 1.5 if support > 20 and len(self.zones.piles[self.game.HAND[p]]) < 4 else 0.1
        return {"act": 3.5, "cast": 2.5, "deploy": 2.5, "store": 2.0, "upkeep": 2.0, "skip": 0.5,
                "end": 0.5, "pass": 0.2, "abandon": 0.0}.get(verb, 0.0)

    def standing(self, p: int) -> tuple[int, int]:
        """What a cut rollout is judged by (`OriginalTcg.judge_rollout`), all face up: player
        p's health (life cards x 11 less the damage counters; the eleventh counter takes a
        life card) and the power of p's soldiers on the field."""
        g, piles = self.game, self.zones.piles
        power = sum(max(0, self.power(i)) for i in piles[g.SOLD] if i != EMPTY and self.owner[i] == p)
        return len(piles[g.LIFE[p]]) * (THRESHOLD + 1) - self.counters[p], power

    def _fight_value(self, i: int, cell: int, p: int, plain: float) -> float:
        held = self.soldier_at(cell)
        if held != EMPTY and self.owner[held] != p:
            return 6.0 if self.power(i) > self.power(held) else -1.0
        if held == EMPTY and cell // COLS == camp_row(1 - p):
            return 6.0 if self.power(i) > 0 else -1.0
        return plain

    def invariants(self):
        if self.counters[0] > 10 or self.counters[1] > 10:
            yield "a player's damage counters passed 10 without taking a life card"
        g = self.game
        for i in self.zones.piles[g.ARENA]:
            if not self.combat or self.combat[0] != i:
                yield f"{self.label_of(i)} waits in the arena outside a combat"
        if self.window is None and self.stack:
            yield "counter stack left unresolved"
        for cell, i in enumerate(self.zones.piles[g.GROUND]):
            if i != EMPTY and self.owner[i] != cell // COLS:   # (`begin_upkeep` relies on it)
                yield f"{self.label_of(i)} stands on the other player's square"


#: Each soldier-grid cell's neighbours up, down, left and right.
NEIGHBOURS = tuple(tuple(n for n in (c - COLS, c + COLS, c - 1, c + 1)
                         if 0 <= n < 3 * COLS and (n // COLS == c // COLS or n % COLS == c % COLS))
                   for c in range(3 * COLS))
#: verb -> the `_do_<verb>` method that carries the decision out, and the `_why_<verb>` method
#: with its own conditions (looked up once, not per action)
#: the listing of each phase's decisions (the main phase's is where the time goes)
LISTS = {"main": OriginalTcgState._main_actions, "store": OriginalTcgState._store_actions,
         "restock": OriginalTcgState._store_actions, "buy": OriginalTcgState._buy_actions,
         "draw": OriginalTcgState._draw_actions, "upkeep": OriginalTcgState._upkeep_actions,
         "end": lambda state, p: [("end",)]}
CARRY_OUT = {name[4:]: fn for name, fn in vars(OriginalTcgState).items() if name.startswith("_do_")}
CHECK = {name[5:]: fn for name, fn in vars(OriginalTcgState).items() if name.startswith("_why_")}
