"""Folders made once and shared by every test module and every xdist worker of a run (and by
the next run while nothing they follow from changes): built games, rendered books.

`SharedFolders.get(name, make)` returns `<root>/<name>/<key>`, the folder `make(folder)` filled.
The key is a SHA-256 of everything the folder can follow from: deckwright's code and assets
(src/deckwright), the bundled games (cards/, templates/, playtest/), the test fixtures, the
source file that defines `make`, `extra` (options), and the Python and package versions
installed. A file lock per name lets one worker make the folder while another waits and then
reuses it; the folder is made under a temporary name and renamed into place, so a folder that
exists is complete, and the keys a name had before are removed. Shared folders are read-only
for tests: a test that changes what it was given copies it first (`copy_of`).

The root is pytest's cache folder (.pytest_cache/d/deckwright-shared), so a second run of an
unchanged tree reuses the books; with `-p no:cacheprovider`, a folder of this run's temporary
directory, shared by its workers.
"""

from __future__ import annotations

import fcntl
import hashlib
import inspect
import os
import shutil
import sys
from collections.abc import Callable
from contextlib import contextmanager
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
#: What every shared folder follows from, besides its own `make` and options.
INPUTS = (ROOT / "src" / "deckwright", ROOT / "cards", ROOT / "templates", ROOT / "playtest",
          ROOT / "tests" / "fixtures")
_SKIP = {"__pycache__", "build", ".deckwright"}


@lru_cache(maxsize=None)
def _tree_digest(folder: Path) -> str:
    """SHA-256 over the relative names and bytes of a folder's files (build outputs and
    bytecode left out)."""
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if path.is_file() and not _SKIP & set(relative.parts) and path.suffix != ".pyc":
            h.update(str(relative).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


@lru_cache(maxsize=1)
def _environment_digest() -> str:
    """Python's version and every installed distribution's name and version."""
    names = sorted(f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions())
    return hashlib.sha256("\n".join([sys.version, *names]).encode()).hexdigest()


def key_of(make: Callable[[Path], None], extra: str = "") -> str:
    h = hashlib.sha256()
    for folder in INPUTS:
        h.update(_tree_digest(folder).encode())
    h.update(_environment_digest().encode())
    h.update(Path(inspect.getsourcefile(make) or "").read_bytes())
    h.update(f"{getattr(make, '__qualname__', make)!r}\0{extra}".encode())
    return h.hexdigest()[:24]


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    with open(path, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class SharedFolders:
    """Folders made once per key under `root` (see the module's docstring)."""

    def __init__(self, root: Path):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)

    def get(self, name: str, make: Callable[[Path], None], extra: str = "") -> Path:
        """The folder `make` fills for `name` (a plain file name), made by the first caller."""
        key = key_of(make, extra)
        home = self.root / name
        done = home / key
        if done.is_dir():
            return done
        home.mkdir(exist_ok=True)
        with _locked(self.root / f"{name}.lock"):
            if done.is_dir():   # another worker made it while this one waited
                return done
            for old in home.iterdir():
                shutil.rmtree(old, ignore_errors=True)
            making = home / f".{key}.{os.getpid()}"
            making.mkdir()
            try:
                make(making)
                making.rename(done)
            finally:
                shutil.rmtree(making, ignore_errors=True)
        return done


def copy_of(folder: Path, dest: Path) -> Path:
    """A private copy of a shared folder, for a test that changes it."""
    shutil.copytree(folder, dest, symlinks=True)
    return dest


def bundled_project(dest: Path, game_id: str) -> Path:
    """A project folder holding one bundled game as the repository has it: its database and
    editions, the face layouts and rulebook templates, its playtest files."""
    (dest / "cards").mkdir(parents=True)
    for database in sorted((ROOT / "cards").glob(f"{game_id}.*yaml")):
        if database.name.split(".")[0] == game_id:
            shutil.copy2(database, dest / "cards")
    shutil.copytree(ROOT / "templates", dest / "templates")
    if (ROOT / "playtest" / game_id).is_dir():
        shutil.copytree(ROOT / "playtest" / game_id, dest / "playtest" / game_id)
    return dest
