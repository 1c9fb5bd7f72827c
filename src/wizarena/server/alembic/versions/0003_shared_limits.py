"""Limits shared by every worker: rate buckets in the database, and who opened a table.

Revision ID: 0003
Revises: 0002
Create Date: several PostgreSQL workers enforce one limit, not one each

`rate_buckets` holds one row per rate-limited key (a seat, a client address) that is not
full: `tat` is the bucket's theoretical arrival time in epoch seconds of the database's
clock (the generic cell rate algorithm), so that one atomic upsert takes a token.
`tables.created_by` is the client address that opened a table, which the open-tables cap
counts; tables made before this revision have none and count for nobody.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_buckets",
        sa.Column("key", sa.String(160), primary_key=True),
        sa.Column("tat", sa.Float(), nullable=False),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("created_by", sa.String(64), nullable=True))
        batch.create_index("ix_tables_created_by", ["created_by"])


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_created_by")
        batch.drop_column("created_by")
    op.drop_table("rate_buckets")
