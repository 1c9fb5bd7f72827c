"""The WebSocket endpoint `/ws/tables/{id}?seat=N`: follow a table and play on it.

Each connection has an outbox drained by its own sender task, so pushing a state to a
table's followers never waits for a slow client, and a refusal goes to the one client
that caused it and to nobody else. Limits (limits.py, defaults shown): a message over
4096 bytes, one that is not a JSON object, or of an unknown type gets an error; more than
30 messages within a second gets an error and the connection is closed with 1008; moves
faster than the seat's rate (shared by all the seat's connections and its HTTP moves) get
an error and the connection stays.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from . import messages
from .errors import TableError
from .identity import request_tokens
from .limits import Limits
from .live import LiveTable
from .tables import TableManager

log = logging.getLogger("wizarena.server")

OUTBOX_LIMIT = 512  # a client this far behind is not reading: let it go
CLOSE_POLICY = 1008
CLOSE_TOO_SLOW = 1013
CLOSE_NO_TABLE = 4404


class RateLimit:
    """At most `limit` messages in any `window` seconds (a sliding window of arrival times)."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float]) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self.times: deque[float] = deque()

    def allow(self) -> bool:
        now = self.clock()
        while self.times and now - self.times[0] >= self.window:
            self.times.popleft()
        self.times.append(now)
        return len(self.times) <= self.limit


class Connection:
    """One WebSocket follower of a table (a `tables.Listener`)."""

    def __init__(self, websocket: WebSocket, seat: int | None) -> None:
        self.websocket = websocket
        self.seat = seat
        self.cursor = 0
        self.shown: str | None = None
        self.outbox: asyncio.Queue[str | int | None] = asyncio.Queue()
        self.closing = False

    def push(self, message: dict[str, Any] | str) -> None:
        """Queue `message` (a message, or one already encoded) for the sender."""
        if self.closing:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            log.warning("a client of seat %s reads too slowly; closing it", self.seat)
            self.close(CLOSE_TOO_SLOW)
            return
        self.outbox.put_nowait(message if isinstance(message, str) else messages.encode(message))

    def close(self, code: int) -> None:
        """Send what is queued, then close with `code`."""
        if not self.closing:
            self.closing = True
            self.outbox.put_nowait(code)

    async def run_sender(self) -> None:
        try:
            while True:
                item = await self.outbox.get()
                if item is None:
                    return
                if isinstance(item, int):
                    await self.websocket.close(code=item)
                    return
                await self.websocket.send_text(item)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the client is gone


def same_origin(websocket: WebSocket) -> bool:
    """Browsers send cookies with a WebSocket opened by any site; only a page of this server
    may use them (a token in the URL still works from anywhere: it was given, not ambient)."""
    origin = websocket.headers.get("origin")
    if not origin:
        return True
    return urlsplit(origin).netloc.lower() == (websocket.headers.get("host") or "").lower()


def choose_seat(requested: str | None, held: set[int]) -> tuple[int | None, str]:
    """The seat a connection serves, and a note for the client when it asked for more than
    its tokens allow (it then watches as a spectator)."""
    if requested is None or requested == "":
        return (min(held) if held else None), ""
    try:
        seat = int(requested)
    except ValueError:
        return None, "seat must be a number: watching as a spectator"
    if seat in held:
        return seat, ""
    return None, f"no token for seat {seat}: watching as a spectator"


async def table_socket(websocket: WebSocket, table_id: str) -> None:
    manager: TableManager = websocket.app.state.manager
    limits: Limits = websocket.app.state.limits
    try:
        table = await manager.get(table_id)
        if manager.notifier.shared:
            await table.catch_up()  # another worker may have moved it: the database decides
    except TableError as exc:
        await websocket.accept()
        await websocket.send_text(json.dumps(messages.error(exc.message)))
        await websocket.close(code=CLOSE_NO_TABLE if exc.status == 404 else 1011)
        return
    tokens = request_tokens(table_id, websocket.headers, websocket.query_params, websocket.cookies,
                            trust_cookie=same_origin(websocket))
    seat, note = choose_seat(websocket.query_params.get("seat"), table.seats_for(tokens))
    await websocket.accept()
    conn = Connection(websocket, seat)
    sender = asyncio.create_task(conn.run_sender())
    if note:
        conn.push(messages.error(note))
    await table.attach(conn)
    try:
        await _receive(websocket, conn, table, RateLimit(limits.rate, limits.window_s, manager.clock), limits)
    except WebSocketDisconnect:
        pass
    finally:
        await table.detach(conn)
        if conn.closing:  # we close: let the sender deliver the last error and the close
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, 10)
        else:
            conn.outbox.put_nowait(None)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender


async def _receive(websocket: WebSocket, conn: Connection, table: LiveTable, rate: RateLimit, limits: Limits) -> None:
    while not conn.closing:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        if not rate.allow():
            conn.push(messages.error(f"more than {limits.rate} messages a second: closing the connection"))
            conn.close(CLOSE_POLICY)
            return
        raw = message.get("text")
        size = len(raw.encode("utf-8")) if raw is not None else len(message.get("bytes") or b"")
        if size > limits.max_bytes:
            conn.push(messages.error(f"message too large: {size} bytes, at most {limits.max_bytes}"))
            continue
        if raw is None:
            conn.push(messages.error("send JSON text frames"))
            continue
        try:
            data = json.loads(raw)
        except ValueError:
            conn.push(messages.error("not JSON: a message is an object with a 'type'"))
            continue
        except RecursionError:  # deep nesting fits in a small frame; the parser gives up on it
            conn.push(messages.error("JSON nested too deeply: a message is a flat object with a 'type'"))
            continue
        await _handle(conn, table, data)


async def _handle(conn: Connection, table: LiveTable, data: Any) -> None:
    kind = data.get("type") if isinstance(data, dict) else None
    if kind == "ping":
        conn.push({"type": "pong"})
    elif kind == "act":
        if "action" not in data:
            conn.push(messages.error("an act message needs an 'action': its id or text"))
            return
        try:
            await table.act(conn.seat, data["action"], data.get("seq"))
        except TableError as exc:
            conn.push(messages.error(exc.message, exc.rule))
    elif not isinstance(data, dict):
        conn.push(messages.error("a message is a JSON object with a 'type'"))
    else:
        shown = kind if isinstance(kind, str) and len(kind) <= 32 else "?"
        conn.push(messages.error(f"unknown message type {shown!r}: use 'act' or 'ping'"))
