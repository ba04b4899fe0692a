"""What `deckwright build` makes for one game: sheets, calibration, PNGs, TTS, print-on-demand
and Card Game Simulator exports.

Every deck of a game is built: the default deck into `build/<game>/`, every other deck (an
edition or variant) into `build/<game>/<deck-id>/`; a language edition's (`--lang`) into
`build/<game>/<lang>/` and below. Each function writes through
deckwright.atomic and reports progress through `tick(n)` (n cards done).

Only what changed is redrawn. A target is skipped outright when the key of its inputs (the
database, the face layouts, the fonts, deckwright's code, the target's options, and the art its
faces showed last time) matches its record in deckwright.manifest and every output is in
place. Otherwise it is rebuilt unit by unit, each unit with its own key: a deck's sheets on one
paper, a calibration sheet (options only: a card's text does not redraw it), a deck's TTS
export, and one PNG per face or back keyed by that face's plan alone, so a change to one card's
text redraws that card's PNG and no other. The units made and the units kept are committed
together as the target's new outputs, in one transaction (see deckwright.manifest).
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable

from .. import atomic, manifest
from ..manifest import Key
from ..model import GameData
from ..i18n import words
from ..model.schema import Deck
from .cards import GamePress
from .face import Plan
from .keys import database_key, layouts_key
from .pdfstream import write_pdf
from .raster import Reuse
from .sheet import PAPERS, Options, draw_calibration, draw_sheets, grid
from . import cgs, png, pod, tts

Tick = Callable[[int], None]


@dataclass(frozen=True)
class Settings:
    papers: tuple[str, ...] = tuple(PAPERS)
    sheet: Options = Options()
    png_bleed: bool = True
    pod_services: tuple[str, ...] = tuple(pod.SERVICES)

    def for_target(self, name: str) -> dict[str, object]:
        """The options a target's outputs depend on (a new --paper does not redraw PNGs)."""
        if name == "pnp":
            return {"papers": self.papers, "sheet": dataclasses.asdict(self.sheet)}
        if name == "png":
            return {"bleed_mm": self.sheet.bleed_mm, "png_bleed": self.png_bleed}
        if name == "pod":
            return {"services": self.pod_services}
        return {}


@dataclass(frozen=True)
class Unit:
    """A piece of a target redrawn as a whole: its key, how to make it, its progress ticks,
    and (when known in advance) the files it writes."""

    key: str
    make: Callable[[], object]
    ticks: int = 0
    paths: tuple[Path, ...] = ()


def game_dir(press: GamePress, build_dir: Path) -> Path:
    """build/<game>/, or an edition's build/<game>/<lang>/, under `build_dir`."""
    game = press.game
    return build_dir / game.out_dir.relative_to(game.project.build_dir)


def deck_dirs(press: GamePress, build_dir: Path) -> list[tuple[Deck, Path]]:
    root = game_dir(press, build_dir)
    return [(deck, root / sub if sub else root) for deck, sub in press.decks()]


def total_cards(press: GamePress) -> int:
    return sum(press.count(deck) for deck, _ in press.decks())


# --- keys ------------------------------------------------------------------------------------

def inputs_key(press: GamePress, name: str, settings: Settings) -> str:
    return Key(("layouts", layouts_key(press)), ("target", name),
               ("database", database_key(press.game).hexdigest())).add_json(
        "options", settings.for_target(name)).hexdigest()


def _plan_art(plan: Plan) -> list[Path]:
    return [item.image for item in plan.items if item.image is not None]


def _art_files(press: GamePress) -> dict[str, list]:
    """Every art file the game's faces and backs show: path -> [size, mtime_ns, sha256]."""
    paths: set[Path] = set()
    for deck, _ in press.decks():
        for card in press.distinct(deck):
            paths.update(_plan_art(press.face(card)) + _plan_art(press.back(card)))
    return {str(p): manifest.art_row(p) for p in sorted(paths)}


def _art_unchanged(recorded: dict[str, list]) -> bool:
    return all(manifest.art_unchanged(Path(name), row) for name, row in recorded.items())


