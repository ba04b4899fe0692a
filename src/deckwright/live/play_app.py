"""`deckwright play`: the browser table, a thin page over the table's seats, views and decisions.

Every request names a seat by its token (`/seat/<token>`, `/api/<token>/...`): the answers carry
that seat's view and log only, so a page's source holds no card of another hand and nothing the
deal could be rebuilt from. Bots move in a background task with a short visible delay; every
change bumps a version that the pages follow through server-sent events and then fetch their
own view again. `guard.Guard` stands in front (Host, cross-site requests, body size, CSP); a
request the table cannot take is a 4xx with a one-line reason, never a 500.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Callable, TypeVar

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import record
from ..i18n import N_, words
from ..paths import UnsafePath
from ..press.rulebook.examples import Drawer
from ..press.rulebook.labels import Labels, MissingLabel
from .changes import Changes
from .faces import Faces
from .guard import Guard
from .table import Table, TableError

STATIC = Path(__file__).parent / "static"
#: deckwright's words for a zone at the table where the rulebook's word names something else
ZONE_WORDS = {"hand": N_("Hand")}
T = TypeVar("T")


class Live:
    """The table plus what the pages need to follow it: a lock, a version, a change signal."""

    def __init__(self, table: Table, faces: Faces, playtest_dir: Path | None,
                 bot_delay: float):
        self.table, self.faces = table, faces
        #: decisions read as sentences in the game's language, as the rulebook's examples do
        self._sentence = Drawer(table.game.data).sentence
        self.labels = Labels(table.game.data)
        self._ = words(table.game.data.language)
        self.playtest_dir, self.bot_delay = playtest_dir, bot_delay
        self.lock = asyncio.Lock()
        self.changes = Changes()

    def sentence(self, notation: str) -> str:
        """A decision as a sentence, made from its words as the table's state parses them
        (Table.decision_words; call it under the lock); a verb no example uses may have no
        label yet, and then the page shows the notation alone (it is printed under every
        sentence anyway)."""
        try:
            return self._sentence(self.table.decision_words(notation))
        except MissingLabel:
            return ""

    def public(self, facts: dict[str, Any]) -> list[dict[str, str]]:
        """A module's public facts (`State.public_info`: the colour named after a Wild, a
        pending draw) as the page prints them: the game's word for each, its value in words."""
        shown = []
        for key, value in facts.items():
            text = self.fact_text(value)
            if text:
                name = self.labels.get(key) or str(key).replace("_", " ").capitalize()
                shown.append({"key": key, "name": name, "value": text})
        return shown

    def fact_text(self, value: Any) -> str:
        """A fact in words; nothing for what says nothing (none, no one, zero)."""
        if value is None or value is False or value == 0 or value == [] or value == {}:
            return ""
        if value is True:
            return "✓"
        if isinstance(value, dict):
            return ", ".join(f"{self.fact_text(k)} {self.fact_text(v)}".strip()
                             for k, v in value.items() if self.fact_text(v))
        if isinstance(value, (list, tuple)):
            return ", ".join(self.fact_text(v) for v in value)
        text = str(value)
        palette = self.table.game.data.db.game.palette
        if text in palette:
            return palette[text].name
        if text[:1] == "p" and text[1:].isdigit():
            return self.labels.player(text) or text
        return self.labels.get(text) or text

    def zone_title(self, key: str) -> str:
        """A zone as the game names it (`hand p2` -> 手札 P2, Hand P2), never its identifier
        when the game or deckwright has a word for it (a player's one hand is not the
        rulebook's "Hands", the setup key for all of them)."""
        name, _, owner = key.partition(" ")
        title = (self.labels.own.get(name) or (self._(ZONE_WORDS[name]) if name in ZONE_WORDS
                                                 else None)
                 or self.labels.get(name) or name)
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


class BadRequest(ValueError):
    """A request body the table cannot read (answered 400)."""


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
    body["public"] = live.public(body["public"])
    body["names"] = {seat["name"]: live.labels.player(seat["name"]) or seat["name"]
                     for seat in body["seats"]}
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


