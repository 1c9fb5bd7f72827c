"""Telling the other workers that a table changed.

With PostgreSQL several worker processes may serve one database, each with its own live
tables and WebSocket clients. The worker that accepts a move runs `NOTIFY wizarena,
'<table id>:<moves>:<worker id>'` inside the accepting transaction, so the notification
goes out exactly when the move is committed (`<moves>` is the table's number of moves
with it, empty when only the seats changed). Every worker LISTENs on a dedicated
connection and, when told, reads the new rows of that table and pushes them to its own
clients. PostgreSQL delivers a notification to its sender too: a worker ignores its own,
because it applied that change in memory before committing it, and reading it back was a
third of a worker's database time under load. With SQLite there is one worker and
nothing to tell: `Notifier` does nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from sqlalchemy import Connection, text

from .db import libpq_url

log = logging.getLogger("wizarena.server")

CHANNEL = "wizarena"
FIRST_LISTEN_WAIT_S = 15.0
MAX_BACKOFF_S = 10.0

OnTable = Callable[[str, int | None], Awaitable[None]]  # (table id, its moves; None: unknown)
OnReconnect = Callable[[], Awaitable[None]]


@dataclass(frozen=True)
class Notice:
    """One notification: which table changed, its number of moves after the change (None
    when only the seats changed, or the sender did not say), and which worker sent it."""

    table_id: str
    moves: int | None = None
    worker: str | None = None

    def payload(self) -> str:
        return f"{self.table_id}:{'' if self.moves is None else self.moves}:{self.worker or ''}"

    @classmethod
    def parse(cls, payload: str) -> Notice:
        """Read a payload; a bare table id (no colons) is a change of unknown extent, so a
        worker that meets one reads the whole change back rather than guessing."""
        table_id, _, rest = payload.partition(":")
        moves, _, worker = rest.partition(":")
        return cls(table_id, int(moves) if moves.isdigit() else None, worker or None)


class Notifier:
    """One worker, nobody to tell (SQLite)."""

    shared = False  # True when other workers may change the database too

    def on_commit(self, conn: Connection, table_id: str, moves: int | None) -> None:
        """Called inside a transaction that changed `table_id` (to `moves` moves; None: its seats)."""

    async def start(self, on_table: OnTable, on_reconnect: OnReconnect) -> None:
        """Begin listening for the other workers' changes."""

    async def stop(self) -> None:
        """Stop listening."""


class PgNotifier(Notifier):
    """LISTEN/NOTIFY on PostgreSQL, on a psycopg async connection of its own."""

    shared = True

    def __init__(self, url: str) -> None:
        self.conninfo = libpq_url(url)
        # Tells this worker's notifications from the others'; random rather than the pid,
        # since workers on different machines (containers) may share one database and pids.
        self.worker_id = secrets.token_hex(6)
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._handlers: set[asyncio.Task[None]] = set()

    def on_commit(self, conn: Connection, table_id: str, moves: int | None) -> None:
        conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                     {"channel": CHANNEL, "payload": Notice(table_id, moves, self.worker_id).payload()})

    async def start(self, on_table: OnTable, on_reconnect: OnReconnect) -> None:
        """Start the listener; returns once it listens (or after a while, still retrying),
        so that a worker does not announce itself ready while deaf to the others."""
        self._task = asyncio.create_task(self._listen(on_table, on_reconnect))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._ready.wait(), FIRST_LISTEN_WAIT_S)
        if not self._ready.is_set():
            log.warning("not yet listening for other workers' moves; still trying")

    async def stop(self) -> None:
        tasks = [t for t in (self._task, *self._handlers) if t is not None]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _spawn(self, work: Awaitable[None]) -> None:
        async def run() -> None:
            try:
                await work
            except Exception:
                log.exception("handling a notification failed")
        task = asyncio.ensure_future(run())
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)

    async def _listen(self, on_table: OnTable, on_reconnect: OnReconnect) -> None:
        import psycopg

        backoff = 0.5
        connected_before = False
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self._ready.set()
                    backoff = 0.5
                    if connected_before:  # moves made while we were deaf
                        self._spawn(on_reconnect())
                    connected_before = True
                    async for note in conn.notifies():
                        notice = Notice.parse(note.payload)
                        if notice.worker != self.worker_id:  # our own change is applied already
                            self._spawn(on_table(notice.table_id, notice.moves))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("LISTEN connection lost (%s); reconnecting in %.1f s", exc, backoff)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, MAX_BACKOFF_S)


def make_notifier(url: str) -> Notifier:
    from .db import is_postgres

    return PgNotifier(url) if is_postgres(url) else Notifier()
