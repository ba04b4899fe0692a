"""Shared by the live tests: a live app on a free loopback port in a thread, and Chromium."""

from __future__ import annotations

import os
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import uvicorn

from deckwright.live import server

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]


@contextmanager
def running(app: Any) -> Iterator[str]:
    """Serve `app` on 127.0.0.1 at a free port; yields the base URL; stops it cleanly."""
    sock = server.bind("127.0.0.1", 0)
    config = uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=1)
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield server.url(sock, "").rstrip("/")
    finally:
        srv.should_exit = True
        thread.join(timeout=10)
        sock.close()
    assert not thread.is_alive(), "the server did not stop"


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
