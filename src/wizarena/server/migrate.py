"""Bring a database to the newest schema on start (`alembic upgrade head`, programmatically).

Every worker of a multi-worker server starts at once and would race to create the same
tables, so on PostgreSQL the upgrade runs under a transaction-scoped advisory lock: the
first worker migrates, the others wait and then find nothing left to do.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

SCRIPTS = Path(__file__).parent / "alembic"
MIGRATION_LOCK = 0x77697A61  # "wiza": any constant shared by all workers


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS).replace("%", "%%"))
    return cfg


def upgrade(engine: Engine) -> None:
    """Run every migration the database lacks, in one transaction."""
    cfg = alembic_config()
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
