"""What both live servers (`serve`, `play`) refuse before a page or the API sees a request, and
the headers every answer carries.

- **Host.** Only this machine's loopback names (`127.0.0.1`, `localhost`, `[::1]`) and the
  address given with `--host` are answered; with a wildcard `--host` (`0.0.0.0`, `::`) any IP
  address too. A web page the designer visits cannot rebind its own name to 127.0.0.1 and read
  the preview or a seat (DNS rebinding): its requests carry its own name as Host.
- **Cross-site requests.** A POST must be `Content-Type: application/json` (a form or a
  `text/plain` fetch, which a browser sends cross-site without asking, is refused) and, when
  the browser says where it comes from (`Origin`, `Sec-Fetch-Site`), come from the page's own
  origin.
- **Size.** A request body over 64 KiB is refused before it is read further.
- **Headers.** A strict Content-Security-Policy (scripts, styles, pictures and connections
  only from the server itself; no inline script, no frames, no forms), `nosniff`, no Referer
  (a seat's address holds its token). The rulebook page, whose HTML sets sizes inline, may
  send its own policy allowing inline styles (never scripts).
"""

from __future__ import annotations

import ipaddress
from typing import Any, Awaitable, Callable

from starlette.datastructures import Headers

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
WILDCARD = frozenset({"0.0.0.0", "::", ""})
MAX_BODY = 64 * 1024
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")
#: The rulebook's own policy: its HTML sets sizes in style attributes.
RULEBOOK_CSP = CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


def host_name(header: str) -> str:
    """The name in a Host header, without its port or brackets: `[::1]:80` -> `::1`."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    return header.rpartition(":")[0] if header.count(":") == 1 else header


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Guard:
    """ASGI middleware: refuses what the module docstring lists, adds the headers."""

    def __init__(self, app: Any, host: str = "127.0.0.1"):
        self.app = app
        self.bound = host_name(host if not _is_ip(host) or ":" not in host else f"[{host}]")

    def host_ok(self, header: str) -> bool:
        name = host_name(header)
        if name in LOOPBACK or (name and name == self.bound):
            return True
        return self.bound in WILDCARD and _is_ip(name)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if not self.host_ok(headers.get("host", "")):
            await _refuse(send, 421, "this server answers only its own address")
            return
        if scope.get("method", "GET") not in ("GET", "HEAD"):
            problem = _cross_site(headers)
            if problem:
                await _refuse(send, 403, problem)
                return
            body = await _read(receive)
            if body is None:
                await _refuse(send, 413, "the request is too large")
                return
            receive = _replay(body, receive)
        await self.app(scope, receive, _with_headers(send))


def _cross_site(headers: Headers) -> str:
    kind = headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != "application/json":
        return "a request to change the table must be JSON"
    site = headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return "a request from another site is refused"
    origin = headers.get("origin")
    if origin is not None and origin != f"http://{headers.get('host', '')}":
        return "a request from another site is refused"
    return ""


async def _read(receive: Receive) -> bytes | None:
    """The whole body, or None once it passes MAX_BODY."""
    chunks, size, more = [], 0, True
    while more:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY:
            return None
        chunks.append(chunk)
        more = message.get("more_body", False)
    return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def again() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return again


def _with_headers(send: Send) -> Send:
    async def sending(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            raw = list(message.get("headers", []))
            names = {k.lower() for k, _ in raw}
            if b"content-security-policy" not in names:
                raw.append((b"content-security-policy", CSP.encode()))
            raw += [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
            message = {**message, "headers": raw}
        await send(message)
    return sending


async def _refuse(send: Send, status: int, text: str) -> None:
    body = (text + "\n").encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()),
                            (b"content-security-policy", CSP.encode())]})
    await send({"type": "http.response.body", "body": body})
