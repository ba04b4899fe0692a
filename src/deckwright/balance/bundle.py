"""A project's inputs as one zip, so a job can carry them to workers that cannot read the folder.

A Dask cluster's workers may run on other machines: they have deckwright installed, not the
designer's project. `deckwright simulate --scheduler` therefore sends cards/, playtest/ and
rules/ with the job; each worker process unpacks them once into a private temporary folder and
plays from there, so the project's own rules module is imported on the worker from the very
source the designer ran locally.
"""

from __future__ import annotations

import atexit
import hashlib
import io
import shutil
import tempfile
import zipfile
from functools import lru_cache
from pathlib import Path

from ..model import UsageError

BUNDLED_FOLDERS = ("cards", "playtest", "rules")
BUNDLE_LIMIT = 64 * 1024 * 1024


def pack_project(root: Path) -> bytes:
    """Zip what a worker needs to play the project's games: cards/, playtest/ and rules/
    (regular files only, no symlinks, no caches), in a fixed order with fixed dates."""
    buffer = io.BytesIO()
    total = 0
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for folder in BUNDLED_FOLDERS:
            base = root / folder
            if not base.is_dir() or base.is_symlink():
                continue
            for path in sorted(base.rglob("*")):
                rel = path.relative_to(root)
                if (path.is_symlink() or not path.is_file() or "__pycache__" in rel.parts
                        or any(part.startswith(".") for part in rel.parts)):
                    continue
                total += path.stat().st_size
                if total > BUNDLE_LIMIT:
                    raise UsageError(f"{base}: more than {BUNDLE_LIMIT >> 20} MB to send to the "
                                     f"cluster (only cards/, playtest/ and rules/ are sent)")
                info = zipfile.ZipInfo(rel.as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


@lru_cache(maxsize=4)
def _unpacked(digest: str, bundle: bytes) -> str:
    folder = Path(tempfile.mkdtemp(prefix=f"deckwright-job-{digest[:12]}-"))
    atexit.register(shutil.rmtree, folder, True)
    with zipfile.ZipFile(io.BytesIO(bundle)) as archive:
        for name in archive.namelist():
            parts = Path(name).parts
            if Path(name).is_absolute() or ".." in parts or parts[0] not in BUNDLED_FOLDERS:
                raise ValueError(f"unsafe path {name!r} in a project bundle")
            target = folder.joinpath(*parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(archive.read(name))
    return str(folder)


def unpack_project(bundle: bytes) -> str:
    """The folder a bundle is unpacked into, once per process (a worker plays many chunks)."""
    return _unpacked(hashlib.sha256(bundle).hexdigest(), bundle)
