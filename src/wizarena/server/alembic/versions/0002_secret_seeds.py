"""Secret seeds: a table dealt from 256 secret bits keeps them as hex in `secret`.

Revision ID: 0002
Revises: 0001
Create Date: tables with people draw chance from a keyed generator (issue 10)

The `seed` column is a BIGINT and cannot hold 256 bits; a table with a secret seed stores
0 there. Tables made before this revision keep their 64-bit seeds as they were.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("secret", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("secret")
