"""A permit expires soon: the permittee by text, the board with the job's words.

Written by the reminders job (services/reminders.py); the SMS row is completed at its first attempt with the
permit, its site and last day and a link to the site's notice page (`enrich`).
"""
from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from backend.models import Notification, Party, Permit, Site, Town
from backend.notifications import recorded
from backend.notifications.board import site_links
from backend.notifications.spec import BOTH, Spec
from backend.sms import links
from backend.sms.enrich import Found, as_uuid, complete
from backend.sms.templates import simple

sms = simple("permit_expiry", ("site", "permit"))
slack = recorded.reminder("📅 Permit expiring")


def enrich(session: Session, row: Notification) -> bool:
    def find(payload: dict[str, Any], party: Party, town: Town) -> Found:
        permit_id = as_uuid(payload.get("permit_id"))
        permit = session.get(Permit, permit_id) if permit_id else None
        if permit is None or permit.expires_on is None or permit.town_id != row.town_id:
            return None
        site = session.get(Site, permit.site_id)
        link = links.create(session, town.id, party.id, row.template, site_id=permit.site_id)
        return link, {"site": site.name if site else town.name, "permit": permit.number,
                      "date": permit.expires_on.isoformat(), "permit_id": str(permit.id)}
    return complete(session, row, find)


KIND = Spec(
    stored="reminder.permit-expiry",
    named="the permit expiry reminder",
    audience=BOTH,
    dedupe="{sms|slack}:reminder:permit-expiry:<permit>:<lead days>",
    sms=sms,
    slack=slack,
    completed=True,
    enrich=enrich,
    resolve=site_links,
)
