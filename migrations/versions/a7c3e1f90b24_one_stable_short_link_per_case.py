"""one stable short link per case: sms_short_links.case_key (issue 18)

Revision ID: a7c3e1f90b24
Revises: ef0514581305
Create Date: 2026-12-04 14:20:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a7c3e1f90b24'
down_revision = 'ef0514581305'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('sms_short_links') as batch:
        batch.add_column(sa.Column('case_key', sa.String(length=80), nullable=True))
    op.create_index('ix_sms_short_links_case', 'sms_short_links', ['town_id', 'party_id', 'case_key'])


def downgrade():
    op.drop_index('ix_sms_short_links_case', table_name='sms_short_links')
    with op.batch_alter_table('sms_short_links') as batch:
        batch.drop_column('case_key')