#: What `object.__repr__` adds to an object without a repr of its own (e.g. a font's metrics):
#: an address that differs in every process, so it is left out of keys.
_ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def plan_key(plan: Plan, *parts: tuple[str, str]) -> str:
    """A face's own key: everything its plan draws (boxes, fitted text, colours, fonts by name,
    art contents), the same in every process for the same inputs."""
    drawn = repr((plan.size, plan.items, plan.per_copy, plan.context, plan.palette, plan.label))
    k = Key(*parts).add("plan", _ADDRESS.sub("", drawn))
    for path in _plan_art(plan):
        k.add_file(f"art:{path}", path)
    return k.hexdigest()


# --- one transaction per target --------------------------------------------------------------

def is_fresh(press: GamePress, build_dir: Path, name: str, settings: Settings) -> bool:
    """True when target `name` of this game is up to date (nothing would be redrawn)."""
    rec = manifest.Target(game_dir(press, build_dir), name)
    return (rec.fresh(inputs_key(press, name, settings))
            and _art_unchanged(rec.record.extra.get("art", {})))


def build(press: GamePress, build_dir: Path, name: str, settings: Settings,
          units: Iterable[Unit], tick: Tick, *, force: bool = False,
          render: Callable[[list[Unit]], object] | None = None) -> list[Path]:
    """Make the units whose key changed (all of them with `force`), keep the others, commit."""
    rec = manifest.Target(game_dir(press, build_dir), name)
    key = inputs_key(press, name, settings)
    if not force and rec.fresh(key) and _art_unchanged(rec.record.extra.get("art", {})):
        return []
    keys: dict[Path, str] = {}
    kept: list[Path] = []
    with atomic.staging() as stage:
        stale: list[Unit] = []
        for unit in units:
            old = [] if force else rec.unit_outputs(unit.key)
            if old:
                kept += old
                tick(unit.ticks)
            else:
                stale.append(unit)
        if render is not None:
            render(stale)
        for unit in stale if render is None else ():
            before = set(stage.files)
            unit.make()
            keys.update((path, unit.key) for path in stage.files if path not in before)
        keys.update((path, unit.key) for unit in stale for path in unit.paths)
        return rec.commit(key, stage, keys=keys, kept=kept, extra={"art": _art_files(press)})


# --- the targets -----------------------------------------------------------------------------

def pnp(press: GamePress, build_dir: Path, settings: Settings, tick: Tick,
        force: bool = False) -> list[Path]:
    """`pnp-<paper>.pdf` per deck and paper, and `calibration-<paper>.pdf` per game."""
    return build(press, build_dir, "pnp", settings,
                 _pnp_units(press, build_dir, settings, tick), tick, force=force)


def _pnp_units(press: GamePress, build_dir: Path, settings: Settings,
               tick: Tick) -> Iterable[Unit]:
    title = press.game.db.game.title
    code = manifest.code_version()
    for paper in settings.papers:
        opts = replace(settings.sheet, paper=paper)
        g = grid(press.size_mm, opts)
        for deck, folder in deck_dirs(press, build_dir):
            target = folder / f"pnp-{paper}.pdf"

            def sheets(target=target, deck=deck, g=g, opts=opts) -> None:
                with atomic.atomic_path(target) as tmp:
                    write_pdf(tmp, g.page, f"{title} ({deck.title})",
                              lambda pdf: draw_sheets(pdf, press, lambda: press.slots(deck), g,
                                                      opts, tick))
            yield _unit(press, "pnp", settings, f"{deck.id}:{paper}", sheets, press.count(deck))
        if not opts.gutterfold:
            target = game_dir(press, build_dir) / f"calibration-{paper}.pdf"

            def calibration(target=target, g=g, opts=opts) -> None:
                _ = words(press.game.language)
                with atomic.atomic_path(target) as tmp:
                    write_pdf(tmp, g.page, _("%(title)s: calibration", title=title),
                              lambda pdf: draw_calibration(pdf, g, title, _, opts=opts))
            yield Unit(Key(("code", code), ("unit", f"calibration:{paper}"), ("title", title),
                           ("language", press.game.language or ""))
                       .add_json("options", dataclasses.asdict(opts)).hexdigest(), calibration)


