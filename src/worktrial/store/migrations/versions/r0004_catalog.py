"""The web app's catalog administration: families moved between the public and the private pool, and family
uploads with their lint and validate results.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pool_moves",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("family", sa.String(128), nullable=False, index=True),
        sa.Column("pool", sa.String(16), nullable=False),
        sa.Column("moved", sa.DateTime(), nullable=False),
        sa.Column("moved_by", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
    )
    op.create_table(
        "family_uploads",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("family", sa.String(128), nullable=False, index=True),
        sa.Column("uploader", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("report", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    for table in ("family_uploads", "pool_moves"):
        op.drop_table(table)
