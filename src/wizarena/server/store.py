"""Reading and writing tables, seat tokens and accepted moves.

Every write is one short transaction. Accepting a move is the important one: the row
`seq = moves so far` is inserted first, then the caller applies the move to its live
state inside the same transaction, and the table's status follows; if another worker
inserted that `seq` first, the primary key refuses the insert (`SeqTaken`) before
anything was applied, so no accepted move is ever lost or doubled.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final, TypeVar, cast

from sqlalchemy import Connection, Engine, Table, and_, bindparam, func, insert, or_, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session

from wizarena.core import Record, WizarenaError
from wizarena.core.record import players_of
from wizarena.core.registry import game_class
from wizarena.core.rng import KEYED, commitment, generator_of

from .db import ActionRow, SeatTokenRow, TableRow, utcnow

ACTIVE, FINISHED = "active", "finished"
T = TypeVar("T")
# Called inside a committing transaction, e.g. to NOTIFY other workers atomically with it,
# with the table id, its number of moves once committed (None: only its seats changed) and
# the move (seat, action id) that made that number, so that a worker that has the moves
# before it can apply it without reading it back.
OnCommit = Callable[[Connection, str, int | None, tuple[int, int] | None], None]


class SeqTaken(Exception):
    """Another move was accepted with this sequence number first."""

    def __init__(self, table_id: str, seq: int) -> None:
        super().__init__(f"move {seq} of table {table_id} was accepted by another request first")
        self.table_id = table_id
        self.seq = seq


def _aware(moment: datetime) -> datetime:
    # SQLite hands timestamps back without a zone; they were written in UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass
class TableInfo:
    """A table's stored header: enough, with its moves, to replay it."""

    id: str
    game: str
    variant: str | None
    config: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]  # [{"seat": i, "kind": "human"|"agent", "agent": spec|None}]
    timeout_s: float
    status: str = ACTIVE
    outcome: dict[str, Any] | None = None
    created_at: datetime = field(default_factory=utcnow)
    updated_at: datetime = field(default_factory=utcnow)

    def record(self, moves: list[tuple[int, int]]) -> Record:
        # A table has one seat per player, so its seat list says the count it was made for.
        return Record(self.game, self.variant, self.seed, dict(self.config), list(moves),
                      commitment=commitment(self.seed), players=self.players)

    @property
    def players(self) -> int | None:
        """The record's `players`: the seat count, left out for a game of one fixed count."""
        try:
            counts = game_class(self.game).player_counts
        except WizarenaError:
            return len(self.seats)  # replaying will name the unknown game
        return players_of(counts, len(self.seats))

    @property
    def secret(self) -> bool:
        """Whether the table was dealt from a secret seed (the keyed generator)."""
        return generator_of(self.seed) == KEYED

    def fairness(self) -> dict[str, Any]:
        """What anyone may know of the table's chance: the generator and the commitment to
        the seed from the start, the seed itself (as hex: it has 256 bits) once the game is over."""
        out: dict[str, Any] = {"generator": generator_of(self.seed), "commitment": commitment(self.seed),
                               "chosen": not self.secret}
        if self.status == FINISHED:
            out["seed"] = format(self.seed, "x")
        return out

    @classmethod
    def from_row(cls, row: TableRow) -> TableInfo:
        seed = int(row.secret, 16) if row.secret else row.seed
        return cls(row.id, row.game, row.variant, dict(row.config or {}), seed,
                   [dict(s) for s in row.seats], row.timeout_s, row.status,
                   None if row.outcome is None else dict(row.outcome),
                   _aware(row.created_at), _aware(row.updated_at))


# A move's two statements, built once (SQLAlchemy Core on the tables themselves).
_ACTIONS: Final = cast(Table, ActionRow.__table__)
_TABLES: Final = cast(Table, TableRow.__table__)
_INSERT_ACTION: Final = insert(_ACTIONS)
_UPDATE_TABLE: Final = (update(_TABLES).where(_TABLES.c.id == bindparam("id_"))
                        .values(status=bindparam("status"), outcome=bindparam("outcome"),
                                updated_at=bindparam("updated_at")))


