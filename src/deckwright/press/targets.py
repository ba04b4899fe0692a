"""What `deckwright build` makes for one game: sheets, calibration, PNGs, TTS, print-on-demand
and Card Game Simulator exports.

Every deck of a game is built: the default deck into `build/<game>/`, every other deck (an
edition or variant) into `build/<game>/<deck-id>/`; a language edition's (`--lang`) into
`build/<game>/<lang>/` and below. Each function writes through
deckwright.atomic and reports progress through `tick(n)` (n cards done).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from .. import atomic
from ..i18n import words
from ..model.schema import Deck
from .cards import GamePress
from .pdfstream import write_pdf
from .sheet import PAPERS, Options, draw_calibration, draw_sheets, grid
from . import cgs, png, pod, tts

Tick = Callable[[int], None]


@dataclass(frozen=True)
class Settings:
    papers: tuple[str, ...] = tuple(PAPERS)
    sheet: Options = Options()
    png_bleed: bool = True
    pod_services: tuple[str, ...] = tuple(pod.SERVICES)


def game_dir(press: GamePress, build_dir: Path) -> Path:
    """build/<game>/, or an edition's build/<game>/<lang>/, under `build_dir`."""
    game = press.game
    return build_dir / game.out_dir.relative_to(game.project.build_dir)


def deck_dirs(press: GamePress, build_dir: Path) -> list[tuple[Deck, Path]]:
    root = game_dir(press, build_dir)
    return [(deck, root / sub if sub else root) for deck, sub in press.decks()]


def total_cards(press: GamePress) -> int:
    return sum(press.count(deck) for deck, _ in press.decks())


def pnp(press: GamePress, build_dir: Path, settings: Settings, tick: Tick) -> list[Path]:
    """`pnp-<paper>.pdf` per deck and paper, and `calibration-<paper>.pdf` per game."""
    written: list[Path] = []
    title = press.game.db.game.title
    for paper in settings.papers:
        opts = replace(settings.sheet, paper=paper)
        g = grid(press.size_mm, opts)
        for deck, folder in deck_dirs(press, build_dir):
            target = folder / f"pnp-{paper}.pdf"
            with atomic.atomic_path(target) as tmp:
                write_pdf(tmp, g.page, f"{title} ({deck.title})",
                          lambda pdf, deck=deck: draw_sheets(
                              pdf, press, lambda: press.slots(deck), g, opts, tick))
            written.append(target)
        if not opts.gutterfold:
            target = game_dir(press, build_dir) / f"calibration-{paper}.pdf"
            _ = words(press.game.language)
            with atomic.atomic_path(target) as tmp:
                write_pdf(tmp, g.page, _("%(title)s: calibration", title=title),
                          lambda pdf: draw_calibration(pdf, g, title, _, opts=opts))
            written.append(target)
    return written


def pngs(press: GamePress, build_dir: Path, settings: Settings, tick: Tick) -> list[Path]:
    """`cards/<card-id>.png` per distinct face (and back) of each deck."""
    written: list[Path] = []
    bleed = settings.sheet.bleed_mm * 72.0 / 25.4
    for deck, folder in deck_dirs(press, build_dir):
        written += png.export(press, press.distinct(deck), folder / "cards", bleed,
                              settings.png_bleed, tick=tick)
    return written


def tts_sheets(press: GamePress, build_dir: Path, settings: Settings, tick: Tick) -> list[Path]:
    written: list[Path] = []
    for deck, folder in deck_dirs(press, build_dir):
        info = tts.export(press, lambda deck=deck: press.slots(deck), folder / "tts",
                          deck.id, tick=tick)
        written += [folder / "tts" / s["face"] for s in info.get("sheets", [])]
    return written


def pod_files(press: GamePress, build_dir: Path, settings: Settings, tick: Tick) -> list[Path]:
    """`pod/<deck>-<service>.zip|pdf` per deck and print-on-demand service."""
    written: list[Path] = []
    for deck, folder in deck_dirs(press, build_dir):
        written += pod.export(press, deck, folder / "pod", deck.id, settings.pod_services, tick)
    return written


def cgs_game(press: GamePress, build_dir: Path, settings: Settings, tick: Tick) -> list[Path]:
    """`cgs/<game>.zip`: the game (every deck) for Card Game Simulator."""
    root = deck_dirs(press, build_dir)[0][1]
    return [cgs.export(press, root / "cgs" / f"{press.game.id}.zip", tick)]


def units(press: GamePress, target: str, settings: Settings) -> int:
    """How many ticks a target reports, for the progress bar."""
    if target == "png":
        return sum(len(press.distinct(d)) for d, _ in press.decks())
    if target == "pod":
        return sum(len(press.distinct(d)) if pod.SERVICES[s].package == "zip" else press.count(d)
                   for d, _ in press.decks() for s in settings.pod_services)
    if target == "cgs":
        return len({c.id for d, _ in press.decks() for c in press.distinct(d)})
    return total_cards(press) * (len(settings.papers) if target == "pnp" else 1)
