"""The only way a rulebook render reaches outside itself: a URL fetcher with an allow-list.

WeasyPrint's default fetcher opens any URL a document names: files anywhere on the disk, the
network, `data:` payloads. A rulebook needs none of that. `RulebookFetcher` serves `file:` URLs
whose real path (symlinks resolved, `..` collapsed, percent-escapes decoded) lies inside one of
the allowed folders: the project's `templates/rulebook/`, the built-in templates, and the
game's `build/<game>/` folder. Everything else stops the render with `RefusedURL`, whose message
names the URL and the reason; a silently missing picture would be worse than a clear failure.

The document's own folder is given to WeasyPrint as a fixed virtual URL (`BASE_URL`), never as
its absolute path: WeasyPrint names each image in the PDF by the md5 of its URL, so absolute
URLs would make the same rulebook differ byte for byte between two checkouts. The fetcher maps
the virtual folder back to the real one and applies the same checks.
"""

from __future__ import annotations

import mimetypes
import os
from pathlib import Path
from typing import Mapping
from urllib.parse import unquote, urlsplit

from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse


class RefusedURL(FatalURLFetchingError):
    """A rulebook tried to load something it may not (or that does not exist)."""


#: The virtual folder standing for the project (see the module's doc).
VIRTUAL_DIR = "/deckwright-project/"


class RulebookFetcher(URLFetcher):
    """Serves files from the allowed folders, plus assets not yet written (`overlay`).

    `base` is the document's real folder and `anchor` the folder the virtual URL root stands for
    (the project; default `base`), so links relative to the document such as the project's
    `../../fonts/x.otf` keep working; `base_url(name)` is the URL the document is laid out under.
    """

    def __init__(self, roots: list[Path], overlay: Mapping[Path, bytes] | None = None,
                 base: Path | None = None, anchor: Path | None = None):
        super().__init__(allowed_protocols=["file"], fail_on_errors=True)
        self.roots = [Path(os.path.realpath(r)) for r in roots]
        self.overlay = {Path(os.path.realpath(p)): data for p, data in (overlay or {}).items()}
        self.base = Path(os.path.abspath(base)) if base is not None else None
        self.anchor = Path(os.path.abspath(anchor)) if anchor is not None else None
        self.served: list[Path] = []

    def base_url(self, name: str) -> str:
        """The URL the document `name` in `base` is given to WeasyPrint under."""
        assert self.base is not None, "base_url needs the document's folder"
        anchor = self.anchor or self.base
        inner = self.base.relative_to(anchor).as_posix() if self.base.is_relative_to(anchor) else ""
        return f"file://{VIRTUAL_DIR}{inner + '/' if inner not in ('', '.') else ''}{name}"

    def allowed_path(self, url: str) -> Path:
        """The real file a URL names, if it may be served; raises RefusedURL otherwise."""
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme != "file":
            raise RefusedURL(f"refused {_short(url)}: only local files from the template and "
                             f"build folders may be loaded, not {scheme or 'relative'}: URLs")
        if parts.netloc not in ("", "localhost"):
            raise RefusedURL(f"refused {_short(url)}: file URLs naming a host are not allowed")
        raw = unquote(parts.path)
        if "\x00" in raw:
            raise RefusedURL(f"refused {_short(url)}: NUL in path")
        if self.base is not None and raw.startswith(VIRTUAL_DIR):
            anchor = self.anchor if self.anchor and self.base.is_relative_to(self.anchor) else self.base
            raw = str(anchor / raw[len(VIRTUAL_DIR):])
        real = Path(os.path.realpath(raw))
        if not any(real == root or real.is_relative_to(root) for root in self.roots):
            folders = ", ".join(str(r) for r in self.roots)
            raise RefusedURL(f"refused {_short(url)}: {real} is outside the folders a rulebook "
                             f"may read ({folders})")
        if real not in self.overlay and not real.is_file():
            raise RefusedURL(f"missing {_short(url)}: no such file {real}")
        return real

    def fetch(self, url: str, headers: Mapping[str, str] | None = None) -> URLFetcherResponse:
        real = self.allowed_path(url)
        data = self.overlay.get(real)
        if data is None:
            data = real.read_bytes()
        self.served.append(real)
        kind = mimetypes.guess_type(real.name)[0] or "application/octet-stream"
        headers_out = {"Content-Type": kind + ("; charset=utf-8" if kind.startswith("text/") else "")}
        # the URL asked for is kept (virtual when relative to the document): see the module doc
        return URLFetcherResponse(url, data, headers_out)


def _short(url: str, limit: int = 120) -> str:
    """URLs in messages are cut short: a data: URL can be megabytes long."""
    return url if len(url) <= limit else url[:limit] + "…"
