"""who lifted, superseded, closed or reopened (the authorization record) and the daily job's catch-up holds

Revision ID: e14a0c7d2b51
Revises: 5c0a7e21d9b4
Create Date: 2026-12-01 20:50:00

"""
import sqlalchemy as sa
from alembic import op

import backend.types

# revision identifiers, used by Alembic.
revision = 'e14a0c7d2b51'
down_revision = '5c0a7e21d9b4'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('violations', schema=None) as batch_op:
        batch_op.add_column(sa.Column('status_authorization', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('accrual_held_at', backend.types.UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column('accrual_held_days', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('accrual_released_at', backend.types.UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column('accrual_released_by', sa.Uuid(), nullable=True))
        batch_op.create_foreign_key('fk_violations_accrual_released_by_users', 'users',
                                    ['accrual_released_by'], ['id'])
    with op.batch_alter_table('enforcement_orders', schema=None) as batch_op:
        batch_op.add_column(sa.Column('status_authorization', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('enforcement_orders', schema=None) as batch_op:
        batch_op.drop_column('status_authorization')
    with op.batch_alter_table('violations', schema=None) as batch_op:
        batch_op.drop_constraint('fk_violations_accrual_released_by_users', type_='foreignkey')
        batch_op.drop_column('accrual_released_by')
        batch_op.drop_column('accrual_released_at')
        batch_op.drop_column('accrual_held_days')
        batch_op.drop_column('accrual_held_at')
        batch_op.drop_column('status_authorization')
