"""Reminders and escalations, for an `as_of` instant (its local date), safe to run again (dedupe keys).

Reminders (SMS to the party a deadline binds, when it may be texted; Slack to the board on the last day):
- stabilization due in 7, 2 and 0 days; 90-day status reports and inspection-event notices likewise;
- ERC review meetings 48 hours ahead (to the ERC and the operator);
- permit expiry 60, 30 and 7 days ahead (permittee and board);
- § 21D citation mailing deadlines 2 and 0 days ahead (the board, for its enforcing officer).
A reminder goes under the smallest lead time not shorter than the time left, so a missed run still sends the
right one, once. Escalations: report deadlines past due with no recorded submission
(`submissions.missing_report_escalations`), only obligations whose receipt the system records. Stabilization
is not escalated: its clock opens a violation instead (`clocks.expire_clocks`).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import (
    Deadline,
    EnforcementOrder,
    FineAccrual,
    OffenseDay,
    Party,
    Permit,
    Site,
    Town,
    Violation,
)
from backend.models.meetings import Meeting
from backend.services import notices
from backend.services.bylaw_names import bylaw
from backend.services.orders import KIND_TEXT
from backend.services.parties import operator_of
from backend.services.submissions import missing_report_escalations
from backend.sms import meeting_texts
from bot.text import plural
from inspections.calendar import local_date
from inspections.deadlines.carver_136_permit import STATUS as NINETY_DAY_REPORT
from inspections.deadlines.carver_247 import STABILIZE
from inspections.deadlines.carver_247_site import NOTICE_2WD
from inspections.formats import format_date
from inspections.rulepack import load_rulebook

ACTOR = "job:reminders"
PARTY_BINDS = ("permittee", "operator", "applicant", "owner")
ERC_LEAD = dt.timedelta(hours=48)
PERMIT_EXPIRY_DAYS = (60, 30, 7)
MAILING_DAYS = (2, 0)


@dataclass(frozen=True)
class Plan:
    name: str
    rule_id: str
    days: tuple[int, ...]
    board_days: tuple[int, ...] = (0,)  # the leads at which the board's channel is told too


DEADLINE_PLANS = (Plan("stabilization", STABILIZE, (7, 2, 0), board_days=(7, 2, 0)),
                  Plan("report-90d", NINETY_DAY_REPORT, (7, 2, 0)),
                  Plan("inspection-event-notice", NOTICE_2WD, (2, 0)))


def bucket(days_left: int, leads: Sequence[int]) -> int | None:
    """The smallest lead time >= days_left (None when not yet due for one, or already past)."""
    if days_left < 0:
        return None
    fitting = [d for d in leads if d >= days_left]
    return min(fitting) if fitting else None


def when_text(due_on: dt.date, day: dt.date) -> str:
    left = (due_on - day).days
    by = format_date(due_on, "en")
    return "today" if left == 0 else f"in {left} day{'s' if left != 1 else ''}, by {by}"


def run_reminders(as_of: dt.datetime) -> int:
    day, written = local_date(as_of), 0
    with acting_as(ACTOR):
        for town in db.session.scalars(select(Town).where(Town.active.is_(True)).order_by(Town.slug)):
            intents = [*_deadline_reminders(town, as_of), *_meeting_reminders(town, as_of),
                       *_permit_reminders(town, day), *_mailing_reminders(town, day)]
            written += notices.write_many(db.session, intents)
            db.session.commit()
    return written


def run_escalations(as_of: dt.datetime) -> int:
    day, written = local_date(as_of), 0
    with acting_as(ACTOR):
        for town in db.session.scalars(select(Town).where(Town.active.is_(True)).order_by(Town.slug)):
            intents: list[notices.Intent] = []
            for deadline in missing_report_escalations(day, town.id):
                intents += _about(town, deadline, "escalation", f"escalation:{deadline.id}",
                                  f"OVERDUE: {deadline.label} was due {_on(deadline.latest_on)}", board=True,
                                  then="No submission has been recorded.")
            written += notices.write_many(db.session, intents)
            db.session.commit()
    return written


def _on(day: dt.date | None) -> str:
    return format_date(day, "en") if day is not None else "an unknown day"


def _deadline_reminders(town: Town, as_of: dt.datetime) -> list[notices.Intent]:
    """Every day count is the job's: `as_of` and `days_left` go in the payload, so a catch-up run of many
    days says what each day would have said and the renderers never read a clock."""
    day, plans = local_date(as_of), {p.rule_id: p for p in DEADLINE_PLANS}
    horizon = day + dt.timedelta(days=max(max(p.days) for p in DEADLINE_PLANS))
    stmt = (select(Deadline).where(Deadline.town_id == town.id, Deadline.status == "open",
                                   Deadline.rule_id.in_(plans), Deadline.latest_on.between(day, horizon))
            .order_by(Deadline.latest_on, Deadline.id))
    out: list[notices.Intent] = []
    for deadline in db.session.scalars(stmt):
        plan = plans[deadline.rule_id]
        due_on: dt.date = deadline.latest_on  # type: ignore[assignment]
        lead = bucket((due_on - day).days, plan.days)
        if lead is not None:
            text = f"reminder: {deadline.label} is due {when_text(due_on, day)}"
            key = f"reminder:{plan.name}:{deadline.id}:{lead}"
            facts = {"as_of": as_of.isoformat(), "days_left": (due_on - day).days,
                     "action": deadline.action, "area": deadline.area}
            out += _about(town, deadline, f"reminder.{plan.name}", key, text, board=lead in plan.board_days,
                          facts=facts)
    return out


def _site_name(site_id: Any) -> str:
    site = db.session.get(Site, site_id) if site_id else None
    return site.name if site is not None else "the site"


def _about(town: Town, deadline: Deadline, template: str, key: str, what: str, board: bool,
           facts: dict[str, Any] | None = None, then: str = "") -> list[notices.Intent]:
    """The job's own words (the Slack fallback; an SMS the party's renderer cannot complete): short sentences,
    what and where first, then what follows, then the section ("See ~§ 247-7B(15).", written as people
    write it when shown)."""
    text = " ".join(part for part in (f"{town.name}: {what} at {_site_name(deadline.site_id)}.", then,
                                      f"See {deadline.citation}.") if part)
    payload = {"text": text, "deadline_id": str(deadline.id), "rule_id": deadline.rule_id} | (facts or {})
    out = []
    number = notices.sms_number(_party_for(deadline))
    if number is not None:
        out.append(notices.Intent(town.id, "sms", number, template, payload, f"sms:{key}"))
    authority = notices.authorities_by_chapter(db.session, town.id).get(_chapter(deadline.rule_id))
    if board and authority is not None:
        out.append(notices.Intent(town.id, "slack", notices.slack_recipient(authority), template, payload,
                                  f"slack:{key}"))
    return out


def _chapter(rule_id: str) -> str:
    book = load_rulebook()
    return book.rule(rule_id).pack if rule_id in book else ""


def _party_for(deadline: Deadline) -> Party | None:
    """The party a deadline binds: the permit's operator or permittee (the permit of the deadline, else the
    site's active permit under the rule's chapter)."""
    if deadline.binds not in PARTY_BINDS:
        return None
    permit = db.session.get(Permit, deadline.subject_id) if deadline.subject_type == "permit" else None
    if permit is None and deadline.site_id is not None:
        permit = db.session.scalar(select(Permit).where(
            Permit.site_id == deadline.site_id, Permit.chapter == _chapter(deadline.rule_id),
            Permit.active.is_(True)).order_by(Permit.issued_on.desc()).limit(1))
    if permit is None:
        return None
    operator = deadline.binds == "operator" and permit.operator_id
    party_id = permit.operator_id if operator else permit.permittee_id
    return db.session.get(Party, party_id) if party_id else None


def _meeting_reminders(town: Town, as_of: dt.datetime) -> list[notices.Intent]:
    stmt = (select(Meeting).where(Meeting.town_id == town.id, Meeting.status == "scheduled",
                                  Meeting.scheduled_for > as_of, Meeting.scheduled_for <= as_of + ERC_LEAD)
            .order_by(Meeting.scheduled_for))
    out: list[notices.Intent] = []
    for meeting in db.session.scalars(stmt):
        order = db.session.get(EnforcementOrder, meeting.order_id)
        if order is None:
            continue
        at = meeting_texts.when_text(meeting.scheduled_for, town.tz, "en")
        place = meeting_texts.place_text(meeting_texts.place_of(meeting), "en")
        what = KIND_TEXT.get(order.kind, order.kind)
        text = (f"{town.name}: reminder: the review meeting of the {what} at {_site_name(order.site_id)} "
                f"is within 48 hours. It is on {at}, at {place}.")
        payload = {"text": text, "meeting_id": str(meeting.id), "order_id": str(order.id),
                   "as_of": as_of.isoformat()}
        key = f"reminder:erc-review:{meeting.id}:48h" + (f":move-{meeting.moves}" if meeting.moves else "")
        authority = notices.authorities_by_chapter(db.session, town.id).get(order.chapter)
        if authority is not None:
            out.append(notices.Intent(town.id, "slack", notices.slack_recipient(authority),
                                      "reminder.erc-review", payload, f"slack:{key}"))
        operator = operator_of(order)
        number = notices.sms_number(operator)
        if number is not None and operator is not None:  # worded in the operator's language when sent
            out.append(notices.Intent(town.id, "sms", number, "reminder.erc-review",
                                      payload | {"party_id": str(operator.id)}, f"sms:{key}"))
    return out


def _permit_reminders(town: Town, day: dt.date) -> list[notices.Intent]:
    horizon = day + dt.timedelta(days=max(PERMIT_EXPIRY_DAYS))
    stmt = (select(Permit).where(Permit.town_id == town.id, Permit.active.is_(True),
                                 Permit.expires_on.between(day, horizon))
            .order_by(Permit.expires_on, Permit.id))
    out: list[notices.Intent] = []
    for permit in db.session.scalars(stmt):
        lead = bucket((permit.expires_on - day).days, PERMIT_EXPIRY_DAYS)  # type: ignore[operator]
        if lead is None:
            continue
        left = (permit.expires_on - day).days  # type: ignore[operator]
        days = f"{left} day{'s' if left != 1 else ''}"
        ends = "today" if left == 0 else f"on {_on(permit.expires_on)} (in {days})"
        site = _site_name(permit.site_id)
        text = f"{town.name}: reminder: permit {permit.number} at {site} expires {ends}."
        payload = {"text": text, "permit_id": str(permit.id)}
        key = f"reminder:permit-expiry:{permit.id}:{lead}"
        permittee = db.session.get(Party, permit.permittee_id) if permit.permittee_id else None
        number = notices.sms_number(permittee)
        if number is not None and permittee is not None:  # worded in the permittee's language when sent
            out.append(notices.Intent(town.id, "sms", number, "reminder.permit-expiry",
                                      payload | {"party_id": str(permittee.id)}, f"sms:{key}"))
        authority = notices.authorities_by_chapter(db.session, town.id).get(permit.chapter)
        if authority is not None:
            out.append(notices.Intent(town.id, "slack", notices.slack_recipient(authority),
                                      "reminder.permit-expiry", payload, f"slack:{key}"))
    return out


def _mailing_reminders(town: Town, day: dt.date) -> list[notices.Intent]:
    """Proposed citations whose 15-day mailing window closes soon: one Slack line per board and last day."""
    horizon = day + dt.timedelta(days=max(MAILING_DAYS))
    stmt = (select(Violation.chapter, FineAccrual.mail_by_on, func.count(FineAccrual.id))
            .join(OffenseDay, OffenseDay.id == FineAccrual.offense_day_id)
            .join(Violation, Violation.id == OffenseDay.violation_id)
            .where(FineAccrual.town_id == town.id, FineAccrual.status == "proposed",
                   FineAccrual.amount_cents.is_not(None), FineAccrual.mail_by_on.between(day, horizon))
            .group_by(Violation.chapter, FineAccrual.mail_by_on).order_by(FineAccrual.mail_by_on))
    authorities = notices.authorities_by_chapter(db.session, town.id)
    out: list[notices.Intent] = []
    for chapter, mail_by, count in db.session.execute(stmt):
        lead, authority = bucket((mail_by - day).days, MAILING_DAYS), authorities.get(chapter)
        if lead is None or authority is None:
            continue
        it = "it" if count == 1 else "they"
        text = (f"{town.name}: {plural(count, 'proposed citation')} under {bylaw(chapter)} must be mailed "
                f"{when_text(mail_by, day)} (MGL c. 40 § 21D), or {it} can no longer be issued.")
        payload = {"text": text, "chapter": chapter, "count": count, "mail_by_on": mail_by.isoformat()}
        key = f"slack:reminder:citation-mail-by:{authority.id}:{mail_by}:{lead}"
        out.append(notices.Intent(town.id, "slack", notices.slack_recipient(authority),
                                  "reminder.citation-mail-by", payload, key))
    return out
