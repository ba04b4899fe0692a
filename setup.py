"""The one build step pyproject.toml cannot declare: the bundled games go into the wheel.

The repository keeps the five games where the design names them, in the top-level `cards/`,
`templates/` and `playtest/`. A wheel (`pip install .`, `pip wheel .`, or from the sdist, which
MANIFEST.in gives those folders) carries a copy of them as package data,
`deckwright/bundled/<folder>/`, read by deckwright.model.bundled. An editable install copies
nothing: it reads the repository's folders themselves.

The package is rebuilt from nothing each time: setuptools' build/lib/ outlives a build, and a
file deleted from the tree (or from a game) would otherwise slip into the next wheel.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
#: The repository's folders that make up the bundled games, and where they go in the package.
GAME_FOLDERS = ("cards", "templates", "playtest")
PACKAGE_DIR = Path("deckwright") / "bundled"   # deckwright.model.bundled.PACKAGE_DIR


def _wanted(path: Path) -> bool:
    """A file of a game: not hidden, not a cache, not an editor's lock file, not a link."""
    parts = path.relative_to(HERE).parts
    return (path.is_file() and not path.is_symlink() and "__pycache__" not in parts
            and not any(p.startswith((".", "~")) for p in parts))


class BuildPyWithGames(build_py):
    """build_py, then the bundled games copied into the built package."""

    def run(self) -> None:
        if not self.editable_mode:
            shutil.rmtree(Path(self.build_lib) / "deckwright", ignore_errors=True)
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib) / PACKAGE_DIR
        for folder in GAME_FOLDERS:
            for source in sorted((HERE / folder).rglob("*")):
                if _wanted(source):
                    copy = target / source.relative_to(HERE)
                    copy.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(source, copy)


setup(cmdclass={"build_py": BuildPyWithGames})
