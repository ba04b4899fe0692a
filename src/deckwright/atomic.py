"""Atomic output: every file deckwright writes appears whole or not at all.

Outputs are written to a hidden temporary file in the destination folder (`.<name>.<random>.tmp`)
and renamed over the target, so an interrupted or failed build never leaves a half-written PDF
behind. Inside `staging()`, the renames wait: every file of one build target stays a temporary
file until the caller exposes them together (deckwright.manifest records what they are first).
A process killed mid-write leaves its temporary files; `clean_temps` removes them. A temporary
file's name carries the process that owns it, so that the cleaning spares the files of a
command still running (two builds at once: the second one's cleaning deleted the first's
files as they were being written); and builds of one project take turns (`one_build_at_a_time`).
"""

from __future__ import annotations

import fcntl
import os
import re
import sys
import tempfile
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Iterator

from .paths import check_output

#: What a temporary file of this module is named like (and nothing a user would name a file):
#: `.<name>.<owner pid>.<random>.tmp` (without the pid before 28 Nov 2026).
TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")
_OWNED = re.compile(r"^\..+\.(\d+)\.[A-Za-z0-9_]{8}\.tmp$")
#: The process whose temporary files these are: the command's own, which its forked workers
#: inherit (a worker's files are its command's, handed to it when the worker ends).
OWNER = os.getpid()


class Stage:
    """The outputs of one build target, written but not yet in place: target -> temporary file."""

    def __init__(self) -> None:
        self.files: dict[Path, Path] = {}

    def add(self, target: Path, tmp: Path) -> None:
        old = self.files.pop(target, None)
        if old is not None:   # written twice: the last one wins
            old.unlink(missing_ok=True)
        self.files[target] = tmp

    def expose(self) -> None:
        """Rename every temporary file over its target."""
        for target, tmp in self.files.items():
            os.replace(tmp, target)
        self.files.clear()

    def discard(self) -> None:
        for tmp in self.files.values():
            tmp.unlink(missing_ok=True)
        self.files.clear()


_STAGE: ContextVar[Stage | None] = ContextVar("deckwright_stage", default=None)


@contextmanager
def staging() -> Iterator[Stage]:
    """Collect the files written inside the block instead of renaming them into place; on an
    error they are removed. The caller exposes them (`Stage.expose`) when it is ready."""
    stage = Stage()
    token = _STAGE.set(stage)
    try:
        yield stage
    except BaseException:
        stage.discard()
        raise
    finally:
        _STAGE.reset(token)


@contextmanager
def unstaged() -> Iterator[None]:
    """Inside a `staging()` block, write at once (for the record that describes the stage)."""
    token = _STAGE.set(None)
    try:
        yield
    finally:
        _STAGE.reset(token)


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside `target`; rename it over `target` only on success (or hand
    it to the current stage)."""
    check_output(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{OWNER}.", suffix=".tmp",
                               dir=target.parent)
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        # mkstemp makes 0600 files; outputs get the mode a plain open() would give them
        os.chmod(tmp_path, 0o666 & ~_umask())
        stage = _STAGE.get()
        if stage is None:
            os.replace(tmp_path, target)
        else:
            stage.add(target, tmp_path)
    except BaseException:
        tmp_path.unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_bytes(target: Path, data: bytes) -> None:
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)


def write_text(target: Path, text: str) -> None:
    with atomic_path(target) as tmp:
        tmp.write_text(text, encoding="utf-8")


def clean_temps(folder: Path) -> int:
    """Remove the temporary files a killed process left under `folder`; returns how many. The
    files of a process still running (another command writing there) are kept."""
    removed = 0
    if not folder.is_dir():
        return 0
    for dirpath, _dirs, names in os.walk(folder):
        for name in names:
            if TEMP_NAME.match(name) and not _owner_alive(name):
                Path(dirpath, name).unlink(missing_ok=True)
                removed += 1
    return removed


def _owner_alive(name: str) -> bool:
    owned = _OWNED.match(name)
    if owned is None:
        return False   # named before temporary files carried their owner
    pid = int(owned.group(1))
    if pid == OWNER:
        return False   # this command's own leftovers: nothing of its own is in flight yet
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True    # another user's process
    return True


@contextmanager
def one_build_at_a_time(project_root: Path) -> Iterator[None]:
    """Hold the project's build lock for the block: a lock on the project folder itself (so
    nothing is created to hold it), which a second build waits for, saying so on stderr. The
    kernel lets go of it when the process ends, however it ends."""
    if not Path(project_root).is_dir():   # the command says what is wrong with it
        yield
        return
    fd = os.open(project_root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print("deckwright: another build of this project is running; waiting for it to "
                  "finish", file=sys.stderr, flush=True)
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
