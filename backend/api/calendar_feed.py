"""The signed-in user's calendar feed (GET/POST/DELETE /api/v1/me/calendar-feed) and the feed itself,
`/calendar/<token>.ics` (public: the secret in the URL is the key; unknown, rotated or revoked: 404)."""

from __future__ import annotations

from typing import Any

from apiflask import APIBlueprint, Schema
from apiflask.fields import AwareDateTime, Boolean, String
from flask import Response, abort, current_app

from backend.extensions import limiter
from backend.security import principal, require_roles
from backend.services import calendar_feeds as service

bp = APIBlueprint("calendar_feed", __name__, tag="Calendar")
SUBSCRIBERS = ("agent", "board_member", "enforcing_officer", "town_admin")
PATH = "/api/v1/me/calendar-feed"


class FeedOut(Schema):
    active = Boolean(metadata={"description": "whether a feed URL is live"})
    created_at = AwareDateTime(allow_none=True)
    url = String(allow_none=True, metadata={"description": "the secret URL: shown only when it is made"})


def _out(feed: Any, url: str | None = None) -> dict[str, Any]:
    return {"active": feed is not None and feed.revoked_at is None,
            "created_at": feed.created_at if feed is not None else None, "url": url}


def feed_url(token: str) -> str:
    return f"{current_app.config['SETTINGS'].public_base_url.rstrip('/')}/calendar/{token}.ics"


@bp.get(PATH)
@bp.output(FeedOut)
@bp.doc(security="BearerAuth")
@require_roles(*SUBSCRIBERS)
def get_feed() -> dict[str, Any]:
    """Whether the user has a live feed (its URL is never shown again: rotate to get a new one)."""
    who = principal()
    return _out(service.active_feed(who.user.id, who.town_id))


@bp.post(PATH)
@bp.output(FeedOut, status_code=201)
@bp.doc(security="BearerAuth")
@require_roles(*SUBSCRIBERS)
def create_feed() -> tuple[dict[str, Any], int]:
    """Make the feed's secret URL, or rotate it (the earlier URL stops answering)."""
    who = principal()
    feed, token = service.create_or_rotate(who.user.id, who.town_id)
    return _out(feed, feed_url(token)), 201


@bp.delete(PATH)
@bp.output(FeedOut)
@bp.doc(security="BearerAuth", responses={404: "no live feed"})
@require_roles(*SUBSCRIBERS)
def revoke_feed() -> dict[str, Any]:
    who = principal()
    service.revoke(who.user.id, who.town_id)
    return _out(None)


def feed_limit() -> str:
    return str(current_app.config["SETTINGS"].extra.get("calendar_rate_limit", "60 per minute"))


@bp.get("/calendar/<token>.ics")
@bp.doc(hide=True)
@limiter.shared_limit(feed_limit, scope="calendar-feed")
def feed(token: str) -> Response:
    found = service.feed_for_token(token)
    if found is None:
        abort(404, "no such calendar")
    body = service.ics(found, current_app.config["SETTINGS"].public_base_url)
    return Response(body, mimetype="text/calendar", headers={
        "Cache-Control": "private, max-age=300", "Referrer-Policy": "no-referrer",
        "X-Robots-Tag": "noindex, nofollow", "Content-Disposition": 'inline; filename="fieldenforce.ics"'})
