"""`deckwright play`: the browser table, a thin page over the table's seats, views and decisions.

Every request names a seat by its token (`/seat/<token>`, `/api/<token>/...`): the answers carry
that seat's view only, so a page's source holds no card of another hand. Bots move in a
background task with a short visible delay; every change bumps a version that the pages follow
through server-sent events and then fetch their own view again.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Callable, TypeVar

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import record
from ..press.rulebook.examples import Drawer
from ..press.rulebook.labels import Labels, MissingLabel
from .changes import Changes
from .faces import Faces
from .table import Table, TableError

STATIC = Path(__file__).parent / "static"
T = TypeVar("T")


class Live:
    """The table plus what the pages need to follow it: a lock, a version, a change signal."""

    def __init__(self, table: Table, faces: Faces, playtest_dir: Path | None,
                 bot_delay: float):
        self.table, self.faces = table, faces
        #: decisions read as sentences in the game's language, as the rulebook's examples do
        self._sentence = Drawer(table.game.data).sentence
        self.labels = Labels(table.game.data)
        self.playtest_dir, self.bot_delay = playtest_dir, bot_delay
        self.lock = asyncio.Lock()
        self.changes = Changes()

    def sentence(self, notation: str) -> str:
        """A decision as a sentence; a verb no example uses may have no label yet, and then
        the page shows the notation alone (it is printed under every sentence anyway)."""
        try:
            return self._sentence(notation)
        except MissingLabel:
            return ""

    def zone_title(self, key: str) -> str:
        """A zone as the game names it (`hand p2` -> 手札 P2), never its identifier when the
        game or deckwright has a word for it."""
        name, _, owner = key.partition(" ")
        title = self.labels.get(name) or name
        return f"{title} {self.labels.player(owner) or owner}".strip()

    async def change(self, fn: Callable[[], T]) -> T:
        """Change the table and bump the version under one lock, so that a view and the
        version sent with it always belong together (the page skips versions it has shown)."""
        async with self.lock:
            result = fn()
            await self.changes.bump()
            return result

    async def run_bots(self) -> None:
        """Forever: while a bot is to move, wait the delay, let it decide, tell the pages."""
        while True:
            async with self.changes.condition:
                await self.changes.condition.wait_for(self.table.bot_to_move)
            await asyncio.sleep(self.bot_delay)
            await self.change(self._bot_step)

    def _bot_step(self) -> None:
        if self.table.bot_to_move():
            try:
                self.table.bot_step()
            except Exception as exc:  # noqa: BLE001 - shown to every seat, not lost
                self.table.fault = f"a bot's decision failed: {type(exc).__name__}: {exc}"


def _seat(request: Request) -> tuple[Live, int]:
    live: Live = request.app.state.live
    seat = live.table.seat_of(request.path_params["token"])
    if seat is None:
        raise TableError("no such seat")
    return live, seat


def _error(exc: Exception, status: int = 409) -> JSONResponse:
    return JSONResponse({"error": str(exc)}, status_code=status)


async def page(request: Request) -> Response:
    try:
        _seat(request)
    except TableError:
        return HTMLResponse("<!doctype html><title>deckwright</title><p>No such seat.", 404)
    return FileResponse(STATIC / "play.html", headers={"Cache-Control": "no-store"})


async def view(request: Request) -> Response:
    try:
        live, seat = _seat(request)
    except TableError as exc:
        return _error(exc, 404)
    async with live.lock:
        body = live.table.view(seat)
        body["version"] = live.changes.version
    body["said"] = [live.sentence(text) for text in body["legal"]]
    body["zone_titles"] = {key: live.zone_title(key) for key in body["zones"]}
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


async def _body(request: Request) -> dict[str, Any]:
    try:
        data = await request.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


async def act(request: Request) -> Response:
    try:
        live, seat = _seat(request)
        text = str((await _body(request)).get("action", ""))
        await live.change(lambda: live.table.act(seat, text))
    except TableError as exc:
        return _error(exc)
    return JSONResponse({"ok": True})


async def undo(request: Request) -> Response:
    try:
        live, seat = _seat(request)
        n = await live.change(lambda: live.table.undo(seat))
    except TableError as exc:
        return _error(exc)
    return JSONResponse({"undone": n})


async def restart(request: Request) -> Response:
    try:
        live, _ = _seat(request)
        seed = (await _body(request)).get("seed", live.table.seed + 1)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise TableError("seed: expected a whole number >= 0")
        await live.change(lambda: live.table.restart(seed))
    except TableError as exc:
        return _error(exc)
    return JSONResponse({"seed": seed})


async def starts(request: Request) -> Response:
    """The decision counts an example may start from (positions a setup can state)."""
    try:
        live, _ = _seat(request)
    except TableError as exc:
        return _error(exc, 404)
    async with live.lock:
        points = await asyncio.to_thread(record.start_points, live.table)
    return JSONResponse({"starts": points, "decisions": len(live.table.decisions)})


async def save(request: Request) -> Response:
    try:
        live, _ = _seat(request)
        body = await _body(request)
        start = body.get("start")
        if isinstance(start, bool) or not isinstance(start, int):
            raise TableError("start: expected a decision number")
        title = str(body.get("title") or "")[:120]
        async with live.lock:
            path, example_id = await asyncio.to_thread(
                record.save, live.table, live.playtest_dir, start, title)
    except (TableError, record.RecordError) as exc:
        return _error(exc)
    return JSONResponse({"file": f"playtest/{live.table.game.id}/{path.name}", "id": example_id})


async def events(request: Request) -> Response:
    try:
        live, _ = _seat(request)
    except TableError as exc:
        return _error(exc, 404)
    return live.changes.stream(request)


async def face(request: Request) -> Response:
    live: Live = request.app.state.live
    card_id, side = request.path_params["card"], request.path_params["side"]
    if side not in ("face", "back") or not live.faces.has(card_id):
        return Response(status_code=404)
    data = await asyncio.to_thread(live.faces.png, card_id, side == "back")
    return Response(data, media_type="image/png", headers={"Cache-Control": "no-cache"})


async def index(request: Request) -> Response:
    return HTMLResponse("<!doctype html><meta charset=utf-8><title>deckwright play</title>"
                        "<p>Open the seat address that <code>deckwright play</code> printed.")


def app(table: Table, faces: Faces, playtest_dir: Path | None,
        bot_delay: float = 0.6) -> Starlette:
    live = Live(table, faces, playtest_dir, bot_delay)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(live.run_bots())
        try:
            yield
        finally:
            task.cancel()

    routes = [
        Route("/", index),
        Route("/seat/{token}", page),
        Route("/api/{token}/view", view),
        Route("/api/{token}/act", act, methods=["POST"]),
        Route("/api/{token}/undo", undo, methods=["POST"]),
        Route("/api/{token}/restart", restart, methods=["POST"]),
        Route("/api/{token}/starts", starts),
        Route("/api/{token}/record", save, methods=["POST"]),
        Route("/api/{token}/events", events),
        Route("/card/{side}/{card}.png", face),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    application = Starlette(routes=routes, lifespan=lifespan)
    application.state.live = live
    return application
