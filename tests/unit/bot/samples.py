"""Sample board messages with realistic Carver/Upton facts (and one hostile note) for the snapshot tests."""
from __future__ import annotations

import datetime as dt
from dataclasses import replace

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
)

EDT = dt.timezone(dt.timedelta(hours=-4))
TZ = "America/New_York"
PIT = SiteRef("Plymouth St gravel pit", "44 Plymouth St, Carver, MA 02330", "Map 22 Lot 3", 41.902, -70.765)
HOSTILE = "<!channel> see <https://evil.example|the docs> & ask <@U0BOSS> > now"
BUFFER = RuleRef("CARVER-136-BUFFER-50FT", "~§ 136-5")

ORDER = OrderAlert(
    order_id="7d7c2b0e-5a3c-4c59-9a63-0d6f0b3f1a10", kind="cease_and_desist", town="Town of Carver", tz=TZ,
    authority=RuleRef("CARVER-136-CD-ORDER", "~§ 136-9"), site=PIT, operator="South Shore Sand & Gravel LLC",
    provisions=(Provision(BUFFER, "Excavation within 50 ft of the BVW"),
                Provision(RuleRef("permit:ERC-2026-04:C-1", "permit:ERC-2026-04:C-1"), "Trucking at 06:10")),
    issued_at=dt.datetime(2026, 4, 6, 10, 0, tzinfo=EDT), issuer="Carver Board-Member Earth (board member)",
    service_method="hand_delivery", served_at=dt.datetime(2026, 4, 6, 11, 30, tzinfo=EDT),
    fine_path=FinePath("criminal", RuleRef("CARVER-136-CRIM-100", "~§ 136-10"),
                       "court maximum $100.00 for this offense (not a debt), for each offense-day"),
    review_window=ReviewWindow(
        earliest_at=dt.datetime(2026, 4, 8, 10, 0, tzinfo=EDT), latest_at=dt.datetime(2026, 4, 13, 23, 59, 59,
                                                                                      tzinfo=EDT),
        binding=RuleRef("CARVER-136-CD-REVIEW-48H", "~§ 136-9"),
        binding_text="48 hours after the operator is notified", latest_rule=RuleRef("CARVER-136-CD-REVIEW-7D",
                                                                                    "~§ 136-9")),
    photo_count=2)

HOSTILE_ORDER = OrderAlert(
    order_id="00000000-0000-4000-8000-000000000001", kind="enforcement_order", town="Town of Upton", tz=TZ,
    authority=RuleRef("UPTON-280-AUTH", "~§ 280-11C"),
    site=SiteRef(f"Lot {HOSTILE}", "118 Mechanic St, Upton, MA 01568"), operator=HOSTILE,
    provisions=(Provision(RuleRef("UPTON-280-PROHIBITED", "~§ 280-4"), HOSTILE),),
    issued_at=dt.datetime(2026, 9, 14, 9, 0, tzinfo=EDT), issuer=f"Agent {HOSTILE}", service_method=None,
    served_at=None, fine_path=None, review_window=None)

REVIEW = ReviewNotice(
    order_id=ORDER.order_id, meeting_id="3f0e7d1c-8a5b-4e2f-9c1d-2b3a4c5d6e7f", town="Town of Carver", tz=TZ,
    rule=RuleRef("CARVER-136-CD-REVIEW-7D", "~§ 136-9"), site=PIT, operator="South Shore Sand & Gravel LLC",
    meeting_at=dt.datetime(2026, 4, 9, 18, 0, tzinfo=EDT),
    checks=(Check(RuleRef("CARVER-136-CD-REVIEW-48H", "~§ 136-9"), "Operator notice", True,
                  "notified Mon 2026-04-06 12:00 EDT + 48 h = Wed 2026-04-08 12:00 EDT"),
            Check(RuleRef("EXT-OML-48H", "M.G.L. c. 30A, § 20(b)"), "Open Meeting Law posting", True,
                  "posted Mon 2026-04-06 12:00 EDT; earliest lawful meeting Wed 2026-04-08 12:00 EDT"),
            Check(RuleRef("CARVER-136-CD-REVIEW-7D", "~§ 136-9"), "Within 7 days of the order", True,
                  "order Mon 2026-04-06 10:00 EDT; last day Mon 2026-04-13 23:59 EDT")),
    quorum=RuleRef("CARVER-136-ERC-QUORUM-4", "~§ 136-3C"), quorum_needed=4, members=7)

