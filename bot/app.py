"""The Slack app: `build_app(deps, config)` returns the Bolt `App` with every listener registered.

One app serves every town, in one of two ways:

* installed ("Add to Slack"): `config.oauth_flow` is Bolt's OAuth flow with its installation store; Bolt's
  own `authorize` reads each request's bot token from the store by team id;
* fixed tokens (a single workspace, or a town running its own copy of the app): each town's workspace is
  configured by team id with its bot token (and, for its own copy, its own signing secret).

A request is verified first (signature and timestamp, per town), then authorised (the team must have a token,
which Bolt puts on the listener's client), then dispatched. Listeners resolve the town from the verified
team id and pass it to every service call.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field

from slack_bolt import App, BoltResponse
from slack_bolt.authorization import AuthorizeResult
from slack_bolt.oauth import OAuthFlow
from slack_sdk import WebClient
from slack_sdk.http_retry.builtin_handlers import ConnectionErrorRetryHandler
from slack_sdk.http_retry.handler import RetryHandler

from bot.deps import Deps
from bot.listeners import actions, commands, events, views
from bot.retry import RetryAfterHandler
from bot.verification import TownSignatureVerification

log = logging.getLogger(__name__)
NOT_A_TOWN = "This Slack workspace is not connected to any town's records, so the app shows nothing here."


@dataclass(frozen=True)
class Workspace:
    town_slug: str
    team_id: str
    bot_token: str
    signing_secret: str = ""  # empty: the app-level secret


@dataclass(frozen=True)
class BotConfig:
    signing_secret: str  # the app's (SLACK_SIGNING_SECRET)
    workspaces: Mapping[str, Workspace]  # by team id
    api_url: str = ""  # Slack Web API base; empty: https://slack.com/api/
    timeout: float = 10.0
    process_before_response: bool = False  # True in tests (and FaaS): the response waits for the listener
    executor: Executor | None = None  # runs listeners and lazy listeners; None: Bolt's thread pool
    sleep: Callable[[float], None] = field(default=time.sleep)  # waits on 429 Retry-After
    max_retry_after: float = 30.0
    oauth_flow: OAuthFlow | None = None  # set: tokens come from the installation store, not `workspaces`


def retry_handlers(config: BotConfig) -> list[RetryHandler]:
    rate_limits = RetryAfterHandler(max_wait=config.max_retry_after, sleep=config.sleep)
    return [ConnectionErrorRetryHandler(), rate_limits]


def web_client(config: BotConfig, token: str | None = None) -> WebClient:
    """A Web API client with the bot's timeouts and rate-limit handling."""
    return WebClient(token=token, base_url=config.api_url or WebClient.BASE_URL,
                     timeout=config.timeout,  # type: ignore[arg-type]  # seconds; urllib takes a float
                     retry_handlers=retry_handlers(config))


def _authorizer(config: BotConfig) -> Callable[..., AuthorizeResult | None]:
    def authorize(enterprise_id: str | None, team_id: str | None) -> AuthorizeResult | None:
        workspace = config.workspaces.get(team_id or "")
        if workspace is None:
            log.warning("slack: request from an unconfigured workspace %s", team_id)
            return None
        return AuthorizeResult(enterprise_id=enterprise_id, team_id=team_id, bot_token=workspace.bot_token)
    return authorize


def build_app(deps: Deps, config: BotConfig) -> App:
    secrets = {ws.team_id: ws.signing_secret for ws in config.workspaces.values() if ws.signing_secret}
    tokens: dict = ({"oauth_flow": config.oauth_flow} if config.oauth_flow
                    else {"authorize": _authorizer(config)})
    app = App(
        name="fieldenforce",
        client=web_client(config),
        signing_secret=config.signing_secret,
        request_verification_enabled=False,  # replaced by the per-town check below, which runs first
        before_authorize=TownSignatureVerification(config.signing_secret, secrets),
        **tokens,  # a None authorisation means "not installed here"
        user_facing_authorize_error_message=NOT_A_TOWN,
        process_before_response=config.process_before_response,
        listener_executor=config.executor,
        ssl_check_enabled=False,
    )
    for surface in (commands, actions, views, events):
        surface.register(app, deps)
    app.error(_listener_failed)
    return app


def _listener_failed(error: Exception, response: BoltResponse | None,
                     logger: logging.Logger) -> BoltResponse | None:
    """A listener that fails after the request was verified (Slack's Web API or a `response_url` unreachable,
    say) is logged; Slack gets an empty acknowledgement, never a 500 (it would retry, and show an error)."""
    logger.error("Slack listener failed: %s: %s", type(error).__name__, error)
    if response is None:  # already acknowledged: nothing more to answer
        return None
    return BoltResponse(status=200, body="")
