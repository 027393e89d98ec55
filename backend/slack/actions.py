"""What Slack buttons do: acknowledge an order's alert, list its photos, schedule its review meeting.

Authorised like the API: the member's active memberships give their roles for the order's chapter
(`services.authorisation.chapter_roles`), and scheduling goes through the meetings service, which asks the
bylaw engine's who-may-act table (`inspections.authority.may_act`) and checks the review window.
"""
from __future__ import annotations

import datetime as dt
from typing import Any

from apiflask import APIFlask
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from backend.clock import now
from backend.extensions import db
from backend.models import EnforcementOrder, Photo, Site
from backend.models.evidence import ViolationPhoto
from backend.models.meetings import Meeting
from backend.models.slack import SlackAcknowledgement, SlackThumbnail
from backend.security import Principal
from backend.services import meetings, orders
from backend.services import refusal_words as words
from backend.services.authorisation import chapter_roles
from backend.services.bylaw_config import config_for
from backend.slack.context import acting, order_in_town
from backend.slack.records import citation_of
from bot.deps import (
    Acknowledgement,
    Member,
    OutsideWindow,
    PhotoLine,
    Refused,
    ReviewContext,
    ReviewRequest,
    ReviewResult,
    SlackMessageRef,
    TownRef,
)
from bot.text import fmt_at
from inspections.authority import Action, Role, may_act
from inspections.deadlines.erc_review import WITHIN_7D
from inspections.errors import Conflict, DomainError


def require_role(who: Principal, order: EnforcementOrder) -> set[Role]:
    roles = chapter_roles(who, order.chapter)
    if not roles:
        raise Refused(f"you hold no role under {words.bylaw(order.chapter)} in this town")
    return roles


class AlertActions:
    """`bot.deps.Alerts`."""

    def __init__(self, app: APIFlask) -> None:
        self.app = app

    def acknowledge(self, town: TownRef, member: Member, order_id: str,
                    where: SlackMessageRef) -> Acknowledgement:
        with acting(self.app, town, member) as who:
            order = order_in_town(town, order_id)
            require_role(who, order)
            done = self._existing(order, who)
            if done is not None:
                return Acknowledgement(member.name, done.acknowledged_at, first=False)
            row = SlackAcknowledgement(town_id=order.town_id, order_id=order.id, user_id=who.user.id,
                                       slack_user_id=member.slack_user_id, team_id=where.team_id,
                                       channel_id=where.channel_id[:40], message_ts=where.ts[:40],
                                       acknowledged_at=now())
            db.session.add(row)
            try:
                db.session.commit()
            except IntegrityError:  # a double click raced us: the first one stands
                db.session.rollback()
                done = self._existing(order, who)
                assert done is not None
                return Acknowledgement(member.name, done.acknowledged_at, first=False)
            return Acknowledgement(member.name, row.acknowledged_at, first=True)

    @staticmethod
    def _existing(order: EnforcementOrder, who: Principal) -> SlackAcknowledgement | None:
        return db.session.scalar(select(SlackAcknowledgement).where(
            SlackAcknowledgement.order_id == order.id, SlackAcknowledgement.user_id == who.user.id))

    def photos(self, town: TownRef, member: Member, order_id: str) -> list[PhotoLine]:
        with acting(self.app, town, member) as who:
            order = order_in_town(town, order_id)
            require_role(who, order)
            return order_photos(order)


def order_photos(order: EnforcementOrder) -> list[PhotoLine]:
    """The photos linked as evidence to the order's violations, each with its uploaded Slack file, if any."""
    ids = [v.id for v in order.violations]
    photos = list(db.session.scalars(
        select(Photo).where(Photo.town_id == order.town_id, Photo.id.in_(
            select(ViolationPhoto.photo_id).where(ViolationPhoto.violation_id.in_(ids))))
        .order_by(Photo.taken_at, Photo.id)))
    files = dict(db.session.execute(select(SlackThumbnail.photo_id, SlackThumbnail.file_id).where(
        SlackThumbnail.town_id == order.town_id, SlackThumbnail.photo_id.in_([p.id for p in photos]))).all())
    return [PhotoLine(str(p.id), p.taken_at, p.lat, p.lon, p.sha256, p.derivatives_ready, files.get(p.id))
            for p in photos]


