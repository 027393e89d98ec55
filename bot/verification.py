"""Request verification per town: each workspace's requests are checked with its own signing secret.

Slack signs every request: `X-Slack-Signature: v0=HMAC-SHA256(secret, "v0:{timestamp}:{body}")`, and the
timestamp must be within five minutes of now (replays of older requests are refused). One Slack app installed
in every town's workspace has one signing secret (SLACK_SIGNING_SECRET); a town that created its own app from
the manifest has its own (`signing_secret` in SLACK_TOWNS). The secret is chosen by the `team_id` the body
claims, so a forged team id can only pass with that team's secret. Anything else answers 401 before any
listener, authorisation or database work runs.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from slack_bolt.middleware import Middleware
from slack_bolt.request import BoltRequest
from slack_bolt.response import BoltResponse
from slack_sdk.signature import SignatureVerifier

log = logging.getLogger(__name__)


class TownSignatureVerification(Middleware):
    def __init__(self, app_secret: str, secrets_by_team: Mapping[str, str]) -> None:
        self.app_secret, self.secrets_by_team = app_secret, dict(secrets_by_team)

    def secret_for(self, team_id: str | None) -> str:
        return self.secrets_by_team.get(team_id or "") or self.app_secret

    def process(self, *, req: BoltRequest, resp: BoltResponse,
                next: Callable[[], BoltResponse]) -> BoltResponse:
        secret = self.secret_for(req.context.team_id)
        timestamp = (req.headers.get("x-slack-request-timestamp") or ["0"])[0]
        signature = (req.headers.get("x-slack-signature") or [""])[0]
        well_formed = timestamp.isdigit() and len(timestamp) <= 12  # slack_sdk raises on a non-number
        if secret and well_formed and SignatureVerifier(secret).is_valid(req.raw_body, timestamp, signature):
            return next()
        log.warning("slack: refused a request with a bad signature or stale timestamp (team %s)",
                    req.context.team_id)
        return BoltResponse(status=401, body={"error": "invalid request"})
