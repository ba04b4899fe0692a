"""Card faces as PNG bytes for the live pages, drawn on demand by press and kept until they change.

The pages show the real faces: the same plans `deckwright build` draws, rasterised at screen
resolution. A face is cached under a fingerprint of its plan's inputs (the card's data and its
layout), so after an edit only the cards whose data or layout changed are drawn again.
"""

from __future__ import annotations

import hashlib
import io
import json
import threading
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from ..model import GameData
from ..press import face as facemod
from ..press.cards import GamePress
from ..press.raster import pixel_page, render_pages

DPI = 150.0  # enough for a screen; the build's PNGs are 300 dpi


def _fingerprint(press: GamePress, card_id: str, back: bool) -> str:
    card = press.game.card(card_id)
    layout = press.back_key(card) if back else press.face_layout_name(card)
    blob = json.dumps([card.model_dump(mode="json"), layout, back], sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


class Faces:
    """PNG bytes of each card's face and back for one game, drawn when first asked for."""

    def __init__(self, game: GameData):
        self._lock = threading.Lock()
        self._cache: dict[tuple[str, bool], tuple[str, bytes]] = {}
        self.drawn = 0  # faces drawn so far (tests and the preview's status line read it)
        self.generation = 0  # bumped by forget(): every address changes
        self.update(game)

    def update(self, game: GameData) -> None:
        """Use a newly loaded database; cached faces stay valid until their inputs differ."""
        with self._lock:
            self.game = game
            self.press = GamePress(game)

    def forget(self) -> None:
        """Drop every cached face (a layout, font or art file changed)."""
        with self._lock:
            self._cache.clear()
            self.generation += 1

    def stamp(self, card_id: str, back: bool = False) -> str:
        """A short tag that changes whenever the picture would: for cache-busting addresses."""
        return f"{self.generation}-{_fingerprint(self.press, card_id, back)[:12]}"

    def has(self, card_id: str) -> bool:
        return card_id in self.game.cards

    def png(self, card_id: str, back: bool = False) -> bytes:
        with self._lock:
            press = self.press
            key = (card_id, back)
            stamp = _fingerprint(press, card_id, back)
            hit = self._cache.get(key)
            if hit is not None and hit[0] == stamp:
                return hit[1]
            card = press.game.card(card_id)
            plan = press.back(card) if back else press.face(card)
            data = _raster(plan)
            self._cache[key] = (stamp, data)
            self.drawn += 1
            return data


def _raster(plan: facemod.Plan) -> bytes:
    page = pixel_page(plan.size, DPI)
    draw: Callable[[Canvas], None] = lambda c: facemod.draw(c, plan, 0.0)
    image = next(render_pages(page, [draw], DPI / 72.0))
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()
