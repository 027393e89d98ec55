"""a meeting's place and move count, per-user calendar feeds, a clock's action and area (issue 19)

Revision ID: ef0514581305
Revises: 08176f729438
Create Date: 2026-12-04 10:45:00

"""
import sqlalchemy as sa
from alembic import op

import backend.types

# revision identifiers, used by Alembic.
revision = 'ef0514581305'
down_revision = '08176f729438'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('meetings') as batch:
        batch.add_column(sa.Column('address', sa.String(length=300), nullable=True))
        batch.add_column(sa.Column('room', sa.String(length=120), nullable=True))
        batch.add_column(sa.Column('remote_url', sa.String(length=500), nullable=True))
        batch.add_column(sa.Column('moves', sa.Integer(), nullable=True))
    with op.batch_alter_table('deadlines') as batch:
        batch.add_column(sa.Column('action', sa.String(length=200), nullable=True))
        batch.add_column(sa.Column('area', sa.String(length=200), nullable=True))
    op.create_table(
        'calendar_feeds',
        sa.Column('id', sa.Uuid(), nullable=False),
        sa.Column('town_id', sa.Uuid(), nullable=False),
        sa.Column('user_id', sa.Uuid(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', backend.types.UTCDateTime(), nullable=False),
        sa.Column('revoked_at', backend.types.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(['town_id'], ['towns.id'], name=op.f('fk_calendar_feeds_town_id_towns')),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_calendar_feeds_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_calendar_feeds')),
        sa.UniqueConstraint('token_hash', name=op.f('uq_calendar_feeds_token_hash')),
    )
    op.create_index(op.f('ix_calendar_feeds_town_id'), 'calendar_feeds', ['town_id'])
    op.create_index(op.f('ix_calendar_feeds_user_id'), 'calendar_feeds', ['user_id'])


def downgrade():
    op.drop_index(op.f('ix_calendar_feeds_user_id'), table_name='calendar_feeds')
    op.drop_index(op.f('ix_calendar_feeds_town_id'), table_name='calendar_feeds')
    op.drop_table('calendar_feeds')
    with op.batch_alter_table('deadlines') as batch:
        batch.drop_column('area')
        batch.drop_column('action')
    with op.batch_alter_table('meetings') as batch:
        batch.drop_column('moves')
        batch.drop_column('remote_url')
        batch.drop_column('room')
        batch.drop_column('address')
