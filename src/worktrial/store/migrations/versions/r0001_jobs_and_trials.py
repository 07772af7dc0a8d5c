"""Jobs and their trials, as the first stores held them.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "jobs",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
    )
    op.create_table(
        "trials",
        sa.Column("id", sa.String(200), primary_key=True),
        sa.Column("job_id", sa.String(64), sa.ForeignKey("jobs.id"), nullable=False),
        sa.Column("instance", sa.String(200), nullable=False),
        sa.Column("agent", sa.String(200), nullable=False),
        sa.Column("repeat", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("score", sa.Double(), nullable=True),
        sa.Column("solved", sa.Boolean(), nullable=True),
        sa.Column("uplift", sa.Double(), nullable=True),
        sa.Column("contact_cost", sa.Double(), nullable=True),
        sa.Column("incidents", sa.JSON(), nullable=False),
        sa.Column("scorecard", sa.JSON(), nullable=True),
        sa.Column("content_hash", sa.String(64), nullable=False),
        sa.Column("run_dir", sa.String(500), nullable=False),
        sa.Column("error", sa.String(), nullable=True),
        sa.Column("started", sa.DateTime(), nullable=True),
        sa.Column("finished", sa.DateTime(), nullable=True),
        sa.UniqueConstraint("job_id", "instance", "agent", "repeat"),
    )
    op.create_index("ix_trials_job_id", "trials", ["job_id"])


def downgrade() -> None:
    op.drop_index("ix_trials_job_id", "trials")
    op.drop_table("trials")
    op.drop_table("jobs")
