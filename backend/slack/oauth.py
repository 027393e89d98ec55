""""Add to Slack": Bolt's OAuth flow with slack_sdk's SQLAlchemy stores on the app's database.

    GET /slack/install?town=<slug>   a town admin (bearer token) starts it: a signed, one-time state bound to
                                     the town and the admin, Bolt's state cookie, and Slack's authorize URL
    GET /slack/oauth_redirect        Slack sends the browser back: Bolt checks the cookie and consumes the
                                     state, calls oauth.v2.access, then `installs.accept` binds the
                                     workspace to the state's town (or refuses) before the token is stored

`TownOAuthFlow` changes two steps of Bolt's `OAuthFlow`: the state it issues carries the town and the admin,
and storing an installation goes through the town binding. Everything else (authorize URL, cookie,
oauth.v2.access, auth.test, the Installation, per-request `authorize` from the store) is Bolt's own.
"""
from __future__ import annotations

import logging
from urllib.parse import urljoin

from apiflask import APIFlask
from slack_bolt.error import BoltError
from slack_bolt.oauth import OAuthFlow
from slack_bolt.oauth.oauth_settings import OAuthSettings
from slack_bolt.request import BoltRequest
from slack_sdk.oauth.installation_store import Installation
from sqlalchemy.exc import SQLAlchemyError

from backend.config import Settings
from backend.extensions import db
from backend.slack import install_pages, installs
from backend.slack.store import TownStateStore, installation_store
from bot.ids import BOT_SCOPES

log = logging.getLogger(__name__)
INSTALL_PATH = "/slack/install"
REDIRECT_PATH = "/slack/oauth_redirect"
BINDING = "fe_install_binding"  # BoltRequest.context key: the InstallBinding of the admin's session
SLACK_AUTHORIZE_URL = "https://slack.com/oauth/v2/authorize"


class TownOAuthFlow(OAuthFlow):
    def issue_new_state(self, request: BoltRequest) -> str:
        return self.settings.state_store.issue(binding=request.context.get(BINDING))

    def store_installation(self, request: BoltRequest, installation: Installation) -> None:
        state_store: TownStateStore = self.settings.state_store  # type: ignore[assignment]
        binding = state_store.binding((request.query.get("state") or [""])[0])
        try:
            installs.accept(binding, installation, self.settings.installation_store.save)
        except SQLAlchemyError as exc:  # Bolt turns a BoltError into its "storage_error" page
            db.session.rollback()
            log.exception("slack install: could not store the installation")
            raise BoltError("the installation could not be stored") from exc


def authorize_url(api_url: str) -> str:
    """Slack's authorize page; beside a Web API override (SLACK_API_URL, e.g. the test fake) on its host."""
    return urljoin(api_url, "/oauth/v2/authorize") if api_url else SLACK_AUTHORIZE_URL


def build_flow(app: APIFlask, settings: Settings) -> TownOAuthFlow:
    with app.app_context():
        engine = db.engine
    return TownOAuthFlow(settings=OAuthSettings(
        client_id=settings.slack_client_id, client_secret=settings.slack_client_secret,
        scopes=list(BOT_SCOPES), user_scopes=[], redirect_uri=settings.public_base_url + REDIRECT_PATH,
        install_path=INSTALL_PATH, install_page_rendering_enabled=False, redirect_uri_path=REDIRECT_PATH,
        authorization_url=authorize_url(settings.slack_api_url), callback_options=install_pages.CALLBACKS,
        installation_store=installation_store(settings.slack_client_id, engine),
        installation_store_bot_only=True,  # the app asks for no user scopes: a workspace has one bot token
        state_store=TownStateStore(engine, settings.secret_key), logger=log))