class ReviewActions:
    """`bot.deps.Reviews`: the ERC review meeting of a cease-and-desist order."""

    def __init__(self, app: APIFlask) -> None:
        self.app = app

    def review_context(self, town: TownRef, member: Member, order_id: str) -> ReviewContext:
        with acting(self.app, town, member) as who:
            order = order_in_town(town, order_id)
            row = orders.review_window_row(order)
            if row is None or order.status != "issued" or order.issued_at is None:
                raise Refused(f"this order ({order.status}) has no review meeting to schedule")
            may_schedule(who, order)
            busy = db.session.scalar(select(Meeting).where(Meeting.order_id == order.id,
                                                           Meeting.status == "scheduled"))
            if busy is not None:
                when = fmt_at(busy.scheduled_for, town.tz)
                raise Refused(f"a review meeting is already scheduled for {when}; cancel it in the web app "
                              "first")
            site = db.session.get(Site, order.site_id)
            name = site.name if site else "the site"
            return ReviewContext(str(order.id), name, order.issued_at, row.rule_id, row.citation,
                                 row.latest_at)

    def schedule_review(self, town: TownRef, member: Member, request: ReviewRequest) -> ReviewResult:
        with acting(self.app, town, member) as who:
            order = order_in_town(town, request.order_id)
            try:
                meeting = meetings.schedule(who, order, _schedule_data(request))
            except DomainError as exc:
                db.session.rollback()
                raise refusal_of(exc) from None
            window = meeting.window or {}
            span = f"window {_at(window.get('earliest_at'), town)} to {_at(window.get('latest_at'), town)}"
            return ReviewResult(str(meeting.id), meeting.scheduled_for, meeting.flagged, WITHIN_7D,
                                citation_of(WITHIN_7D), span)


def may_schedule(who: Principal, order: EnforcementOrder) -> None:
    """Someone who can act alone, or a board member (who needs the body's recorded vote in the form)."""
    roles = require_role(who, order)
    cfg = config_for(order.town_id)
    decisions = [may_act(order.chapter, Action.SCHEDULE_ERC_REVIEW, r, cfg=cfg) for r in roles]
    if any(d.allowed for d in decisions) or Role.BOARD_MEMBER in roles:
        return
    role, d = next(iter(roles)), decisions[0]
    raise Refused(words.refusal(order.chapter, Action.SCHEDULE_ERC_REVIEW, role, d.reason, cfg))


def _schedule_data(request: ReviewRequest) -> dict[str, Any]:
    data: dict[str, Any] = {"scheduled_for": request.meeting_at, "posted_at": request.posted_at,
                            "operator_notified_at": request.operator_notified_at,
                            "override_reason": request.override_reason, "address": request.address,
                            "room": request.room, "remote_url": request.remote_url}
    if request.vote is not None:
        yes, no, abstain = request.vote
        data["authorization"] = {"vote": {"yes": yes, "no": no, "abstain": abstain}}
    return data


def _at(iso: object, town: TownRef) -> str:
    return fmt_at(dt.datetime.fromisoformat(iso), town.tz) if isinstance(iso, str) else "—"


def refusal_of(exc: DomainError) -> DomainError:
    """The meetings service's refusal, for the modal: the field and the words (a person reads them: the
    citation, never a rule id; the bot adds a rule id only when given one, so none is)."""
    message = words.plain((exc.message or "refused").split(" To record what actually happened")[0])
    if isinstance(exc, Conflict) and "window" in exc.detail:
        return OutsideWindow(message, "", message)
    if isinstance(exc, Refused):
        return Refused(message, None, field="vote")
    return Refused(message, None, field=exc.field)
