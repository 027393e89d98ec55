"""slack installs ("Add to Slack"): which workspace each town installed the app into, and the tables of
slack_sdk's SQLAlchemy installation store (slack_installations, slack_bots) and OAuth state store
(slack_oauth_states), as slack_sdk builds them except the token columns: Text holding Fernet ciphertext
(backend.sealing.SealedText), never a token in clear

Revision ID: 1bdade648db1
Revises: 7a5e41c0b2d9
Create Date: 2026-12-01 16:54:53.669381

"""
import sqlalchemy as sa
from alembic import op

import backend.types

# revision identifiers, used by Alembic.
revision = '1bdade648db1'
down_revision = '7a5e41c0b2d9'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('slack_bots',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('client_id', sa.String(length=32), nullable=False),
    sa.Column('app_id', sa.String(length=32), nullable=False),
    sa.Column('enterprise_id', sa.String(length=32), nullable=True),
    sa.Column('enterprise_name', sa.String(length=200), nullable=True),
    sa.Column('team_id', sa.String(length=32), nullable=True),
    sa.Column('team_name', sa.String(length=200), nullable=True),
    sa.Column('bot_token', sa.Text(), nullable=True),
    sa.Column('bot_id', sa.String(length=32), nullable=True),
    sa.Column('bot_user_id', sa.String(length=32), nullable=True),
    sa.Column('bot_scopes', sa.String(length=1000), nullable=True),
    sa.Column('bot_refresh_token', sa.Text(), nullable=True),
    sa.Column('bot_token_expires_at', sa.DateTime(), nullable=True),
    sa.Column('is_enterprise_install', sa.Boolean(), nullable=False),
    sa.Column('installed_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_slack_bots'))
    )
    with op.batch_alter_table('slack_bots', schema=None) as batch_op:
        batch_op.create_index('slack_bots_idx', ['client_id', 'enterprise_id', 'team_id', 'installed_at'], unique=False)

    op.create_table('slack_installations',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('client_id', sa.String(length=32), nullable=False),
    sa.Column('app_id', sa.String(length=32), nullable=False),
    sa.Column('enterprise_id', sa.String(length=32), nullable=True),
    sa.Column('enterprise_name', sa.String(length=200), nullable=True),
    sa.Column('enterprise_url', sa.String(length=200), nullable=True),
    sa.Column('team_id', sa.String(length=32), nullable=True),
    sa.Column('team_name', sa.String(length=200), nullable=True),
    sa.Column('bot_token', sa.Text(), nullable=True),
    sa.Column('bot_id', sa.String(length=32), nullable=True),
    sa.Column('bot_user_id', sa.String(length=32), nullable=True),
    sa.Column('bot_scopes', sa.String(length=1000), nullable=True),
    sa.Column('bot_refresh_token', sa.Text(), nullable=True),
    sa.Column('bot_token_expires_at', sa.DateTime(), nullable=True),
    sa.Column('user_id', sa.String(length=32), nullable=False),
    sa.Column('user_token', sa.Text(), nullable=True),
    sa.Column('user_scopes', sa.String(length=1000), nullable=True),
    sa.Column('user_refresh_token', sa.Text(), nullable=True),
    sa.Column('user_token_expires_at', sa.DateTime(), nullable=True),
    sa.Column('incoming_webhook_url', sa.String(length=200), nullable=True),
    sa.Column('incoming_webhook_channel', sa.String(length=200), nullable=True),
    sa.Column('incoming_webhook_channel_id', sa.String(length=200), nullable=True),
    sa.Column('incoming_webhook_configuration_url', sa.String(length=200), nullable=True),
    sa.Column('is_enterprise_install', sa.Boolean(), nullable=False),
    sa.Column('token_type', sa.String(length=32), nullable=True),
    sa.Column('installed_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_slack_installations'))
    )
    with op.batch_alter_table('slack_installations', schema=None) as batch_op:
        batch_op.create_index('slack_installations_idx', ['client_id', 'enterprise_id', 'team_id', 'user_id', 'installed_at'], unique=False)

    op.create_table('slack_oauth_states',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('state', sa.String(length=200), nullable=False),
    sa.Column('expire_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_slack_oauth_states'))
    )
    op.create_table('slack_town_workspaces',
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('town_id', sa.Uuid(), nullable=False),
    sa.Column('team_id', sa.String(length=32), nullable=False),
    sa.Column('team_name', sa.String(length=200), nullable=False),
    sa.Column('app_id', sa.String(length=32), nullable=False),
    sa.Column('bot_user_id', sa.String(length=32), nullable=True),
    sa.Column('scopes', sa.String(length=1000), nullable=False),
    sa.Column('installer_slack_user_id', sa.String(length=32), nullable=True),
    sa.Column('installed_by', sa.Uuid(), nullable=False),
    sa.Column('installed_at', backend.types.UTCDateTime(timezone=True), nullable=False),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.Column('ended_at', backend.types.UTCDateTime(timezone=True), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['installed_by'], ['users.id'], name=op.f('fk_slack_town_workspaces_installed_by_users')),
    sa.ForeignKeyConstraint(['town_id'], ['towns.id'], name=op.f('fk_slack_town_workspaces_town_id_towns')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_slack_town_workspaces')),
    sa.UniqueConstraint('team_id', name=op.f('uq_slack_town_workspaces_team_id')),
    sa.UniqueConstraint('town_id', name=op.f('uq_slack_town_workspaces_town_id'))
    )


def downgrade():
    op.drop_table('slack_town_workspaces')
    op.drop_table('slack_oauth_states')
    with op.batch_alter_table('slack_installations', schema=None) as batch_op:
        batch_op.drop_index('slack_installations_idx')

    op.drop_table('slack_installations')
    with op.batch_alter_table('slack_bots', schema=None) as batch_op:
        batch_op.drop_index('slack_bots_idx')

    op.drop_table('slack_bots')
