"""The demo towns' facts as the outbox carries them: one realistic payload per kind and channel.

The preview (`flask notifications preview`) and the catalogue tests render these through the very code the
dispatcher sends with. Facts follow the demo data (backend/demo.py): Carver's Plymouth St gravel pit under a
cease-and-desist, the Cedar Brook subdivision under the stormwater bylaw.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

from bot.messages import (
    Check,
    DailyDigest,
    DigestCitation,
    DigestDeadline,
    DigestOffenses,
    DigestUndelivered,
    DigestViolation,
    FinePath,
    OrderAlert,
    Provision,
    ReviewNotice,
    ReviewWindow,
    RuleRef,
    SiteRef,
    StabilizationReminder,
    ThreadUpdate,
    dump,
)
from inspections.catalogues import FINDINGS, translate

APP = "https://enforce.example.org"  # the web app (PUBLIC_BASE_URL)
EDT = dt.timezone(dt.timedelta(hours=-4))
TZ = "America/New_York"
PIT = SiteRef("Plymouth St gravel pit", "44 Plymouth St, Carver, MA 02330", "Map 22 Lot 3", 41.902, -70.765)
BUFFER = RuleRef("CARVER-136-BUFFER-50FT", "~§ 136-5")

ORDER = OrderAlert(
    order_id="7d7c2b0e-5a3c-4c59-9a63-0d6f0b3f1a10", kind="cease_and_desist", town="Town of Carver", tz=TZ,
    authority=RuleRef("CARVER-136-CD-ORDER", "~§ 136-9"), site=PIT, operator="South Shore Sand & Gravel LLC",
    provisions=(Provision(BUFFER, "Excavation within 50 ft of the BVW"),
                Provision(RuleRef("permit:ERC-2026-04:C-1", "permit:ERC-2026-04:C-1"), "Trucking at 06:10")),
    issued_at=dt.datetime(2026, 4, 6, 10, 0, tzinfo=EDT), issuer="Carver Board-Member Earth (board member)",
    service_method="hand_delivery", served_at=dt.datetime(2026, 4, 6, 11, 30, tzinfo=EDT),
    fine_path=FinePath("criminal", RuleRef("CARVER-136-CRIM-100", "~§ 136-10"),
                       "a court can fine up to $100.00 for each day it continues (a maximum, not a bill)"),
    review_window=ReviewWindow(
        earliest_at=dt.datetime(2026, 4, 8, 10, 0, tzinfo=EDT), latest_at=dt.datetime(2026, 4, 13, 23, 59, 59,
                                                                                      tzinfo=EDT),
        binding=RuleRef("CARVER-136-CD-REVIEW-48H", "~§ 136-9"),
        binding_text="48 hours after the operator is notified", latest_rule=RuleRef("CARVER-136-CD-REVIEW-7D",
                                                                                    "~§ 136-9")),
    photo_count=2, record_url=f"{APP}/#/order/7d7c2b0e-5a3c-4c59-9a63-0d6f0b3f1a10")

REVIEW = ReviewNotice(
    order_id=ORDER.order_id, meeting_id="3f0e7d1c-8a5b-4e2f-9c1d-2b3a4c5d6e7f", town="Town of Carver", tz=TZ,
    rule=RuleRef("CARVER-136-CD-REVIEW-7D", "~§ 136-9"), site=PIT, operator="South Shore Sand & Gravel LLC",
    meeting_at=dt.datetime(2026, 4, 9, 18, 0, tzinfo=EDT),
    checks=(Check(RuleRef("CARVER-136-CD-REVIEW-48H", "~§ 136-9"), "Operator notice", True,
                  "notified Mon, Apr 6, 2026, 12:00 PM EDT + 48 h = Wed, Apr 8, 2026, 12:00 PM EDT"),
            Check(RuleRef("EXT-OML-48H", "M.G.L. c. 30A, § 20(b)"), "Open Meeting Law posting", True,
                  "posted Mon, Apr 6, 2026, 12:00 PM EDT; earliest lawful meeting Wed, Apr 8, 2026, "
                  "12:00 PM EDT"),
            Check(RuleRef("CARVER-136-CD-REVIEW-7D", "~§ 136-9"), "Within 7 days of the order", True,
                  "order Mon, Apr 6, 2026, 10:00 AM EDT; last day Mon, Apr 13, 2026, 11:59 PM EDT")),
    quorum=RuleRef("CARVER-136-ERC-QUORUM-4", "~§ 136-3C"), quorum_needed=4, members=7,
    record_url=ORDER.record_url, when="Apr 9, 2026, 6:00 PM EDT",
    place="Room 2, Town Hall, 108 Main St. Join online: https://meet.example.org/erc")

STABILIZATION = StabilizationReminder(
    deadline_id="5b9f2c3d-1e4a-4f6b-8c7d-9e0f1a2b3c4d", town="Town of Carver", tz=TZ,
    rule=RuleRef("CARVER-247-STABILIZE-14D", "~§ 247-7B(12)"),
    site=SiteRef("Cedar Brook subdivision", "Rochester Rd, Carver, MA 02330", "Map 61 Lot 7", 41.86, -70.78),
    permit="LDP-2026-02", label="stabilize the disturbed portion (lots 4-9)", ceased_on=dt.date(2026, 5, 1),
    due_on=dt.date(2026, 5, 15), as_of=dt.date(2026, 5, 13),
    record_url=f"{APP}/#/site/0c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e3f")

DIGEST = DailyDigest(
    authority="Carver Earth Removal Committee", town="Town of Carver", on=dt.date(2026, 4, 6),
    new_violations=(DigestViolation(PIT.name, BUFFER, "Excavation within 50 ft of the BVW"),),
    offense_days=(DigestOffenses(PIT.name, BUFFER, 1),),
    citations_to_issue=(DigestCitation(PIT.name, RuleRef("CARVER-136-NONCRIM-1ST", "~§ 136-10"), 10000,
                                       "enforcing officer"),),
    deadlines=(DigestDeadline("Plymouth St gravel pit", "hold the cease-and-desist review meeting",
                              RuleRef("CARVER-136-CD-REVIEW-7D", "~§ 136-9"), dt.date(2026, 4, 13)),),
    undelivered_sms=(DigestUndelivered("+15085550102", "the text about the order issued",
                                       "they replied STOP to the town's texts (error 21610)"),),
    audit_seq=412, audit_head="9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")

CORRECTED = ThreadUpdate(kind="corrected", town="Town of Carver", tz=TZ, site=PIT.name,
                         headline="Violation corrected",
                         detail="Checklist item passed at re-inspection.", rule=BUFFER,
                         at=dt.datetime(2026, 4, 9, 14, 0, tzinfo=EDT), by="Carver Agent")

LINK = "https://enforce.example.org/n/Ab3dE6gH9k"
CARVER = {"town": "Carver", "contact": "+15088663400", "link": LINK}
CEDAR = {"site": "Cedar Brook subdivision", "citation": "~§ 247-7B(7)"}
GRAVEL = {"site": "Plymouth St gravel pit"}
NOTICE = CARVER | CEDAR | {
    "finding": "Erosion and sediment controls were missing or not kept up.", "observed_on": "2026-04-06",
    "fine": {"path": "criminal", "amount_cents": 10000, "daily": True},
    "next_deadline": {"label": "stabilize the disturbed portion", "date": "2026-04-13"}}
ACCRUAL = CARVER | {
    "day": "2026-04-06", "citations": {"count": 0, "stated_cents": 0, "pending": 0},
    "cases": [{"site": "Plymouth St gravel pit", "citation": "~§ 136-9A", "day": 6, "ordered": True,
               "path": "criminal", "max_cents": 60000},
              {"site": "Cedar Brook subdivision", "citation": "~§ 247-7B(7)", "day": 2, "ordered": False,
               "path": None}]}
REMINDER = CARVER | CEDAR | {"label": "stabilize the disturbed portion (lots 4-9)", "date": "2026-05-15"}
PLACE = {"address": "Town Hall, 108 Main St", "room": "Room 2", "remote_url": "https://meet.example.org/erc"}
MEETING = CARVER | GRAVEL | {"order": "cease_and_desist", "date": "2026-04-09", "time": "18:00",
                             "at": "2026-04-09T22:00:00+00:00", "tz": "America/New_York", "place": PLACE}
STABILIZING = REMINDER | {"citation": "~§ 247-7B(12)", "action": "stabilize the disturbed portion",
                          "area": "lots 4-9", "as_of": "2026-05-13T07:00:00-04:00", "days_left": 2}
EXPIRY = CARVER | GRAVEL | {"permit": "ERC-2025-03", "date": "2026-06-30"}

# The words the services write with their intents (recorded kinds send exactly these).
JOB_TEXT = {
    "reminder.stabilization": "Carver: reminder: stabilize the disturbed portion (lots 4-9) is due in 2 days "
                              "at Cedar Brook subdivision. See ~§ 247-7B(12).",
    "reminder.report-90d": "Carver: reminder: the 90-day monitoring report is due in 7 days at Cedar Brook "
                           "subdivision. See ~§ 247-7B(15).",
    "reminder.inspection-event-notice": "Carver: reminder: give the Planning Board 2 working days' notice of "
                                        "the footing inspection at Cedar Brook subdivision. See ~§ 247-7C.",
    "reminder.erc-review": "Town of Carver: reminder: the review meeting of the cease-and-desist order at "
                           "Plymouth St gravel pit is within 48 hours. It is on Apr 9, 2026, 6:00 PM EDT, at "
                           "Room 2, Town Hall, 108 Main St.",
    "reminder.permit-expiry": "Carver: reminder: permit ERC-2025-03 at Plymouth St gravel pit expires on "
                              "Jun 30, 2026 (in 30 days).",
    "escalation": "Carver: OVERDUE: the 90-day monitoring report was due Jul 6, 2026 at Cedar Brook "
                  "subdivision. No submission has been recorded. See ~§ 247-7B(15).",
    "citations.issued": "Carver: the town issued you 2 fines (citations under MGL c. 40 § 21D): Apr 7, 2026, "
                        "$100.00; Apr 8, 2026, $200.00. Payable to Town of Carver. Courtesy text; the legal "
                        "notice is served separately.",
    "citations.reissued": "Carver: after a change in the record (an earlier violation or a setting), the "
                          "town voided and reissued 1 citation: Apr 8, 2026: $100.00 is now $200.00.",
    "citations.proposed": "Town of Carver: 2 noncriminal citations under Carver's earth removal bylaw "
                          "(ch. 136) await the enforcing officer; the first must be mailed by Apr 20, 2026 "
                          "(MGL c. 40 § 21D).",
    "reminder.citation-mail-by": "Town of Carver: 2 proposed citations under Carver's earth removal bylaw "
                                 "(ch. 136) must be mailed in 2 days, by Apr 20, 2026 (MGL c. 40 § 21D), "
                                 "or they can no longer be issued.",
    "violation_opened": "Violation opened at Plymouth St gravel pit (Carver bylaw § 136-5), from "
                        "Apr 6, 2026: Earth was removed within 50 ft of a wetland. Observed: excavator "
                        "working inside the buffer stakes",
    "settings_changed": "Town of Carver: settings changed by Carver Admin. Second and later ticket amount "
                        "(Carver ch. 136): $100 → $200. They apply from the next job run.",
    "sms.unreachable": "A text to South Shore Sand & Gravel LLC (+15085550102) could not be delivered: the "
                       "number is a landline or its carrier cannot be reached (error 30006). The text about "
                       "the order issued did not reach them; make sure the notice is served by mail or in "
                       "hand.",
    "order_issued": "Cease-and-desist order issued under Carver's earth removal bylaw (ch. 136) at "
                    "Plymouth St gravel pit, 44 Plymouth St, Carver, MA 02330, Mon, Apr 6, 2026, 10:00 AM "
                    "EDT. Violations: Carver bylaw § 136-5. Authority: the Earth Removal Committee's vote.",
    "review_meeting_scheduled": "ERC review meeting of the cease-and-desist order for 44 Plymouth St, "
                                "Carver, MA 02330 scheduled for Apr 9, 2026, 6:00 PM EDT, at Room 2, "
                                "Town Hall, 108 Main St. Join online: https://meet.example.org/erc.",
}

# The links a recorded alert's `resolve` reads from its site (board.site_links), as the preview shows them.
PIT_LINKS = {"record_url": f"{APP}/#/site/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
             "record_label": "Open the site", "lat": PIT.lat, "lon": PIT.lon}
CEDAR_LINKS = {"record_url": STABILIZATION.record_url, "record_label": "Open the site", "lat": 41.86,
               "lon": -70.78}
SITE_LINKS = {"violation_opened": PIT_LINKS, "reminder.permit-expiry": PIT_LINKS, "escalation": CEDAR_LINKS,
              "reminder.report-90d": CEDAR_LINKS, "reminder.inspection-event-notice": CEDAR_LINKS}

# SMS kinds: the facts their renderer reads (in the party's language), as the row holds them once complete.
SMS_FACTS: dict[str, dict[str, Any]] = {
    "sms.violation_notice": NOTICE,
    "sms.violation_corrected": CARVER | CEDAR | {"date": "2026-04-09"},
    "sms.order_issued": CARVER | GRAVEL | {
        "order": "cease_and_desist", "date": "2026-04-06", "citation": "~§ 136-5",
        "finding": "Earth was removed within 50 ft of the property line.",
        "next_deadline": {"label": "cease and desist immediately", "date": "2026-04-06"},
        "fine": {"path": "criminal", "amount_cents": 10000, "daily": True}, "review": {"by": "2026-04-13"}},
    "sms.order_lifted": CARVER | GRAVEL | {"order": "cease_and_desist", "date": "2026-04-20"},
    "sms.deadline_reminder": REMINDER,
    "sms.review_meeting": MEETING | {"moves": 0},
}
COMPLETED_FACTS: dict[str, dict[str, Any]] = {  # the jobs' rows, as each kind's `enrich` completes them
    "accrual.offense_days": ACCRUAL,
    "reminder.stabilization": STABILIZING,
    "reminder.report-90d": REMINDER | {"label": "status report 1 to the ERC", "date": "2026-07-06"},
    "reminder.inspection-event-notice": REMINDER | {  # the engine's label, with the event's rule id in it
        "label": "notify the Planning Board before CARVER-247-INSP-EVT3: Event 3: rough grading "
                 "substantially complete.", "date": "2026-04-22"},
    "reminder.erc-review": MEETING,
    "reminder.permit-expiry": EXPIRY,
    "escalation": REMINDER | {"label": "status report 1 to the ERC", "date": "2026-07-06"},
    "citations.issued": {"town": "Carver", "contact": "+15088663400", "payees": ["Town of Carver"], "lines": [
        {"date": "2026-04-07", "cents": 10000, "withheld": False},
        {"date": "2026-04-08", "cents": 20000, "withheld": False}]},
    "citations.reissued": {"town": "Carver", "contact": "+15088663400", "changes": [
        {"date": "2026-04-08", "old_cents": 10000, "new_cents": 20000, "old_withheld": False,
         "new_withheld": False}]},
}
# Slack kinds whose message is read from the records (their `resolve`), and the board.* kinds' payloads.
BOARD_MESSAGES: dict[str, Any] = {
    "order_issued": ORDER, "review_meeting_scheduled": REVIEW,
    "reminder.erc-review": REVIEW, "reminder.stabilization": STABILIZATION,
    "board.order_alert": ORDER, "board.erc_review_notice": REVIEW,
    "board.stabilization_reminder": STABILIZATION, "board.daily_digest": DIGEST,
    "board.thread_update": CORRECTED,
}


def sms_payload(kind: str, language: str) -> dict[str, Any] | None:
    """The SMS row's payload for a party speaking `language` (None: the demo has no facts for that kind)."""
    if kind in SMS_FACTS:
        facts = SMS_FACTS[kind] | {"language": language}
        if "finding" in facts:  # the row carries the finding in the party's language
            facts["finding"] = translate(FINDINGS, language, facts["finding"])
        return facts | {"text": "(rendered at send)"}
    if kind in COMPLETED_FACTS:
        facts = COMPLETED_FACTS[kind] | {"language": language}
        return {"text": JOB_TEXT.get(kind, "(the job's text)"), "sms": facts}
    return {"text": JOB_TEXT[kind]} if kind in JOB_TEXT else None


def slack_payload(kind: str) -> dict[str, Any] | None:
    """The Slack message's facts: board.* kinds carry their message; the kinds that read theirs from the
    records get it beside the service's words (as their `resolve` gives it); the others the service's
    words."""
    if kind.startswith("board."):
        return dump(BOARD_MESSAGES[kind]) if kind in BOARD_MESSAGES else None
    if kind in BOARD_MESSAGES:
        message = BOARD_MESSAGES[kind]
        if kind == "reminder.erc-review":
            message = dataclasses.replace(message, reminder=True)
        return {"text": JOB_TEXT[kind], "board": dump(message)}
    if kind in JOB_TEXT:
        return {"text": JOB_TEXT[kind]} | ({"links": SITE_LINKS[kind]} if kind in SITE_LINKS else {})
    return None
