"""What each player has seen, decision by decision: the log as one player may read it.

A state's log names every card (the rulebook and the harness read it whole). At a table each
seat reads it from its own observation: a card is named to a player only when the player had
seen it by the end of the decision that wrote the entry (its views showed that card at some
point up to then, `observer.visible`), or when the entry says so (`log.add(..., seen_by=...)`:
a card shown to some players and put away within the same decision). To everyone else it reads
"a card". A card seen later does not unmask an earlier sentence: "p3 gives a card to p2" stays
so for p1 after p2 has played that card, since that would tell p1 what p2 held.

`Witness.note(state)` is called after the deal and after every decision; `forget(n)` goes back
to the first `n` decisions (undo). `shown_since(n, players, asker)` tells whether any of
`players` was shown a card after decision `n` that neither it nor `asker` had seen by then,
which a table uses to refuse an undo that would let a player see a card and then take back what
showed it.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable

from .events import Namer, sentence
from .observer import visible

if TYPE_CHECKING:
    from .state import State


@dataclass
class Witness:
    players: int
    #: log length after the deal (index 0) and after each decision
    ends: list[int] = field(default_factory=list)
    #: per mark, the cards each player had seen by then
    seen: list[tuple[frozenset[int], ...]] = field(default_factory=list)

    def note(self, state: "State") -> None:
        """Record what every player sees now (after the deal or a decision)."""
        before = self.seen[-1] if self.seen else (frozenset(),) * self.players
        now = tuple(before[p] | visible(state, p) for p in range(self.players))
        self.ends.append(len(state.log))
        self.seen.append(now)

    def forget(self, decisions: int) -> None:
        """Keep the marks of the deal and the first `decisions` decisions."""
        del self.ends[decisions + 1:]
        del self.seen[decisions + 1:]

    def may_see(self, state: "State", player: int, entry: int) -> Callable[[int], bool]:
        """Whether `player` may read the cards of log entry `entry` named."""
        declared = state.log.seen_by.get(entry, frozenset())
        if player in declared:
            return lambda inst: True
        mark = min(bisect_right(self.ends, entry), len(self.seen) - 1)
        seen = self.seen[mark][player] if self.seen else frozenset()
        return seen.__contains__

    def sentences(self, state: "State", player: int, name: Namer | None = None,
                  who: Namer | None = None) -> list[str]:
        """The log as `player` may read it; `name` names a card and `who` a player (default
        the state's `card_label` and `player_name`)."""
        return [sentence(state, kind, args, name, self.may_see(state, player, i), who)
                for i, (kind, args) in enumerate(state.log.entries)]

    def shown_since(self, decisions: int, players: Iterable[int], asker: int) -> bool:
        """Whether one of `players` saw a card after the first `decisions` decisions that it
        had not seen by then and that `asker` had not seen either (`asker`'s own card played
        face up is news to the others, but no secret of anyone else's)."""
        then, now = self.seen[decisions], self.seen[-1]
        return any((now[p] - then[p]) - then[asker] for p in players)
