"""The operator's text when a review meeting is scheduled or moved (kind `sms.review_meeting`, issue 19).

One intent per meeting and move (a repeat writes nothing), in the party's language, with a fresh short link
to the order's notice page (urgent, so sent even in quiet hours, when the meeting is less than 48 hours
away); the words are rendered once at writing (`meeting_texts.review_meeting`) so the
outbox row shows them, and again identically at delivery."""

from __future__ import annotations

import datetime as dt

from sqlalchemy.orm import Session

from backend.clock import now
from backend.models import EnforcementOrder, Meeting, Notification, Party, Site, Town
from backend.outbox.intents import enqueue
from backend.sms import links
from backend.sms.compliance import sms_number
from backend.sms.meeting_texts import REVIEW_MEETING_SMS, meeting_facts, review_meeting
from backend.sms.messages import already, base_payload, short_key

SOON = dt.timedelta(hours=48)


def _aware(instant: dt.datetime) -> dt.datetime:
    return instant if instant.tzinfo is not None else instant.replace(tzinfo=dt.UTC)  # SQLite reads UTC naive


def meeting_set(session: Session, meeting: Meeting, order: EnforcementOrder, party: Party | None
                ) -> Notification | None:
    """Text the operator that the meeting is set (or, after a move, where and when it now is)."""
    if party is None or sms_number(party) is None or party.phone_e164 is None:
        return None
    key = short_key("review-meeting", meeting.id, party.id, meeting.moves or 0)
    if (done := already(session, party, key)) is not None:
        return done
    town, site = session.get(Town, order.town_id), session.get(Site, order.site_id)
    assert town is not None and site is not None
    link = links.for_case(session, town.id, party.id, REVIEW_MEETING_SMS, [v.id for v in order.violations],
                        order.id)
    payload = base_payload(party, town, link) | meeting_facts(meeting, town.tz) | {
        "site": site.name, "order": order.kind, "order_id": str(order.id)}
    if _aware(meeting.scheduled_for) - now() < SOON:  # the operator must know at once, even in quiet hours
        payload["urgent"] = True
    payload["text"] = review_meeting(payload, party.language)
    row = enqueue(session, town.id, "sms", party.phone_e164, REVIEW_MEETING_SMS, payload, f"{town.id}:{key}")
    if link.notification_id is None:
        link.notification_id = row.id
    return row
