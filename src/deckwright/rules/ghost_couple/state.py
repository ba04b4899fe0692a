"""ghost-couple's rules: one turn of "selective memory" on a 5x5 field, and what events do.

A turn is a short sequence of phases, each a decision of the turn player (notation.py):

    start (draw) | place (deck empty) -> reveal x2 -> act: take couples / swap / end
                                                     \\-> an event's own phase, then back to act

`phase` says what is being decided; `left` counts what remains of it (cards to turn, pick,
return or vanish). Ending the turn turns the field back face down (the centre stays up),
refills empty places in position order, and ends the game when a hand is empty (or, with the
deck empty, after a whole round in which nothing moved).

The vanish area is settled after every decision: a card in a hand or face up on the field that
couples with a vanished card leaves the game with it (`_settle`).

Hidden information: the field is a hidden grid whose face-up cards are in `zones.shown`; each
player's memory `seen[p]` (cell -> card) holds what that player has seen and is still there,
`peeked[p]` the cards seen in another's hand. `view(p)` adds them, and nothing else hidden.
"""

from __future__ import annotations

from itertools import chain, groupby
from typing import Any, Callable, ClassVar, Iterable

from deckwright.engine import BOX, EMPTY, CardAt, Cards, State
from deckwright.engine.phases import Phase, Phases

from . import english
from .notation import NOTATION
from .cards import couple_event, score
from .events import CENTRE, EventRules

SHAPE_CENTRES = (6, 7, 8, 11, 12, 13, 16, 17, 18)
_X = ((-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1))
_SQUARE = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1))

#: Each phase: what its decider is asked first (a refusal of a decision of another phase says
#: it), and the decisions open in it.
PHASES = Phases(
    Phase("start", "まず山札から1枚引く", ("draw",)),
    Phase("place", "まず手札から1枚を場の空いた場所に伏せる（山札がないので引くかわり）", ("place",)),
    Phase("reveal", "まず場の裏向きのカードをめくる", ("turn", "decline")),
    Phase("shape", "まずイベントでめくる範囲の中心を選ぶ", ("shape",)),
    Phase("pick", "まずイベントで場の裏向きのカードを手札に取る", ("pick",)),
    Phase("return", "まずイベントで手札から空いた場所へカードを戻す", ("return",)),
    Phase("target", "まずイベントで引かせるプレイヤーを選ぶ", ("target",)),
    Phase("vanish-field", "まずイベントでバニッシュする場のカードを選ぶ", ("vanish",)),
    Phase("look", "まずイベントで手札を見るプレイヤーを選ぶ", ("look",)),
    Phase("vanish-hand", "まずイベントで見た手札からバニッシュする1枚を選ぶ", ("vanish-card",)),
    Phase("steal", "まずイベントで奪うトレジャーのカードを選ぶ", ("steal",)),
    Phase("burn", "まずイベントでバニッシュするトレジャーのカードを選ぶ", ("burn",)),
    Phase("act", "", ("take", "swap", "end")),
)


def shape_cells(shape: str, centre: int) -> list[int]:
    """The cells of an X of five or a 3x3 of nine around a centre cell."""
    r, c = divmod(centre, 5)
    return [(r + dr) * 5 + c + dc for dr, dc in (_X if shape == "x" else _SQUARE)]


