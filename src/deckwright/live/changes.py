"""A version number that pages follow: bumped on every change, streamed as server-sent events.

Both live apps (preview and play table) have one. A page keeps an EventSource on the stream and
fetches its own data again on each event; the stream sends the current version at once, then one
event per change (several quick changes may arrive as one), and a comment every 15 s so proxies
keep the connection open.
"""

from __future__ import annotations

import asyncio
from typing import AsyncIterator

from starlette.requests import Request
from starlette.responses import StreamingResponse

KEEP_ALIVE = 15.0


class Changes:
    def __init__(self) -> None:
        self.version = 0
        self.condition = asyncio.Condition()

    async def bump(self) -> None:
        async with self.condition:
            self.version += 1
            self.condition.notify_all()

    async def _events(self, request: Request) -> AsyncIterator[str]:
        seen = self.version
        yield f"data: {seen}\n\n"
        while not await request.is_disconnected():
            async with self.condition:
                if self.version == seen:
                    try:
                        await asyncio.wait_for(self.condition.wait(), timeout=KEEP_ALIVE)
                    except asyncio.TimeoutError:
                        yield ": keep-alive\n\n"
                        continue
                seen = self.version
            yield f"data: {seen}\n\n"

    def stream(self, request: Request) -> StreamingResponse:
        return StreamingResponse(self._events(request), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store"})
