"""`cards/<card-id>.png`: one PNG per distinct face and per distinct back, at 300 dpi.

Each image is the vector face rasterised by pdfium, with the bleed or trimmed to the card.
Backs are named `back-<back-id>.png` (`back-<back-id>--<colours>.png` when a back layout varies
by the card's colour, as ghost-couple's two-sided ghosts do).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from .. import atomic

from . import face as facemod
from ..model.schema import Card
from .cards import GamePress
from .face import Plan
from .raster import Reuse, batches, pixel_page, render_pngs

DPI = 300.0
MIN_EDGE = 72.0 / 25.4  # the background is drawn 1 mm past the edge, so no edge pixel is left white


def _drawer(plan: Plan, bleed: float, page: tuple[float, float]) -> Callable[[Canvas], None]:
    def draw(c: Canvas) -> None:
        w, h = plan.size
        c.translate((page[0] - w) / 2, (page[1] - h) / 2)  # centred on the pixel-snapped page
        facemod.draw(c, plan, max(bleed, MIN_EDGE))
    return draw


Job = tuple[str, Callable[[], Plan]]   # (file name without .png, the plan to draw)


def jobs(press: GamePress, cards: list[Card]) -> list[Job]:
    """One job per distinct face of `cards` and per distinct back, in the order they print."""
    out: list[Job] = []
    seen_backs: set[str] = set()
    for card in cards:
        out.append((card.id, lambda card=card: press.face(card)))
        key = press.back_key(card)
        if key not in seen_backs:
            seen_backs.add(key)
            out.append((f"back-{key}", lambda card=card: press.back(card)))
    return out


def export(press: GamePress, cards: list[Card], folder: Path, bleed: float, keep_bleed: bool,
           dpi: float = DPI, tick: Callable[[int], None] = lambda n: None,
           only: list[Job] | None = None, drawn: Reuse | None = None) -> list[Path]:
    """Write a PNG per distinct face and back of `cards` (or only the jobs `only` of them);
    returns the paths written. `drawn`, keyed by job name, hands a face another deck of the
    same run also shows from one drawing to the next (same game, bleed and dpi)."""
    w, h = press.face(cards[0]).size if cards else (0.0, 0.0)
    edge = bleed if keep_bleed else 0.0
    pagesize = pixel_page((w + 2 * edge, h + 2 * edge), dpi)
    drawn = Reuse() if drawn is None else drawn
    written: list[Path] = []
    for batch in batches(jobs(press, cards) if only is None else only):
        missing = [make for name, make in batch if drawn.get(name) is None]
        draws = [_drawer(make(), bleed, pagesize) for make in missing]
        images = render_pngs(pagesize, draws, dpi / 72.0, dpi) if draws else iter(())
        for name, _ in batch:
            data = drawn.get(name)
            data = next(images).data if data is None else data
            drawn.used(name, data)
            target = folder / f"{name}.png"
            atomic.write_bytes(target, data)
            written.append(target)
        tick(sum(1 for name, _ in batch if not name.startswith("back-")))
    return written
