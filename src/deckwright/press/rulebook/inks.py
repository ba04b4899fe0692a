"""Palette inks as classes (`ink-d0312d`), not style attributes, on mini cards and colour icons.

WeasyPrint shares one computed style among elements whose parent style, matching rules and
`style` attribute are the same, but it compares `style` attributes by identity: an element with
one, and everything inside it, gets a style of its own. A mini card carried its colours in a
`style` attribute (`--ink:…;--ink2:…`), so each of a book's thousand was cascaded, and its
`var()`s resolved, on its own. As classes, mini cards of the same colours in the same place
share one style. The classes' rules (`rules`) are appended to the book's stylesheet, whichever
project's it is, so any template that names the classes gets the colours.
"""

from __future__ import annotations

from typing import Iterable

from ...model.schema import Colour


def ink(hex_colour: str, which: str = "ink") -> str:
    """The class of a validated #rrggbb ink (`ink-d0312d`, `ink2-d0312d`)."""
    return f"{which}-{hex_colour[1:].lower()}"


def mini_classes(inks: tuple[str, ...]) -> str:
    """A mini card's colour classes: its band (`ink`) and its sides (`ink2`, else the band's)."""
    if not inks:
        return ""
    return f"{ink(inks[0])} {ink(inks[1] if len(inks) > 1 else inks[0], 'ink2')}"


def rules(palette: Iterable[Colour]) -> bytes:
    """The stylesheet's rules for every ink of a palette: a mini card's `--ink`/`--ink2`
    (what the stylesheet draws it with) and a colour icon's background."""
    out = ["\n/* palette inks (deckwright: press/rulebook/inks.py) */"]
    for hex_colour in sorted({c.hex.lower() for c in palette}):
        out.append(f".{ink(hex_colour)} {{ --ink: {hex_colour}; }} "
                   f".{ink(hex_colour, 'ink2')} {{ --ink2: {hex_colour}; }} "
                   f".icon-colour.{ink(hex_colour)} {{ background-color: {hex_colour}; }}")
    return ("\n".join(out) + "\n").encode()
