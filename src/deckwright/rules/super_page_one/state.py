"""The state machine of super-page-one: turns, effects with their Q and J windows, reactions.

Its phases (`self.phase`, declared in actions.py's `PHASES`) say what is being decided. Only
the commonest events (play, draw, keep, pass, an effect's activation) test `self.log.on`
before `log.add`, which tests it itself: with the log off they build no arguments, no call.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ...engine import EMPTY, Cards, State, Window
from . import english
from .actions import (ACTIVATE, Action, CANCEL, DECLINE, DISCARD, DOBON, DRAW, ECHO, GIVE, KEEP,
                      KICK, NONE, NOTATION, PASS, PHASES, PLAY, REVOLUTION,
                      TARGET)
from .cards import STARTS
from .refusals import Refusals
from .table import TableView
from .tally import Tallies

HAND_SIZE = 6   # the text: six cards to each player
_DRAW, _DOBON, _REVOLUTION = (DRAW, NONE), (DOBON, NONE), (REVOLUTION, NONE)
#: The phases that ask a player in a window, those that open a Q echo or a J cancel, and the
#: turn's, which opens its draw (sets from PHASES: one hashed look-up on the per-decision
#: paths, not a call).
ASKING = PHASES.asking
ECHOING, CANCELLING = frozenset(PHASES.open_in(ECHO)), frozenset(PHASES.open_in(CANCEL))
DRAWING = frozenset(PHASES.open_in(DRAW))
#: phase -> the verbs open in it (a dict look-up rather than `PHASES[phase]`'s call)
OPENS = {phase.name: phase.opens for phase in PHASES.phases}
#: the greedy bot's value of the decisions whose worth does not depend on their card
_GREEDY = {DOBON: 100.0, REVOLUTION: 100.0, TARGET: 3.0, ACTIVATE: 3.0, DRAW: -1.0}


class SuperPageOneState(Refusals, TableView, State):
    NOTATION = NOTATION
    PHASES = PHASES
    LANGUAGE = "ja"   # of EVENTS, which hold only what the engine does not word (shared_events)
    EVENTS = {
        "deal": "{n} 枚ずつ配り、{card:card} を場にめくる。",
        "draw": "{p:player} が {n} 枚引く。",
        "take": "{p:player} は 2ドローを受けて {n} 枚引く(番は終わり)。",
        "keep": "{p:player} は引いたカードを出さずに番を終える。",
        "reshuffle": "山札が尽き、{n} 枚を切り直して山札にする。",
        "target": "{p:player} が 7渡しを発動し、相手に {q:player} を指名する。",
        "activate": "{p:player} の {card:card} の{name}が発動する。",
        "pass": "{p:player} は見送る。",
        "decline": "{p:player} は {card:card} の効果を使わない。",
        "echo": "{p:player} が {card:card} で Qエコー:効果が 2 倍になる。",
        "cancel": "{p:player} が {card:card} で J無効を使う。",
        "revived": "J無効が打ち消され、効果が生き返る。",
        "cancelled": "{card:card} の効果は打ち消された。",
        "pending": "2ドローがたまって {n} 枚になる。",
        "skip": "{p:player} の番が飛ばされる。",
        "no-reverse": "残り 2 人なのでリバースは効果なし。",
        "give": "{p:player} が {card:card} を {q:player} に渡す。",
        "discard": "{p:player} が {card:card} を捨て札ゾーンに置く。",
        "fizzle": "{card:card} の効果は処理できる手札がなく不発。",
        "kick": "{p:player} が {card:card} を公開して Kキックバック。",
        "kicked": "{p:player} が場の {card:card} を手札に加える。",
        "dobon": "{p:player} がドボン!(手札の合計 {n} = 場の {card:card})",
        "revolution": "{p:player} が革命!",
        "out": "{p:player} が手札を出し切る。",
        "finish": "{p:player} が {n} 位で勝ち抜ける。",
        "lapse": "{p:player} が抜けたので 2ドローは消える。",
    }
    TRANSLATIONS = {"en": {"events": english.EVENTS, "reasons": english.REASONS}}
    #: The rules' own attributes, in slots: with the engine's sixteen in the instance dict
    #: they made 37, past the 30 that CPython 3.11 lets the instances of a class share one
    #: key table for, so every game's state had a dict of its own and no look-up on `self`
    #: stayed specialised (`State.clone` copies slots too).
    __slots__ = ("phase", "cont", "react_kick", "pending", "victim", "by", "revealed", "kicked",
                 "finished", "drawn", "tallies", "quiet", "e_kind", "e_card", "e_owner",
                 "e_target", "e_factor", "e_left", "e_live", "e_echoed", "e_reopen_q")

    def __init__(self, game: Any, players: int, seed: int = 0):
        super().__init__(game, players, seed)
        self.cont = "end"         # what follows the react window: end | turn | drawn
        self.react_kick = False
        self.pending = 0          # cards the next 2-draw victim draws
        self.victim = NONE        # who the pending draw falls on (ruling two-draw-lapse)
        self.by: dict[int, int] = {}      # field card -> who played it (kick-back's own-card rule)
        self.revealed: set[int] = set()   # Ks revealed by a kick-back, until they leave the hand
        self.kicked: set[int] = set()     # cards once taken by a kick-back (ruling kick-back-once)
        self.finished: list[int] = []
        self.drawn = NONE
        #: a running tally of each hand (tally.py), adjusted by every move into or out of one
        self.tallies = Tallies(game.hand_shape, players)
        #: True when the last settle found that no hand may declare anything, kick-backs
        #: included: the turn player's legal actions then need no look; the next decision
        #: (which may change the table) clears it
        self.quiet = False
        self._clear_effect()

    def _clear_effect(self) -> None:
        self.e_kind, self.e_card, self.e_owner, self.e_target = "", NONE, NONE, NONE
        self.e_factor, self.e_left = 1, 0
        self.e_live, self.e_echoed, self.e_reopen_q = False, False, False

    # --- start ------------------------------------------------------------------------------

    def deal(self) -> None:
        g = self.game
        self.shuffle_and_deal(g.DECK, g.HAND, HAND_SIZE)
        self.zones.draw(g.DECK, g.FIELD)
        self.log.add("deal", n=HAND_SIZE, card=self.zones.top(g.FIELD))
        self._start()

    def after_setup(self, setup: dict[str, Any]) -> None:
        self._start()

    def _start(self) -> None:
        """The first turn begins; a hand dealt as a Dobon or Revolution may declare at once."""
        self._recount()
        self._begin_turn()
        self.cont = "turn"
        self._settle(kick=False, others_only=True)

    # --- decisions ----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        g, phase = self.game, self.phase
        if self.over:
            return []
        if phase in DRAWING:   # the turn, the most common decision, first
            p = self.turns.current
            hand, plays = self.zones.piles[g.HAND[p]], g.plays
            if self.pending:
                can = g.stack
            else:
                field = self.zones.piles[g.FIELD]
                can = g.matches[field[-1]] if field else g.match_any
            acts = []
            for c in hand:   # a loop, not a comprehension: no frame of its own
                if can[c]:
                    acts.append(plays[c])
            acts.append(_DRAW)
            if self.quiet:
                return acts
            # _declarations(p, True, acts) when the tallies say p may declare something
            tallies, field = self.tallies, self.zones.piles[g.FIELD]
            if (tallies.revolution[p] or tallies.packed[p] & g.hand_shape.kings_f
                    or (field and tallies.sums[p] == g.rank[field[-1]])):
                return self._declarations(p, True, acts)
            return acts
        if phase in ASKING:
            p = self.current_player()
            acts: list[Action] = [(PASS, NONE)]
            if phase in ECHOING:
                suit = g.suit[self.e_card]   # the cards _echoes(c) says yes to
                acts += [(ECHO, c) for c in self.hand(p) if g.echo_suit[c] == suit]
            elif phase in CANCELLING:
                acts += [(CANCEL, c) for c in self.hand(p) if g.effect[c] == "cancel"]
            else:
                self._declarations(p, self.react_kick, acts)
            return acts
        p = self.turns.current
        opens = OPENS[phase]
        if KEEP in opens:
            return [(PLAY, self.drawn), (KEEP, NONE)]
        if DECLINE in opens:
            decline = [(DECLINE, NONE)] if g.optional[self.e_card] else []
            if self.e_kind == "give":
                return [(TARGET, q) for q in self.turns.active() if q != p] + decline
            return [(ACTIVATE, NONE)] + decline
        verb = opens[0]   # a 7's gives or a 10's discards, a card at a time
        return [(verb, c) for c in self.hand(p)]

    def pass_action(self) -> Action | None:
        """Letting a Q, J or Dobon / Revolution / kick-back moment go by."""
        return (PASS, NONE) if self.phase in ASKING and not self.over else None

    def _declarations(self, p: int, kick: bool, acts: list[Action]) -> list[Action]:
        """`acts` and the Dobon, Revolution and (with `kick`) K kick-backs `p` may declare."""
        g = self.game
        tallies, field = self.tallies, self.zones.piles[g.FIELD]
        if field and tallies.sums[p] == g.rank[field[-1]] and self.can_dobon(p):
            acts.append(_DOBON)
        if tallies.revolution[p]:   # can_revolution(p)
            acts.append(_REVOLUTION)
        if kick and tallies.packed[p] & g.hand_shape.kings_f:   # a K not shown: see kicks(p)
            kick_acts = g.kick_acts
            acts += [kick_acts[c] for c in self.kicks(p)]
        return acts

    def _echoes(self, q: int) -> bool:
        g = self.game
        return g.echo_suit[q] == g.suit[self.e_card]

    def _apply(self, action: Action) -> None:
        """Each verb is open in the phases PHASES declares, so the verb says what to do; the
        turn player's play and draw, the commonest decisions, come first."""
        code, arg = action
        self.quiet = False
        if code == PLAY:   # in the turn, or the card just drawn
            self._play(self.turns.current, arg)
        elif code == DRAW:
            self._draw_turn(self.turns.current)
        elif self.phase in ASKING:
            self._answer(code, arg)
        elif code == KEEP:
            if self.log.on:
                self.log.add("keep", p=self.turns.current)
            self._end_turn()
        elif code in (GIVE, DISCARD):
            self._carry_out(arg)
        elif code == KICK:   # a turn's declarations
            self.cont = "turn"
            self._kick(self.turns.current, arg)
        elif code in (DOBON, REVOLUTION):
            self._special_win(self.turns.current, code)
            self._end_turn()
        else:   # a played 7 or 10: target, activate or decline
            self._activate(code, arg)

    # --- playing and drawing ----------------------------------------------------------------

    def _play(self, p: int, card: int) -> None:
        g, zones = self.game, self.zones
        hand = zones.piles[g.HAND[p]]
        if zones.where[card] == g.HAND[p]:
            # what _move(card, FIELD) does for a card in p's hand, without its three calls
            shown = card in self.revealed
            if shown:
                self.revealed.discard(card)
                zones.shown.discard(card)
            self.tallies.remove(p, card, shown)
            if hand[-1] == card:
                hand.pop()
            else:
                hand.remove(card)
            zones.piles[g.FIELD].append(card)
            zones.where[card] = g.FIELD
        else:
            self._move(card, g.FIELD)
        self.by[card] = p
        self.drawn = NONE
        self.victim = NONE
        self.cont = "end"
        if self.log.on:
            self.log.add("play", p=p, card=card, seen_by=range(self.players))   # face up
        if not hand:
            self._finish(p, out=True)
            if self.over:
                return
        opens = g.opens[card]
        if not opens:   # a card without an effect when played
            self._settle(True)
        elif opens == STARTS:
            self._start_effect(g.effect[card], card, p)
        else:   # ASKS
            kind = g.effect[card]
            # the 7 names its target first (Q&A 1); an optional effect may also be declined
            if hand and (kind == "discard" or len(self.turns.active()) > 1):
                self.e_kind, self.e_card, self.e_owner = kind, card, p
                self.phase = "activate"
            else:
                self._settle(True)

    def _draw_turn(self, p: int) -> None:
        self.cont = "end"
        if self.pending:
            n, self.pending, self.victim = self.pending, 0, NONE
            got = self._draw(p, n)
            if self.log.on:
                self.log.add("take", p=p, n=len(got))
        else:   # _draw(p, 1) without its loop
            g, zones = self.game, self.zones
            if not zones.piles[g.DECK]:
                self._reshuffle()
            inst = zones.draw(g.DECK, g.HAND[p])
            if self.log.on:
                self.log.add("draw", p=p, n=0 if inst == EMPTY else 1)
            if inst != EMPTY:
                self.tallies.add(p, inst)
                field = zones.piles[g.FIELD]
                if not field or g.matches[field[-1]][inst]:   # self.playable(inst)
                    self.drawn, self.cont = inst, "drawn"
        self._settle(False)

    def _draw(self, p: int, n: int) -> list[int]:
        got = self.draw_up_to(self.game.DECK, self.game.HAND[p], n, self._reshuffle)
        for inst in got:
            self.tallies.add(p, inst)
        return got

    def _reshuffle(self) -> None:
        """Q&A 4: the field but its top card, the discard zone and the cards of players who won
        by a special win, shuffled, go under the (empty) deck."""
        g = self.game
        field = self.zones.piles[g.FIELD]
        for inst in field[:-1]:
            self.by.pop(inst, None)
        self.zones.move_all(g.FIELD, g.DECK, keep_top=1)
        self.zones.move_all(g.ZONE, g.DECK)
        self.zones.move_all(g.ASIDE, g.DECK)
        n = len(self.zones.piles[g.DECK])
        if n:
            self.shuffle(g.DECK)
            self.log.add("reshuffle", n=n)

    def _move(self, inst: int, dst: int) -> None:
        """Move a card; a revealed K that leaves its hand may be used again later (and is no
        longer shown face up to the table)."""
        g = self.game
        owner = g.hand_owner
        src = owner[self.zones.where[inst]]
        if src >= 0:
            shown = inst in self.revealed
            if shown:
                self.revealed.discard(inst)
                self.zones.shown.discard(inst)
            self.tallies.remove(src, inst, shown)
        if owner[dst] >= 0:
            self.tallies.add(owner[dst], inst)
        self.zones.move(inst, dst)

    def _recount(self) -> None:
        """Tally every hand afresh (after the deal or an example's setup placed the cards)."""
        self.tallies.recount([self.hand(p) for p in range(self.players)], self.revealed)

    # --- searching bots (engine/knowledge.py) ------------------------------------------------

    def revealed_to(self, player: int) -> Iterable[int]:
        """The Ks a kick-back showed stay known to everyone while they stay in the hand."""
        return self.revealed

    def resampled(self, mapping: dict[int, int]) -> None:
        """Hidden hands were dealt again: tally them afresh and look again at who may declare."""
        self._recount()
        self.quiet = False
        self.drawn = mapping.get(self.drawn, self.drawn)

    # --- effects ----------------------------------------------------------------------------

    def _activate(self, code: int, arg: int) -> None:
        """A played 7 names its target (`arg`), a 10 is activated, or either is declined."""
        p, card = self.turns.current, self.e_card
        if code == DECLINE:
            self.log.add("decline", p=p, card=card)
            self._after_effect()
            return
        if code == TARGET:
            self.log.add("target", p=p, q=arg)
        self._start_effect(self.e_kind, card, p, arg)

    def _start_effect(self, kind: str, card: int, owner: int, target: int = NONE) -> None:
        # _clear_effect(), then this effect
        self.e_kind, self.e_card, self.e_owner, self.e_target = kind, card, owner, target
        self.e_factor, self.e_left = 1, 0
        self.e_live, self.e_echoed, self.e_reopen_q = True, False, False
        if kind != "give" and self.log.on:   # a 7 was logged when it named its target
            self.log.add("activate", p=owner, card=card, name=self.game.effect_name[card])
        self._open_q(self._open_j)

    def _window(self, phase: str, holders: list[int]) -> None:
        self.phase = phase
        start = self.turns.following(self.e_owner)
        self.window = Window.holders(self.turns, holders, start, about=self.e_card)

    def _open_q(self, otherwise: Callable[[], None]) -> None:
        """The Q echo window if someone holds a Q of the effect's suit (once per effect),
        else `otherwise()`."""
        holders = [] if self.e_echoed else self._holders(self.game.echo_mask[self.e_card])
        if holders:
            self._window("q", holders)
        else:
            otherwise()

    def _open_j(self) -> None:
        holders = self._holders(self.game.cancel_mask[self.e_card])
        if holders:
            self._window("j", holders)
        else:
            self.window = None
            self._j_done()

    def _j_done(self) -> None:
        """The J windows are over: cancelled, alive again (its Q window returns once), or on."""
        if not self.e_live:
            self.log.add("cancelled", card=self.e_card)
            if self.e_kind == "draw":
                self.pending, self.victim = 0, NONE   # Q&A 5: the whole stack goes
            self._after_effect()
        elif self.e_reopen_q:
            self.e_reopen_q = False
            self._open_q(self._resolve)
        else:
            self._resolve()

    def _answer(self, code: int, arg: int) -> None:
        """A decision in a window: a pass, a react window's declaration, a Q echo or a J."""
        g, window = self.game, self.window
        assert window is not None
        p = window.current
        if code == PASS:
            if self.log.on:
                self.log.add("pass", p=p)
            window.pass_(p)
            if window.kind == "rechecking":   # the react window: ask the next who may declare
                self._next_react()
            elif window.closed:
                self.window = None
                if self.phase in ECHOING:
                    self._open_j()
                else:
                    self._j_done()
        elif code == KICK:
            window.close()
            self.window = None
            self._kick(p, arg)
        elif code in (DOBON, REVOLUTION):
            window.respond(p, code)
            self._special_win(p, code)
            if not self.over:
                self._next_react()
        else:
            window.respond(p, arg)
            self.window = None
            self._move(arg, g.ZONE)
            if code == ECHO:
                self.e_echoed = True
                self.e_factor *= g.amount[arg]
                self.log.add("echo", p=p, card=arg)
            else:
                self.e_live = not self.e_live
                self.log.add("cancel", p=p, card=arg)
                if self.e_live:
                    self.e_reopen_q = True
                    self.log.add("revived")
            self._open_j()

    def _resolve(self) -> None:
        g, kind, f, owner = self.game, self.e_kind, self.e_factor, self.e_owner
        self.window = None
        times = g.amount[self.e_card] * f
        if kind == "draw":
            self.pending += times
            self.victim = self.turns.following(self.turns.current)
            self.log.add("pending", n=self.pending)
        elif kind == "skip":
            p = owner
            for _ in range(times):
                p = self.turns.following(p)
                self.turns.skip(p)
                self.log.add("skip", p=p)
        elif kind == "reverse":
            if len(self.turns.active()) > 2:
                for _ in range(f):
                    self.turns.reverse()
                    self.log.add("reverse")
            else:
                self.log.add("no-reverse")
        elif kind == "kick-back":
            for _ in range(times):
                field = self.zones.piles[g.FIELD]
                if len(field) < 2 or field[-1] in self.kicked:
                    break  # ruling kick-back-once: as far as possible, then stop
                top = field[-1]
                self.kicked.add(top)
                self.by.pop(top, None)
                self._move(top, g.HAND[owner])
                self.log.add("kicked", p=owner, card=top)
        else:
            self.e_left = times
            if self._can_carry_out():
                self.phase = kind
                return
            self.log.add("fizzle", card=self.e_card)
        self._after_effect()

    def _can_carry_out(self) -> bool:
        ok = self.active(self.e_owner) and bool(self.hand(self.e_owner)) and self.e_left > 0
        return ok and (self.e_kind == "discard" or self.active(self.e_target))

    def _carry_out(self, card: int) -> None:
        """One card of an activated 7 (to the target) or 10 (to the discard zone)."""
        g, p = self.game, self.e_owner
        if self.e_kind == "give":
            self._move(card, g.HAND[self.e_target])
            # the card passes face down: the giver and the taker know it, no one else
            self.log.add("give", p=p, card=card, q=self.e_target, seen_by=(p, self.e_target))
        else:
            self._move(card, g.ZONE)
            self.log.add("discard", p=p, card=card)
        self.e_left -= 1
        if not self.hand(p):
            self._finish(p, out=True)
            if self.over:
                return
        if not self._can_carry_out():
            self._after_effect()

    def _after_effect(self) -> None:
        self._clear_effect()
        self._settle(True)

    def _kick(self, p: int, k: int) -> None:
        self.revealed.add(k)
        self.zones.shown.add(k)   # every player's view shows the revealed K
        self.tallies.show_king(p)
        self.log.add("kick", p=p, card=k)
        self._start_effect("kick-back", k, p)

    # --- reactions, special wins, end of turn -------------------------------------------------

    def _settle(self, kick: bool, others_only: bool = False) -> None:
        """Ask every player who may now declare Dobon / Revolution (or kick back the new top),
        in play order from the next player (the engine's rechecking window: who can declare is
        looked at again before each player, since a declaration changes the table);
        `others_only` leaves out the turn player, who is about to decide anyway.

        Most of the time nobody can: a screen over the running tallies then skips the window.
        It opens only when some hand totals the top card's number, some hand makes a
        Revolution, or (with `kick`) a K not shown is in the hand of anyone but who played the
        top card; the window then asks `_has_reaction` of each player in turn, exactly. (The
        screen looks at every hand, even of players out or left out of the window: theirs are
        empty, or it asks for nothing.) `react_kick` is only read in the window, so it is
        only set when one opens."""
        g, tallies = self.game, self.tallies
        field = self.zones.piles[g.FIELD]
        may = (field and g.rank[field[-1]] in tallies.sums) or True in tallies.revolution
        if not may and kick and len(field) >= 2 and field[-1] not in self.kicked:
            # the packed tallies of several hands add up to theirs together (no field
            # overflows: each holds the deck)
            packed, played_by = tallies.packed, self.by.get(field[-1], NONE)
            may = (sum(packed) - (packed[played_by] if played_by >= 0 else 0)) \
                & g.hand_shape.kings_f
        if not may:
            self.quiet = kick   # kick-backs too were looked at
            self.window = None
            if self.cont == "end" and not self.over:
                # _continue()'s most common case: the turn ends (what _begin_turn() then does,
                # without a call; the window is closed and `cont` is "end" already)
                turns = self.turns
                turns.advance()
                self.phase = "turn"
                self.drawn = NONE
                self.victim = turns.current if self.pending else NONE
            else:
                self.phase = "react"   # until _continue() says what comes next
                self._continue()
            return
        self.react_kick = kick
        self.phase = "react"
        cur = self.turns.current
        self.window = Window.rechecking(self.turns, self.turns.following(cur),
                                        leave_out=(cur,) if others_only else ())
        self._next_react()

    def _next_react(self) -> None:
        window = self.window
        if window is not None and window.ask_next(self._has_reaction, self.finished) is not None:
            return
        self.window = None
        self._continue()

    def _continue(self) -> None:
        """After the table settled: the turn goes on, the card just drawn may be played, or
        the turn ends (`cont`)."""
        if self.over:
            return
        cur, cont = self.turns.current, self.cont
        if cont == "turn" and not self.turns.out[cur]:
            self.phase = "turn"
        elif (cont == "drawn" and not self.turns.out[cur] and self.drawn != NONE
              and self.zones.where[self.drawn] == self.game.HAND[cur]
              and self.playable(self.drawn)):
            self.phase = "drawn"
        else:
            self._end_turn()

    def _special_win(self, p: int, code: int) -> None:
        g = self.game
        if code == DOBON:
            self.log.add("dobon", p=p, n=sum(g.rank[c] for c in self.hand(p)), card=self.top())
        else:
            self.log.add("revolution", p=p)
        for inst in list(self.hand(p)):
            self._move(inst, g.ASIDE)
        self._finish(p)

    def _finish(self, p: int, out: bool = False) -> None:
        """`p` goes out (`out`: played or gave away the last card) or won by a special win."""
        if out:
            self.log.add("out", p=p)
        self.finished.append(p)
        self.turns.knock_out(p)
        self.log.add("finish", p=p, n=len(self.finished))
        if p == self.victim and self.pending:
            self.log.add("lapse", p=p)
            self.pending, self.victim = 0, NONE
        left = self.turns.active()
        if len(left) <= 1:
            self.finished += left
            self.over = True
            self.window = None
            self.phase = "over"
            self.log.add("end")

    def _end_turn(self) -> None:
        if not self.over:
            self.turns.advance()
            self._begin_turn()

    def _begin_turn(self) -> None:
        self.window = None
        self.phase = "turn"
        self.drawn = NONE
        self.cont = "end"
        self.victim = self.turns.current if self.pending else NONE

    # --- outcome ------------------------------------------------------------------------------

    def winner(self) -> int | None:
        """The first player out (the game goes on for the places)."""
        return self.finished[0] if self.finished else None

    def scores(self) -> list[int]:
        """Places as points: the first out gets n-1, the last 0; players still in get 0."""
        n = self.players
        points = [0] * n
        for place, p in enumerate(self.finished):
            points[p] = n - 1 - place
        return points

    def greedy_value(self, action: Action) -> float | None:
        """Win at once; play, effects first; give or discard high cards; cancel only the
        others' live effects and echo only one's own; draw last."""
        code, arg = action
        if code == PLAY:
            return 10.0 + (5.0 if self.game.effect[arg] else 0.0)
        if code in (GIVE, DISCARD):
            return 5.0 + self.game.rank[arg] / 10
        if code == CANCEL:
            return 2.0 if self.e_owner != self.current_player() and self.e_live else -1.0
        if code == ECHO:
            return 2.0 if self.e_owner == self.current_player() else -1.0
        return _GREEDY.get(code, 0.0)

    # --- checks and expectations --------------------------------------------------------------

    def invariants(self) -> Iterable[str]:
        g = self.game
        if self.pending < 0:
            yield f"negative pending draw {self.pending}"
        hands = set(g.HAND[:self.players])
        for k in self.revealed:
            if g.effect[k] != "kick-back" or self.zones.where[k] not in hands:
                yield f"revealed {self.card_label(k)} is not a K in a hand"
        if self.zones.shown != self.revealed:
            yield "the cards shown face up differ from the revealed Ks"
        for p in self.finished:
            if self.turns.out[p] and self.hand(p):
                yield f"{self.player_name(p)} finished with cards in hand"
        for inst in self.by:
            if self.zones.where[inst] != g.FIELD:
                yield f"{self.card_label(inst)} is recorded as played but is not on the field"
        if (self.quiet and self.phase in DRAWING and not self.over
                and self._declarations(self.turns.current, True, [])):
            yield "the table was found quiet, but the turn player may declare"
        hands = [self.hand(p) for p in range(self.players)]
        for p in self.tallies.differs(hands, self.revealed):
            yield f"the running tally of {self.player_name(p)}'s hand differs from the hand"
        for p in range(self.players):
            if self.kicks(p) != self._kicks_afresh(p):
                yield f"the Ks {self.player_name(p)} may kick back with differ from the hand's"
        if self.e_card != NONE:
            fresh = self._holders_afresh(self.e_card)
            if (self._holders(g.echo_mask[self.e_card]),
                    self._holders(g.cancel_mask[self.e_card])) != fresh:
                yield "the players who could echo or cancel differ from a look at the hands"

    def public_info(self) -> dict[str, Any]:
        return {"pending_draw": self.pending, "finished": self.actual_finished(),
                "revealed": [self.card_label(k) for k in sorted(self.revealed)],
                "phase": self.phase}

    def actual_zone_size(self) -> int:
        return len(self.zones.piles[self.game.ZONE])

    def actual_pending_draw(self) -> int:
        return self.pending

    def actual_finished(self) -> list[str]:
        return [self.player_name(p) for p in self.finished]

    def actual_revealed(self) -> dict[str, Cards]:
        return {self.player_name(p): Cards(tuple(c for c in self.hand(p) if c in self.revealed))
                for p in range(self.players)}