class Store:
    """The web table's persistence, over one SQLAlchemy engine (blocking: call from threads).

    SQLite has one writer at a time, and a connection that finds the file locked sleeps in
    growing steps before it retries; writes from this process therefore take turns on a
    lock of their own and never meet that back-off. PostgreSQL needs no such lock.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # A local SQLite file: a write is a fraction of a millisecond with no network wait,
        # so callers on an event loop may run it there (see LiveTable.store_call).
        self.local = engine.dialect.name == "sqlite"
        self._writing: AbstractContextManager[Any] = (
            threading.Lock() if engine.dialect.name == "sqlite" else contextlib.nullcontext())

    def _session(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    def _read(self, work: Callable[[Session], T]) -> T:
        """Run a read; once more if the connection turned out dead (the database restarted
        or dropped it), since the engine does not ping connections before handing them out."""
        for attempt in (0, 1):
            try:
                with self._session() as s:
                    return work(s)
            except DBAPIError as exc:
                if attempt or not exc.connection_invalidated:
                    raise
        raise AssertionError("unreachable")

    def _write(self, work: Callable[[Any, Callable[[], None]], T], *, core: bool = False) -> T:
        """Run a write transaction; once more if its connection turned out dead before its
        first statement got through. `work` calls its second argument after that first
        statement: from then on a failure is not retried, as the commit may have happened
        (and `accept` may have applied the move in memory already). `work` is handed an ORM
        Session, or with `core` a plain Connection: the path every move takes, where the
        ORM's own bookkeeping cost more than the statements."""
        for attempt in (0, 1):
            started = False

            def mark() -> None:
                nonlocal started
                started = True
            try:
                with self._writing:
                    if core:
                        with self.engine.begin() as conn:
                            return work(conn, mark)
                    with self._session() as s, s.begin():
                        return work(s, mark)
            except DBAPIError as exc:
                if attempt or started or not exc.connection_invalidated:
                    raise
        raise AssertionError("unreachable")

    # -- tables -----------------------------------------------------------------------------
    def create_table(self, info: TableInfo, token_hashes: dict[int, str], created_by: str | None = None) -> None:
        """Store a new table; `created_by`, the client address that opened it, for the open-tables cap."""
        def work(s: Session, started: Callable[[], None]) -> None:
            s.add(TableRow(id=info.id, game=info.game, variant=info.variant, config=info.config, created_by=created_by,
                           seed=0 if info.secret else info.seed,
                           secret=format(info.seed, "x") if info.secret else None, seats=info.seats,
                           timeout_s=info.timeout_s, status=info.status,
                           outcome=info.outcome, created_at=info.created_at, updated_at=info.updated_at))
            s.flush()  # the table row first: the tokens refer to it
            started()
            s.add_all(SeatTokenRow(table_id=info.id, seat=seat, token_hash=h) for seat, h in token_hashes.items())
        self._write(work)

    def get_table(self, table_id: str) -> TableInfo | None:
        def work(s: Session) -> TableInfo | None:
            row = s.get(TableRow, table_id)
            return None if row is None else TableInfo.from_row(row)
        return self._read(work)

    def list_open(self, quiet_since: datetime, keep: Iterable[str], after: tuple[datetime, str] | None,
                  limit: int) -> list[tuple[TableInfo, int]]:
        """One page of the open tables, newest first, each with its number of moves: active
        tables changed at or after `quiet_since`, or whose id is in `keep` (a person is
        connected to it), created before the table `after` (created_at, id) of the last page.
        Ordered by creation, which never changes, so pages neither skip nor repeat a table."""
        moves = select(func.count()).where(ActionRow.table_id == TableRow.id).scalar_subquery()
        keep = list(keep)
        recent = TableRow.updated_at >= quiet_since
        query = (select(TableRow, moves)
                 .where(TableRow.status == ACTIVE, or_(recent, TableRow.id.in_(keep)) if keep else recent)
                 .order_by(TableRow.created_at.desc(), TableRow.id.desc()).limit(limit))
        if after is not None:
            created, table_id = after
            query = query.where(or_(TableRow.created_at < created,
                                    and_(TableRow.created_at == created, TableRow.id < table_id)))
        return self._read(lambda s: [(TableInfo.from_row(row), int(n)) for row, n in s.execute(query)])

    def opened_by(self, address: str, quiet_since: datetime) -> tuple[int, list[str]]:
        """The active tables a client address opened: how many changed at or after
        `quiet_since`, and the ids of the others (which are open only while a person is
        connected). A count, not rows: under load an address may have a thousand tables."""
        mine = (TableRow.created_by == address, TableRow.status == ACTIVE)
        recent = select(func.count()).where(*mine, TableRow.updated_at >= quiet_since)
        quiet = select(TableRow.id).where(*mine, TableRow.updated_at < quiet_since)
        return self._read(lambda s: (int(s.execute(recent).scalar_one()), list(s.scalars(quiet))))

    def unfinished_ids(self) -> list[str]:
        return self._read(lambda s: list(s.scalars(select(TableRow.id).where(TableRow.status != FINISHED))))

    def set_seats(self, table_id: str, seats: list[dict[str, Any]], on_commit: OnCommit | None = None) -> None:
        def work(s: Session, started: Callable[[], None]) -> None:
            s.execute(update(TableRow).where(TableRow.id == table_id).values(seats=seats, updated_at=utcnow())
                      .execution_options(synchronize_session=False))
            started()
            if on_commit is not None:
                on_commit(s.connection(), table_id, None, None)
        self._write(work)

    def signal(self, work: Callable[[Connection], None]) -> None:
        """Run `work` (a NOTIFY) in a transaction of its own that changes no rows."""
        with self.engine.begin() as conn:
            work(conn)

    # -- seats ------------------------------------------------------------------------------
    def seats_of(self, table_id: str, token_hashes: Iterable[str]) -> set[int]:
        """The seats of a table whose token hashes are among the given ones."""
        hashes = list(set(token_hashes))
        if not hashes:
            return set()
        return self._read(lambda s: set(s.scalars(select(SeatTokenRow.seat).where(
            SeatTokenRow.table_id == table_id, SeatTokenRow.token_hash.in_(hashes)))))

    def token_hashes(self, table_id: str) -> dict[int, str]:
        query = select(SeatTokenRow.seat, SeatTokenRow.token_hash).where(SeatTokenRow.table_id == table_id)
        return self._read(lambda s: {seat: h for seat, h in s.execute(query)})

    # -- moves ------------------------------------------------------------------------------
    def moves(self, table_id: str, since: int = 0) -> list[tuple[int, int]]:
        """The accepted (seat, action id) moves of a table from number `since` on, in order."""
        query = (select(ActionRow.seq, ActionRow.seat, ActionRow.action_id)
                 .where(ActionRow.table_id == table_id, ActionRow.seq >= since).order_by(ActionRow.seq))

        def work(s: Session) -> list[tuple[int, int]]:
            out: list[tuple[int, int]] = []
            for seq, seat, action_id in s.execute(query):
                if seq != since + len(out):  # a gap cannot happen through accept(); refuse to guess
                    raise RuntimeError(f"table {table_id} has no move {since + len(out)} but has move {seq}")
                out.append((seat, action_id))
            return out
        return self._read(work)

    def accept(self, table_id: str, seq: int, seat: int, action_id: int,
               apply: Callable[[], tuple[str, dict[str, Any] | None]],
               on_commit: OnCommit | None = None) -> None:
        """Accept move `seq` in one transaction: insert it (SeqTaken if that number is taken),
        call `apply()` (which returns the table's new status and outcome; if it raises,
        nothing is stored), update the table row, run `on_commit`, commit."""
        now = utcnow()

        def work(conn: Connection, started: Callable[[], None]) -> None:
            try:
                conn.execute(_INSERT_ACTION, {"table_id": table_id, "seq": seq, "seat": seat,
                                              "action_id": action_id, "created_at": now})
            except IntegrityError:
                raise SeqTaken(table_id, seq) from None
            started()
            status, outcome = apply()
            conn.execute(_UPDATE_TABLE, {"id_": table_id, "status": status, "outcome": outcome, "updated_at": now})
            if on_commit is not None:
                on_commit(conn, table_id, seq + 1, (seat, action_id))
        self._write(work, core=True)
