"""What each place a game goes to asks of its files, as data: one YAML file per service in
`press/services/`, each rule with the public page it comes from.

The exports (pod.py) write to these rules and `deckwright preflight` (intake.py) checks a game
against them, so a service's numbers live in one place; adding a service that asks for what
another already does (a template of pixels, a bleed, a safe zone, a colour mode) is a new
YAML file. A rule's `value` is its number or list; its `source` the page it was read from.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from ..model import UsageError

INCH = 25.4


@dataclass(frozen=True)
class Rule:
    value: Any
    source: str


@dataclass(frozen=True)
class Template:
    """One of a service's card products: its trim in mm and its image (trim + bleed) in px."""

    name: str
    trim_mm: tuple[float, float]
    pixels: tuple[int, int]


@dataclass(frozen=True)
class Fit:
    """How a game's card goes onto a service's template: `template` is None when it is refused
    (`reason` says why); otherwise the card is printed at its own size, centred, and its bleed
    carries on over the `pad_mm` (x, y) between its trim and the template's a side."""

    template: Template | None
    pad_mm: tuple[float, float]
    reason: str

    @property
    def exact(self) -> bool:
        return self.template is not None and max(self.pad_mm) < 0.05


#: How far a card's trim may differ from a template's and still count as that size (mm):
#: poker is 63.5 x 88.9 mm, 2.5 x 3.5 in is 63.5 x 88.9 mm, both rounded.
SAME = 0.05


@dataclass(frozen=True)
class Service:
    id: str
    title: str
    export: str
    files: str
    order: int
    rules: dict[str, Rule]

    def value(self, key: str, default: Any = None) -> Any:
        rule = self.rules.get(key)
        return default if rule is None else rule.value

    @property
    def templates(self) -> list[Template]:
        return [Template(name, tuple(map(float, t["trim_mm"])), tuple(map(int, t["pixels"])))
                for name, t in (self.value("templates") or {}).items()]

    def fit(self, card_mm: tuple[float, float]) -> Fit:
        """The smallest template the card fits on, padded by at most `pad_max_mm` a side of
        the card (the bleed fills the difference: nothing is scaled, nothing cut off); or a
        refusal naming the templates there are."""
        w, h = card_mm
        pad_max = float(self.value("pad_max_mm", 0.0))
        for t in sorted(self.templates, key=lambda t: t.trim_mm[0] * t.trim_mm[1]):
            tw, th = t.trim_mm
            dx, dy = (tw - w) / 2, (th - h) / 2
            if -SAME / 2 <= dx <= pad_max / 2 + 1e-9 and -SAME / 2 <= dy <= pad_max / 2 + 1e-9:
                pad = (max(dx, 0.0), max(dy, 0.0))
                how = ("exact" if max(pad) < SAME else
                       f"padded: printed at {w:g}x{h:g} mm on the {t.name} template "
                       f"({tw:g}x{th:g} mm), its bleed {pad[0]:.2f} mm wider left and right and "
                       f"{pad[1]:.2f} mm taller top and bottom")
                return Fit(t, pad, how)
        names = ", ".join(f"{t.name} {t.trim_mm[0]:g}x{t.trim_mm[1]:g} mm" for t in self.templates)
        return Fit(None, (0.0, 0.0),
                   f"refused: a {w:g}x{h:g} mm card fits no template of {self.title} ({names}) "
                   f"without scaling or padding it by more than {pad_max:g} mm")


def _load(name: str, text: str) -> Service:
    data = yaml.safe_load(text)
    try:
        rules = {key: Rule(rule["value"], str(rule["source"]))
                 for key, rule in (data.get("rules") or {}).items()}
        return Service(str(data["id"]), str(data["title"]), str(data["export"]),
                       str(data["files"]), int(data["order"]), rules)
    except (KeyError, TypeError, AttributeError) as exc:
        raise UsageError(f"deckwright/press/services/{name}: not a service description ({exc})") from None


@lru_cache(maxsize=1)
def services() -> dict[str, Service]:
    """Every service described in the package, by its short id (tgc, mpc, dtc, ...)."""
    found: dict[str, Service] = {}
    folder = resources.files("deckwright.press") / "services"
    for entry in folder.iterdir():
        if entry.name.endswith(".yaml"):
            service = _load(entry.name, entry.read_text(encoding="utf-8"))
            found[service.id] = service
    return dict(sorted(found.items(), key=lambda item: (item[1].order, item[0])))


def by_export(export: str) -> Service:
    """The service the build's `--pod` name (or target) `export` writes for."""
    for service in services().values():
        if service.export == export:
            return service
    raise KeyError(export)
