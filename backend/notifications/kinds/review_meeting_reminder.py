"""The review meeting of an order is 48 hours away: the operator by text, the board in the order's thread.

Written by the reminders job (services/reminders.py); the SMS row is completed at its first attempt with the
order, its site, the local date and time and a link to the order's notice page (`enrich`); the Slack row's
review notice is read from the meeting at send time (`resolve`).
"""
from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from backend.models import EnforcementOrder, Meeting, Notification, Party, Site, Town
from backend.notifications.board import record, recorded_with, under_order_alert, with_board
from backend.notifications.spec import BOTH, Payload, Spec
from backend.slack import alerts
from backend.sms import links, meeting_texts
from backend.sms.enrich import Found, as_uuid, complete
from bot.blocks import review_notice
from bot.messages import ReviewNotice
from inspections.calendar import TZ

sms = meeting_texts.meeting_reminder  # date, time with the zone, and the place
slack = recorded_with(ReviewNotice, review_notice)


def enrich(session: Session, row: Notification) -> bool:
    def find(payload: dict[str, Any], party: Party, town: Town) -> Found:
        meeting_id, order_id = as_uuid(payload.get("meeting_id")), as_uuid(payload.get("order_id"))
        meeting = session.get(Meeting, meeting_id) if meeting_id else None
        order = session.get(EnforcementOrder, order_id) if order_id else None
        if meeting is None or order is None or order.town_id != row.town_id:
            return None
        site, at = session.get(Site, order.site_id), meeting.scheduled_for.astimezone(TZ)
        link = links.for_case(session, town.id, party.id, row.template, [v.id for v in order.violations],
                            order.id, order.site_id)
        return link, {"site": site.name if site else town.name, "order": order.kind,
                      "date": at.date().isoformat(), "time": f"{at:%H:%M}", "meeting_id": str(meeting.id)
                      } | meeting_texts.meeting_facts(meeting, town.tz)
    return complete(session, row, find)


def resolve(row: Notification) -> Payload:
    return with_board(row, alerts.review_notice(record(Meeting, row, "meeting_id"), reminder=True))


KIND = Spec(
    stored="reminder.erc-review",
    named="the review meeting reminder",
    audience=BOTH,
    dedupe="{sms|slack}:reminder:erc-review:<meeting>:48h",
    sms=sms,
    slack=slack,
    completed=True,
    enrich=enrich,
    resolve=resolve,
    thread_of=under_order_alert,
)
