"""The one path policy: where deckwright may read and write when it works on a project.

A project folder is untrusted input (people share them like any other download). Every file
deckwright opens for a project goes through this module, which enforces three rules:

1. A path named by the project (a layout, an art file, a template, a stylesheet) is resolved
   with symlinks followed and `..` collapsed, and must then lie inside one of the folders it was
   allowed in: the project itself or the package's own assets. A symlink inside the project that
   points outside it is refused like `../../etc/passwd` or an absolute path.
2. Outputs are written only under the project's `build/` folder, whose real location must be
   inside the project (a `build` symlink to elsewhere is refused).
3. Ids that become file names (game, card, deck, layout and palette ids) are plain: ASCII
   letters, digits, `-` and `_`, starting with a letter or digit, so `x/../../y` can never be
   one of them.

Functions raise `UnsafePath` (a ValueError) with a message meant for a user; callers that know
the file and line the path came from turn it into a located `Problem`.
"""

from __future__ import annotations

import os
import re
from importlib.resources import files
from pathlib import Path
from typing import Callable, Iterable

#: An id that may become (part of) a file name.
SAFE_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,199}")
SAFE_ID_RULE = "letters a-z, digits, '-' and '_' only (at most 200), starting with a letter or digit"

#: Largest file deckwright reads from a project (YAML databases, layouts, templates, CSS).
MAX_TEXT_BYTES = 4 * 1024 * 1024
#: Largest art file (images are decoded later; this only stops absurd reads early).
MAX_ART_BYTES = 64 * 1024 * 1024


class UnsafePath(ValueError):
    """A path or id that the policy refuses; the message says why, in the user's terms."""


def package_assets() -> Path:
    """The package's own templates (faces, rulebook, balance): always readable."""
    return Path(os.path.realpath(str(files("deckwright").joinpath("templates"))))


def shown(path: Path | str, project_display: Callable[[Path], str]) -> str:
    """A file's name in messages: `(built-in) templates/...` for the package's own files,
    else as the project displays it (relative to the project)."""
    target = real(path)
    if target.is_relative_to(package_assets()):
        return f"(built-in) templates/{target.relative_to(package_assets())}"
    return project_display(Path(path))


def is_safe_id(value: object) -> bool:
    return isinstance(value, str) and SAFE_ID_RE.fullmatch(value) is not None


def safe_id(value: object, what: str) -> str:
    """`value` if it is a plain id that may become a file name; UnsafePath otherwise."""
    if not is_safe_id(value):
        raise UnsafePath(f"{what} {value!r} is not a plain id ({SAFE_ID_RULE})")
    return value  # type: ignore[return-value]


def real(path: Path | str) -> Path:
    """The path with every symlink followed and `..` collapsed (it need not exist)."""
    return Path(os.path.realpath(path))


def within(path: Path | str, roots: Iterable[Path | str]) -> bool:
    """Whether the real location of `path` lies inside the real location of one of `roots`."""
    target = real(path)
    return any(target == r or target.is_relative_to(r) for r in map(real, roots))


def confined(path: Path | str, roots: Iterable[Path | str], what: str) -> Path:
    """The real path of `path`, which must lie inside one of `roots`; UnsafePath otherwise."""
    text = str(path)
    if "\x00" in text:
        raise UnsafePath(f"{what}: NUL byte in path")
    roots = list(roots)
    if not within(path, roots):
        raise UnsafePath(f"{what} leads outside the project (symlinks and '..' may not leave it)")
    return real(path)


def join(root: Path, relative: str, what: str) -> Path:
    """`root/relative` for a project-relative path written in a project file.

    Absolute paths, `~`, backslashes, NUL and any route out of `root` (`..`, a symlink out) are
    refused; the result is the real path inside `root`.
    """
    if not isinstance(relative, str) or not relative.strip():
        raise UnsafePath(f"{what}: expected a path relative to the project")
    if relative.startswith(("/", "~", "\\")) or re.match(r"[A-Za-z]:", relative) or "\\" in relative:
        raise UnsafePath(f"{what} {relative!r} must be a path relative to the project")
    try:
        return confined(root / relative, [root], what)
    except UnsafePath:
        raise UnsafePath(f"{what} {relative!r} is outside the project folder") from None


def read_bytes(path: Path, roots: Iterable[Path | str] | None, what: str,
               limit: int = MAX_TEXT_BYTES) -> bytes:
    """Read a file that must lie inside `roots` (None: already checked by the caller) and be at
    most `limit` bytes; the size is checked before reading, and again while reading."""
    checked = confined(path, roots, what) if roots is not None else Path(path)
    try:
        size = checked.stat().st_size
        if size > limit:
            raise UnsafePath(f"{what} is {size} bytes; the limit is {limit}")
        with open(checked, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise UnsafePath(f"cannot read {what}: {exc.strerror}") from None
    if len(data) > limit:
        raise UnsafePath(f"{what} is larger than the limit of {limit} bytes")
    return data


#: The one folder a project's outputs go to.
BUILD_DIR_NAME = "build"
_OUTPUT_NAME_RE = re.compile(r"\.?[A-Za-z0-9][A-Za-z0-9_.-]*")


def check_output(target: Path) -> None:
    """Refuse to write `target` if its name is not plain or a folder on its way is a symlink.

    Checked for every file deckwright writes (deckwright.atomic calls it): under a `build/`
    folder, neither `build/` itself nor any folder below it may be a symlink (a shared project
    could ship `build/<game>` linked to the reader's home folder).
    """
    chain = [target, *target.parents]
    build = next((i for i, p in enumerate(chain) if p.name == BUILD_DIR_NAME), None)
    if build is None:
        return  # a path the user named on the command line, e.g. simulate --json
    name = target.name
    if not _OUTPUT_NAME_RE.fullmatch(name) or ".." in name:
        raise UnsafePath(f"output file name {name!r} is not plain ({SAFE_ID_RULE}, plus a suffix)")
    project = chain[build].parent
    for folder in chain[:build + 1]:
        if folder.is_symlink():
            raise UnsafePath(f"{folder.relative_to(project)} is a symlink; outputs are written only "
                             f"into real folders inside the project's {BUILD_DIR_NAME}/")


def prepare_build_dir(project_root: Path) -> Path:
    """The project's build folder, created if missing; one clear error if it cannot be used."""
    folder = Path(project_root) / BUILD_DIR_NAME
    if folder.is_symlink():
        raise UnsafePath(f"{BUILD_DIR_NAME}/ is a symlink; outputs are written only into a real "
                         f"folder inside the project")
    if folder.exists() and not folder.is_dir():
        raise UnsafePath(f"{BUILD_DIR_NAME} is a file, not a folder: move it away to build")
    try:
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise UnsafePath(f"cannot create {BUILD_DIR_NAME}/: {exc.strerror}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UnsafePath(f"{BUILD_DIR_NAME}/ is not writable")
    return folder
