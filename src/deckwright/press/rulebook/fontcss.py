"""The rulebook's fonts: `game.theme.font` and `heading_font` as CSS, with the project's fonts.

The stylesheet sets body text in `var(--mincho)` and headings in `var(--gothic)`. A theme that
names fonts redefines those two variables; a family from the project's fonts/ folder gets an
`@font-face` rule per face (regular, bold, italic) whose URL is relative to build/<game>/, so the
HTML works in a browser and WeasyPrint reads the file through the rulebook's fetcher. Names and
file names come from untrusted files and are escaped for a CSS string inside <style>.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

from markupsafe import Markup

from ...model import GameData
from ..fonts import FONTS_DIR, FontBook, fontbook

#: The CSS stacks of the built-in families.
BUILTIN = {"mincho": '"IPAexMincho", "IPAex明朝", serif',
           "gothic": '"IPAexGothic", "IPAexゴシック", sans-serif'}
WEIGHT_STYLE = {"regular": ("400", "normal"), "bold": ("700", "normal"),
                "italic": ("400", "italic"), "bold-italic": ("700", "italic")}


def css_string(text: str) -> str:
    """A CSS string literal that cannot close the string, the rule or the <style> element."""
    out = []
    for ch in text:
        if ch in '"\\<>&' or ord(ch) < 0x20 or ch == "\x7f":
            out.append(f"\\{ord(ch):x} ")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _faces(book: FontBook, family: str, out_dir: Path) -> list[str]:
    rules = []
    for style, face in sorted(book.families[family].items()):
        url = quote(Path(os.path.relpath(face.path, out_dir)).as_posix())
        weight, italic = WEIGHT_STYLE[style]
        rules.append(f"@font-face {{ font-family: {css_string(family)}; src: url({css_string(url)}); "
                     f"font-weight: {weight}; font-style: {italic}; }}")
    return rules


def font_css(game: GameData, out_dir: Path) -> Markup:
    """@font-face rules and the --mincho/--gothic variables the theme asks for ('' if none)."""
    theme = game.db.game.theme
    book = fontbook(game.project.root)
    rules: list[str] = []
    variables: list[str] = []
    for var, name in (("--mincho", theme.font), ("--gothic", theme.heading_font)):
        if name is None:
            continue
        if name in BUILTIN:
            variables.append(f"{var}: {BUILTIN[name]};")
        elif name in book.families:
            if not any(css_string(name) in r for r in rules):
                rules += _faces(book, name, out_dir)
            fallback = BUILTIN["gothic" if var == "--gothic" else "mincho"]
            variables.append(f"{var}: {css_string(name)}, {fallback};")
    if variables:
        rules.append(":root { " + " ".join(variables) + " }")
    return Markup("\n".join(rules))


def font_folder(game: GameData) -> list[Path]:
    """The project's fonts/ folder, for the fetcher's allow-list (when the theme uses it)."""
    folder = game.project.root / FONTS_DIR
    theme = game.db.game.theme
    wanted = {theme.font, theme.heading_font} - {None, *BUILTIN}
    return [folder] if wanted and folder.is_dir() else []
