"""What staff do with SMS through the API: send a violation's courtesy text, see texts that never arrived,
list and revoke notice links, see opt-outs. Another town's record is a 404, like a missing one."""

from __future__ import annotations

import datetime as dt
from typing import Any

from apiflask import abort
from sqlalchemy import select

from backend.clock import now
from backend.extensions import db
from backend.models import Notification, Party, Violation
from backend.models.sms import ShortLink, SmsOptOut
from backend.security import Principal, get_in_town
from backend.services.notices import sms_number
from backend.sms import links, messages, status
from inspections.calendar import local_date

DEFAULT_WINDOW = dt.timedelta(days=7)


def undelivered(who: Principal, since: dt.datetime | None) -> list[status.Undelivered]:
    return status.undelivered_since(who.town_id, since or now() - DEFAULT_WINDOW)


def send_violation_notice(who: Principal, data: dict[str, Any]) -> Notification:
    violation = get_in_town(Violation, data["violation_id"])
    party_id = data.get("party_id") or violation.offender_id
    if party_id is None:
        abort(
            409, "the violation names no offender; give party_id", detail={"json": {"party_id": ["required"]}}
        )
    party = get_in_town(Party, party_id)
    if violation.status == "closed":
        abort(409, "the violation is closed; no notice is sent", detail={"status": violation.status})
    if sms_number(party) is None:
        abort(
            409,
            "this party cannot be texted (no number, no SMS consent, opted out, or inactive)",
            detail={"party_id": str(party.id)},
        )
    row = messages.violation_notice(db.session, violation, party, local_date(now()))
    assert row is not None
    db.session.commit()
    return row


def list_links(who: Principal, query: dict[str, Any]) -> list[ShortLink]:
    stmt = select(ShortLink).where(ShortLink.town_id == who.town_id)
    if query.get("party_id"):
        stmt = stmt.where(ShortLink.party_id == get_in_town(Party, query["party_id"]).id)
    rows = list(db.session.scalars(stmt.order_by(ShortLink.created_at.desc(), ShortLink.id)))
    if query.get("violation_id"):
        wanted = str(get_in_town(Violation, query["violation_id"]).id)
        rows = [r for r in rows if wanted in (r.violation_ids or [])]
    return rows[: query["limit"]]


def revoke_link(who: Principal, link_id: str, reason: str) -> ShortLink:
    link = db.session.get(ShortLink, link_id) if links.ID_PATTERN.fullmatch(link_id) else None
    if link is None or link.town_id != who.town_id:
        abort(404, f"link {link_id} not found")
    links.revoke(link, reason)
    db.session.commit()
    return link


def opt_outs(who: Principal) -> list[SmsOptOut]:
    return list(
        db.session.scalars(
            select(SmsOptOut)
            .where(SmsOptOut.town_id == who.town_id)
            .order_by(SmsOptOut.created_at.desc(), SmsOptOut.id)
        )
    )
