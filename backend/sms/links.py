"""Short links `/n/<id>` to a party's public notice page: a fresh one in every SMS.

Ids are 10 characters of the URL-safe base64 alphabet from `secrets` (60 bits): unguessable, and short
enough for a text. A link shows one party its violations (and order) and nothing else of the town.

Expiry: none while any of its violations is open or corrected; when the last one closes, that closing
+ 30 days (`recompute`, called when a violation closes). A link about no violation (a deadline reminder)
lasts 90 days. A revoked or expired link answers exactly like an unknown id.
"""

from __future__ import annotations

import datetime as dt
import re
import secrets
import string
import uuid
from collections.abc import Iterable, Sequence

from flask import current_app
from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.clock import now
from backend.models import Violation
from backend.models.sms import ShortLink

ALPHABET = string.ascii_letters + string.digits + "-_"
LENGTH = 10
ID_PATTERN = re.compile(rf"[A-Za-z0-9_-]{{{LENGTH}}}")
AFTER_CLOSING = dt.timedelta(days=30)
WITHOUT_VIOLATION = dt.timedelta(days=90)
PATH = "/n/"


def new_id() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def url_of(link_id: str) -> str:
    return current_app.config["SETTINGS"].public_base_url.rstrip("/") + PATH + link_id


def create(
    session: Session,
    town_id: uuid.UUID,
    party_id: uuid.UUID,
    purpose: str,
    violation_ids: Sequence[uuid.UUID] = (),
    order_id: uuid.UUID | None = None,
    site_id: uuid.UUID | None = None,
) -> ShortLink:
    """A new link (flushed, not committed) for one party and these records of its town."""
    link_id = new_id()
    while session.get(ShortLink, link_id) is not None:  # 2^60 ids: practically never loops
        link_id = new_id()
    ids = sorted({str(v) for v in violation_ids})
    link = ShortLink(
        id=link_id,
        town_id=town_id,
        party_id=party_id,
        violation_ids=ids,
        order_id=order_id,
        site_id=site_id,
        purpose=purpose[:60],
        created_at=now(),
    )
    link.expires_at = expiry(session, link)
    session.add(link)
    session.flush()
    return link


def expiry(session: Session, link: ShortLink) -> dt.datetime | None:
    if not link.violation_ids:
        return link.created_at + WITHOUT_VIOLATION
    rows = list(
        session.scalars(
            select(Violation).where(
                Violation.id.in_([uuid.UUID(v) for v in link.violation_ids]),
                Violation.town_id == link.town_id,
            )
        )
    )
    if not rows or any(v.status != "closed" or v.closed_at is None for v in rows):
        return None
    return max(v.closed_at for v in rows if v.closed_at) + AFTER_CLOSING


def recompute(session: Session, town_id: uuid.UUID, violation_ids: Iterable[uuid.UUID]) -> int:
    """Links that name any of these violations get their expiry recomputed; returns how many changed."""
    wanted = {str(v) for v in violation_ids}
    stmt = select(ShortLink).where(
        ShortLink.town_id == town_id, ShortLink.revoked_at.is_(None), ShortLink.expires_at.is_(None)
    )
    changed = 0
    for link in session.scalars(stmt):
        if wanted & set(link.violation_ids or []):
            new = expiry(session, link)
            if new != link.expires_at:
                link.expires_at, changed = new, changed + 1
    return changed


def resolve(session: Session, link_id: str, at: dt.datetime) -> ShortLink | None:
    """The live link with this id, or None for an unknown, malformed, revoked or expired one (no oracle)."""
    if not isinstance(link_id, str) or not ID_PATTERN.fullmatch(link_id):
        return None
    link = session.get(ShortLink, link_id)
    if link is None or link.revoked_at is not None:
        return None
    if link.expires_at is not None and link.expires_at <= at:
        return None
    return link


def revoke(link: ShortLink, reason: str) -> ShortLink:
    if link.revoked_at is None:
        link.revoked_at, link.revoked_reason = now(), reason[:300]
    return link
