"""Alembic environment of the web table's schema.

The server runs `upgrade head` itself on start (see migrate.py) and hands this script an
open connection through `config.attributes["connection"]`, so the migration runs inside
the transaction that holds the migration lock. Run by hand, it reads `sqlalchemy.url`.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from wizarena.server.db import Base, make_engine, normalize_url

config = context.config
target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    # SQLite cannot ALTER most things; batch mode lets later revisions change columns anyway.
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = make_engine(config.get_main_option("sqlalchemy.url") or "")
    try:
        with engine.begin() as conn:
            _run(conn)
    finally:
        engine.dispose()


def run_offline() -> None:
    url = normalize_url(config.get_main_option("sqlalchemy.url") or "")
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
