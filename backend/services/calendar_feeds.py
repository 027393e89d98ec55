"""Per-user calendar feeds (RFC 5545): the user's boards' review meetings and the deadlines they act on.

The feed's URL carries a secret token; only its SHA-256 is stored, so the URL is shown once, when it is made
(or rotated: the old one stops answering). A revoked, rotated or unknown token is the same 404.

Which events a user sees, in the feed's town:
* board members: the review meetings and open deadlines under their boards' chapters;
* agents, enforcing officers and town administrators: every review meeting and open deadline of the town.
A meeting's event keeps its UID when it moves and its SEQUENCE is the meeting's move count, so a calendar
updates the event in place; a cancelled meeting stays in the feed as STATUS:CANCELLED.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
import uuid
from collections.abc import Iterable

from icalendar import Calendar, Event
from sqlalchemy import select

from backend.clock import now
from backend.extensions import db
from backend.models import Authority, Deadline, EnforcementOrder, Membership, Site, Town, User
from backend.models.calendar_feeds import CalendarFeed
from backend.models.meetings import Meeting
from backend.sms import meeting_texts
from inspections.errors import NotFound
from inspections.rulepack import load_rulebook

TOKEN_BYTES = 32
MAX_TOKEN_CHARS = 100
MEETING_LENGTH = dt.timedelta(hours=1)  # the posted agenda gives no end: an hour, as calendars need one
PAST_DAYS = 60  # meetings and deadlines this far back stay in the feed (then calendars drop them)
WHOLE_TOWN_ROLES = frozenset({"agent", "enforcing_officer", "town_admin"})


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def active_feed(user_id: uuid.UUID, town_id: uuid.UUID) -> CalendarFeed | None:
    return db.session.scalar(select(CalendarFeed).where(
        CalendarFeed.user_id == user_id, CalendarFeed.town_id == town_id, CalendarFeed.revoked_at.is_(None))
        .order_by(CalendarFeed.created_at.desc()).limit(1))


def create_or_rotate(user_id: uuid.UUID, town_id: uuid.UUID) -> tuple[CalendarFeed, str]:
    """A new secret for the user in this town (the earlier one, if any, is revoked): (feed, token)."""
    revoke(user_id, town_id, missing_ok=True)
    token = secrets.token_urlsafe(TOKEN_BYTES)
    feed = CalendarFeed(user_id=user_id, town_id=town_id, token_hash=token_hash(token))
    db.session.add(feed)
    db.session.commit()
    return feed, token


def revoke(user_id: uuid.UUID, town_id: uuid.UUID, missing_ok: bool = False) -> CalendarFeed | None:
    feed = active_feed(user_id, town_id)
    if feed is None:
        if missing_ok:
            return None
        raise NotFound("no calendar feed to revoke: create one first")
    feed.revoked_at = now()
    db.session.commit()
    return feed


def feed_for_token(token: str) -> CalendarFeed | None:
    if not token or len(token) > MAX_TOKEN_CHARS:
        return None
    feed = db.session.scalar(select(CalendarFeed).where(CalendarFeed.token_hash == token_hash(token)))
    if feed is None or feed.revoked_at is not None:
        return None
    user = db.session.get(User, feed.user_id)
    return feed if user is not None and user.active else None


def _chapters(feed: CalendarFeed) -> set[str] | None:
    """The chapters whose events the user sees; None: the whole town."""
    members = list(db.session.scalars(select(Membership).where(
        Membership.user_id == feed.user_id, Membership.town_id == feed.town_id, Membership.active.is_(True))))
    if any(m.role in WHOLE_TOWN_ROLES for m in members):
        return None
    boards = [db.session.get(Authority, m.authority_id) for m in members if m.authority_id]
    return {c for board in boards if board is not None for c in board.chapters or []}


def _chapter_of(rule_id: str) -> str:
    book = load_rulebook()
    return book.rule(rule_id).pack if rule_id in book else ""


def _app_link(base: str, fragment: str) -> str:
    return f"{base}/#/{fragment}"


def _meeting_events(town: Town, chapters: set[str] | None, since: dt.datetime, base: str, host: str
                    ) -> Iterable[Event]:
    stmt = (select(Meeting, EnforcementOrder).join(EnforcementOrder, EnforcementOrder.id == Meeting.order_id)
            .where(Meeting.town_id == town.id, Meeting.scheduled_for >= since)
            .order_by(Meeting.scheduled_for, Meeting.id))
    for meeting, order in db.session.execute(stmt):
        if chapters is not None and order.chapter not in chapters:
            continue
        site = db.session.get(Site, order.site_id)
        where = site.name if site else "the site"
        event = Event()
        event.add("uid", f"meeting-{meeting.id}@{host}")
        event.add("dtstamp", meeting.updated_at or meeting.created_at)
        event.add("dtstart", meeting.scheduled_for.astimezone(dt.UTC))
        event.add("dtend", meeting.scheduled_for.astimezone(dt.UTC) + MEETING_LENGTH)
        event.add("sequence", meeting.moves or 0)
        event.add("summary", f"Review meeting: cease-and-desist order, {where}")
        event.add("location", meeting_texts.place_text(meeting_texts.place_of(meeting), "en", online=False))
        link = _app_link(base, f"order/{order.id}")
        description = [f"{meeting_texts.when_text(meeting.scheduled_for, town.tz, 'en')}",
                       f"Place: {meeting_texts.place_text(meeting_texts.place_of(meeting), 'en')}",
                       f"Record: {link}"]
        event.add("description", "\n".join(description))
        event.add("url", link)
        event.add("status", "CANCELLED" if meeting.status == "cancelled" else "CONFIRMED")
        yield event


def _deadline_events(town: Town, chapters: set[str] | None, since: dt.date, base: str,
                     host: str) -> Iterable[Event]:
    stmt = (select(Deadline).where(Deadline.town_id == town.id, Deadline.status == "open",
                                   Deadline.latest_on.is_not(None), Deadline.latest_on >= since)
            .order_by(Deadline.latest_on, Deadline.id))
    for deadline in db.session.scalars(stmt):
        if chapters is not None and _chapter_of(deadline.rule_id) not in chapters:
            continue
        assert deadline.latest_on is not None
        site = db.session.get(Site, deadline.site_id) if deadline.site_id else None
        where = f" at {site.name}" if site else ""
        link = _app_link(base, f"site/{deadline.site_id}") if deadline.site_id else base + "/"
        event = Event()
        event.add("uid", f"deadline-{deadline.id}@{host}")
        event.add("dtstamp", deadline.created_at)
        event.add("dtstart", deadline.latest_on)
        event.add("dtend", deadline.latest_on + dt.timedelta(days=1))
        event.add("summary", f"Due: {deadline.label}{where}")
        event.add("description", f"Last day {deadline.latest_on.isoformat()} ({deadline.citation}).\n"
                                 f"Record: {link}")
        event.add("url", link)
        event.add("transp", "TRANSPARENT")
        yield event


def ics(feed: CalendarFeed, base_url: str) -> bytes:
    """The feed's calendar, built from the records as they are now."""
    town = db.session.get(Town, feed.town_id)
    if town is None:
        raise NotFound("no such feed")
    base = base_url.rstrip("/")
    host = base.split("://", 1)[-1].split("/", 1)[0] or "fieldenforce"
    chapters = _chapters(feed)
    cal = Calendar()
    cal.add("prodid", "-//FieldEnforce//Board calendar//EN")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", f"{town.name}: meetings and deadlines")
    cal.add("x-wr-timezone", town.tz)
    at = now()
    for event in _meeting_events(town, chapters, at - dt.timedelta(days=PAST_DAYS), base, host):
        cal.add_component(event)
    since = (at - dt.timedelta(days=PAST_DAYS)).date()
    for event in _deadline_events(town, chapters, since, base, host):
        cal.add_component(event)
    return cal.to_ical()
