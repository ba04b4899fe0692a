"""`deckwright serve`: the preview pages (gallery, rulebook, examples) and the watcher behind them.

A background task watches the project's own folders (not build/, hidden folders or caches, and
never a folder reached through a symlink, which may lead anywhere: a link to / made the watcher
follow the whole disk and die); every batch of saved files reloads the preview in a worker
thread and bumps a version that the pages follow through server-sent events. The gallery then
fetches its data again and swaps only the pictures whose address (a stamp of the face's inputs)
changed.
"""

from __future__ import annotations

import asyncio
import html
import os
import sys
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import boxed
from ..i18n import N_, words
from .changes import Changes
from .guard import RULEBOOK_CSP, Guard
from .preview import Preview

STATIC = Path(__file__).parent / "static"
IGNORED_DIRS = {"build", ".git", ".venv", "__pycache__", "node_modules", ".pytest_cache"}
RELOAD_SCRIPT = '<script src="/static/reload.js"></script>'


def watched(root: Path):
    """The watch filter: project files only, never outputs, caches or editors' temp files."""
    root = root.resolve()

    def keep(change: object, path: str) -> bool:
        try:
            parts = Path(path).resolve().relative_to(root).parts
        except ValueError:
            return False
        if any(p in IGNORED_DIRS or p.startswith(".") for p in parts[:-1]):
            return False
        name = parts[-1] if parts else ""
        return not (name.startswith(".") or name.endswith(("~", ".tmp", ".swp", ".pyc")))
    return keep


#: Most folders watched (one inotify watch each); a project has a few dozen.
MAX_FOLDERS = 2_000


def folders(root: Path) -> list[Path]:
    """The folders to watch, each on its own: the project's real folders, without build/,
    hidden folders, caches, and folders reached through a symlink (not followed)."""
    found = [root]
    for here, subdirs, _ in os.walk(root, followlinks=False):
        subdirs[:] = sorted(d for d in subdirs if d not in IGNORED_DIRS and not d.startswith(".")
                            and not os.path.islink(os.path.join(here, d)))
        found += [Path(here, d) for d in subdirs]
        if len(found) >= MAX_FOLDERS:
            return found[:MAX_FOLDERS]
    return found


class Server:
    def __init__(self, preview: Preview):
        self.preview = preview
        self.changes = Changes()
        self.reloads = 0

    async def watch(self, stop: asyncio.Event) -> None:
        """Watch the project's folders (`folders`), each without recursion, and watch anew when
        a save adds or removes a folder. A watcher that fails says so on stderr."""
        from watchfiles import awatch

        root = self.preview.project.root
        try:
            while not stop.is_set():
                watching = folders(root)
                async for changes in awatch(*watching, recursive=False, stop_event=stop,
                                            watch_filter=watched(root), debounce=150, step=30):
                    paths = sorted({Path(p) for _, p in changes})
                    await asyncio.to_thread(self.preview.reload, paths)
                    self.reloads += 1
                    await self.changes.bump()
                    if folders(root) != watching:
                        break
        except Exception as exc:  # noqa: BLE001 - the pages keep working without reloads
            print(f"deckwright: warning: the watcher stopped ({type(exc).__name__}: {exc}); "
                  f"saved files no longer reload", file=sys.stderr)


def _game(request: Request) -> str | None:
    game = request.path_params.get("game", "")
    return game if game in request.app.state.server.preview.games else None


async def index(request: Request) -> Response:
    preview: Preview = request.app.state.server.preview
    games = sorted(preview.games)
    if len(games) == 1:
        return Response(status_code=307, headers={"Location": f"/g/{games[0]}/"})
    items = "".join(f'<li><a href="/g/{html.escape(g)}/">{html.escape(preview.games[g].data.db.game.title)}</a></li>'
                    for g in games)
    return HTMLResponse(f"<!doctype html><meta charset=utf-8><title>deckwright serve</title>"
                        f'<link rel="stylesheet" href="/static/live.css"><ul>{items}</ul>')


