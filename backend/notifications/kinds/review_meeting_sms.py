"""The operator is told the review meeting of their order is set, or that it moved: date, time with the
zone and the place, in the party's language (backend/sms/meeting_texts.py). Written once per scheduling and
per move by backend/sms/meeting_intents.py, with every fact in the payload."""
from __future__ import annotations

from backend.notifications.spec import PARTY, Spec
from backend.sms.meeting_texts import review_meeting

KIND = Spec(
    stored="sms.review_meeting",
    named="the text about the review meeting",
    audience=PARTY,
    dedupe="sms:review-meeting:<hash of meeting, party, move count>",
    sms=review_meeting,
)
