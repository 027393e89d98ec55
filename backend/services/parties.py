"""Who an order's texts go to: the operator on the site's permit under the order's chapter, else its
permittee (the review meeting's notice, its reminder, the operator told when it moves)."""

from __future__ import annotations

from sqlalchemy import select

from backend.extensions import db
from backend.models import EnforcementOrder, Party, Permit


def operator_of(order: EnforcementOrder) -> Party | None:
    permit = db.session.scalar(select(Permit).where(Permit.site_id == order.site_id,
                                                    Permit.chapter == order.chapter)
                               .order_by(Permit.issued_on.desc()).limit(1))
    party_id = (permit.operator_id or permit.permittee_id) if permit is not None else None
    return db.session.get(Party, party_id) if party_id else None