async def gallery_page(request: Request) -> Response:
    if _game(request) is None:
        return HTMLResponse("No such game.", 404)
    return FileResponse(STATIC / "serve.html", headers={"Cache-Control": "no-store"})


async def gallery_data(request: Request) -> Response:
    server: Server = request.app.state.server
    game = _game(request)
    if game is None:
        return JSONResponse({"error": "no such game"}, 404)
    with server.preview.lock:
        body = server.preview.gallery(game)
    body["version"] = server.changes.version
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


async def card(request: Request) -> Response:
    server: Server = request.app.state.server
    game, side, card_id = _game(request), request.path_params["side"], request.path_params["card"]
    if game is None or side not in ("face", "back"):
        return Response(status_code=404)
    faces = server.preview.games[game].faces
    if not faces.has(card_id):
        return Response(status_code=404)
    try:
        data = await asyncio.to_thread(faces.png, card_id, side == "back")
    except Exception as exc:  # noqa: BLE001 - a face that cannot be drawn says why
        return Response(f"{type(exc).__name__}: {exc}", status_code=500, media_type="text/plain")
    return Response(data, media_type="image/png", headers={"Cache-Control": "no-cache"})


#: The two editions of a book the rulebook page switches between (`?edition=proof`).
EDITIONS = {"reader": N_("Reader's edition"), "proof": N_("Proof")}


def _switch(language: str, shown: str) -> str:
    """A bar at the page's top linking the two editions, the one shown in bold."""
    _ = words(language)
    links = [f'<b>{html.escape(_(label))}</b>' if key == shown else
             f'<a href="?edition={key}">{html.escape(_(label))}</a>'
             for key, label in EDITIONS.items()]
    return ('<nav class="edition-switch" style="position:sticky;top:0;z-index:9;'
            'background:#fff;border-bottom:1px solid #ccc;padding:.3em .6em;font:14px sans-serif">'
            + " · ".join(links) + "</nav>")


async def rulebook(request: Request) -> Response:
    game = _game(request)
    if game is None:
        return HTMLResponse("No such game.", 404)
    view = request.app.state.server.preview.games[game]
    shown = "proof" if request.query_params.get("edition") == "proof" else "reader"
    page = view.proof if shown == "proof" else view.rulebook
    page = page.replace("<body>", "<body>" + _switch(view.data.language, shown), 1)
    page = page.replace("</body>", f"{RELOAD_SCRIPT}</body>", 1)
    return HTMLResponse(page, headers={"Cache-Control": "no-store",
                                       "Content-Security-Policy": RULEBOOK_CSP})


async def rulebook_css(request: Request) -> Response:
    game = _game(request)
    if game is None:
        return Response(status_code=404)
    return Response(request.app.state.server.preview.games[game].css, media_type="text/css",
                    headers={"Cache-Control": "no-store"})


async def events(request: Request) -> Response:
    return request.app.state.server.changes.stream(request)


def app(preview: Preview, watch: bool = True, host: str = "127.0.0.1") -> Starlette:
    """The preview's app; `host` is the address it listens on (the Host it answers)."""
    server = Server(preview)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        stop = asyncio.Event()
        task = asyncio.create_task(server.watch(stop)) if watch else None
        try:
            yield
        finally:
            stop.set()
            boxed.stop_all()   # a reload rendering in a child would hold the shutdown
            if task is not None:
                task.cancel()

    routes = [
        Route("/", index),
        Route("/events", events),
        Route("/g/{game}/", gallery_page),
        Route("/g/{game}/data", gallery_data),
        Route("/g/{game}/card/{side}/{card}.png", card),
        Route("/g/{game}/rulebook/", rulebook),
        Route("/g/{game}/rulebook/rulebook.css", rulebook_css),
        Route("/g/{game}/rulebook/card/{side}/{card}.png", card),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    application = Starlette(routes=routes, lifespan=lifespan,
                            middleware=[Middleware(Guard, host=host)])
    application.state.server = server
    application.state.stop = server.changes.close   # Ctrl-C: the pages' streams end at once
    return application
