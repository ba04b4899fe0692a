"""Skip rulebooks whose inputs have not changed since the last build.

The key is a SHA-256 over everything the output depends on: the database file (and an edition's
words), deckwright's message catalogs, the templates
(every file of every folder in the loader chain), the card pictures the rulebook embeds, the
example verdicts, the options, deckwright's code and WeasyPrint's version. It is kept in the
`rulebook` target's record (deckwright.manifest), written before the outputs are put in place,
so an interrupted build is never mistaken for a finished one.
"""

from __future__ import annotations

import hashlib
import json
from importlib.metadata import version
from pathlib import Path
from typing import Iterable, Mapping

from ... import i18n, manifest, paths
from ...model import GameData, InputError, Problem
from .examples import VerdictLike
from .fontcss import font_folder
from .pictures import card_pictures

TARGET = "rulebook"   # its record: build/<game>/.deckwright/rulebook.json (deckwright.manifest)
OUTPUTS = ("rulebook.pdf", "rulebook.html", "rulebook.css")
_CODE = Path(__file__).parent


def _files(folder: Path) -> Iterable[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def input_key(game: GameData, dirs: list[Path], out_dir: Path,
              verdicts: Mapping[str, VerdictLike], options: Mapping[str, object]) -> str:
    h = hashlib.sha256()

    def add(label: str, data: bytes) -> None:
        h.update(label.encode() + b"\0" + len(data).to_bytes(8, "big") + data)

    add("weasyprint", version("weasyprint").encode())
    add("deckwright", manifest.code_version().encode())
    add("options", json.dumps(options, sort_keys=True).encode())
    for path in _files(_CODE):
        add(f"code:{path.relative_to(_CODE)}", path.read_bytes())
    add("database", game.path.read_bytes())
    if game.edition is not None:
        add("edition", game.db.model_dump_json().encode())
    for path in _files(i18n.LOCALE_DIR):
        add(f"locale:{path.relative_to(i18n.LOCALE_DIR)}", path.read_bytes())
    for i, sheet in enumerate(game.sheets):  # cards_from: the sheets are inputs too
        add(f"sheet{i}", sheet.read_bytes())
    for folder in font_folder(game):  # the theme's fonts from the project's fonts/
        for path in _files(folder):
            add(f"font:{path.name}", path.read_bytes())
    for i, folder in enumerate(dirs):
        for path in _files(folder):
            # through the path policy: a template symlinked out of the project is refused here
            try:
                data = paths.read_bytes(path, [folder], "template file", paths.MAX_ART_BYTES)
            except paths.UnsafePath as exc:
                raise InputError(Problem(game.project.display(path), 1, 1, "template",
                                         str(exc))) from None
            add(f"template{i}:{path.relative_to(folder)}", data)
    for card_id, picture in sorted(card_pictures(game, out_dir).items()):
        add(f"png:{card_id}:{picture}", (out_dir / picture).read_bytes())
    for ex in game.db.examples:
        v = verdicts.get(ex.id)
        shown = [getattr(v, k, ()) for k in ("auto_passes", "automatic", "setup_defaults", "refusals")] if v else []
        add(f"verdict:{ex.id}", json.dumps([v.status, v.detail, *shown] if v else None,
                                           ensure_ascii=False, default=str).encode())
    return h.hexdigest()
