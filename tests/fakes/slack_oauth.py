"""Slack's OAuth v2 install flow for :class:`~tests.fakes.slack_server.FakeSlack` (a mixin).

* ``GET /oauth/v2/authorize?client_id&scope&user_scope&state&redirect_uri[&team]`` (endpoint
  ``"oauth.authorize"``) stands for the consent page: the person approves at once and the browser is
  redirected (302) to ``redirect_uri?code=…&state=…`` (or ``?error=access_denied&state=…`` after
  :meth:`OAuthFake.deny_next_install`). Who approves, in which workspace: :meth:`OAuthFake.approve_as`,
  else the ``team`` parameter, else the default workspace.
* ``oauth.v2.access`` exchanges the code (once) for the workspace's bot token, authenticated with the
  app's client id and secret (HTTP Basic, as slack_sdk sends them, or form fields). The token then works
  for every other method in that workspace. Installing the same app again in the same workspace returns
  the same bot token, as Slack does, unless it was revoked.

Deliberate differences from real Slack: no scope validation beyond "the app asked for them", codes do not
expire by time, no token rotation, no Enterprise Grid org-wide installs (``enterprise_id`` in
:meth:`approve_as` only marks a workspace install inside a Grid).
"""

from __future__ import annotations

import base64
import secrets
import threading
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from werkzeug.wrappers import Request, Response

from tests.fakes.base import IdFactory
from tests.fakes.slack_workspace import SlackError

DEFAULT_CLIENT_ID = "1111111111.2222222222"
DEFAULT_CLIENT_SECRET = "fake-client-secret-0123456789abcdef"


@dataclass(frozen=True)
class SlackApp:
    client_id: str
    client_secret: str
    app_id: str
    redirect_urls: tuple[str, ...] = ()  # empty: any


@dataclass
class Grant:
    """An approval waiting to be exchanged by oauth.v2.access (one use)."""

    code: str
    client_id: str
    team_id: str
    user_id: str
    scope: str
    redirect_uri: str | None
    enterprise_id: str | None = None
    used: bool = False


@dataclass
class Consent:
    team_id: str | None = None
    user_id: str | None = None
    enterprise_id: str | None = None
    deny: bool = False


@dataclass
class OAuthState:
    apps: dict[str, SlackApp] = field(default_factory=dict)
    grants: dict[str, Grant] = field(default_factory=dict)
    bot_tokens: dict[tuple[str, str], str] = field(default_factory=dict)  # (client_id, team) -> token
    installs: list[dict[str, Any]] = field(default_factory=list)
    consent: Consent | None = None


