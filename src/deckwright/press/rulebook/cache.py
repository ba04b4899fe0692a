"""Skip rulebooks whose inputs have not changed since the last build.

The key is a SHA-256 over everything the output depends on: the database file (and an edition's
words), deckwright's message catalogs, the templates
(every file of every folder in the loader chain), the card pictures the rulebook embeds, the
example verdicts, the options, deckwright's code and WeasyPrint's version. It is kept in the
`rulebook` target's record (deckwright.manifest), written before the outputs are put in place,
so an interrupted build is never mistaken for a finished one.
"""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path
from typing import Mapping

from ... import i18n, manifest
from ...model import GameData
from .examples import VerdictLike
from .fontcss import font_folder

TARGET = "rulebook"
OUTPUTS = ("rulebook.pdf", "rulebook.html", "rulebook.css")


def _picture_hash(pictures: manifest.Target, png: Path) -> bytes:
    """A card picture's SHA-256: from the png target's record when the file is the one recorded
    there (no need to read it again), else from the file."""
    known = pictures.recorded_hash(png.relative_to(pictures.root).as_posix())
    return (known or manifest.sha256_file(png)).encode()


def input_key(game: GameData, dirs: list[Path], out_dir: Path,
              verdicts: Mapping[str, VerdictLike], options: Mapping[str, object]) -> str:
    k = manifest.Key(("weasyprint", version("weasyprint")), ("code", manifest.code_version()))
    k.add_json("options", options)
    k.add_file("database", game.path)
    if game.edition is not None:
        k.add("edition", game.db.model_dump_json())
    k.add_tree("locale", i18n.LOCALE_DIR)
    for i, sheet in enumerate(game.sheets):  # cards_from: the sheets are inputs too
        k.add_file(f"sheet{i}", sheet)
    for folder in font_folder(game):  # the theme's fonts from the project's fonts/
        k.add_tree("fonts", folder)
    for i, folder in enumerate(dirs):
        k.add_tree(f"template{i}", folder)
    pictures = manifest.Target(out_dir, "png")
    for card_id in sorted(game.cards):
        png = out_dir / "cards" / f"{card_id}.png"
        if png.is_file():
            k.add(f"png:{card_id}", _picture_hash(pictures, png))
    for ex in game.db.examples:
        v = verdicts.get(ex.id)
        k.add_json(f"verdict:{ex.id}", [v.status, v.detail] if v else None)
    return k.hexdigest()


