"""audit seal of rows written in bulk: offense-days, assessments and outbox rows name the chain event that
sealed them (one event per few thousand rows, holding each row's SHA-256)

Revision ID: 7a5e41c0b2d9
Revises: d041c01000fe
Create Date: 2026-11-30 10:10:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '7a5e41c0b2d9'
down_revision = 'd041c01000fe'
branch_labels = None
depends_on = None

TABLES = ("offense_days", "fine_accruals", "notifications")


def upgrade():
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('audit_seal_id', sa.Uuid(), nullable=True))


def downgrade():
    for table in reversed(TABLES):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('audit_seal_id')