class GhostState(EventRules, State):
    NOTATION = NOTATION
    PHASES = PHASES
    LANGUAGE = "ja"   # of EVENTS, which hold only what the engine does not word (shared_events)
    EVENTS = {
        "deal": "場に25枚を並べて中央を表にし、{n}枚ずつ配る。",
        "turn-start": "{p:player} の手番。",
        "draw": "{p:player} が山札から1枚引く。",
        "place": "山札がないので、{p:player} が手札1枚を{cell}番に伏せる。",
        "reveal": "{p:player} が{cell}番をめくる: {card:card}。",
        "take": "{p:player} が {a:card} と {b:card} のカップリングを取る。",
        "bonus": "相方どうしのカップリングで {p:player} に+{n}点。",
        "event": "イベント「{name}」。",
        "decline": "{p:player} はもう1枚めくらない。",
        "no-hand": "この手番では、以後手札を使えない。",
        "pick": "{p:player} が{cell}番のカードを手札に入れる。",
        "return": "{p:player} が手札1枚を{cell}番に伏せて戻す。",
        "draws": "{q:player} が山札から{n}枚引く。",
        "skip": "{q:player} の次の手番はとばされる。",
        "reshuffle": "{p:player} が手札{n}枚を山札に混ぜて切り直し、{n}枚引き直す。",
        "vanish": "{card:card} をバニッシュエリアへ送る。",
        "removed": "{a:card} がバニッシュエリアの {b:card} と組になり、2枚ともゲームから取り除かれる。",
        "look": "{p:player} が {q:player} の手札を見る。",
        "steal": "{p:player} が {q:player} のトレジャーから {card:card} を奪う。",
        "show": "場のカードをすべて表にして全員に見せ、中央以外を裏に戻す。",
        "nothing": "イベントの対象がないので何も起こらない。",
        "swap": "{p:player} が手札の {card:card} を中央に置き、{old:card} を手札に入れる。",
        "end": "{p:player} が手番を終える。",
        "refill": "空いた{n}か所に山札から補充する。",
        "out": "{p:player} の手札がないまま手番が渡るので、ゲーム終了。{p:player} は最初に手札をなくしたので+{n}点。",
        "stalemate": "山札がなく、1巡の間カードが動かなかったので、ゲーム終了。",
    }
    TRANSLATIONS = {"en": {"events": english.EVENTS}}   # its own kinds, in English

    #: Whole rounds without a card moving, deck empty, that end the game (ruling "stalemate").
    QUIET_ROUNDS = 1

    def __init__(self, game: Any, players: int, seed: int = 0):
        super().__init__(game, players, seed)
        self.filled_field: list[int] = []   # the field positions an example's setup left to us
        self.left = 0            # cards still to turn / pick / return / vanish in this phase
        self.optional = False    # the reveal may be declined (the A)
        self.hand_ok = True      # the hand may still be used this turn
        self.took = 0            # couples taken this turn
        self.shape = ""          # "x" or "square" while choosing a shape
        self.count = 0           # cards a draw event makes its target draw
        self.end_after = False   # a vanish event that ends the turn
        self.holes: list[int] = []   # cells emptied by the pick event, to return cards to
        self.looked = -1         # whose hand the peek event showed
        self.bonus = [0] * players   # partner-couple points
        self.first_out = -1
        self.emptied = [-1] * players   # when each hand became empty (tick), -1 if not empty
        self.tick = 0
        self.moved = False       # a card left the hands/field or was placed this turn
        self.quiet = 0           # turns in a row, deck empty, in which nothing moved
        self.seen: list[dict[int, int]] = [{} for _ in range(players)]
        self.peeked: list[dict[int, int]] = [{} for _ in range(players)]

    # --- reading the field --------------------------------------------------------------

    @property
    def field(self) -> list[int]:
        return self.zones.piles[self.game.FIELD]

    def deck(self) -> list[int]:
        return self.zones.piles[self.game.DECK]

    def face_down_cells(self) -> list[int]:
        shown, field = self.zones.shown, self.zones.piles[self.game.FIELD]
        return [c for c, i in enumerate(field) if i != EMPTY and i not in shown]

    def face_up_cards(self) -> list[int]:
        shown, field = self.zones.shown, self.zones.piles[self.game.FIELD]
        return [i for i in field if i != EMPTY and i in shown]

    def distinct(self, pile: list[int]) -> list[int]:
        """One instance per card id of a pile (its topmost copy): copies of a card in a hand or
        a treasure are one choice to a player, and `find_card(id, pile)` names that copy."""
        ids = self.game.catalogue.ids
        if len(set(map(ids.__getitem__, pile))) == len(pile):
            return pile
        top = {ids[i]: i for i in pile}
        return [i for i in pile if top[ids[i]] == i]

    # --- moving field cards (keeping face-up state and every memory right) -----------------

    def _face_up(self, cell: int) -> None:
        inst = self.field[cell]
        self.zones.shown.add(inst)
        for memory in self.seen:
            memory[cell] = inst

    def _leave(self, inst: int, dst: int) -> None:
        """Move a card to `dst`; if it was on the field, it is no longer seen there."""
        if self.zones.where[inst] == self.game.FIELD:
            cell = self.field.index(inst)
            self.zones.shown.discard(inst)
            for memory in self.seen:
                memory.pop(cell, None)
        self.zones.move(inst, dst)

    def _put(self, p: int, inst: int, cell: int) -> None:
        """Player p puts a hand card on an empty cell: face down (only p knows it), but the
        centre is always face up."""
        self.zones.place(inst, self.game.FIELD, cell)
        if cell == CENTRE:
            self._face_up(cell)
        else:
            self.seen[p][cell] = inst

    def _to_hand(self, p: int, cell: int) -> int:
        """Player p takes the card at `cell` into its hand: whoever remembered it there now
        knows p holds it."""
        inst = self.field[cell]
        knew = [o for o in range(self.players) if o != p and self.seen[o].get(cell) == inst]
        self._leave(inst, self.game.HAND[p])
        for o in knew:
            self.peeked[o][inst] = p
        return inst

    def _forget(self, insts: Iterable[int]) -> None:
        """Cards seen by everyone leaving a hand: nobody still thinks they are there."""
        for memory in self.peeked:
            for inst in insts:
                memory.pop(inst, None)

    def draw_cards(self, p: int, n: int) -> int:
        return len(self.draw_up_to(self.game.DECK, self.game.HAND[p], n))

    # --- the start of a game and of a turn --------------------------------------------------

    def deal(self) -> None:
        g = self.game
        self.zones.move_all(BOX, g.DECK)
        self.shuffle(g.DECK)
        for cell in range(25):
            self.zones.place(self.deck()[-1], g.FIELD, cell)
        self._face_up(CENTRE)
        for _ in range(g.hand_size):
            for p in range(self.players):
                self.zones.draw(g.DECK, g.HAND[p])
        self.log.add("deal", n=g.hand_size)
        self._begin_turn()

    def setup_defaults(self) -> dict[str, Any]:
        """The field places the example did not name, and the documented rule that filled them
        (the cards themselves would crowd the printed setup; the rule decides them exactly)."""
        if not self.filled_field:
            return {}
        return {"field": f"{_ranges(self.filled_field)}番: 箱に残ったカードをデータベース順に伏せて置く"}

    def after_setup(self, setup: dict[str, Any]) -> None:
        from .setup import place_setup
        place_setup(self, setup)
        if self.field[CENTRE] != EMPTY:
            self._face_up(CENTRE)
        self._settle()
        self._track_empty()
        self._begin_turn()

    def setup_extras(self, shared: dict[str, Any]) -> dict[str, Any]:
        """The field (every position) as a setup key, with the engine's vanish and treasure."""
        ids = self.game.catalogue.ids
        return {"field": {cell + 1: None if c == EMPTY else ids[c] for cell, c in enumerate(self.field)},
                **super().setup_extras(shared)}

    def _begin_turn(self) -> None:
        self.took, self.hand_ok, self.moved, self.looked = 0, True, False, -1
        self.holes = []
        p = self.turns.current
        self.log.add("turn-start", p=p)
        if self.deck():
            self.phase = "start"
        elif self.hand(p) and EMPTY in self.field:
            self.phase = "place"
        else:
            self._reveal(2)

    def _reveal(self, n: int, optional: bool = False) -> None:
        self.left = min(n, len(self.face_down_cells()))
        self.optional = optional
        self.phase = "reveal" if self.left else "act"

    # --- decisions --------------------------------------------------------------------

    def legal_actions(self) -> list[Any]:
        if self.over:
            return []
        return self.CHOICES[self.phase](self, self.turns.current)

    def _act_actions(self, p: int) -> list[Any]:
        """Every couple p may take (two face-up field cards, or one and a hand card), then the
        swap with the centre when no couple was taken this turn, else the end of the turn."""
        couples = self.game.card_facts.couples
        face = self.face_up_cards()
        hand = self.distinct(self.hand(p)) if self.hand_ok else []
        acts: list[Any] = []
        for k, a in enumerate(face):
            mates = couples[a]
            for b in face[k + 1:]:
                if b in mates:
                    acts.append(("take", min(a, b), max(a, b)))
            for h in hand:
                if h in mates:
                    acts.append(("take", min(a, h), max(a, h)))
        if self._must_swap(p):
            return acts + [("swap", i) for i in self.distinct(self.hand(p))]
        return acts + [("end",)]

    def _from_treasures(self, p: int) -> list[Any]:
        tr = self.game.TREASURE
        return [(self.phase, i, q) for q in range(self.players) if q != p
                for i in self.distinct(self.zones.piles[tr[q]])]

    #: Each phase -> the decisions open to the turn player p in it (the actions PHASES says
    #: the phase opens).
    CHOICES: ClassVar[dict[str, Callable[["GhostState", int], list[Any]]]] = {
        "act": _act_actions,
        "start": lambda s, p: [("draw",)],
        "place": lambda s, p: [("place", i, c) for i in s.distinct(s.hand(p))
                               for c, at in enumerate(s.field) if at == EMPTY],
        "reveal": lambda s, p: ([("turn", c) for c in s.face_down_cells()]
                                + ([("decline",)] if s.optional else [])),
        "shape": lambda s, p: [("shape", s.shape, c) for c in SHAPE_CENTRES],
        "pick": lambda s, p: [("pick", c) for c in s.face_down_cells()],
        "return": lambda s, p: [("return", i, c) for i in s.distinct(s.hand(p)) for c in s.holes],
        "target": lambda s, p: [("target", q) for q in range(s.players)],
        "vanish-field": lambda s, p: [("vanish", c) for c, i in enumerate(s.field) if i != EMPTY],
        "look": lambda s, p: [("look", q) for q in range(s.players) if q != p],
        "vanish-hand": lambda s, p: [("vanish-card", i) for i in s.distinct(s.hand(s.looked))],
        "steal": _from_treasures,
        "burn": _from_treasures,
    }

    def _must_swap(self, p: int) -> bool:
        return self.took == 0 and bool(self.hand(p)) and self.field[CENTRE] != EMPTY

    def _apply(self, action: Any) -> None:
        self.DO[action[0]](self, *action[1:])
        if not self.over:
            self._settle()
            self._track_empty()

    def _do_draw(self) -> None:
        p = self.turns.current
        self.draw_cards(p, 1)
        self.log.add("draw", p=p)
        self._reveal(2)

    def _do_place(self, inst: int, cell: int) -> None:
        p = self.turns.current
        self._put(p, inst, cell)
        self.moved = True
        self.log.add("place", p=p, cell=cell + 1)
        self._reveal(2)

    def _do_turn(self, cell: int) -> None:
        self._turn_up((cell,))
        self.left -= 1
        if self.left <= 0:
            self.phase, self.optional = "act", False

    def _do_decline(self) -> None:
        self.log.add("decline", p=self.turns.current)
        self.left, self.phase, self.optional = 0, "act", False

    def _do_shape(self, shape: str, centre: int) -> None:
        self._turn_up(shape_cells(shape, centre))
        self.phase = "act"

    def _turn_up(self, cells: Iterable[int]) -> None:
        """Turn every face-down card among `cells` face up, in order, each one logged."""
        for cell in cells:
            if self.field[cell] != EMPTY and self.field[cell] not in self.zones.shown:
                self._face_up(cell)
                self.log.add("reveal", p=self.turns.current, cell=cell + 1, card=self.field[cell])

    def _do_take(self, a: int, b: int) -> None:
        g = self.game
        p = self.turns.current
        self._leave(a, g.TREASURE[p])
        self._leave(b, g.TREASURE[p])
        self._forget((a, b))
        self.took += 1
        self.moved = True
        self.log.add("take", p=p, a=a, b=b)
        extra = g.card_facts.bonus.get((a, b))
        if extra:
            self.bonus[p] += extra
            self.log.add("bonus", p=p, n=extra)
        event = couple_event(g.card_facts, a, b)
        if event is not None:
            self.log.add("event", name=g.card_facts.event_name[a] or g.card_facts.event_name[b])
            self._start_event(event)

    def _do_swap(self, inst: int) -> None:
        p = self.turns.current
        old = self._to_hand(p, CENTRE)
        self._forget((inst,))
        self._put(p, inst, CENTRE)
        self.log.add("swap", p=p, card=inst, old=old)
        self._end_turn()

    def _do_end(self) -> None:
        self.log.add("end", p=self.turns.current)
        self._end_turn()

    #: Each action's name -> what carries it out: the decisions the notation declares, one
    #: method each (the event decisions are EventRules'), listed rather than looked up by name.
    DO: ClassVar[dict[str, Callable[..., None]]] = {
        "draw": _do_draw, "place": _do_place, "turn": _do_turn, "decline": _do_decline,
        "shape": _do_shape, "take": _do_take, "swap": _do_swap, "end": _do_end,
        "pick": EventRules._do_pick, "return": EventRules._do_return,
        "target": EventRules._do_target, "vanish": EventRules._do_vanish,
        "look": EventRules._do_look, "vanish-card": EventRules._do_vanish_card,
        "steal": EventRules._do_steal, "burn": EventRules._do_burn}

    # --- the end of a turn and of the game ----------------------------------------------------

    def _end_turn(self) -> None:
        self.zones.shown.intersection_update((self.field[CENTRE],))   # all face down but it
        deck = self.deck()
        holes = [c for c, i in enumerate(self.field) if i == EMPTY][:len(deck)]
        for cell in holes:   # refilled in position order
            self.zones.place(deck[-1], self.game.FIELD, cell)
            if cell == CENTRE:
                self._face_up(cell)
        if holes:
            self.log.add("refill", n=len(holes))
        self._settle()
        self._track_empty()
        self.quiet = 0 if self.deck() or self.moved else self.quiet + 1
        self.phase, self.left = "act", 0
        empty = [q for q in range(self.players) if not self.hand(q)]
        if empty:
            self.first_out = min(empty, key=lambda q: self.emptied[q])
            self.over = True
            self.log.add("out", p=self.first_out, n=self.players)
        elif self.quiet >= self.players * self.QUIET_ROUNDS:
            self.over = True
            self.log.add("stalemate")
        else:
            self.turns.advance()
            self._begin_turn()

    def _track_empty(self) -> None:
        """When each hand became empty (`tick` order; hands checked from the turn player on),
        for the first player out."""
        piles, hands, emptied = self.zones.piles, self.game.HAND, self.emptied
        if max(emptied) < 0 and all(piles[hands[q]] for q in range(self.players)):
            return   # the usual case, cheaply
        for q in self.turns.in_play_order_from(self.turns.current):
            if piles[hands[q]]:
                emptied[q] = -1
            elif emptied[q] < 0:
                emptied[q] = self.tick
                self.tick += 1

    def _settle(self) -> None:
        """Remove every vanished card that couples with a hand card or a face-up field card,
        with that card: the oldest vanished card first, field in position order, then hands
        from the turn player on."""
        vanish = self.zones.piles[self.game.VANISH]
        while vanish:
            for v in vanish:
                mate = self._vanish_mate(v)
                if mate != EMPTY:
                    break
            else:
                return
            self._forget((mate,))
            self._leave(mate, self.game.REMOVED)
            self.zones.move(v, self.game.REMOVED)
            self.moved = True
            self.log.add("removed", a=mate, b=v)

    def _vanish_mate(self, v: int) -> int:
        mates = self.game.card_facts.couples[v]
        hands = (self.hand(q) for q in self.turns.in_play_order_from(self.turns.current))
        return next((i for i in chain(self.face_up_cards(), *hands) if i in mates), EMPTY)

    # --- scores --------------------------------------------------------------------------

    def scores(self) -> list[int]:
        facts, tr = self.game.card_facts, self.game.TREASURE
        out = [score(facts, self.zones.piles[tr[q]]) + self.bonus[q] for q in range(self.players)]
        if self.first_out >= 0:
            out[self.first_out] += self.players
        return out

    def greedy_value(self, action: Any) -> float:
        """The engine's greedy bot, judging only from what the player to move may know (its
        hand, the face-up cards, its memory `seen[p]`, hand sizes, treasures): take the
        richest couple, turn a remembered card that completes one (else one never seen, which
        might), give up cheap cards, aim at the player with fewest cards. A face-down card it
        has not seen is never read: the greedy seat at the table and in `simulate` is fair."""
        kind = action[0]
        f = self.game.card_facts
        p = self.turns.current
        if kind == "take":
            a, b = action[1], action[2]
            hand, where = self.game.HAND[p], self.zones.where
            sheds = (where[a] == hand) + (where[b] == hand)
            return 10.0 + f.points[a] + f.points[b] + f.bonus.get((a, b), 0) + 2 * sheds
        if kind == "turn":
            known = self.seen[p].get(action[1])
            if known is None:
                return 1.0
            mates = f.couples[known]
            pool = self.face_up_cards() + (self.hand(p) if self.hand_ok else [])
            return 5.0 if any(i in mates for i in pool) else 0.5
        if kind in ("swap", "place", "return"):
            return -float(f.points[action[1]])
        if kind in ("target", "look"):
            q = action[1]
            return -1.0 if q == p else 1.0 + 1.0 / (1 + len(self.hand(q)))
        if kind in ("vanish-card", "steal", "burn"):
            return float(f.points[action[1]])
        return 0.0

    # --- refusals ----------------------------------------------------------------------

    def why_illegal(self, action: Any) -> str:
        from .reasons import why
        return why(self, action)

    # --- what a player may know ------------------------------------------------------------

    def known_cards(self, player: int) -> list[int]:
        """The hand an event let the player look at, while it picks the card to vanish from
        it (what it remembers afterwards is its own memory, the game's point)."""
        if self.is_open("vanish-card") and player == self.turns.current and self.looked >= 0:
            return list(self.hand(self.looked))
        return []

    def public_info(self) -> dict[str, Any]:
        return {"phase": self.phase, "left": self.left, "hand_ok": self.hand_ok,
                "took": self.took, "holes": [c + 1 for c in self.holes],
                "looked": self.player_name(self.looked) if self.looked >= 0 else None}

    def view(self, player: int) -> dict[str, Any]:
        """The engine's view plus this player's memory: cards seen on the field that are still
        there (cell 1-25 -> card) and cards seen in other hands (card -> holder)."""
        seen = super().view(player)
        ref = self.game.catalogue.ref
        seen["memory"] = {cell + 1: ref(inst) for cell, inst in sorted(self.seen[player].items())}
        seen["peeked"] = {ref(inst): self.player_name(q)
                          for inst, q in sorted(self.peeked[player].items())}
        return seen

    def revealed_to(self, player: int) -> Iterable[int]:
        """The cards this player remembers on the field and saw in other hands."""
        return [*self.seen[player].values(), *self.peeked[player]]

    def resampled(self, mapping: dict[int, int]) -> None:
        """Cards dealt again (engine/knowledge.py): the other players' memories now name the
        card that lies where the remembered one lay."""
        for memory in self.seen:
            for cell, inst in memory.items():
                memory[cell] = mapping.get(inst, inst)
        self.peeked = [{mapping.get(inst, inst): q for inst, q in seen.items()}
                       for seen in self.peeked]

    def invariants(self) -> Iterable[str]:
        field, where, fid = self.field, self.zones.where, self.game.FIELD
        for inst in self.zones.shown:
            if where[inst] != fid:
                yield f"{self.game.catalogue.ref(inst)} is face up but not on the field"
        if field[CENTRE] != EMPTY and field[CENTRE] not in self.zones.shown:
            yield "the centre card is face down"
        for p, memory in enumerate(self.seen):
            for cell, inst in memory.items():
                if field[cell] != inst:
                    yield f"p{p + 1} remembers a card at {cell + 1} that is not there"
        if self.phase in ("start", "place") and len(self.zones.shown) > 1:
            yield "cards are face up at the start of a turn"

    # --- example expectations -----------------------------------------------------------------

    def actual_field(self) -> dict[int, CardAt]:
        return {cell + 1: CardAt(inst) for cell, inst in enumerate(self.field)}

    def actual_faceup(self) -> list[int]:
        shown = self.zones.shown
        return [c + 1 for c, i in enumerate(self.field) if i != EMPTY and i in shown]

    def actual_removed(self) -> Cards:
        return Cards(tuple(self.zones.piles[self.game.REMOVED]))

    def actual_memory(self) -> dict[str, int]:
        return {self.player_name(q): len(self.seen[q]) for q in range(self.players)}


def _ranges(positions: list[int]) -> str:
    """[1, 2, 3, 5] -> 1〜3・5 (a run of consecutive positions keeps its distance to its index)"""
    runs = [[p for _, p in run] for _, run in groupby(enumerate(positions), lambda t: t[1] - t[0])]
    return "・".join(str(r[0]) if len(r) == 1 else f"{r[0]}〜{r[-1]}" for r in runs)
