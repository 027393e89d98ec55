"""invitations: a town admin invites an email (with or without an account) to a role; the holder accepts

Revision ID: 08176f729438
Revises: f3b9c2d1a7e4
Create Date: 2026-12-04 10:40:00

"""
import sqlalchemy as sa
from alembic import op

import backend.types

# revision identifiers, used by Alembic.
revision = '08176f729438'
down_revision = 'f3b9c2d1a7e4'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('invitations',
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('town_id', sa.Uuid(), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('role', sa.String(length=40), nullable=False),
    sa.Column('authority_id', sa.Uuid(), nullable=True),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('invited_by', sa.Uuid(), nullable=True),
    sa.Column('expires_at', backend.types.UTCDateTime(timezone=True), nullable=False),
    sa.Column('accepted_at', backend.types.UTCDateTime(timezone=True), nullable=True),
    sa.Column('withdrawn_at', backend.types.UTCDateTime(timezone=True), nullable=True),
    sa.Column('membership_id', sa.Uuid(), nullable=True),
    sa.Column('created_at', backend.types.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['authority_id'], ['authorities.id'], name=op.f('fk_invitations_authority_id_authorities')),
    sa.ForeignKeyConstraint(['invited_by'], ['users.id'], name=op.f('fk_invitations_invited_by_users')),
    sa.ForeignKeyConstraint(['membership_id'], ['memberships.id'], name=op.f('fk_invitations_membership_id_memberships')),
    sa.ForeignKeyConstraint(['town_id'], ['towns.id'], name=op.f('fk_invitations_town_id_towns')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_invitations')),
    sa.UniqueConstraint('token_hash', name=op.f('uq_invitations_token_hash'))
    )
    with op.batch_alter_table('invitations', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_invitations_town_id'), ['town_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_invitations_email'), ['email'], unique=False)


def downgrade():
    with op.batch_alter_table('invitations', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_invitations_email'))
        batch_op.drop_index(batch_op.f('ix_invitations_town_id'))
    op.drop_table('invitations')
