"""the login limits' counts in the database when REDIS_URL is not set

Revision ID: f3b9c2d1a7e4
Revises: a17c0de5e17a
Create Date: 2026-12-01 22:30:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'f3b9c2d1a7e4'
down_revision = 'a17c0de5e17a'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'rate_limit_counts',
        sa.Column('key', sa.String(length=300), nullable=False),
        sa.Column('count', sa.Integer(), nullable=False),
        sa.Column('expires_at', sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint('key', name=op.f('pk_rate_limit_counts')),
    )


def downgrade():
    op.drop_table('rate_limit_counts')
