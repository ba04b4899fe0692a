"""The state of a treasure-scramble game: whose decision it is, what is legal, how turns pass.

What a magic card does lives in `effects.py`, the scramble's flip-declare-resolve cycle in
`scramble.py`, the step grammar in `notation.py`; this class joins them with the shared engine's
`State` and adds the game's own expectation keys and views.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Iterable

from deckwright.engine import BOX, EMPTY, Reason, State
from deckwright.engine.expect import CardAt, Cards
from deckwright.engine.setup import take

from . import english
from .effects import MagicMixin
from .facts import (CLAIRVOYANCE, CLAIRVOYANCE_SLOTS, HAND_SIZE, P_FI, P_KIND, P_PLUNDER,
                    P_REFLECT, P_SWAP_GIVE, P_SWAP_PICK, PHASES, QUOTA_PER_PLAYER, SCRAMBLE,
                    SWAP, USE_TARGET, Target, slot_name)
from .notation import NOTATION
from .scramble import ScrambleMixin
from .bot import value as greedy_value_of

if TYPE_CHECKING:
    from . import TreasureScramble


class TreasureState(MagicMixin, ScrambleMixin, State):
    """One game in progress (see the package docstring for the rules it follows)."""

    AUTOMATIC = frozenset({"turn-draw"})
    NOTATION = NOTATION
    PHASES = PHASES

    LANGUAGE = "ja"   # of EVENTS, which hold only what the engine does not word (shared_events)
    EVENTS = {
        "deal": "{n} 枚ずつ配る。規定枚数は {quota} 枚。",
        "turn-draw": "{p:player} が手番のはじめに山札から {n} 枚引く。",
        "place": "{p:player} が {slot} にカードを伏せる。",
        "pass": "{p:player} は伏せられるカードがなく、何もしない。",
        "use": "{p:player} が {card:card} を使う。",
        "skip-set": "{p:player} の次の手番は飛ばされる。",
        "skip": "{p:player} の手番を飛ばす。",
        "look": "{p:player} が {slot} をこっそり見る。",
        "swap": "{p:player} が {slot} のカードと手札を入れ替える。",
        "to-discard": "{card:card} は場に伏せずに捨て札にする。",
        "release": "大放出で {slot} にカードを伏せる。",
        "discard": "{p:player} が {cards:cards} を捨てる。",
        "ignored": "{card:card}の効果は無視する（行えることがない）。",
        "scramble": "場の伏せ札が {n} 枚になり、争奪戦が始まる。",
        "flip": "{p:player} が {slot} をめくる: {card:card}。",
        "misplaced": "場から割込カード {card:card} が出たので捨て札にし、もう1枚めくる。",
        "declare": "{p:player} が割込宣言をする。",
        "no-declare": "{p:player} は宣言しない。",
        "bluff": "{p:player} の{card:card}ははったりだったので、何も起こらず捨て札になる。",
        "cancelled": "{p:player} の{card:card}は無効になる。",
        "suction": "{p:player} の吸引: めくられた {card:card} は {p:player} のものになる。",
        "reflect": "{p:player} の反射: めくられた {card:card} は {to:player} に送られる。",
        "nullify": "{p:player} の無効化: このあとの宣言はすべて打ち消される。",
        "false-info": "{p:player} の偽情報: {to:player} は手番の後にもう1枚めくる。",
        "fi-target": "{p:player} が偽情報で {slot} を指定する。",
        "fi-ignored": "偽情報の効果は無視する（伏せ札がない）。",
        "take": "{p:player} が {card:card} を取得する。",
        "reveal-hand": "{p:player} の手札公開: {names}",
        "kind": "{p:player} は {card:card} を選び、手札の同名カード {n} 枚を捨てる。",
        "end": "場の伏せ札がなくなり、ゲーム終了。",
        "draw-game": "最高点 {points} ポイントが {ps:players} で並び、引き分け（再勝負）。",
    }
    TRANSLATIONS = {"en": {"events": english.EVENTS}}   # its own kinds, in English

    def __init__(self, game: "TreasureScramble", players: int, seed: int = 0):
        super().__init__(game, players, seed)
        self.quota = QUOTA_PER_PLAYER * players
        self.next_slot = 0
        self.holder = -1            # who takes the revealed card if resolution ended now
        self.resolving: list[tuple[int, int]] = []   # (declarer, card) still to resolve
        self.nullified = False
        self.fi_queue: list[int] = []                # False Information declarers waiting
        #: What each player has seen on the field: slot -> card (may go stale after a Swap).
        self.known: list[dict[int, int]] = [{} for _ in range(players)]

    # --- setup ---------------------------------------------------------------------------

    def deal(self) -> None:
        g = self.game
        self.shuffle_and_deal(g.DECK, g.HAND, HAND_SIZE)
        self.log.add("deal", n=HAND_SIZE, quota=self.quota)
        self._begin_turn()

    def after_setup(self, setup: dict[str, Any]) -> None:
        self.phase = PHASES.check(setup.get("phase", PHASES.first))
        free = (BOX, self.game.DECK)   # the box, or the (unstacked) deck
        for k, ref in enumerate(setup.get("field") or []):
            self._place_field(take(self, ref, f"field[{k}]", free), None)
        for p in range(self.players):   # the engine placed `treasures`: they score
            self.score[p] += sum(self.game.points[c] for c in self.zones.piles[self.game.WON[p]])
        for token in (setup.get("options") or {}).get("skips", []):
            self.turns.skips[self.parse_player(token)] = 1
        self._begin_turn()

    def setup_extras(self, shared: dict[str, Any]) -> dict[str, Any]:
        """Phase, field (in slot order), treasures taken and skipped turns, as setup keys;
        the scores are left out because the treasures give them. In the gathering phase the
        turn's automatic draw has happened: its card goes back on the deck, since the setup
        draws it again."""
        ids = self.game.catalogue.ids
        extras: dict[str, Any] = {"scores": None}
        me = self.player_name(self.turns.current)
        hand = shared["hands"][me]
        if self.is_open("place") and hand:
            extras["hands"] = {**shared["hands"], me: hand[:-1]}
            extras["deck"] = [hand[-1], *shared["deck"]]
        if self.phase != PHASES.first:
            extras["phase"] = self.phase
        field = [ids[c] for c in self.zones.cards(self.game.FIELD)]   # in slot order
        if field:
            extras["field"] = field
        extras.update(super().setup_extras(shared))   # the treasures taken
        if self.actual_skips():
            extras["options"] = {"skips": self.actual_skips()}
        return extras

    # --- reading the state -------------------------------------------------------------

    def field_slots(self) -> list[int]:
        cells = self.zones.piles[self.game.FIELD]
        return [s for s in range(self.next_slot) if cells[s] != EMPTY]

    def field_size(self) -> int:
        """Face-down cards on the field (counted at C speed: this is on the hot path)."""
        return self.next_slot - self.zones.piles[self.game.FIELD][:self.next_slot].count(EMPTY)

    def revealed(self) -> int:
        return self.zones.top(self.game.REVEALED)

    def is_drawn(self) -> bool:
        return self.over and self.score.count(max(self.score)) > 1

    # --- legal decisions ---------------------------------------------------------------

    def legal_actions(self) -> list[tuple]:
        if self.over:
            return []
        if self.prompt is not None:
            return self._choice_actions()
        if self.window is not None:
            return [("declare", c) for c in self.hand(self.window.current)] + [("pass",)]
        if self.is_open("flip"):
            return [("flip", s) for s in self.field_slots()]
        return self._gathering_actions(self.turns.current)

    def pass_action(self) -> tuple | None:
        """Declining to declare in the interrupt window."""
        return ("pass",) if self.window is not None and self.prompt is None else None

    def _gathering_actions(self, p: int) -> list[tuple]:
        g = self.game
        hand = self.hand(p)
        placeable = [c for c in hand if g.category[c] != "interrupt"]
        acts = [("place", c) for c in placeable]
        for c in hand:
            if g.category[c] == "magic":
                acts += [("use", c, t) for t in self._use_targets(p, c)]
        return acts if placeable else acts + [("pass",)]

    def _use_targets(self, p: int, inst: int) -> list[Target]:
        """Every target a magic card may be used on now; empty when it cannot be used."""
        kind = USE_TARGET[self.game.ids[inst]]
        if kind == "player":
            return [("p", q) for q in range(self.players) if q != p]
        slots = self.field_slots()
        if kind == "slot":   # Swap: a slot to look at, and another hand card to give
            return [("f", s) for s in slots] if len(self.hand(p)) > 1 else []
        if kind == "slots" and slots:   # Clairvoyance: one or two slots (none on an empty field)
            return [("f", s) for s in slots] + [("f", a, b) for a, b in combinations(slots, 2)]
        return [()]

    def _choice_actions(self) -> list[tuple]:
        g = self.game
        kind, p, arg = self.prompt
        if kind == P_REFLECT:
            return [("choose", ("p", q)) for q in range(self.players) if q != p]
        if kind in (P_FI, P_SWAP_PICK):
            return [("choose", ("f", s)) for s in self.field_slots()]
        if kind == P_SWAP_GIVE:
            return [("give", c) for c in self.hand(p)]
        if kind == P_KIND:
            kinds = sorted({g.ids[c] for c in self.hand(p) if g.category[c] == "interrupt"})
            return [("choose", ("k", k)) for k in kinds]
        # plunder: any `arg` cards of the hand, as a sorted tuple
        return [("discard", combo) for combo in combinations(sorted(self.hand(p)), arg)]

    def why_illegal(self, action: tuple) -> str:
        g = self.game
        p = self.current_player()
        verb = action[0]
        if self.prompt is not None:
            kind, _, arg = self.prompt
            if kind == P_SWAP_GIVE:
                return Reason("すり替えは伏せ札を見たあとでやめられない。必ず交換する（手札1枚を渡す）", "swap-must-exchange")
            if kind == P_REFLECT:
                return Reason("反射では自分以外のプレイヤーを1人指名する", "reflect-meaning")
            if kind == P_KIND:
                return Reason("手札にない割込カードの種類は選べない。手札にある種類を1つ選ぶ", "big-release-taken")
            if kind == P_PLUNDER:
                if verb == "discard" and any(self.zones.where[c] != g.HAND[p] for c in action[1]):
                    return Reason("手札にないカードは捨てられない", "not-in-hand")
                return Reason(f"手札から{arg}枚捨てる", "reduce-else-ignore")
            return Reason("場に伏せてある札を1枚指定する", "false-info-target")
        if self.window is not None:
            if verb == "declare":
                return Reason("宣言に出せるのは自分の手札のカード1枚だけ", "declaring")
            return Reason("いまは割込宣言をするか、しないかを決める", "declaring")
        if not self.is_open(verb):
            return PHASES.refusal(self.phase)
        if verb == "flip":
            return Reason("場に伏せてある札を1枚めくる", "scramble")
        return self._why_gathering(p, action)

    def _why_gathering(self, p: int, action: tuple) -> str:
        g = self.game
        verb = action[0]
        if verb in ("place", "use") and self.zones.where[action[1]] != g.HAND[p]:
            return Reason(f"{self.card_label(action[1])} は手札にない", "not-in-hand")
        if verb == "place":
            return Reason("割込カードは場に伏せられない（争奪戦で使うために手札に残す）", "interrupts-not-placed")
        if verb == "pass":
            return Reason("伏せられるカードがあるので、何もしないで手番を終えることはできない", "gathering-turn")
        inst, target = action[1], action[2]   # use
        cid = g.ids[inst]
        if g.category[inst] != "magic":
            return Reason("使えるのは魔法カードだけ", "magic")
        if cid == SWAP:
            if not self.field_size():
                return Reason("場に伏せ札がないので、すり替えは使えない", "swap-needs-cards")
            if len(self.hand(p)) <= 1:
                return Reason("交換できる手札がないので、すり替えは使えない", "swap-needs-cards")
        if cid == CLAIRVOYANCE and target and len(target) > 1 + CLAIRVOYANCE_SLOTS:
            return Reason(f"透視で見られるのは伏せ札{CLAIRVOYANCE_SLOTS}枚まで", "magic")
        if USE_TARGET[cid] == "player" and target[:1] != ("p",):
            return Reason(f"{self.card_label(inst)} は自分以外のプレイヤーを1人選んで使う（on pN）", "magic")
        if target == ("p", p):
            return Reason(f"{self.card_label(inst)} は自分以外のプレイヤーに使う", "magic")
        return Reason(f"{self.card_label(inst)} の対象が正しくない", "magic")

    # --- carrying out a decision -------------------------------------------------------

    def _apply(self, action: tuple) -> None:
        verb = action[0]
        if self.prompt is not None:
            self._apply_choice(action)
        elif self.window is not None:
            self._answer_window(action)
        elif verb == "flip":
            self._flip(action[1])
        elif verb == "place":
            p = self.turns.current
            self._place_field(action[1], p)
            self.log.add("place", p=p, slot=slot_name(self.next_slot - 1))
            self._end_turn()
        elif verb == "use":
            self._use(self.turns.current, action[1], action[2])
        else:  # pass in the gathering phase
            self.log.add("pass", p=self.turns.current)
            self._end_turn()

    def _continue(self) -> None:
        """After an effect or a choice, unless it asked another: the gathering turn ends, a
        scramble flip goes on."""
        if self.prompt is not None:
            return
        if self.is_open("place"):
            self._end_turn()
        else:
            self._after_take()

    # --- turns -------------------------------------------------------------------------

    def _begin_turn(self) -> None:
        if self.is_open("place"):   # a gathering turn
            self._draw(self.turns.current, 1, "turn-draw")   # by itself: no step gives it

    def _end_turn(self) -> None:
        if self.is_open("place") and (self.field_size() >= self.quota
                                      or not self.zones.piles[self.game.DECK]):
            self.phase = SCRAMBLE
            self.log.add("scramble", n=self.field_size())
        if self.is_open("flip") and not self.field_size():
            self._finish()
            return
        # the next player clockwise; a skip mark (one turn: Time Skip) is logged as it is spent
        self.turns.advance(on_skip=lambda p: self.log.add("skip", p=p))
        self._begin_turn()

    def _finish(self) -> None:
        self.over = True   # (no window or prompt is open: every turn ends after them)
        self.log.add("end")
        best = max(self.score)
        tops = [p for p in range(self.players) if self.score[p] == best]
        if len(tops) == 1:
            self.log.add("win", p=tops[0], points=best)
        else:
            self.log.add("draw-game", points=best, ps=tops)

    # --- zones helpers -----------------------------------------------------------------

    def _draw(self, p: int, n: int, kind: str = "draw") -> int:
        got = len(self.draw_up_to(self.game.DECK, self.game.HAND[p], n))
        if got:
            self.log.add(kind, p=p, n=got)
        return got

    def _place_field(self, inst: int, owner: int | None) -> None:
        slot = self.next_slot
        self.zones.place(inst, self.game.FIELD, slot)
        self.next_slot += 1
        if owner is not None:
            self.known[owner][slot] = inst

    def _discard(self, inst: int) -> None:
        self.zones.move(inst, self.game.DISCARD)

    # --- invariants, views, expectations -----------------------------------------------

    def invariants(self) -> Iterable[str]:
        g = self.game
        for p in range(self.players):
            won = self.zones.piles[g.WON[p]]
            if any(g.category[c] != "treasure" for c in won):
                yield f"{self.player_name(p)} won a card that is not a treasure"
            if sum(g.points[c] for c in won) != self.score[p]:
                yield f"{self.player_name(p)}'s score differs from their treasures"
            if self.zones.piles[g.DECLARED[p]] and self.window is None and not self.resolving:
                yield f"{self.player_name(p)} has a declaration left over outside a window"
        if len(self.zones.piles[g.REVEALED]) > 1:
            yield "more than one card is flipped at once"
        beyond = self.zones.piles[g.FIELD][self.next_slot:]
        if beyond.count(EMPTY) != len(beyond):
            yield "a field card lies beyond the last slot used"
        if self.turns.skips and max(self.turns.skips) > 1:
            yield "a player has more than one skipped turn waiting"

    def public_info(self) -> dict[str, Any]:
        return {"phase": self.phase, "quota": self.quota, "skips": self.actual_skips(),
                "queue": self.actual_queue(),
                "choice": None if self.prompt is None else self.prompt.kind}

    def known_cards(self, player: int) -> list[int]:
        """The face-down field cards this player placed or looked at: the table shows them to
        it face down, and the searching bots keep them where they are (`revealed_to`)."""
        return list(self.known[player].values())

    revealed_to = known_cards

    def resampled(self, mapping: dict[int, int]) -> None:
        """Cards dealt again (engine/knowledge.py): the other players' knowledge and the
        declarations waiting name the card that lies where the old one lay."""
        for known in self.known:
            for slot, inst in known.items():
                known[slot] = mapping.get(inst, inst)
        self.resolving = [(p, mapping.get(c, c)) for p, c in self.resolving]

    def view(self, player: int) -> dict[str, Any]:
        seen = super().view(player)
        seen["known"] = {slot_name(s): self.card_label(c) for s, c in self.known[player].items()}
        return seen

    def actual_field(self) -> dict[str, CardAt]:
        cells = self.zones.piles[self.game.FIELD]
        return {slot_name(s): CardAt(cells[s]) for s in self.field_slots()}

    actual_field_size = field_size

    def actual_discard(self) -> Cards:
        return Cards(tuple(self.zones.piles[self.game.DISCARD]))

    def actual_skips(self) -> list[str]:
        return [self.player_name(p) for p in range(self.players) if self.turns.skips[p]]

    def actual_queue(self) -> list[str]:
        return [self.player_name(p) for p in self.fi_queue]

    actual_drawn = is_drawn

    def actual_known(self) -> dict[str, dict[str, CardAt]]:
        return {self.player_name(p): {slot_name(s): CardAt(c) for s, c in self.known[p].items()}
                for p in range(self.players)}

    # --- the greedy bot's heuristic ----------------------------------------------------

    def greedy_value(self, action: tuple) -> float | None:
        return greedy_value_of(self, action)
