"""Shared by the live tests: a live app on a free loopback port in a thread, and Chromium."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from deckwright.live import server

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]


def running(app: Any):
    """Serve `app` on 127.0.0.1 at a free port; yields the base URL; stops it cleanly."""
    return server.in_thread(app)


@contextmanager
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def screenshot_dir(tmp_path: Path) -> Path:
    """Where screenshots go: DECKWRIGHT_SCREENSHOTS (docs/img when refreshing the docs)."""
    folder = Path(os.environ.get("DECKWRIGHT_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder
