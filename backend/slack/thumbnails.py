"""Photo thumbnails into the order alert's thread, with `files_upload_v2`.

A job (every few minutes, and `flask slack thumbnails`) looks at the order alerts posted in the last 14 days
and uploads each evidence photo's EXIF-free thumbnail into the alert's thread once (`SlackThumbnail`). A photo
whose derivative is still being made is skipped and picked up by a later run. The original is never sent.
"""
from __future__ import annotations

import datetime as dt
import logging
import sys
import uuid
from dataclasses import asdict, dataclass
from typing import TextIO

from flask import current_app
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.clock import now
from backend.extensions import db
from backend.models import EnforcementOrder, Notification, Photo, Town
from backend.models.slack import SlackThumbnail
from backend.services.photo_files import photo_store
from backend.slack import SlackRuntime
from backend.slack.actions import order_photos
from bot import notifier
from bot.app import web_client
from bot.deps import PhotoLine, Thumbnails, TownRef
from bot.text import fmt_at
from media.errors import MediaError
from media.keys import derivative_key

log = logging.getLogger(__name__)
LOOKBACK = dt.timedelta(days=14)
ALERT_TEMPLATE = "order_issued"


@dataclass
class ThumbnailReport:
    posted: int = 0
    pending: int = 0
    failed: int = 0

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


class StoredThumbnails:
    """`bot.deps.Thumbnails` over the photo store: the thumbnail once `derivatives_ready`, else None."""

    def thumbnail(self, town: TownRef, photo_id: str) -> bytes | None:
        photo = db.session.get(Photo, uuid.UUID(photo_id))
        if photo is None or str(photo.town_id) != town.id or not photo.derivatives_ready:
            return None
        try:
            return photo_store().get(derivative_key(town.slug, photo.sha256, "thumb.jpg"))
        except MediaError:
            log.warning("slack: thumbnail of photo %s is marked ready but missing from the store", photo_id)
            return None


def caption(photo: PhotoLine, tz: str) -> str:
    located = photo.lat is not None and photo.lon is not None
    where = f"{photo.lat:.6f}, {photo.lon:.6f}" if located else "no GPS"
    return (f"Photo taken {fmt_at(photo.taken_at, tz)} at {where}; SHA-256 of the original "
            f"{photo.sha256[:16]}… (EXIF-free thumbnail; the original is kept unchanged as evidence)")


@dataclass
class _Thread:
    alert: Notification
    town: TownRef
    team_id: str
    client: WebClient

    @property
    def channel_and_ts(self) -> tuple[str, str]:
        channel, _, ts = (self.alert.provider_id or "").rpartition(":")
        return channel, ts


def _uuid(value: object) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def post_pending(session: Session, runtime: SlackRuntime, as_of: dt.datetime,
                 source: Thumbnails | None = None) -> ThumbnailReport:
    """Upload every ready, not yet posted thumbnail of the recent order alerts; safe to repeat."""
    report, source = ThumbnailReport(), source or StoredThumbnails()
    alerts = list(session.scalars(select(Notification).where(
        Notification.channel == "slack", Notification.template == ALERT_TEMPLATE,
        Notification.status == "sent", Notification.sent_at >= as_of - LOOKBACK)
        .order_by(Notification.sent_at)))
    for alert in alerts:
        town = session.get(Town, alert.town_id)
        workspace = runtime.workspace_of(town.slug) if town else None
        client = web_client(runtime.config, workspace.bot_token) if workspace else None
        order_id = _uuid((alert.payload or {}).get("order_id"))
        order = session.get(EnforcementOrder, order_id) if order_id else None
        if town is None or workspace is None or client is None or order is None or order.town_id != town.id:
            continue
        ref = TownRef(str(town.id), town.slug, town.name, town.tz)
        thread = _Thread(alert, ref, workspace.team_id, client)
        for photo in order_photos(order):
            _post_one(session, thread, photo, source, report)
    return report


CONSOLE = "console"


def thumb_url(photo_id: str) -> str:
    """The thumbnail in the API (`PUBLIC_BASE_URL/api/v1/photos/<id>/thumb`, signed-in staff only)."""
    base = str(getattr(current_app.config.get("SETTINGS"), "public_base_url", "") or "").rstrip("/")
    return f"{base}/api/v1/photos/{photo_id}/thumb"


def print_pending(session: Session, as_of: dt.datetime, stream: TextIO | None = None) -> ThumbnailReport:
    """Console mode (no Slack configured): each ready thumbnail of a recent order alert the console printed
    is printed into the alert's "thread" as its caption and URL, once per alert and photo (recorded as a
    `console` upload); safe to repeat."""
    report = ThumbnailReport()
    alerts = list(session.scalars(select(Notification).where(
        Notification.channel == "slack", Notification.template == ALERT_TEMPLATE,
        Notification.status == "sent", Notification.sent_at >= as_of - LOOKBACK,
        Notification.provider_id.like(f"{CONSOLE}:%")).order_by(Notification.sent_at)))
    for alert in alerts:
        town = session.get(Town, alert.town_id)
        order_id = _uuid((alert.payload or {}).get("order_id"))
        order = session.get(EnforcementOrder, order_id) if order_id else None
        if town is None or order is None or order.town_id != town.id:
            continue
        for photo in order_photos(order):
            photo_id = uuid.UUID(photo.photo_id)
            done = session.scalar(select(SlackThumbnail.id).where(
                SlackThumbnail.notification_id == alert.id, SlackThumbnail.photo_id == photo_id))
            if done is not None:
                continue
            if not photo.ready:
                report.pending += 1
                continue
            url = thumb_url(photo.photo_id)
            print(f"[slack thread → {alert.recipient}] {caption(photo, town.tz)}: {url}",
                  file=stream or sys.stdout, flush=True)
            session.add(SlackThumbnail(town_id=alert.town_id, notification_id=alert.id,
                                       photo_id=photo_id, team_id=CONSOLE,
                                       channel_id=alert.recipient[:40], thread_ts=CONSOLE, file_id=CONSOLE,
                                       uploaded_at=now()))
            session.commit()
            report.posted += 1
    return report


def _post_one(session: Session, thread: _Thread, photo: PhotoLine, source: Thumbnails,
              report: ThumbnailReport) -> None:
    photo_id = uuid.UUID(photo.photo_id)
    done = session.scalar(select(SlackThumbnail.id).where(SlackThumbnail.notification_id == thread.alert.id,
                                                          SlackThumbnail.photo_id == photo_id))
    if done is not None:
        return
    content = source.thumbnail(thread.town, photo.photo_id) if photo.ready else None
    if content is None:
        report.pending += 1
        return
    channel, ts = thread.channel_and_ts
    try:
        file_id = notifier.post_thumbnail(thread.client, channel=channel, thread_ts=ts,
                                          photo_id=photo.photo_id, content=content,
                                          caption=caption(photo, thread.town.tz))
    except SlackApiError as exc:
        log.warning("slack: thumbnail of photo %s not posted: %s", photo.photo_id, exc.response.get("error"))
        report.failed += 1
        return
    session.add(SlackThumbnail(town_id=thread.alert.town_id, notification_id=thread.alert.id,
                               photo_id=photo_id, team_id=thread.team_id, channel_id=channel,
                               thread_ts=ts, file_id=file_id, uploaded_at=now()))
    session.commit()
    report.posted += 1