def _refused(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
    """A handler whose refusals are answers: no such seat 404, an unreadable body 400, what
    the table or the recorder refuses 409."""
    async def answer(request: Request) -> Response:
        try:
            return await handler(request)
        except BadRequest as exc:
            return _error(exc, 400)
        except LookupError as exc:
            return _error(exc.args[0] if exc.args else exc, 404)
        except (TableError, record.RecordError, UnsafePath, OSError) as exc:
            return _error(exc)
    return answer


def _json(raw: bytes) -> Any:
    """A small JSON object: nesting, number length and size bounded (Python's own parser
    recurses, and turns a 5,000-digit number into an error of its own)."""
    depth = 0
    for byte in raw:   # a cheap bound before parsing: brackets open at once
        if byte in b"[{":
            depth += 1
            if depth > 32:
                raise BadRequest("the request nests too deep")
        elif byte in b"]}":
            depth -= 1
    try:
        return json.loads(raw, parse_int=_small_int)
    except (ValueError, RecursionError) as exc:
        raise BadRequest(f"the request is not JSON ({exc})"[:200]) from None


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > 18:
        raise ValueError("a number too long")
    return int(text)


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    data = _json(raw) if raw.strip() else {}
    if not isinstance(data, dict):
        raise BadRequest("the request is not a JSON object")
    return data


def _live_seat(request: Request) -> tuple[Live, int]:
    try:
        return _seat(request)
    except TableError as exc:
        raise LookupError(str(exc)) from None


@_refused
async def act(request: Request) -> Response:
    live, seat = _live_seat(request)
    text = str((await _body(request)).get("action", ""))
    await live.change(lambda: live.table.act(seat, text))
    return JSONResponse({"ok": True})


@_refused
async def undo(request: Request) -> Response:
    live, seat = _live_seat(request)
    await _body(request)
    n = await live.change(lambda: live.table.undo(seat))
    return JSONResponse({"undone": n})


@_refused
async def restart(request: Request) -> Response:
    """This seat asks for a new game (`{"agree": false}` withdraws); the table restarts once
    every person has asked."""
    live, seat = _live_seat(request)
    agree = (await _body(request)).get("agree", True)
    if not isinstance(agree, bool):
        raise BadRequest("agree: expected true or false")
    restarted = await live.change(lambda: live.table.restart(seat, agree))
    return JSONResponse({"restarted": restarted})


@_refused
async def starts(request: Request) -> Response:
    """The positions an example may start from (a setup can state them), each named by what
    had just happened there as this seat's log reads it (never a number alone, never a card
    this seat has not seen)."""
    live, seat = _live_seat(request)
    async with live.lock:
        table = live.table
        points = await asyncio.to_thread(record.start_points, table)
        log = table.log(seat)
        ends = table.witness.ends
        named = [{"start": n, "after": log[ends[n] - 1] if n and ends[n] else ""}
                 for n in points]
    return JSONResponse({"starts": named, "decisions": len(table.decisions)})


@_refused
async def save(request: Request) -> Response:
    live, _ = _live_seat(request)
    body = await _body(request)
    start = body.get("start")
    if isinstance(start, bool) or not isinstance(start, int):
        raise BadRequest("start: expected a decision number")
    title = str(body.get("title") or "")[:120]
    async with live.lock:
        path, example_id = await asyncio.to_thread(
            record.save, live.table, live.playtest_dir, start, title)
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


def app(table: Table, faces: Faces, playtest_dir: Path | None, bot_delay: float = 0.6,
        host: str = "127.0.0.1") -> Starlette:
    """The table's app; `host` is the address it listens on (the Host it answers)."""
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
    application = Starlette(routes=routes, lifespan=lifespan,
                            middleware=[Middleware(Guard, host=host)])
    application.state.live = live
    application.state.stop = live.changes.close   # Ctrl-C: the pages' streams end at once
    return application
