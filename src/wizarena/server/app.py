"""The web table's ASGI app: `create_app(db_url)` wires the database, the live tables, the
notifier, the HTTP API, the WebSocket endpoint and the pages together.

On start the app migrates the database (`alembic upgrade head`), starts listening for other
workers (PostgreSQL) and rebuilds every unfinished table by replaying its moves, so a
crash or restart loses no accepted move.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.engine import Engine
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import wizarena

from . import api, pages
from . import reports as study_reports
from .db import DEFAULT_URL, SQLITE_CHECKPOINT_S, checkpoint, make_engine
from .errors import TableError
from .keys import ENV_KEYS, KeyRing, keys_folder
from .limits import Limits, RateLimited, parse_limits
from .logs import redact_tokens
from .migrate import upgrade
from .notify import make_notifier
from .store import Store
from .tables import TableManager
from .ws import table_socket

log = logging.getLogger("wizarena.server")

ENV_DB = "WIZARENA_DB"
ENV_LIMITS = "WIZARENA_LIMITS"  # name=value,... as `wizarena serve --limit` takes them
ENV_REPORTS = study_reports.ENV_REPORTS  # the folder of `wizarena serve --reports`, or empty
MAX_BODY_BYTES = 64 * 1024


class BodyLimit:
    """Refuse HTTP bodies over a size (413) before the framework reads them into memory."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        # At most a dozen digits before int(): a header of thousands of digits is refused,
        # not handed to a conversion that raises on it.
        if length is not None and (len(length) > 12 or not length.isdigit() or int(length) > self.limit):
            await JSONResponse({"detail": f"request body over {self.limit} bytes"}, 413)(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise TableError(413, f"request body over {self.limit} bytes")
            return message

        await self.app(scope, limited, send)


def _one_line(exc: RequestValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return "invalid request"
    first = errors[0]
    if first.get("type") == "json_invalid":
        return "the body is not valid JSON"
    where = ".".join(str(x) for x in first.get("loc", ())[1:]) or "body"
    return " ".join(f"{where}: {first.get('msg', 'invalid')}".split())


def create_app(db_url: str = DEFAULT_URL, *, clock: Callable[[], float] = time.monotonic,
               limits: Limits | None = None, agent_setup: Callable[[], None] | None = None,
               reports: str | os.PathLike[str] | None = None,
               keys: str | os.PathLike[str] | None = None) -> FastAPI:
    """The web table on the database at `db_url` (sqlite:///FILE or postgresql://...).

    `clock` (monotonic seconds) times seat absence and the rate limits, so tests can control
    them; `limits` holds every limit (limits.py), the computer's move budget and number of
    thinking processes included; `agent_setup`, a module-level function, runs in each
    thinking process before its first move (to register agents of your own there);
    `reports`, a folder of balance studies (`wizarena study --out`) to list and serve, read-only;
    `keys`, the folder of the key file that signs finished tables' records (default: beside
    the SQLite file, or the working directory for PostgreSQL; see keys.py). The key file is
    read, or made, when first needed.
    """
    engine = make_engine(db_url, checkpoint_elsewhere=True)
    store = Store(engine)
    limits = limits or Limits()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        redact_tokens()
        await asyncio.to_thread(upgrade, engine)
        notifier = make_notifier(db_url)
        manager = TableManager(store, notifier, clock=clock, limits=limits, agent_setup=agent_setup)
        app.state.manager = manager
        await notifier.start(manager.on_notify, manager.catch_up_all, manager.on_presence, manager.on_hello)
        checkpoints = asyncio.create_task(_checkpoint_often(engine))
        try:
            await manager.start()
            yield
        finally:
            checkpoints.cancel()
            await notifier.stop()
            await manager.stop()
            await asyncio.gather(checkpoints, return_exceptions=True)
            engine.dispose()

    app = FastAPI(title="wizarena web table", version=wizarena.__version__, lifespan=lifespan,
                  description="Play wizard games by their printed rules: see docs/web-protocol.md.")
    app.state.limits = limits
    app.state.store = store
    app.state.reports = study_reports.reports_folder(reports)
    app.state.keys = KeyRing(keys_folder(db_url, keys))

    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        body: dict[str, Any] = {"detail": " ".join(exc.message.split())}
        if exc.rule:
            body["rule"] = exc.rule
        headers = {"Retry-After": exc.retry_after_header} if isinstance(exc, RateLimited) else None
        return JSONResponse(body, status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _one_line(exc)}, status_code=400)

    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(study_reports.router)
    app.add_api_websocket_route("/ws/tables/{table_id}", table_socket)
    pages.mount_static(app)
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    return app


# The cyclic garbage collector's thresholds for a serving worker (Python's own: 700, 10, 10).
COLLECTOR_THRESHOLDS = (50_000, 20, 100)


async def _checkpoint_often(engine: Engine) -> None:
    """Copy a SQLite file's write-ahead log into the database every SQLITE_CHECKPOINT_S
    seconds, in a thread (make_engine's `checkpoint_elsewhere`). A failed checkpoint is
    logged and tried again at the next turn: the log then only grows for a while."""
    while True:
        await asyncio.sleep(SQLITE_CHECKPOINT_S)
        try:
            if await asyncio.to_thread(checkpoint, engine) is None:
                return  # nothing to copy for this database, ever
        except Exception:
            log.exception("checkpointing the database failed; trying again in %s s", SQLITE_CHECKPOINT_S)


def tune_collector() -> None:
    """Make the garbage collector's pauses rare and short in a serving worker.

    Under load a worker holds some 300,000 objects (a thousand WebSocket connections each
    keep a stack of ASGI coroutines, the tables their states), and with Python's default
    thresholds it walked all of them every few seconds: full collections of 100-300 ms,
    during which no move was answered, set the 99th percentile of the round trip. Almost
    all of a move's garbage is freed by reference counting, so the young generation is
    collected after 50,000 allocations instead of 700 (less survives into the old ones),
    a full collection comes after 2,000 young ones instead of 100, and what the worker
    imported before serving is frozen out of every collection (`gc.freeze`).
    """
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def app_from_env() -> FastAPI:
    """The app factory `wizarena serve` hands uvicorn (one call per worker process)."""
    tune_collector()
    return create_app(os.environ.get(ENV_DB, DEFAULT_URL), limits=parse_limits(os.environ.get(ENV_LIMITS, "")),
                      reports=os.environ.get(ENV_REPORTS) or None, keys=os.environ.get(ENV_KEYS) or None)
