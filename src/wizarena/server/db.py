"""The database: four tables (see docs/web-protocol.md, Persistence) and engines for them.

SQLite is the default because a person running `wizarena serve` should need nothing else;
it is opened in WAL mode with a busy timeout so that readers never block the writer and
a brief write contention waits instead of failing. With WAL, `synchronous=NORMAL` keeps
every committed move through a crash or kill of the server (the tested promise) and skips
the fsync per commit that would cap a server at about a thousand moves a second; only a
power cut or OS crash could lose the last moments of play. PostgreSQL (through psycopg 3) is for
several workers. The schema itself is created by the Alembic migrations next to this file,
never by `create_all`, so an existing database is upgraded the same way a new one is built.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.pool import StaticPool

from wizarena.core import WizarenaError
from wizarena.core.inputs import shown

SQLITE_BUSY_TIMEOUT_MS = 10_000
# How often the web server copies a SQLite file's write-ahead log into the database, from a
# thread (see checkpoint): often enough that the log stays small.
SQLITE_CHECKPOINT_S = 1.0
PG_POOL_RECYCLE_S = 1800
DEFAULT_URL = "sqlite:///wizarena.db"
_PASSWORD = re.compile(r"(://[^:/@]*:)[^@]*@")  # the password of a URL that make_url cannot read


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base; its metadata is the migrations' autogenerate target."""


class TableRow(Base):
    """One table: the Record's header (game, variant, config, seed) and who sits where."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    variant: Mapped[str | None] = mapped_column(String(64), nullable=True)
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)  # 0 when the seed is secret
    secret: Mapped[str | None] = mapped_column(String(64), nullable=True)  # a secret seed, hex
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    timeout_s: Mapped[float] = mapped_column(Float)
    status: Mapped[str] = mapped_column(String(16), index=True)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    created_by: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)  # a client address


class SeatTokenRow(Base):
    """The SHA-256 of a human seat's token; the token itself is never stored."""

    __tablename__ = "seat_tokens"

    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64))


class ActionRow(Base):
    """One accepted move. The primary key (table_id, seq) is what makes acceptance safe:
    two workers racing to accept move `seq` cannot both insert it."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action_id: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RateBucketRow(Base):
    """One rate-limited key's bucket, shared by every worker (limits.SharedBuckets): its
    theoretical arrival time, in epoch seconds of the database's clock. No row: full."""

    __tablename__ = "rate_buckets"

    key: Mapped[str] = mapped_column(String(160), primary_key=True)
    tat: Mapped[float] = mapped_column(Float)


def normalize_url(url: str) -> URL:
    """The SQLAlchemy URL for a user's `--db`: `postgresql://` and `postgres://` mean psycopg 3
    (SQLAlchemy would otherwise pick psycopg2, which the `web` extra does not install)."""
    try:
        parsed = make_url(url)
    except Exception:
        raise WizarenaError(f"not a database URL: {shown(_masked(url))} (try "
                            "sqlite:///wizarena.db or postgresql://user:pass@host/db)") from None
    backend, _, driver = parsed.drivername.partition("+")
    if backend in ("postgresql", "postgres"):
        if driver not in ("", "psycopg"):
            raise WizarenaError(f"PostgreSQL is used through psycopg 3: write postgresql://..., not {backend}+{driver}")
        return parsed.set(drivername="postgresql+psycopg")
    if backend == "sqlite" and driver in ("", "pysqlite"):
        return parsed.set(drivername="sqlite")
    raise WizarenaError(f"unsupported database {parsed.drivername!r}: use sqlite:///FILE or postgresql://...")


def shown_url(url: str) -> str:
    """The URL as the user wrote it, with any password masked, for messages and logs."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL SQLAlchemy reads
        return _masked(url)


def _masked(url: str) -> str:
    """A URL SQLAlchemy cannot read with what looks like its password masked."""
    return _PASSWORD.sub(r"\1***@", url)


def is_postgres(url: str | URL) -> bool:
    return normalize_url(str(url) if isinstance(url, URL) else url).drivername.startswith("postgresql")


def libpq_url(url: str | URL) -> str:
    """The URL as libpq reads it, for the LISTEN connection that psycopg opens directly."""
    parsed = normalize_url(url.render_as_string(hide_password=False) if isinstance(url, URL) else url)
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


def make_engine(url: str, *, checkpoint_elsewhere: bool = False) -> Engine:
    """An engine for a user's database URL, configured for the web table's access pattern:
    short transactions from a thread pool. With `checkpoint_elsewhere`, a SQLite file's
    commits never copy the write-ahead log into the database themselves (SQLite does so
    every 1,000 pages by default, inside whichever commit crosses the mark, with two
    fsyncs): the web server commits moves on its event loop, where that copy stalled every
    table at once, and runs `checkpoint` from a thread instead."""
    parsed = normalize_url(url)
    if parsed.drivername.startswith("postgresql"):
        # No pool_pre_ping: it costs a round trip at every checkout (a sixth of a worker's
        # database time under load). A connection the server dropped fails its next use
        # instead; SQLAlchemy then discards the whole pool, and `Store` retries a
        # transaction that failed on such a connection before it did anything. Recycling
        # keeps connections from outliving idle timeouts of proxies and firewalls.
        return create_engine(parsed, pool_size=5, max_overflow=10, pool_recycle=PG_POOL_RECYCLE_S)
    memory = parsed.database in (None, "", ":memory:")
    kwargs: dict[str, Any] = {
        "connect_args": {"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT_MS / 1000}}
    if memory:  # an in-memory database exists once per connection: share one across threads
        kwargs["poolclass"] = StaticPool
    engine = create_engine(parsed, **kwargs)

    @event.listens_for(engine, "connect")
    def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
        cur = dbapi_conn.cursor()
        if not memory:
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            if checkpoint_elsewhere:
                cur.execute("PRAGMA wal_autocheckpoint=0")
        cur.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    return engine


def checkpoint(engine: Engine) -> tuple[int, int, int] | None:
    """Copy a SQLite file's write-ahead log into the database without waiting for readers
    or writers (a passive checkpoint): (busy, pages in the log, pages copied), or None for
    a database without such a log (PostgreSQL, in-memory SQLite). Blocking: the caller
    runs it in a thread, where SQLite's file syncs do not hold up the event loop."""
    if engine.dialect.name != "sqlite" or engine.url.database in (None, "", ":memory:"):
        return None
    with engine.connect() as conn:
        row = conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
    return int(row[0]), int(row[1]), int(row[2])
