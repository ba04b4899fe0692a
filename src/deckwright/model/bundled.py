"""The games that ship with deckwright: their databases, layouts and playtests, read-only.

The repository keeps them where the design names them, in its top-level `cards/`,
`templates/` and `playtest/`; building the wheel copies those three folders into the package
as `deckwright/bundled/` (setup.py). So an installed deckwright reads `bundled/` inside the
package, and a checkout (an editable install) reads the repository's own folders: one
tree either way, laid out as a project is.

A bundled game is loaded as a `Project` whose `root` is that tree and whose `home` is the
folder the user works in: the inputs come from deckwright, the outputs go to the user's
`build/` and the rules modules are looked for in the user's `rules/` first, as for any game.
The bundled tree itself is never written.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .. import paths

#: The folder inside the package that the wheel's build step fills (setup.py names it too).
PACKAGE_DIR = "bundled"


@lru_cache(maxsize=None)
def root() -> Path | None:
    """The bundled games' tree: the package's `bundled/` in an installed wheel, the repository
    itself in a checkout; None when neither is there (a wheel built without them)."""
    package = Path(__file__).resolve().parent.parent
    inside = package / PACKAGE_DIR
    if (inside / "cards").is_dir():
        return inside
    checkout = package.parent.parent   # src/deckwright -> the repository
    if package.parent.name == "src" and (checkout / "pyproject.toml").is_file() \
            and (checkout / "cards").is_dir():
        return checkout
    return None


def game_ids() -> list[str]:
    """The bundled games, by id (their `cards/<game>.yaml`)."""
    where = root()
    if where is None:
        return []
    return sorted(p.stem for p in (where / "cards").glob("*.yaml") if paths.is_safe_id(p.stem))


def has(game_id: str) -> bool:
    return game_id in game_ids()


def is_bundled_tree(folder: Path) -> bool:
    """Whether `folder` is the bundled tree itself (the repository, worked on in place)."""
    where = root()
    return where is not None and paths.real(folder) == paths.real(where)
