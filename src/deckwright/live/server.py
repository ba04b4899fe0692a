"""Run a live app (preview or play table) on uvicorn: loopback by default, a free port on request,
a clean stop on Ctrl-C.

The socket is bound here, before uvicorn starts, so the address printed (and a test's port 0)
is the one the server really listens on.
"""

from __future__ import annotations

import socket
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

LOOPBACK = "127.0.0.1"


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


def url(sock: socket.socket, path: str = "/") -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}{path}"


def _server(app: Any, grace: float) -> Any:
    """A uvicorn server that, asked to stop, first tells the app (`app.state.stop()`: the
    pages' event streams end), so the graceful stop does not wait for open pages."""
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            stop = getattr(getattr(app, "state", None), "stop", None)
            if stop is not None:
                stop()
            super().handle_exit(sig, frame)

    return Server(uvicorn.Config(app, log_level="warning", lifespan="on",
                                 timeout_graceful_shutdown=grace))


def serve(app: Any, sock: socket.socket, announce: Callable[[], None] = lambda: None) -> None:
    """Serve `app` on the bound socket until Ctrl-C (or SIGTERM); returns after a clean stop."""
    server = _server(app, 1.5)
    try:
        announce()  # the socket already listens: a browser opened now is answered
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass  # uvicorn re-raises the Ctrl-C it handled; for a server it is the normal stop


@contextmanager
def in_thread(app: Any, host: str = LOOPBACK) -> Iterator[str]:
    """Serve `app` on a free port in a background thread (tests, benchmarks); yields the base
    address and stops the server cleanly on exit."""
    sock = bind(host, 0)
    server = _server(app, 1)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield url(sock, "").rstrip("/")
    finally:
        stop = getattr(getattr(app, "state", None), "stop", None)
        if stop is not None:
            stop()
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
    if thread.is_alive():
        raise RuntimeError("the live server did not stop")
