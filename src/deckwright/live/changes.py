"""A version number that pages follow: bumped on every change, streamed as server-sent events.

Both live apps (preview and play table) have one. A page keeps an EventSource on the stream and
fetches its own data again on each event; the stream sends the current version at once, then one
event per change (several quick changes may arrive as one), and a comment every 15 s so proxies
keep the connection open. `close()` ends every stream within `POLL` seconds: a server that
stops (Ctrl-C) does not wait on pages that are still open.
"""

from __future__ import annotations

import asyncio
from typing import AsyncIterator

from starlette.requests import Request
from starlette.responses import StreamingResponse

KEEP_ALIVE = 15.0
#: how often an idle stream looks whether the server is stopping
POLL = 0.25


class Changes:
    def __init__(self) -> None:
        self.version = 0
        self.condition = asyncio.Condition()
        self.closed = False

    def close(self) -> None:
        """End every stream (safe to call from a signal handler: it only sets a flag)."""
        self.closed = True

    async def bump(self) -> None:
        async with self.condition:
            self.version += 1
            self.condition.notify_all()

    async def _events(self, request: Request) -> AsyncIterator[str]:
        seen = self.version
        yield f"data: {seen}\n\n"
        idle = 0.0
        while not self.closed and not await request.is_disconnected():
            async with self.condition:
                if self.version == seen:
                    try:
                        await asyncio.wait_for(self.condition.wait(), timeout=POLL)
                    except asyncio.TimeoutError:
                        idle += POLL
                        if idle >= KEEP_ALIVE:
                            idle = 0.0
                            yield ": keep-alive\n\n"
                        continue
                seen = self.version
            idle = 0.0
            yield f"data: {seen}\n\n"

    def stream(self, request: Request) -> StreamingResponse:
        return StreamingResponse(self._events(request), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store"})