FLAGGED_REVIEW = replace(REVIEW, meeting_at=dt.datetime(2026, 4, 15, 18, 0, tzinfo=EDT), flagged=True,
                         flag_reason=f"Held late: storm closed Town Hall. {HOSTILE}", reminder=True)

STABILIZATION = StabilizationReminder(
    deadline_id="5b9f2c3d-1e4a-4f6b-8c7d-9e0f1a2b3c4d", town="Town of Carver", tz=TZ,
    rule=RuleRef("CARVER-247-STABILIZE-14D", "~§ 247-7B(12)"),
    site=SiteRef("Cedar Brook subdivision", "Rochester Rd, Carver, MA 02330", "Map 61 Lot 7"),
    permit="LDP-2026-02", label="stabilize the disturbed portion (lots 4-9)", ceased_on=dt.date(2026, 5, 1),
    due_on=dt.date(2026, 5, 15), as_of=dt.date(2026, 5, 13))

DIGEST = DailyDigest(
    authority="Carver Earth Removal Committee", town="Town of Carver", on=dt.date(2026, 4, 6),
    new_violations=(DigestViolation(PIT.name, BUFFER, "Excavation within 50 ft of the BVW"),),
    offense_days=(DigestOffenses(PIT.name, BUFFER, 1),),
    citations_to_issue=(DigestCitation(PIT.name, RuleRef("CARVER-136-NONCRIM-1ST", "~§ 136-10"), 10000,
                                       "enforcing officer"),),
    deadlines=(DigestDeadline("Plymouth St gravel pit", "hold the cease-and-desist review meeting",
                              RuleRef("CARVER-136-CD-REVIEW-7D", "~§ 136-9"), dt.date(2026, 4, 13)),),
    undelivered_sms=(DigestUndelivered("+15085550102", "order issued courtesy", "twilio:21610"),),
    audit_seq=412, audit_head="9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")

EMPTY_DIGEST = DailyDigest(authority="Upton Conservation Commission", town="Town of Upton",
                           on=dt.date(2026, 9, 14), new_violations=(), offense_days=(), citations_to_issue=(),
                           deadlines=(), undelivered_sms=(), audit_seq=0, audit_head="none")

CORRECTED = ThreadUpdate(kind="corrected", town="Town of Carver", tz=TZ, site=PIT.name,
                         headline="Violation corrected",
                         detail=f"Checklist item passed at re-inspection. {HOSTILE}", rule=BUFFER,
                         at=dt.datetime(2026, 4, 9, 14, 0, tzinfo=EDT), by="Carver Agent")

LIFTED = ThreadUpdate(kind="order_lifted", town="Town of Carver", tz=TZ, site=PIT.name,
                      headline="Order lifted", detail="Operator restored the buffer; ERC vote 5-0.",
                      rule=RuleRef("CARVER-136-CD-ORDER", "~§ 136-9"),
                      at=dt.datetime(2026, 4, 20, 19, 0, tzinfo=EDT))

ALL = {"order_alert": ORDER, "order_alert_hostile": HOSTILE_ORDER, "review_notice": REVIEW,
       "review_notice_flagged_reminder": FLAGGED_REVIEW, "stabilization_reminder": STABILIZATION,
       "daily_digest": DIGEST, "daily_digest_empty": EMPTY_DIGEST, "thread_update_corrected": CORRECTED,
       "thread_update_lifted": LIFTED}