class OAuthFake:
    """Mixed into FakeSlack; uses its ``_lock``, ``_ids``, ``_workspace``, ``_tokens``, ``_revoked``,
    ``add_user`` and ``team_id``."""

    client_id = DEFAULT_CLIENT_ID
    client_secret = DEFAULT_CLIENT_SECRET
    _oauth: OAuthState
    _lock: threading.RLock
    _ids: IdFactory
    _tokens: dict[str, str]
    _revoked: set[str]
    team_id: str

    def _init_oauth(self) -> None:
        self._oauth = OAuthState()
        self.register_app(DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET)

    # -- setup -----------------------------------------------------------
    def register_app(self, client_id: str, client_secret: str, redirect_urls: tuple[str, ...] = ()) -> str:
        """A distributed app (its credentials and allowed redirect URLs); returns its app id."""
        with self._lock:
            app = SlackApp(client_id, client_secret, self._ids.next("A"), tuple(redirect_urls))
            self._oauth.apps[client_id] = app
            return app.app_id

    def approve_as(self, team_id: str, user_id: str | None = None, *,
                   enterprise_id: str | None = None) -> None:
        """The next consent is given in this workspace (by this user; default: a new workspace admin)."""
        with self._lock:
            self._workspace(team_id)
            self._oauth.consent = Consent(team_id, user_id, enterprise_id)

    def deny_next_install(self) -> None:
        """The next person to see the consent page presses Cancel."""
        with self._lock:
            self._oauth.consent = Consent(deny=True)

    def uninstall(self, team_id: str, client_id: str = DEFAULT_CLIENT_ID) -> str | None:
        """A workspace admin removes the app: its bot token there is revoked. Returns the token."""
        with self._lock:
            token = self._oauth.bot_tokens.pop((client_id, team_id), None)
            if token:
                self._revoked.add(token)
            return token

    # -- inspection ------------------------------------------------------
    @property
    def installs(self) -> list[dict[str, Any]]:
        """Every completed exchange: team_id, client_id, token, installer, scope."""
        with self._lock:
            return [dict(i) for i in self._oauth.installs]

    # -- the consent page ------------------------------------------------
    def _authorize_page(self, request: Request) -> Response:
        args = request.args
        app = self._oauth.apps.get(args.get("client_id", ""))
        redirect_uri = args.get("redirect_uri") or ""
        if app is None:
            return Response("invalid_client_id", status=400)
        if not redirect_uri or (app.redirect_urls and redirect_uri not in app.redirect_urls):
            return Response("bad_redirect_uri", status=400)
        with self._lock:
            consent, self._oauth.consent = self._oauth.consent or Consent(args.get("team")), None
            if consent.deny:
                answer = {"error": "access_denied", "state": args.get("state", "")}
            else:
                grant = self._grant(app, consent, args.get("scope", ""), redirect_uri)
                answer = {"code": grant.code, "state": args.get("state", "")}
        separator = "&" if "?" in redirect_uri else "?"
        return Response("", status=302, headers={"Location": f"{redirect_uri}{separator}{urlencode(answer)}"})

    def _grant(self, app: SlackApp, consent: Consent, scope: str, redirect_uri: str) -> Grant:
        team_id = consent.team_id or self.team_id
        ws = self._workspace(team_id)
        installer = f"admin{len(ws.users)}@{ws.domain}.example"
        user_id = consent.user_id or self.add_user(installer, team_id=team_id)
        grant = Grant(secrets.token_hex(12), app.client_id, team_id, user_id, scope, redirect_uri,
                      consent.enterprise_id)
        self._oauth.grants[grant.code] = grant
        return grant

    # -- oauth.v2.access -------------------------------------------------
    def _oauth_v2_access(self, request: Request, params: dict[str, Any]) -> dict[str, Any]:
        app = self._client_app(request, params)
        grant = self._oauth.grants.get(str(params.get("code") or ""))
        if grant is None or grant.client_id != app.client_id:
            raise SlackError("invalid_code")
        if grant.used:
            raise SlackError("code_already_used")
        if grant.redirect_uri and params.get("redirect_uri") not in (None, grant.redirect_uri):
            raise SlackError("bad_redirect_uri")
        grant.used = True
        ws = self._workspace(grant.team_id)
        token = self._oauth.bot_tokens.get((app.client_id, grant.team_id))
        if token is None:
            token = f"xoxb-{grant.team_id.lower()}-{secrets.token_hex(12)}"
            self._oauth.bot_tokens[app.client_id, grant.team_id] = token
            self._tokens[token] = grant.team_id
        self._oauth.installs.append({"team_id": grant.team_id, "client_id": app.client_id, "token": token,
                                     "installer": grant.user_id, "scope": grant.scope})
        enterprise = {"id": grant.enterprise_id, "name": "Grid"} if grant.enterprise_id else None
        return {"access_token": token, "token_type": "bot", "scope": grant.scope,
                "bot_user_id": ws.bot_user_id, "app_id": app.app_id, "enterprise": enterprise,
                "team": {"id": ws.team_id, "name": ws.name}, "authed_user": {"id": grant.user_id},
                "is_enterprise_install": False}

    def _client_app(self, request: Request, params: dict[str, Any]) -> SlackApp:
        client_id, client_secret = params.get("client_id"), params.get("client_secret")
        auth = request.headers.get("Authorization", "")
        if auth.startswith("Basic "):
            client_id, _, client_secret = base64.b64decode(auth[6:]).decode().partition(":")
        app = self._oauth.apps.get(str(client_id or ""))
        if app is None:
            raise SlackError("invalid_client_id")
        if not secrets.compare_digest(str(client_secret or ""), app.client_secret):
            raise SlackError("bad_client_secret")
        return app
