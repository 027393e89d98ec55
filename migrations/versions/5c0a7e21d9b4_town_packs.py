"""town packs: the rule packs (chapters) each town has adopted, audited in the town's chain

Revision ID: 5c0a7e21d9b4
Revises: 1bdade648db1
Create Date: 2026-12-01 20:40:00.000000

"""
import sqlalchemy as sa
from alembic import op

import backend.types

# revision identifiers, used by Alembic.
revision = '5c0a7e21d9b4'
down_revision = '1bdade648db1'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('town_packs',
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('town_id', sa.Uuid(), nullable=False),
    sa.Column('pack', sa.String(length=40), nullable=False),
    sa.Column('active', sa.Boolean(), nullable=False),
    sa.Column('adopted_at', backend.types.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['town_id'], ['towns.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('town_id', 'pack')
    )
    with op.batch_alter_table('town_packs', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_town_packs_town_id'), ['town_id'], unique=False)


def downgrade():
    with op.batch_alter_table('town_packs', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_town_packs_town_id'))
    op.drop_table('town_packs')
