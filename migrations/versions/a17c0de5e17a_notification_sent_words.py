"""notifications keep the exact words of their latest delivery attempt (SMS body; Slack text + blocks)

Revision ID: a17c0de5e17a
Revises: e14a0c7d2b51
Create Date: 2026-12-01 21:35:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a17c0de5e17a'
down_revision = 'e14a0c7d2b51'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sent_text', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('sent_blocks', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.drop_column('sent_blocks')
        batch_op.drop_column('sent_text')
