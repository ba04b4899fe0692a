"""The keys of what a game's faces are drawn from: code, fonts, layouts, database.

The build's targets (targets.py) and the record of faces found printable (checked_faces.py)
key on the same inputs, so they share these; this module imports nothing that draws.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .. import manifest
from ..manifest import Key
from ..model import GameData
from .fonts import FONTS, FONTS_DIR, font_path

if TYPE_CHECKING:
    from .cards import GamePress


@lru_cache(maxsize=None)
def fonts_key(root: Path) -> str:
    """The built-in fonts and the project's own `fonts/` folder, by path, size and time."""
    k = Key()
    paths = [font_path(spec) for spec in FONTS.values()] + manifest.tree_files(root / FONTS_DIR)
    for path in paths:
        st = path.stat()
        k.add("font", f"{path}:{st.st_size}:{st.st_mtime_ns}")
    return k.hexdigest()


def layouts_key(press: "GamePress") -> str:
    """deckwright's code, the fonts, and the game's own and the project's shared face layouts
    (the built-in ones are part of deckwright's code)."""
    own, shared = press.library.dirs[0], press.library.dirs[1]
    k = Key(("code", manifest.code_version()), ("fonts", fonts_key(press.game.project.root))).add_tree("own", own)
    for path in sorted(shared.glob("*")) if shared.is_dir() else ():
        if path.is_file():
            k.add_file(f"shared:{path.name}", path)
    return k.hexdigest()


def database_key(game: GameData) -> Key:
    """The database file and the sheets its cards come from (`cards_from`)."""
    k = Key().add_file("database", game.path)
    for i, sheet in enumerate(game.sheets):
        k.add_file(f"sheet{i}", sheet)
    return k


