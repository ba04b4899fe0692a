"""A build's note that every face of a game was planned without a problem, so `check` need not
plan them again.

Planning every face (fitting every text with the code that draws it) is most of what `check`
costs. `deckwright build`, which plans them anyway, keeps `build/<game>/.deckwright/faces.json`
(an edition's under `build/<game>/<lang>/`) once its checks found nothing; `check` believes it
when its key still matches and plans nothing. The key is a SHA-256 of everything a face follows
from: deckwright's version and press code (layouts built in, catalogs), the fonts (built-in and
the project's `fonts/`, by path, size and time, as the build's targets key them), the game's own
and the project's shared layouts, the database and the spreadsheets it names, an edition and its
file, and the project's folder. The art the faces show is listed with its size, time and SHA-256
(a file whose size or time changed is hashed again), since a layout may show any file of the
project. Only a clean result is kept: a game with a problem has no record, so `check` plans it
and prints exactly what it always printed.

A build folder of a shared project is untrusted. The file is JSON read only inside the project,
up to a size limit; anything not exactly the shape `keep` writes, a key that does not match, or
art that is outside the project, gone or changed is a miss: the faces are planned. `check`
reads the record and never writes it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .. import manifest, paths
from ..manifest import Key
from ..model import GameData
from ..model.edition import edition_path
from .cards import GamePress
from .keys import database_key, layouts_key

NAME = "faces.json"
FORMAT = 1
MAX_BYTES = 4 * 1024 * 1024


def path(game: GameData) -> Path:
    return game.out_dir / manifest.RECORD_DIR / NAME


def key(press: GamePress) -> str:
    game = press.game
    k = Key(("format", str(FORMAT)), ("layouts", layouts_key(press)),
            ("database", database_key(game).hexdigest()),
            ("project", str(game.project.root.resolve())))
    if game.edition is not None:
        k.add("edition", game.edition)
        k.add_file("edition file", edition_path(game.project.cards_dir, game.id, game.edition))
    return k.hexdigest()


def clean(press: GamePress) -> bool:
    """True when a build found every face and back of this game printable from these inputs."""
    root = press.game.project.root
    try:
        top = manifest.read_kept(path(press.game), press.game.project.home, "faces record",
                                 MAX_BYTES)
    except (paths.UnsafePath, UnicodeDecodeError, ValueError, RecursionError):
        return False
    if (type(top) is not dict or set(top) != {"format", "key", "art"} or top["format"] != FORMAT
            or type(top["art"]) is not dict or top["key"] != key(press)):
        return False
    return all(_unchanged(root, name, row) for name, row in top["art"].items())


def keep(presses: list[GamePress]) -> None:
    """Note each game whose faces were all planned (`GamePress.problems`) without a problem.
    The build calls it once its checks passed and build/ is known to be a real folder."""
    for press in presses:
        if press.shown_art is None:
            continue   # the faces were not planned in this run
        root = press.game.project.root.resolve()
        art = {p.relative_to(root).as_posix(): manifest.art_row(p)
               for p in sorted(press.shown_art) if p.is_relative_to(root)}
        if len(art) != len(press.shown_art):
            continue
        try:
            _write(path(press.game), json.dumps({"format": FORMAT, "key": key(press), "art": art},
                                                sort_keys=True, ensure_ascii=False) + "\n")
        except (OSError, paths.UnsafePath):
            pass   # not kept; the build's own outputs, written next, say what is wrong there


def _write(target: Path, text: str) -> None:
    paths.check_output(target)   # no folder on the way is a link out of the project
    manifest.write_kept(target, text)


def _unchanged(root: Path, name: str, row: Any) -> bool:
    """The art file `name` (relative to the project) is as the build saw it."""
    if type(row) is not list or len(row) != 3 or [type(v) for v in row] != [int, int, str]:
        return False
    try:
        file = paths.join(root, name, "art")
        if not file.is_file() or file.stat().st_size > paths.MAX_ART_BYTES:
            return False
    except (paths.UnsafePath, OSError):
        return False
    return manifest.art_unchanged(file, row)