def pngs(press: GamePress, build_dir: Path, settings: Settings, tick: Tick,
         force: bool = False) -> list[Path]:
    """`cards/<card-id>.png` per distinct face (and back) of each deck."""
    bleed = settings.sheet.bleed_mm * 72.0 / 25.4
    common = (("layouts", layouts_key(press)),
              ("options", repr(sorted(settings.for_target("png").items()))))
    decks = deck_dirs(press, build_dir)

    def units() -> Iterable[Unit]:
        for deck, folder in decks:
            for name, make in png.jobs(press, press.distinct(deck)):
                path = folder / "cards" / f"{name}.png"
                yield Unit(plan_key(make(), *common, ("file", path.relative_to(build_dir).as_posix())),
                           lambda: None, 0 if name.startswith("back-") else 1, (path,))

    def render(stale: list[Unit]) -> None:
        wanted = {u.paths[0] for u in stale}
        todo = [(deck, folder, cards, [job for job in png.jobs(press, cards)
                                       if folder / "cards" / f"{job[0]}.png" in wanted])
                for deck, folder in decks for cards in [press.distinct(deck)]]
        # a face several decks show is drawn once and written into each deck's folder
        drawn = Reuse(Counter(name for *_, only in todo for name, _ in only))
        for deck, folder, cards, only in todo:
            if only:
                png.export(press, cards, folder / "cards", bleed, settings.png_bleed,
                           tick=tick, only=only, drawn=drawn)

    return build(press, build_dir, "png", settings, units(), tick, force=force, render=render)


def _unit(press: GamePress, name: str, settings: Settings, unit: str,
          make: Callable[[], object], ticks: int = 0) -> Unit:
    """A unit whose key is its target's inputs and its own name (e.g. one deck's export)."""
    key = Key(("game", inputs_key(press, name, settings)), ("unit", f"{name}:{unit}"))
    return Unit(key.hexdigest(), make, ticks)


def tts_sheets(press: GamePress, build_dir: Path, settings: Settings, tick: Tick,
               force: bool = False) -> list[Path]:
    drawn = tts.reuse(press)   # each cell once for every deck that shows it
    units = [_unit(press, "tts", settings, deck.id,
                   lambda deck=deck, folder=folder: tts.export(
                       press, lambda: press.slots(deck), folder / "tts", deck.id, tick=tick,
                       drawn=drawn),
                   press.count(deck))
             for deck, folder in deck_dirs(press, build_dir)]
    return build(press, build_dir, "tts", settings, units, tick, force=force)


def pod_files(press: GamePress, build_dir: Path, settings: Settings, tick: Tick,
              force: bool = False) -> list[Path]:
    """`pod/<deck>-<service>.zip|pdf` per deck and print-on-demand service."""
    drawn = pod.reuse(press, settings.pod_services)  # each face once per bleed, for every deck
    units = [_unit(press, "pod", settings, deck.id,
                   lambda deck=deck, folder=folder: pod.export(
                       press, deck, folder / "pod", deck.id, settings.pod_services, tick, drawn))
             for deck, folder in deck_dirs(press, build_dir)]
    return build(press, build_dir, "pod", settings, units, tick, force=force)


def cgs_game(press: GamePress, build_dir: Path, settings: Settings, tick: Tick,
             force: bool = False) -> list[Path]:
    """`cgs/<game>.zip`: the game (every deck) for Card Game Simulator."""
    root = deck_dirs(press, build_dir)[0][1]
    unit = _unit(press, "cgs", settings, press.game.id,
                 lambda: cgs.export(press, root / "cgs" / f"{press.game.id}.zip", tick))
    return build(press, build_dir, "cgs", settings, [unit], tick, force=force)


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
