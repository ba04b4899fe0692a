"""Card faces as PNG bytes for the live pages, drawn on demand by press and kept until they change.

The pages show the real faces: the same plans `deckwright build` draws, rasterised at screen
resolution. A face is cached under a fingerprint of its plan's inputs (the card's data, its
layout, and what every face may show besides its card: the game section's categories, sets,
palette, theme and title, and the language), so after an edit only the cards whose inputs changed
are planned and drawn again. The face plans of unchanged cards are handed to the next reload's
press, so checking every face after a save (the page's problems) plans only the changed ones.
"""

from __future__ import annotations

import hashlib
import io
import json
import threading
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from ..model import GameData, Problem
from ..press import face as facemod
from ..press.cards import GamePress
from ..press.raster import pixel_page, render_pages

DPI = 150.0  # enough for a screen; the build's PNGs are 300 dpi


def _game_wide(game: GameData) -> str:
    """What any face may show besides its own card (binding.card_context): the game section
    (categories, sets, palette, theme, backs, title) and the language of deckwright's words."""
    blob = json.dumps([game.db.game.model_dump(mode="json"), game.language], sort_keys=True,
                      default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


def _fingerprint(press: GamePress, wide: str, card_id: str, back: bool) -> str:
    card = press.game.card(card_id)
    layout = press.back_key(card) if back else press.face_layout_name(card)
    blob = json.dumps([card.model_dump(mode="json"), layout, back, wide], sort_keys=True,
                      default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


class Faces:
    """PNG bytes of each card's face and back for one game, drawn when first asked for."""

    def __init__(self, game: GameData):
        self._lock = threading.Lock()
        self._cache: dict[tuple[str, bool], tuple[str, bytes]] = {}
        self.drawn = 0  # faces drawn so far (tests and the preview's status line read it)
        self.generation = 0  # bumped by forget(): every address changes
        self.game, self.press, self._wide = game, GamePress(game), _game_wide(game)

    def update(self, game: GameData) -> None:
        """Use a newly loaded database; cached faces stay valid until their inputs differ, and
        the face plans of cards whose inputs did not change carry over to the new press."""
        with self._lock:
            old, old_wide = self.press, self._wide
            self.game, self.press, self._wide = game, GamePress(game), _game_wide(game)
            if old_wide != self._wide:
                return
            for card in game.db.cards:
                plan = old.planned(card.id)
                if plan is not None and (
                        _fingerprint(old, old_wide, card.id, False)
                        == _fingerprint(self.press, self._wide, card.id, False)):
                    self.press.reuse(plan)

    def forget(self) -> None:
        """Drop every cached face and plan (a layout, font or art file changed)."""
        with self._lock:
            self._cache.clear()
            self.press = GamePress(self.game)
            self.generation += 1

    def checked(self, check: Callable[[GamePress], list[Problem]]) -> list[Problem]:
        """Run `check` on the current press while no page draws with it (its plan cache is not
        shared across threads)."""
        with self._lock:
            return check(self.press)

    def stamp(self, card_id: str, back: bool = False) -> str:
        """A short tag that changes whenever the picture would: for cache-busting addresses."""
        return f"{self.generation}-{_fingerprint(self.press, self._wide, card_id, back)[:12]}"

    def has(self, card_id: str) -> bool:
        return card_id in self.game.cards

    def png(self, card_id: str, back: bool = False) -> bytes:
        with self._lock:
            press = self.press
            key = (card_id, back)
            stamp = _fingerprint(press, self._wide, card_id, back)
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
