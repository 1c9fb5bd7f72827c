"""Telling the other workers that a table changed.

With PostgreSQL several worker processes may serve one database, each with its own live
tables and WebSocket clients. The worker that accepts a move runs `NOTIFY wizarena,
'<table id>:<moves>:<worker id>:<seat>:<action id>'` inside the accepting transaction, so
the notification goes out exactly when the move is committed (`<moves>` is the table's
number of moves with it; `<moves>` and the move are empty when only the seats changed).
Every worker LISTENs on a dedicated connection and, when told, applies the move it was
told of if that is the one move it lacks of the table, or else reads the rows it lacks
(reading every move back cost the other worker a query a move), and pushes the change
to its own clients. PostgreSQL delivers a notification to its sender too: a worker ignores its own,
because it applied that change in memory before committing it, and reading it back was a
third of a worker's database time under load. With SQLite there is one worker and
nothing to tell: `Notifier` does nothing.

Seat presence travels the same channel, since a person connected to one worker must not
look absent to another (which would let the opponent hand the seat to a computer there).
When a worker's number of connections to a seat changes it sends `@<table id>:<seat>:
<worker id>:<count>`, and every worker adds up the latest count of each worker. A worker
that starts listening (or listens again after losing its connection) sends `@?:<worker
id>`, and the others answer with their counts, which it may have missed. A worker that
dies without saying goodbye leaves its last count behind: the seat stays "connected"
until the other workers restart. That errs on the safe side (nobody takes a person's
seat away), and is far rarer than the wrong answer it replaces.
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

Move = tuple[int, int]  # (seat, action id)
OnTable = Callable[[str, int | None, Move | None], Awaitable[None]]  # table id, its moves (None: unknown), the last
MAX_NUMBER_DIGITS = 12  # a number in a payload: plain ASCII digits, at most this many
OnReconnect = Callable[[], Awaitable[None]]
OnPresence = Callable[["SeatCount"], Awaitable[None]]
OnHello = Callable[[], Awaitable[None]]  # another worker asks for our presence counts

PRESENCE = "@"  # the payload prefix of presence messages; table ids never contain it
HELLO = "?"  # in place of a table id: a worker asks the others for their counts


def number(text: str) -> int | None:
    """A count in a payload, or None for anything else (`str.isdigit` alone would let
    characters like '²' through to an `int()` that refuses them)."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS:
        return int(text)
    return None


@dataclass(frozen=True)
class Notice:
    """One notification: which table changed, its number of moves after the change (None
    when only the seats changed, or the sender did not say), which worker sent it, and
    the move that made that number (seat, action id), when it was a move."""

    table_id: str
    moves: int | None = None
    worker: str | None = None
    move: Move | None = None

    def payload(self) -> str:
        move = "" if self.move is None else f"{self.move[0]}:{self.move[1]}"
        return f"{self.table_id}:{'' if self.moves is None else self.moves}:{self.worker or ''}:{move}"

    @classmethod
    def parse(cls, payload: str) -> Notice:
        """Read a payload; a bare table id (no colons) is a change of unknown extent, so a
        worker that meets one reads the whole change back rather than guessing, as it does
        for a move it cannot read."""
        table_id, _, rest = payload.partition(":")
        moves, _, rest = rest.partition(":")
        worker, _, move = rest.partition(":")
        seat, _, action_id = move.partition(":")
        mover, action = number(seat), number(action_id)
        return cls(table_id, number(moves), worker or None,
                   None if mover is None or action is None else (mover, action))


@dataclass(frozen=True)
class SeatCount:
    """One worker's number of connections to one seat of one table."""

    table_id: str
    seat: int
    worker: str
    count: int

    def payload(self) -> str:
        return f"{PRESENCE}{self.table_id}:{self.seat}:{self.worker}:{self.count}"

    @classmethod
    def parse(cls, payload: str) -> SeatCount | None:
        """Read a presence payload (None if it is malformed: better ignored than fatal)."""
        parts = payload.removeprefix(PRESENCE).split(":")
        if len(parts) != 4:
            return None
        seat, count = number(parts[1]), number(parts[3])
        if seat is None or count is None:
            return None
        return cls(parts[0], seat, parts[2], count)


class Notifier:
    """One worker, nobody to tell (SQLite)."""

    shared = False  # True when other workers may change the database too
    worker_id = ""  # names this worker's own connections in the presence counts

    def on_commit(self, conn: Connection, table_id: str, moves: int | None, move: Move | None = None) -> None:
        """Called inside a transaction that changed `table_id` (to `moves` moves by `move`;
        None: its seats)."""

    def on_presence(self, conn: Connection, count: SeatCount) -> None:
        """Called in a transaction of its own to tell the others this worker's `count`."""

    async def start(self, on_table: OnTable, on_reconnect: OnReconnect,
                    on_presence: OnPresence, on_hello: OnHello) -> None:
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

    def on_commit(self, conn: Connection, table_id: str, moves: int | None, move: Move | None = None) -> None:
        conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                     {"channel": CHANNEL, "payload": Notice(table_id, moves, self.worker_id, move).payload()})

    def on_presence(self, conn: Connection, count: SeatCount) -> None:
        conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": count.payload()})

    async def start(self, on_table: OnTable, on_reconnect: OnReconnect,
                    on_presence: OnPresence, on_hello: OnHello) -> None:
        """Start the listener; returns once it listens (or after a while, still retrying),
        so that a worker does not announce itself ready while deaf to the others."""
        self._task = asyncio.create_task(self._listen(on_table, on_reconnect, on_presence, on_hello))
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

    async def _listen(self, on_table: OnTable, on_reconnect: OnReconnect,
                      on_presence: OnPresence, on_hello: OnHello) -> None:
        import psycopg

        backoff = 0.5
        connected_before = False
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{PRESENCE}{HELLO}:{self.worker_id}"))
                    self._ready.set()
                    backoff = 0.5
                    if connected_before:  # moves made while we were deaf
                        self._spawn(on_reconnect())
                    connected_before = True
                    async for note in conn.notifies():
                        self._dispatch(note.payload, on_table, on_presence, on_hello)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("LISTEN connection lost (%s); reconnecting in %.1f s", exc, backoff)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, MAX_BACKOFF_S)


    def _dispatch(self, payload: str, on_table: OnTable, on_presence: OnPresence, on_hello: OnHello) -> None:
        """Hand one notification to its handler, ignoring our own: we applied it already."""
        if not payload.startswith(PRESENCE):
            notice = Notice.parse(payload)
            if notice.worker != self.worker_id:
                self._spawn(on_table(notice.table_id, notice.moves, notice.move))
        elif payload.startswith(f"{PRESENCE}{HELLO}:"):
            if payload != f"{PRESENCE}{HELLO}:{self.worker_id}":
                self._spawn(on_hello())
        elif (count := SeatCount.parse(payload)) is not None and count.worker != self.worker_id:
            # Counts are absolute, but the handler records them before its first await, so
            # handlers spawned in arrival order apply them in that order.
            self._spawn(on_presence(count))


def make_notifier(url: str) -> Notifier:
    from .db import is_postgres

    return PgNotifier(url) if is_postgres(url) else Notifier()
