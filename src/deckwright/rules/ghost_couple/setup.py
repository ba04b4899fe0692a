"""ghost-couple's own example `setup:` keys, placed after the shared ones (hands, deck).

- `field: {7: s-5, 13: h-2, 11: null}`: cards at positions 1-25 (`null`: an empty place).
  Positions not named are filled, in position order, from the cards the setup left in the box
  (in database order), then from the top of the deck, so an example names only the cards it
  is about; the rulebook prints the filled positions with the setup (`setup_defaults`).

`vanish: [h-5]` (cards already in the vanish area, oldest first) and `treasure: {p1: [h-8,
d-8]}` (cards already taken) are the zones' own keys (`ZoneSpec.key`), placed by the engine.

The centre is face up, every other field card face down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckwright.engine import BOX
from deckwright.engine.setup import SetupError, take

if TYPE_CHECKING:
    from .state import GhostState


def _cells(field: Any) -> dict[int, Any]:
    if not isinstance(field, dict):
        raise SetupError("setup.field: expected a mapping {position: card}")
    cells: dict[int, Any] = {}
    for pos, ref in field.items():
        if isinstance(pos, bool) or not isinstance(pos, int) or not 1 <= pos <= 25:
            raise SetupError(f"setup.field: {pos!r} is not a field position (1-25)")
        cells[pos - 1] = ref
    return cells


def place_setup(state: "GhostState", setup: dict[str, Any]) -> None:
    g = state.game
    zones = state.zones
    cells = _cells(setup.get("field") or {})
    for cell, ref in sorted(cells.items()):   # a boxed copy first, else one still in the deck
        if ref is not None:
            zones.place(take(state, ref, f"field.{cell + 1}", (BOX, g.DECK)), g.FIELD, cell)
    # shown with the setup in the rulebook (State.setup_defaults): nothing an example's outcome
    # depends on stays hidden
    state.filled_field = []
    box, deck = zones.piles[BOX], zones.piles[g.DECK]
    for cell in range(25):
        if cell in cells:
            continue
        if not (box or deck):
            break
        zones.place(box[0] if box else deck[-1], g.FIELD, cell)
        state.filled_field.append(cell + 1)
