"""Card face and back layouts as data: YAML files of regions, found and merged Squib-style.

A layout is a mapping of named regions (frame, rect, text, image) with positions in millimetres
(or percentages of the card), bound to card fields by Jinja expressions. A layout may `extend`
another one: regions are merged by name (a child's keys override the parent's, `null` removes a
region, new regions are drawn after the parent's; `layer: N` draws a region above lower
layers, default 0), so a game changes a font size or moves one
box without copying a whole file.

Where a layout named N for game G is looked for, first match wins:
  1. <project>/templates/faces/G/N.yaml   (a game's own layout)
  2. <project>/templates/faces/N.yaml     (the project's shared layouts)
  3. deckwright/templates/faces/N.yaml    (built-in)
A category with no layout of its name falls back to `generic`, a back to `back`.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import paths
from ..model import GameData, InputError, Problem, Project
from ..model.errors import format_path
from .fonts import STYLES, FontBook, fontbook
from ..model.yamlsafe import Positions, load_yaml

BUILTIN_DIR = Path(__file__).resolve().parent.parent / "templates" / "faces"
MM = 72.0 / 25.4

COMMON_KEYS = {"kind", "x", "y", "w", "h", "when", "enabled", "layer"}
KIND_KEYS: dict[str, set[str]] = {
    "frame": {"fill", "fill2", "split"},
    "rect": {"fill", "stroke", "stroke_width", "radius", "shape", "split"},
    "text": {"text", "font", "style", "size", "min_size", "leading", "align", "valign", "color",
             "max_lines", "per_copy", "fill", "stroke", "stroke_width", "radius", "shape",
             "padding", "split", "rotate", "group"},
    "image": {"src"},
}
TOP_KEYS = {"extends", "font", "description", "vary_by", "regions"}
SHAPES = {"rect", "roundrect", "circle", "ellipse", "diamond"}
SPLITS = {"diagonal", "vertical", "horizontal"}
ALIGNS = {"left", "center", "right"}
VALIGNS = {"top", "middle", "bottom"}
VARY_BY = {"card", "colors"}
#: Keys whose value is a colour: #rrggbb, a name below, a palette key, or a {{ expression }}.
COLOUR_KEYS = {"fill", "fill2", "stroke", "color"}
COLOUR_NAMES = {"none", "frame", "frame2", "paper", "ink", "primary", "accent", "back",
                "back_accent", "colors"}

_LENGTH = {"oneOf": [{"type": "number"}, {"type": "string", "pattern": r"^\s*-?[0-9.]+%\s*$"}]}
_COLOUR = {"type": "string", "examples": ["#d0312d", "frame", "paper", "ink", "primary", "red",
                                          "{{ colors[0].hex }}"]}
_NUMBER = {"type": "number", "minimum": 0}
#: Every region key: its JSON Schema and what it does (the layout schema is built from this).
REGION_KEYS: dict[str, tuple[dict[str, Any], str]] = {
    "kind": ({"enum": sorted(KIND_KEYS), "examples": ["text"]}, "what the region draws"),
    "x": (_LENGTH | {"examples": [4.5, -10, "50%"]},
          "mm from the left edge (negative: from the right) or a percentage of the width"),
    "y": (_LENGTH | {"examples": [3.5, -7.5, "58%"]},
          "mm from the top edge (negative: from the bottom) or a percentage of the height"),
    "w": (_LENGTH | {"examples": [20, -4.5, "70%"]},
          "width in mm or percent; <= 0 reaches the right edge less that margin"),
    "h": (_LENGTH | {"examples": [7, -2.5, "30%"]},
          "height in mm or percent; <= 0 reaches the bottom edge less that margin"),
    "when": ({"type": "string", "examples": ["card.text or card.effects"]},
             "Jinja condition: the region is drawn only when it is true"),
    "enabled": ({"type": "boolean", "examples": [False]}, "false switches an inherited region off"),
    "layer": ({"type": "integer", "examples": [1]}, "higher layers are drawn on top (default 0)"),
    "fill": (_COLOUR, "fill colour"),
    "fill2": (_COLOUR, "second frame colour (two-colour cards)"),
    "split": ({"enum": sorted(SPLITS), "examples": ["diagonal"]},
              "how two or more colours share a frame, or a box filled with `colors`"),
    "stroke": (_COLOUR, "outline colour"),
    "stroke_width": (_NUMBER | {"examples": [0.5]}, "outline width in points"),
    "radius": (_NUMBER | {"examples": [2]}, "corner radius in mm"),
    "shape": ({"enum": sorted(SHAPES), "examples": ["roundrect"]}, "the box's shape"),
    "text": ({"type": "string", "examples": ["{{ card.name }}"]},
             "Jinja expression over card, category, set, colors, game and theme"),
    "font": ({"type": "string", "examples": ["gothic", "mincho", "Noto Sans JP"]},
             "gothic, mincho, or a family in the project's fonts/ folder"),
    "style": ({"enum": list(STYLES), "examples": ["bold"]},
              "face of the font's family (regular when the family lacks it)"),
    "size": (_NUMBER | {"examples": [9]}, "font size in points (shrunk to fit down to min_size)"),
    "min_size": (_NUMBER | {"examples": [6]}, "smallest font size tried before it is an error"),
    "leading": (_NUMBER | {"examples": [1.3]}, "line distance as a multiple of the font size"),
    "align": ({"enum": sorted(ALIGNS), "examples": ["center"]}, "horizontal alignment"),
    "valign": ({"enum": sorted(VALIGNS), "examples": ["middle"]}, "vertical alignment"),
    "color": (_COLOUR, "text colour"),
    "max_lines": ({"type": "integer", "minimum": 1, "examples": [1]}, "most lines the text may use"),
    "per_copy": ({"type": "boolean", "examples": [True]},
                 "drawn for each printed copy (may use copy and copies, e.g. 2/3)"),
    "padding": (_NUMBER | {"examples": [1]}, "space inside the box in mm"),
    "rotate": ({"enum": [0, 180], "examples": [180]},
               "180 draws the text upside down about its box's centre (a second index)"),
    "group": ({"type": "string", "examples": ["body"]},
              "text regions of one group shrink to one size together"),
    "src": ({"type": "string", "examples": ["{{ card.art }}"]},
            "image file relative to the project (a Jinja expression)"),
}


@dataclass(frozen=True)
class Region:
    """One named region of a layout, with its (merged) settings and where it was written."""

    name: str
    kind: str
    props: dict[str, Any]
    origin: str  # "file:line" of the region's last definition, for error messages

    def get(self, key: str, default: Any = None) -> Any:
        value = self.props.get(key)
        return default if value is None else value

    def box(self, card_w: float, card_h: float) -> tuple[float, float, float, float]:
        """(x, y, w, h) in points, y measured up from the card's bottom edge (PDF style).

        x/y: mm from the left/top edge, negative = from the right/bottom edge, or "N%".
        w/h: mm, "N%", or <= 0 to reach the far edge less that margin. Missing = whole card.
        """
        x = _length(self.props.get("x", 0), card_w)
        y = _length(self.props.get("y", 0), card_h)
        if x < 0 or (x == 0 and str(self.props.get("x", "")).startswith("-")):
            x = card_w + x
        if y < 0 or (y == 0 and str(self.props.get("y", "")).startswith("-")):
            y = card_h + y
        w = _length(self.props.get("w", 0), card_w)
        h = _length(self.props.get("h", 0), card_h)
        if w <= 0:
            w = card_w - x + w
        if h <= 0:
            h = card_h - y + h
        return (x * MM, (card_h - y - h) * MM, w * MM, h * MM)


def _length(value: Any, whole: float) -> float:
    if isinstance(value, str) and value.strip().endswith("%"):
        return float(value.strip()[:-1]) * whole / 100.0
    return float(value)


@dataclass
class Layout:
    name: str
    files: list[str]
    font: str = "gothic"
    vary_by: str | None = None
    regions: list[Region] = field(default_factory=list)


def _check_length(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return True
    if isinstance(value, str) and value.strip().endswith("%"):
        try:
            float(value.strip()[:-1])
            return True
        except ValueError:
            return False
    return False


def did_you_mean(word: str, known: set[str]) -> str:
    """' (did you mean size?)' for a near miss, else the list of known words."""
    close = difflib.get_close_matches(word, sorted(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else f" (known: {', '.join(sorted(known))})"


def _colour_problem(value: str, palette: set[str] | None) -> str | None:
    if "{{" in value or value in COLOUR_NAMES or re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        return None
    if palette is None or value in palette:
        return None
    known = COLOUR_NAMES | palette
    return f"unknown colour {value!r}; use #rrggbb or a name{did_you_mean(value, known)}"


def _validate_region(name: str, props: dict[str, Any], where: Positions, path: tuple[str, ...],
                     palette: set[str] | None = None, fonts: FontBook | None = None) -> list[Problem]:
    problems: list[Problem] = []

    def bad(key: str, message: str) -> None:
        p = path + (key,) if key else path
        problems.append(where.problem(p, ".".join(p), message))

    kind = props.get("kind")
    if kind not in KIND_KEYS:
        bad("kind", f"expected one of {', '.join(sorted(KIND_KEYS))}")
        return problems
    allowed = COMMON_KEYS | KIND_KEYS[kind]
    for key, value in props.items():
        if key not in allowed:
            bad(key, f"unknown key for a {kind} region{did_you_mean(str(key), allowed)}")
        elif key in {"x", "y", "w", "h"} and not _check_length(value):
            bad(key, "expected a length in mm or a percentage such as '50%'")
        elif key == "layer" and (isinstance(value, bool) or not isinstance(value, int)):
            bad(key, "expected a whole number (higher layers are drawn on top)")
        elif key in {"size", "min_size", "leading", "stroke_width", "radius", "padding"} and (
                isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0):
            bad(key, "expected a number >= 0")
        elif key == "max_lines" and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            bad(key, "expected a whole number >= 1")
        elif key == "align" and value not in ALIGNS:
            bad(key, f"expected one of {', '.join(sorted(ALIGNS))}")
        elif key == "valign" and value not in VALIGNS:
            bad(key, f"expected one of {', '.join(sorted(VALIGNS))}")
        elif key == "shape" and value not in SHAPES:
            bad(key, f"expected one of {', '.join(sorted(SHAPES))}")
        elif key == "style" and value not in STYLES:
            bad(key, f"expected one of {', '.join(STYLES)}")
        elif key == "font" and isinstance(value, str) and fonts and not fonts.known(value):
            bad(key, fonts.unknown(value))
        elif key == "split" and value not in SPLITS:
            bad(key, f"expected one of {', '.join(sorted(SPLITS))}")
        elif key == "rotate" and (isinstance(value, bool) or value not in (0, 180)):
            bad(key, "expected 0 or 180 (degrees; 180 prints a second index upside down)")
        elif key == "group" and not isinstance(value, str):
            bad(key, "expected a name (text regions of one group shrink together)")
        elif key in {"text", "when", "src", "font"} | COLOUR_KEYS and not isinstance(value, str):
            bad(key, "expected text")
        elif key in COLOUR_KEYS and (message := _colour_problem(value, palette)):
            bad(key, message)
        elif key in {"per_copy", "enabled"} and not isinstance(value, bool):
            bad(key, "expected true or false")
    if kind == "text" and "text" not in props:
        bad("", f"region {name!r} needs a text expression")
    return problems


def missing_layouts(game: GameData) -> list[Problem]:
    """Categories naming a layout (`layout: x`) that no folder has: an error, not a fallback."""
    library = Library(game.project, game.id)
    where = game.located()
    return [where.problem(("game", "categories", i, "layout"),
                          format_path(("game", "categories", i, "layout")),
                          f"no layout {cat.layout!r} in templates/faces/{game.id}/, templates/faces/ "
                          f"or the built-in layouts")
            for i, cat in enumerate(game.db.game.categories)
            if cat.layout is not None and paths.is_safe_id(cat.layout)
            and library.find(cat.layout) is None]


#: Layout files parsed in this process, by the file (device and inode, as `stat` follows any
#: link), name shown, size and time: the games of a project share the built-in layouts, and a
#: layout's parents are read again for every layout that extends them. A file that does not
#: parse is not kept (its error is raised each time).
_PARSED: dict[tuple[int, int, str, int, int], tuple[Any, Positions]] = {}
_PARSED_MAX = 256


def _parsed(path: Path, display: str) -> tuple[Any, Positions]:
    """`load_yaml(path, display)`, parsed once per version of the file; the data is a copy,
    so no layout can change what another is built from."""
    st = path.stat()
    key = (st.st_dev, st.st_ino, display, st.st_size, st.st_mtime_ns)
    if key not in _PARSED:
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[key] = load_yaml(path, display, kept=False)   # every region's line is wanted
    data, where = _PARSED[key]
    return _copy(data), where


def _copy(data: Any) -> Any:
    """A copy of parsed YAML data with every mapping, list and set new (the rest, scalars and
    dates, is immutable): copy.deepcopy's result at a fifth of its cost, except that a value
    an alias repeats is copied in each place, not shared (the loader's limits bound that)."""
    kind = type(data)
    if kind is dict:
        return {k: _copy(v) for k, v in data.items()}
    if kind is list:
        return [_copy(v) for v in data]
    if kind is tuple:   # !!omap and !!pairs
        return tuple(_copy(v) for v in data)
    if kind is set:
        return set(data)
    return data


class Library:
    """Finds, merges and caches the layouts of one game in one project."""

    def __init__(self, project: Project, game_id: str, palette: set[str] | None = None):
        self.project = project
        self.game_id = game_id
        self.palette = palette  # colour names a layout may use besides the built-in ones
        self.fonts = fontbook(project.root)
        self.dirs = [project.templates_dir / "faces" / game_id, project.templates_dir / "faces",
                     BUILTIN_DIR]
        self._cache: dict[str, Layout] = {}

    def find(self, name: str, after: Path | None = None) -> Path | None:
        """The first file for `name`; with `after`, only files searched after that one.

        Names are plain ids (so `../../x` finds nothing) and a file found must really lie in
        the project or the package (a symlink out is refused, naming the file).
        """
        if not paths.is_safe_id(name):
            return None
        seen_after = after is None
        for folder in self.dirs:
            path = folder / f"{name}.yaml"
            if not seen_after:
                if path.resolve() == after.resolve():
                    seen_after = True
                continue
            if path.is_file():
                try:
                    paths.confined(path, [self.project.root, BUILTIN_DIR], "layout file")
                except paths.UnsafePath as exc:
                    raise InputError(Problem(self.display(path), 1, 1, "", str(exc))) from None
                return path
        return None

    def face(self, name: str) -> Layout:
        return self._get(name, "generic")

    def back(self, back_id: str) -> Layout:
        return self._get(f"back-{back_id}", "back")

    def _get(self, name: str, fallback: str) -> Layout:
        if name not in self._cache:
            path = self.find(name) or self.find(fallback)
            if path is None:
                raise InputError(Problem(str(BUILTIN_DIR), 1, 1, "", f"no layout {fallback!r} found"))
            self._cache[name] = self._load(path, name, [])
        return self._cache[name]

    def display(self, path: Path) -> str:
        real = path.resolve()
        if real.is_relative_to(BUILTIN_DIR):
            return f"(built-in) templates/faces/{real.relative_to(BUILTIN_DIR)}"
        return self.project.display(path)

    def _load(self, path: Path, name: str, chain: list[Path]) -> Layout:
        display = self.display(path)
        if path.resolve() in [p.resolve() for p in chain]:
            raise InputError(Problem(display, 1, 1, "extends", "layouts extend each other in a cycle"))
        data, where = _parsed(path, display)
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise InputError(Problem(display, 1, 1, "", "expected a mapping with regions"))
        problems = [where.problem((k,), k, f"unknown key{did_you_mean(str(k), TOP_KEYS)}")
                    for k in data if k not in TOP_KEYS]
        parent: Layout | None = None
        ext = data.get("extends")
        if ext is not None:
            if not isinstance(ext, str):
                problems.append(where.problem(("extends",), "extends", "expected a layout name"))
            else:
                same = ext == path.stem
                ppath = self.find(ext, after=path if same else None)
                if not paths.is_safe_id(ext):
                    problems.append(where.problem(("extends",), "extends",
                                                  f"layout name {ext!r} is not a plain id "
                                                  f"({paths.SAFE_ID_RULE})"))
                elif ppath is None:
                    problems.append(where.problem(("extends",), "extends", f"no layout {ext!r} to extend"))
                else:
                    parent = self._load(ppath, ext, chain + [path])
        regions_data = data.get("regions") or {}
        if not isinstance(regions_data, dict):
            problems.append(where.problem(("regions",), "regions", "expected a mapping of named regions"))
            regions_data = {}
        merged: dict[str, Region] = {r.name: r for r in parent.regions} if parent else {}
        for rname, props in regions_data.items():
            rpath = ("regions", str(rname))
            line = where.locate(rpath)[0]
            if props is None:
                merged.pop(rname, None)
                continue
            if not isinstance(props, dict):
                problems.append(where.problem(rpath, ".".join(rpath), "expected a mapping or null"))
                continue
            base = dict(merged[rname].props) if rname in merged else {}
            base.update(props)
            region_problems = _validate_region(rname, base, where, rpath, self.palette, self.fonts)
            problems += region_problems
            if not region_problems:
                merged[rname] = Region(rname, base["kind"], base, f"{display}:{line}")
        font = data.get("font", parent.font if parent else "gothic")
        if not isinstance(font, str) or not self.fonts.known(font):
            problems.append(where.problem(("font",), "font", self.fonts.unknown(str(font))))
        vary_by = data.get("vary_by", parent.vary_by if parent else None)
        if vary_by not in (None, "card", "colors"):
            problems.append(where.problem(("vary_by",), "vary_by", "expected card or colors"))
        if problems:
            raise InputError(problems)
        files = (parent.files if parent else []) + [display]
        ordered = sorted(merged.values(), key=lambda r: r.props.get("layer", 0))  # stable
        return Layout(name, files, font, vary_by, ordered)


def layout_schema() -> dict[str, Any]:
    """The JSON Schema of a layout file, built from the same tables the validation uses."""
    def region(kind: str) -> dict[str, Any]:
        keys = sorted(COMMON_KEYS | KIND_KEYS[kind])
        props = {k: dict(REGION_KEYS[k][0], description=REGION_KEYS[k][1]) for k in keys}
        props["kind"] = dict(props["kind"], enum=[kind], examples=[kind])
        return {"type": "object", "title": f"{kind} region", "additionalProperties": False,
                "properties": props}

    any_region = {"type": "object", "additionalProperties": False,
                  "description": "changes to an inherited region (its kind comes from the parent)",
                  "properties": {k: dict(v[0], description=v[1]) for k, v in REGION_KEYS.items()}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "deckwright face or back layout",
        "description": "A layout in templates/faces/: named regions drawn in order. See docs/press.md.",
        "type": "object", "additionalProperties": False,
        "properties": {
            "extends": {"type": "string", "description": "the layout this one changes",
                        "examples": ["generic", "back"]},
            "font": dict(REGION_KEYS["font"][0], description="default font of the text regions"),
            "description": {"type": "string", "description": "a note for people editing it",
                            "examples": ["Unit cards: cost top left, power bottom right."]},
            "vary_by": {"enum": sorted(VARY_BY), "examples": ["colors"],
                        "description": "backs only: one back per card or per colour set"},
            "regions": {
                "type": "object", "description": "named regions; null removes an inherited one",
                "examples": [{"name": {"kind": "text", "x": 4, "y": 3, "w": -4, "h": 7,
                                       "text": "{{ card.name }}", "size": 12}}],
                "additionalProperties": {"anyOf": [
                    {"type": "null"}, *[region(k) for k in sorted(KIND_KEYS)], any_region]}},
        },
    }
