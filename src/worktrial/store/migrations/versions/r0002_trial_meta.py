"""What each trial's instance is (family, variant, level, industry, …), recorded when the job is planned.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("trials", sa.Column("meta", sa.JSON(), nullable=True))  # rows from before read NULL


def downgrade() -> None:
    with op.batch_alter_table("trials") as batch:
        batch.drop_column("meta")
