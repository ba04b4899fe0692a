"""Binding layout regions to card fields with Jinja expressions, in a sandbox.

Layouts are project files and card text is data; both go through Jinja's sandboxed
environment, which refuses attribute tricks and never executes Python. Cards are passed as plain
dicts, so a template sees the fields of the database format and nothing else. A missing field
renders as an empty string (ChainableUndefined) so that one generic layout serves every game.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from jinja2 import ChainableUndefined, TemplateSyntaxError
from jinja2.exceptions import SecurityError

from ..i18n import N_, words
from ..model import GameData
from ..sandbox import BoundedSandbox, TemplateLimit, timed
from ..model.schema import Back, Card


def _finalize(value: Any) -> Any:
    return "" if value is None else value


def _icon(key: str, arg: Any = None) -> str:
    """Markup for an inline icon, e.g. icon('red') -> '{red}', icon('draw', 2) -> '{draw:2}'."""
    return f"{{{key}:{arg}}}" if arg is not None else f"{{{key}}}"


def _icons(keys: Any) -> str:
    return "".join(_icon(k) for k in (keys or []))


def _points(value: Any) -> str:
    """Points as printed: 20, or 'hand 40 / public 0' style for per-state values."""
    if isinstance(value, dict):
        return " / ".join(f"{k} {_points(v)}" for k, v in value.items())
    if isinstance(value, (int, float)) and value < 0:
        return f"\u2212{-value:g}"  # a minus sign, not a hyphen: −1 点
    return "" if value is None else str(value)


class _Sandbox(BoundedSandbox):
    """The sandbox, made loud: touching an unsafe attribute is an error, not an empty string;
    repetition, powers, widths and calls bounded like every project template's."""

    def unsafe_undefined(self, obj: Any, attribute: str) -> Any:
        raise SecurityError(f"access to attribute {attribute!r} is not allowed in a layout")


ENV = _Sandbox(undefined=ChainableUndefined, finalize=_finalize, autoescape=False,
               keep_trailing_newline=False)
ENV.globals.update(icon=_icon, icons=_icons, points=_points)


class BindingError(Exception):
    """A layout expression that cannot be compiled or evaluated; the layout reports where."""


#: Longest one layout expression may take for one card (they take microseconds).
MAX_SECONDS = 2.0
#: Expressions that ran out of time, with their message.
_TOO_SLOW: dict[str, str] = {}


@lru_cache(maxsize=4096)
def compile_expr(source: str) -> Any:
    try:
        return ENV.from_string(source)
    except TemplateSyntaxError as exc:
        raise BindingError(f"template error: {exc.message}") from None


#: `{{ card.name }}`-style expressions: a plain field look-up, done without Jinja (hot path).
_SIMPLE = re.compile(r"\{\{\s*([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*)\s*\}\}")


def _lookup(path: str, context: dict[str, Any]) -> Any:
    node: Any = context
    for part in path.split("."):
        if not isinstance(node, dict):
            return None
        node = node.get(part)
    return node


def render(source: str, context: dict[str, Any]) -> str:
    """Render a region expression; plain strings without Jinja syntax are returned as they are."""
    if "{{" not in source and "{%" not in source:
        return source
    simple = _SIMPLE.fullmatch(source)
    if simple is not None:
        value = _lookup(simple.group(1), context)
        if value is None or isinstance(value, (str, int, float)):
            return "" if value is None else str(value).strip()
    if source in _TOO_SLOW:
        raise BindingError(_TOO_SLOW[source])
    try:
        with timed(MAX_SECONDS):
            return compile_expr(source).render(context).strip()
    except BindingError:
        raise
    except TemplateLimit as exc:   # every card would wait as long: refused at once from now
        _TOO_SLOW[source] = f"{type(exc).__name__}: {exc}"
        raise BindingError(_TOO_SLOW[source]) from None
    except Exception as exc:  # sandbox violations, type errors in the expression
        raise BindingError(f"{type(exc).__name__}: {exc}") from None


@lru_cache(maxsize=1024)
def compile_condition(source: str) -> Any:
    try:
        return ENV.compile_expression(source, undefined_to_none=True)
    except TemplateSyntaxError as exc:
        raise BindingError(f"condition error: {exc.message}") from None


def truthy(source: str, context: dict[str, Any]) -> bool:
    """Evaluate a `when:` condition such as "card.points is not none"."""
    expr = compile_condition(source)
    try:
        return bool(expr(**context))
    except Exception as exc:
        raise BindingError(f"{type(exc).__name__}: {exc}") from None


#: Words the built-in face layouts (templates/faces/*.yaml) print through `_()`: marked here,
#: since layouts are YAML that Babel's extractors do not read.
FACE_WORDS = (N_("“%(name)s”"), N_("(against %(what)s)"))


def _points_label(game: GameData) -> Any:
    """`points_label(card.points)`: points with their unit in the game's language (6 points,
    6 点); per-state points as `hand 40 / public 0 points`."""
    _ = words(game.language)

    def label(value: Any) -> str:
        if isinstance(value, int):
            return _.ngettext("%(num)d point", "%(num)d points", value)
        return "" if value is None else _("%(points)s points", points=_points(value))
    return label


def card_context(game: GameData, card: Card) -> dict[str, Any]:
    """What a face layout sees: the card, its category, set, colours, and the game, the
    game's own words for its identifiers (`labels`: the face says what the rulebook and
    glossary say, 【対抗】 and パワー, never a word of its own), and deckwright's words in the
    game's language (`_()`, `points_label()`)."""
    g = game.db.game
    sets = {s.id: s for s in g.sets}
    cats = {c.id: c for c in g.categories}
    card_set = sets.get(card.set) if card.set else None
    colors = [{"key": k, **g.palette[k].model_dump()} for k in card.colors if k in g.palette]
    return {
        "card": card.model_dump(exclude={"effects"}) | {
            "effects": [e.model_dump(exclude={"script"}) for e in card.effects]},
        "category": cats[card.category].model_dump(),
        "set": card_set.model_dump() if card_set else {},
        "colors": colors,
        "game": g.model_dump(include={"id", "title", "reading", "title_en", "credit"}),
        "theme": g.theme.model_dump(), "labels": dict(g.labels),
        "_": words(game.language), "points_label": _points_label(game),
    }


def back_context(game: GameData, back: Back, card: Card | None) -> dict[str, Any]:
    """What a back layout sees: the back design, and the card when the back varies by card."""
    ctx = card_context(game, card) if card is not None else {
        "card": {}, "category": {}, "set": {}, "colors": [],
        "game": game.db.game.model_dump(include={"id", "title", "reading", "title_en", "credit"}),
        "theme": game.db.game.theme.model_dump(), "labels": dict(game.db.game.labels)}
    ctx["back"] = back.model_dump()
    return ctx
