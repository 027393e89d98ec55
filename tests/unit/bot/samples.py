"""Sample board messages with realistic Carver/Upton facts (and one hostile note) for the snapshot tests."""
from __future__ import annotations

import datetime as dt
from dataclasses import replace

from backend.notifications.samples import BUFFER, DIGEST, EDT, ORDER, PIT, REVIEW, STABILIZATION, TZ
from bot.messages import (
                          DailyDigest,
                          OrderAlert,
                          Provision,
                          RuleRef,
                          SiteRef,
                          ThreadUpdate,
)

HOSTILE = "<!channel> see <https://evil.example|the docs> & ask <@U0BOSS> > now"
HOSTILE_ORDER = OrderAlert(
    order_id="00000000-0000-4000-8000-000000000001", kind="enforcement_order", town="Town of Upton", tz=TZ,
    authority=RuleRef("UPTON-280-AUTH", "~§ 280-11C"),
    site=SiteRef(f"Lot {HOSTILE}", "118 Mechanic St, Upton, MA 01568"), operator=HOSTILE,
    provisions=(Provision(RuleRef("UPTON-280-PROHIBITED", "~§ 280-4"), HOSTILE),),
    issued_at=dt.datetime(2026, 9, 14, 9, 0, tzinfo=EDT), issuer=f"Agent {HOSTILE}", service_method=None,
    served_at=None, fine_path=None, review_window=None)

FLAGGED_REVIEW = replace(REVIEW, meeting_at=dt.datetime(2026, 4, 15, 18, 0, tzinfo=EDT), flagged=True,
                         flag_reason=f"Held late: storm closed Town Hall. {HOSTILE}", reminder=True)

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
