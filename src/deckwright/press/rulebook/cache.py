"""Skip rulebooks whose inputs have not changed since the last build.

The key is a SHA-256 over everything the output depends on: the database file (and an edition's
words), the templates (every file of every folder in the loader chain), the card pictures the
rulebook embeds, the example verdicts, the options, deckwright's own code (press and every part
of deckwright it imports, the package's templates and message catalogs: `manifest.code_version`)
and WeasyPrint's version. It is kept in the
`rulebook` target's record (deckwright.manifest), written before the outputs are put in place,
so an interrupted build is never mistaken for a finished one.

A card picture counts by its SHA-256: the one the `png` target recorded when the file is still
the one it wrote (same size and modification time), else the file's own, read again. Nothing
here loads Jinja's rendering or WeasyPrint, so `deckwright build` can ask `current` before it
decides to build a rulebook at all.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path
from typing import Any, Iterable, Mapping

from ... import manifest, paths
from ...model import GameData, InputError, Problem, UsageError
from .examples import VerdictLike
from .fontcss import font_folder
from .options import PAGE_SIZES, PDF_VARIANTS
from .pictures import card_pictures

TARGET = "rulebook"   # its record: build/<game>/.deckwright/rulebook.json (deckwright.manifest)
STYLESHEET = "rulebook.css"   # one stylesheet beside both editions' HTML
OUTPUTS = ("rulebook.pdf", "rulebook.html", "rulebook-proof.pdf", "rulebook-proof.html",
           STYLESHEET)
PICTURES = "png"      # the target whose record vouches for the card pictures


def _files(folder: Path) -> Iterable[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def options(game: GameData, page: str | None, pdf_variant: str | None) -> dict[str, Any]:
    """The options a rulebook is built with (the page defaults to the game's theme), checked."""
    page = page or game.db.game.theme.page
    if page not in PAGE_SIZES:
        raise UsageError(f"unknown page size {page!r} (choose a5 or a4)")
    if pdf_variant is not None and pdf_variant not in PDF_VARIANTS:
        raise UsageError(f"unknown PDF variant {pdf_variant!r} (choose {', '.join(PDF_VARIANTS)})")
    return {"page": page, "variant": pdf_variant}


def current(game: GameData, dirs: list[Path], out_dir: Path, verdicts: Mapping[str, VerdictLike],
            options: Mapping[str, object]) -> tuple[str, manifest.Target, bool]:
    """The key of these inputs, the target's record, and whether that record vouches for
    outputs made from exactly these inputs, all in place."""
    key = input_key(game, dirs, out_dir, verdicts, options)
    record = manifest.Target(out_dir, TARGET)
    fresh = record.fresh(key) and len(record.record.outputs) == len(OUTPUTS)
    return key, record, fresh


@lru_cache(maxsize=None)
def _own_code() -> str:
    """WeasyPrint's version and deckwright's press code with all it imports, its templates and
    its message catalogs (`manifest.code_version`), once a process."""
    return manifest.Key(("weasyprint", version("weasyprint")),
                        ("deckwright", manifest.code_version())).hexdigest()


def input_key(game: GameData, dirs: list[Path], out_dir: Path,
              verdicts: Mapping[str, VerdictLike], options: Mapping[str, object]) -> str:
    h = hashlib.sha256()

    def add(label: str, data: bytes) -> None:
        h.update(label.encode() + b"\0" + len(data).to_bytes(8, "big") + data)

    add("code", _own_code().encode())
    add("options", json.dumps(options, sort_keys=True).encode())
    add("database", game.path.read_bytes())
    if game.edition is not None:
        add("edition", game.db.model_dump_json().encode())
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
    pictures = manifest.Target(out_dir, PICTURES)
    for card_id, picture in sorted(card_pictures(game, out_dir).items()):
        sha = pictures.recorded_hash(picture) or manifest.sha256_file(out_dir / picture)
        add(f"png:{card_id}:{picture}", sha.encode())
    for ex in game.db.examples:
        v = verdicts.get(ex.id)
        shown = [getattr(v, k, ()) for k in ("auto_passes", "automatic", "setup_defaults",
                                              "refusals", "end_state")] if v else []
        add(f"verdict:{ex.id}", json.dumps([v.status, v.detail, *shown] if v else None,
                                           ensure_ascii=False, default=str).encode())
    return h.hexdigest()
