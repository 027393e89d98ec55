"""Short links `/n/<id>` to a party's public notice page: ONE stable link per case and party.

A case is a violation, or the order covering it once one is issued (`case_key`). Every text about the same
case (the violation notice, the order's texts, reminders of the order's deadlines, the daily accrual texts,
the corrected notice) carries the same URL (`for_case`): the first text mints it, later ones reuse it, and
an order issued over earlier violations adopts the link of its earliest violation (so the URL of the
violation notice stays the order's). A text covering several cases at once (a daily accrual text of a party
with violations at several sites, or under several orders) carries the party's one "party" link, whose page
lists every case it has named. Reusing a link adds the text's violations (and order) to it and recomputes its
expiry: a URL is never replaced while its case is open, it is extended. A text about no violation (a
permit's expiry reminder) gets a one-off link (`create`).

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
from backend.models import EnforcementOrder, Violation, order_violations
from backend.models.sms import ShortLink

ALPHABET = string.ascii_letters + string.digits + "-_"
LENGTH = 10
ID_PATTERN = re.compile(rf"[A-Za-z0-9_-]{{{LENGTH}}}")
AFTER_CLOSING = dt.timedelta(days=30)
WITHOUT_VIOLATION = dt.timedelta(days=90)
PATH = "/n/"
PARTY_CASE = "party"  # the case key of a party's texts that cover several cases at once


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


def case_of(session: Session, violation_id: uuid.UUID) -> str:
    """A violation's case: the latest non-draft order covering it, else the violation itself."""
    ov = order_violations.c
    order_id = session.scalar(
        select(EnforcementOrder.id)
        .join(order_violations, ov.order_id == EnforcementOrder.id)
        .where(ov.violation_id == violation_id, EnforcementOrder.status != "draft")
        .order_by(EnforcementOrder.issued_at.desc().nulls_last(), EnforcementOrder.created_at.desc())
        .limit(1)
    )
    return f"order:{order_id}" if order_id is not None else f"violation:{violation_id}"


def case_key(
    session: Session, violation_ids: Sequence[uuid.UUID], order_id: uuid.UUID | None = None
) -> str | None:
    """The one case these records make ("order:<id>", "violation:<id>"), PARTY_CASE for several cases, None
    for none (a one-off link)."""
    if order_id is not None:
        return f"order:{order_id}"
    keys = {case_of(session, v) for v in violation_ids}
    if not keys:
        return None
    return keys.pop() if len(keys) == 1 else PARTY_CASE


def _live(session: Session, town_id: uuid.UUID, party_id: uuid.UUID) -> list[ShortLink]:
    at = now()
    return list(
        session.scalars(
            select(ShortLink)
            .where(
                ShortLink.town_id == town_id,
                ShortLink.party_id == party_id,
                ShortLink.case_key.is_not(None),
                ShortLink.revoked_at.is_(None),
                (ShortLink.expires_at.is_(None)) | (ShortLink.expires_at > at),
            )
            .order_by(ShortLink.created_at, ShortLink.id)
        )
    )


def for_case(
    session: Session,
    town_id: uuid.UUID,
    party_id: uuid.UUID,
    purpose: str,
    violation_ids: Sequence[uuid.UUID] = (),
    order_id: uuid.UUID | None = None,
    site_id: uuid.UUID | None = None,
) -> ShortLink:
    """The party's stable link for the case of these records (flushed): the live link of the same case, else
    the earliest live link of one of its violations (an order adopting its violation's link), else a new one.
    A reused link gains these violations (and the order) and has its expiry recomputed."""
    key = case_key(session, violation_ids, order_id)
    if key is None:
        return create(session, town_id, party_id, purpose, violation_ids, order_id, site_id)
    live = _live(session, town_id, party_id)
    wanted = {str(v) for v in violation_ids}
    link = next((lk for lk in live if lk.case_key == key), None)
    if link is None and key != PARTY_CASE:  # the earliest link of one of its violations (ties: first named)
        rank = {str(v): i for i, v in reversed(list(enumerate(violation_ids)))}
        owned = [lk for lk in live if lk.case_key != PARTY_CASE and wanted & set(lk.violation_ids or [])]
        owned.sort(key=lambda lk: (lk.created_at, min(rank.get(v, len(rank)) for v in lk.violation_ids)))
        link = owned[0] if owned else None
    if link is None:
        link = create(session, town_id, party_id, purpose, violation_ids, order_id, site_id)
        link.case_key = key
        session.flush()
        return link
    link.case_key = key
    if not wanted <= set(link.violation_ids or []):
        link.violation_ids = sorted(wanted | set(link.violation_ids or []))
    if order_id is not None and link.order_id != order_id:
        link.order_id = order_id
    if link.site_id is None and site_id is not None:
        link.site_id = site_id
    new = expiry(session, link)
    if new != link.expires_at:
        link.expires_at = new
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
