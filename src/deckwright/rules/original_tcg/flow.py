"""What happens between decisions: the counter right, the stack, combat and the turn's phases.

Everything that waits for a counter window is a task on `todo` (a LIFO list of tuples, so the
state stays plain data): a task pushes its successor and then opens a window; `drive()` runs
tasks until a player has to decide. The window is the engine's `Window.stack`: the counter right
goes to the turn player first, then alternates; it is passed automatically for a player with no
counter to play, and the window closes when both pass in a row. Then the stack resolves newest
first. A window that both players would pass at once is not opened at all: its item resolves
alone (`open_window`), which is what the closed window would have done.
"""

from __future__ import annotations

from typing import Any

from deckwright.engine import EMPTY, Window

from .board import CAMP_ROW, camp_row
from .facts import BATTLEFIELD, COLS, TURN_LIMIT


class Flow:
    """Mixin for the state: windows, combat, phases, destruction and the end of the game."""

    # --- the counter window ---------------------------------------------------------------

    def open_window(self, item: tuple[Any, ...]) -> None:
        """The engine's counter stack on `item`: the turn player has the first right.

        When no card on the field could answer `item`, or it is an event neither player can
        answer now, both players would pass at once: the item resolves alone, as the closed
        window would resolve it, without opening one. (An effect with a possible answer on
        the field always opens its window: while it is open the effect is being processed,
        which 頑健 reads, so who can answer is only asked inside it.)"""
        among = list(self.answering(item))     # either player's
        if not self.stack and (not among or (item[0] == "V" and not self.has_counter(0, item, among)
                                             and not self.has_counter(1, item, among))):
            if item[0] == "E":      # an event alone on the stack resolves to nothing
                self.stack = [item]
                self.resolve_stack()
            return
        by = item[1] if item[0] == "E" else item[2]
        self.window = Window.stack(self.turns, about=item, by=by)

    def drive(self) -> None:
        """Run the tasks waiting and pass the counter right for a player with no counter to
        play, until a player has a decision to take."""
        while not self.over:
            if self.window is not None:
                if self.has_counter(self.window.current):
                    return
                self.pass_right()
            elif self.todo:
                task = self.todo.pop()
                TASKS[task[0]](self, *task[1:])
            else:
                return

    def has_counter(self, p: int, top: tuple[Any, ...] | None = None, among: list[int] | None = None) -> bool:
        """Can p answer the top of the stack (or the item `top`) now, or must they? (`among`:
        see counter_options.)"""
        for i, eff in self.counter_options(p, top, among):     # (a loop: no generator to make)
            if eff.forced or (self.auto_pay(p, *self.cost_of(i, eff, 1)) is not None
                              and self.target_choices(p, i, eff)):
                return True
        return False

    def pass_right(self) -> None:
        window = self.window
        window.pass_(window.current)
        if window.closed:
            # the stack to resolve, oldest first (the top last, as it is read while resolving)
            self.stack = [item for _p, item in reversed(window.resolution())]
            self.window = None
            self.resolve_stack()

    def resolve_stack(self) -> None:
        effects = False
        while self.stack and not self.over:
            item = self.stack[-1]
            if item[0] == "E":
                effects = True
                self.resolve_effect(item)
            self.stack.pop()
        self.stack.clear()
        if effects:
            self.doom()     # 効果処理終了時, also with a move's combat waiting behind the stack

    def doom(self) -> None:
        """無限地獄: soldiers damaged during the combat or effect that just ended are destroyed."""
        hurt, self.hurt = self.hurt, []
        if hurt and self.hell_active():
            for s in hurt:
                if self.on_field(s):
                    self.log.add("doom", card=s)
                    self.destroy(s)

    # --- entering a square ----------------------------------------------------------------------

    def enter(self, i: int, cell: int, origin: int) -> None:
        """A soldier summoned (origin -1) or moved into `cell`: stand there, or wait in the
        arena when the cell is held by another soldier; the combat comes after the window."""
        g = self.game
        if self.zones.piles[g.SOLD][cell] == EMPTY:
            self.zones.place(i, g.SOLD, cell)
        else:
            self.zones.move(i, g.ARENA)
            self.combat = [i, -2, cell, origin, -1]   # -2: the square's soldier, decided later
        self.todo.append(("arrive", i, cell, origin))

    def arrive(self, i: int, cell: int, origin: int) -> None:
        g = self.game
        where = self.zones.where[i]
        if not g.is_field[where]:
            self.combat = []
            return
        p = self.owner[i]
        held = self.zones.piles[g.SOLD][cell]
        if where == g.ARENA:
            if held == EMPTY:
                self.zones.place(i, g.SOLD, cell)
                self.combat = []
            else:
                self.start_combat(i, held, cell, origin, -1)
                return
        row = cell // COLS
        if row != BATTLEFIELD and row != CAMP_ROW[p] and origin >= 0:
            self.start_combat(i, -1, cell, origin, 1 - p)

    def start_combat(self, a: int, d: int, cell: int, origin: int, foe: int) -> None:
        self.combat = [a, d, cell, origin, foe, 0, 0]
        if d >= 0:
            self.log.add("cstart", a=a, d=d)
        else:
            self.log.add("phantom", a=a)
        self.todo.append(("steps",))
        self.open_window(("V", "cstart", self.owner[a], a))

    # --- combat ------------------------------------------------------------------------------------

    def combat_steps(self) -> None:
        a, d, _cell, _origin, foe = self.combat[:5]
        if not self.on_field(a) or (d >= 0 and not self.on_field(d)):
            self.end_combat_window()
            return
        pa = self.power(a)
        pd = self.power(d) if d >= 0 else 0
        self.combat[5], self.combat[6] = pa, pd
        self.log.add("compare", pa=pa, pd=pd)
        if d < 0:
            if pa > 0:
                self.log.add("win", card=a)
                self.damage_player(foe, pa)
            else:
                self.log.add("tie")
        else:
            self.fight(a, d, pa, pd)
        if not self.over:
            self.end_combat_window()

    def fight(self, a: int, d: int, pa: int, pd: int) -> None:
        """Steps ③ and ④ of a combat between two soldiers. On a drill ground (ruling
        drill-ground-combat) the loser is not destroyed; the rest stands: the winner's -X and
        the damage to the loser's owner (step ④ is about the loss, not the destruction)."""
        drill = self.owner[a] == self.owner[d] and self.drill_safe(self.owner[a])
        if pa == pd:
            self.log.add("tie")
            if not drill:
                self.destroy(a)
                self.destroy(d)
            return
        win, lose = (a, d) if pa > pd else (d, a)
        self.log.add("win", card=win)
        x = max(0, self.power(lose) - 2)
        if drill:
            self.log.add("drill", card=lose)
        else:
            self.destroy(lose)
        self.mods.append((win, 0, 0, -x, "leaves", -1))
        self.log.add("penalty", card=win, x=x)
        self.damage_player(self.owner[lose], abs(pa - pd))

    def end_combat_window(self) -> None:
        self.log.add("cend")
        self.todo.append(("after",))
        a = self.combat[0]
        self.open_window(("V", "cend", self.owner[a], a))

    def combat_after(self) -> None:
        a, d, cell, origin, _foe = self.combat[:5]
        if self.on_field(a):
            if d < 0:
                self.return_to_camp(a, origin)
            elif self.zones.where[a] == self.game.ARENA and not self._stand(a, (cell, origin)):
                self.destroy(a)     # nowhere to stand (cannot happen with legal moves)
        self.combat = []
        self.doom()

    def return_to_camp(self, a: int, origin: int) -> None:
        """After a combat with the 0/0/0 soldier: the own camp square of the same column, else
        the nearest free one (left first), else the square it came from."""
        col, row = self.cell_of(a) % COLS, camp_row(self.owner[a]) * COLS
        if self._stand(a, [row + c for dist in range(COLS) for c in (col - dist, col + dist)
                           if 0 <= c < COLS]):
            self.log.add("return", card=a)
        else:
            self._stand(a, (origin,))

    def _stand(self, a: int, cells: Any) -> bool:
        """Soldier a onto the first of `cells` that is free (-1: no cell); False if none is."""
        for cell in cells:
            if cell >= 0 and self.soldier_at(cell) == EMPTY:
                self.zones.place(a, self.game.SOLD, cell)
                return True
        return False

    # --- leaving the field -------------------------------------------------------------------------

    def destroy(self, i: int, quiet: bool = False) -> None:
        """破棄: to the owner's graveyard; whatever was attached to it ends."""
        g = self.game
        if self.zones.where[i] == 0:
            return
        was_field = g.is_field[self.zones.where[i]]     # (on_field)
        self.zones.move(i, g.GRAVE[self.owner[i]])
        self.tapped.discard(i)
        if not quiet:
            self.log.add("destroy", card=i)
        if was_field:
            self.left_field(i)

    def left_field(self, i: int) -> None:
        self.mods = [m for m in self.mods if m[0] != i]
        self.dmg.pop(i, None)
        self.bound.pop(i, None)
        for k in [k for k, v in self.bound.items() if v == i]:
            del self.bound[k]
        self.veil_col.pop(i, None)
        self.fresh.discard(i)

    def lose(self, p: int, why: str) -> None:
        if self.over:
            return
        self.over = True
        self.loser = p
        self.log.add("lose", p=p, why=why)

    # --- the turn -----------------------------------------------------------------------------------

    def start_turn(self) -> None:
        """Phase 1 part 1: untap the warehouse; then the optional draw."""
        p = self.turns.current
        self.tapped.difference_update(self.zones.piles[self.game.WARE[p]])
        self.phase = "draw"
        self.log.add("turn", p=p, n=self.turn_no)

    def next_turn(self) -> None:
        self.mods = [m for m in self.mods if m[4] != "turn-end"]
        self.used.clear()
        self.fresh.clear()
        self.moved.clear()
        self.turns.advance()
        self.turn_no += 1
        if self.turn_no > TURN_LIMIT:
            self.decide_on_life()
            return
        self.start_turn()

    def decide_on_life(self) -> None:
        left = self.scores()    # (the life piles)
        self.over = True
        self.loser = -1 if left[0] == left[1] else (0 if left[0] < left[1] else 1)
        self.log.add("limit", n=TURN_LIMIT)

    def begin_upkeep(self) -> None:
        p = self.turns.current
        owner = self.owner
        first = p * COLS    # (p's own squares: a spell or land is only ever placed on them)
        self.due = [c for c in self.zones.piles[self.game.GROUND][first:first + COLS]
                    if c != EMPTY and owner[c] == p and self.stats(c)[1] > 0]
        self.phase = "upkeep" if self.due else "main"

    def draw_card(self, p: int) -> None:
        g = self.game
        self.zones.draw(g.SUPPORT[p], g.HAND[p])
        self.log.add("draw", p=p)
        if not self.zones.piles[g.SUPPORT[p]]:
            self.lose(p, "支援が尽きた")


#: What each kind of task on `todo` runs (with the task's other items).
TASKS = {"arrive": Flow.arrive, "steps": Flow.combat_steps, "after": Flow.combat_after,
         "next-turn": Flow.next_turn}
