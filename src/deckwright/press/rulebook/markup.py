"""Inline markup of card and rule texts (`{icon}`, `{icon:arg}`, `**emphasis**`) as safe HTML.

Texts come from designers' databases and are data: the shared tokeniser splits them into plain
runs and icons, and every run is HTML-escaped as it becomes HTML. Nothing in a text can become a tag,
an attribute or a URL; the only values placed in attributes are palette colours, which the model
has already checked are `#rrggbb`, as class names (`ink-d0312d`, inks.py).
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from ...i18n import N_, Words, words
from ...model.schema import Colour
from ..linebreak import OBJECT
from ..markup import Icon, Run, parse
from .inks import ink
from .typeset import Piece, typeset

#: What the built-in icons say, with their argument (`{draw:2}`) where the language puts it.
BUILTIN_LABELS = {"draw": (N_("Draw"), N_("Draw +%(arg)s")), "skip": (N_("Skip"), N_("Skip %(arg)s")),
                  "reverse": (N_("Reverse"), N_("Reverse %(arg)s")),
                  "cost": (N_("Cost"), N_("Cost %(arg)s")),
                  "point": (N_("points"), N_("%(arg)s points"))}


def _builtin(name: str, arg: str, _: Words) -> str:
    bare, with_arg = BUILTIN_LABELS[name]
    text = _(with_arg, arg=arg) if arg else _(bare)
    return f'<span class="icon icon-{name}">{text}</span>'


def colour_icon(colour: Colour, arg: str = "") -> str:
    """A palette icon: the colour's ink behind its symbol (or the first letter of its name)."""
    mark = escape(colour.symbol or colour.name[:1])
    extra = f"<small>{arg}</small>" if arg else ""
    return (f'<span class="icon icon-colour {ink(colour.hex)}" '
            f'title="{escape(colour.name)}">{mark}{extra}</span>')


def inline(text: str | None, palette: dict[str, Colour], _: Words | None = None) -> Markup:
    """One text with its icons and emphasis rendered; line breaks kept as <br>.

    Tokenising is shared with the card faces (press/markup.py), so a text reads the same on
    the card and in the rulebook; each run is escaped as it is turned into HTML, and what the
    shared line-breaking rules keep whole (a number and its counter, an icon and the 。 after
    it) is held together (typeset.py).
    """
    pieces: list[Piece] = []
    for token in parse(text or ""):
        if isinstance(token, Run):
            pieces.append(Piece(token.text, None, token.emph))
        elif isinstance(token, Icon):
            pieces.append(Piece(OBJECT, icon_html(token.name, token.arg or "", palette,
                                                  _ or words("en"))))
        else:
            pieces.append(Piece("\n", "<br>"))
    return typeset(pieces)


def icon_html(name: str, arg: str, palette: dict[str, Colour], _: Words) -> str:
    arg = str(escape(arg))
    if name in palette:
        return colour_icon(palette[name], arg)
    if name in BUILTIN_LABELS:
        return _builtin(name, arg, _)
    return str(escape("{" + name + (":" + arg if arg else "") + "}"))  # validation refuses these


def paragraphs(text: str | None, palette: dict[str, Colour], _: Words | None = None) -> list[Markup]:
    """A body text split at blank lines, each paragraph rendered inline."""
    parts = re.split(r"\n\s*\n", (text or "").strip())
    return [inline(p.strip(), palette, _) for p in parts if p.strip()]


def plain_words(text: str | None, palette: dict[str, Colour], _: Words) -> str:
    """A card text as words only, for a table that shows text as written (Card Game
    Simulator): emphasis marks dropped, a colour icon as its name, a built-in icon as what it
    says in brackets (`{draw:2}` is "[Draw +2]", "[ドロー＋2]" in Japanese), folded spaces
    between Japanese characters dropped as on the face; the face image carries the icon."""
    out = []
    for token in parse(text or ""):
        if isinstance(token, Run):
            out.append(token.text)
        elif isinstance(token, Icon):
            if token.name in palette:
                out.append(palette[token.name].name + (token.arg or ""))
            elif token.name in BUILTIN_LABELS:
                bare, with_arg = BUILTIN_LABELS[token.name]
                out.append("[" + (_(with_arg, arg=token.arg) if token.arg else _(bare)) + "]")
            else:
                out.append("{" + token.name + (":" + token.arg if token.arg else "") + "}")
        else:
            out.append("\n")
    return "".join(out).strip()
