"""Bulk writes stay on the audit chain: the fast canonical JSON is byte-for-byte RFC 8785, rows skipped by
INSERT-or-ignore are not sealed, and `flask audit verify` agrees."""

from __future__ import annotations

import datetime as dt
import uuid

import rfc8785
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import func, select

from backend.audit import acting_as, fast_canonical, sealed_rows
from backend.audit_verify import verify_town
from backend.extensions import db
from backend.models import AuditEvent, OffenseDay, Violation
from backend.services.bulk import full_row, insert_ignoring
from tests.integration.enforcement.support_b import create_violation, party, site

scalars = st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.text()
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@given(st.dictionaries(st.text(max_size=12), json_values, max_size=8))
def test_fast_canonical_json_is_exactly_rfc_8785(data):
    try:
        expected = rfc8785.dumps(data).decode()
    except (rfc8785.CanonicalizationError, UnicodeEncodeError, ValueError):
        return  # values RFC 8785 refuses (e.g. integers beyond 2**53) are refused by the fallback too
    assert fast_canonical(data) == expected


def _row(town_id, violation_id, offender_id, day: dt.date) -> dict:
    return full_row(
        OffenseDay,
        {
            "id": uuid.uuid4(),
            "town_id": town_id,
            "violation_id": violation_id,
            "provision": "CARVER-247-DESIGN-MAINTAIN",
            "offender_id": offender_id,
            "local_date": day,
            "line_item": 1,
            "created_at": dt.datetime(2026, 4, 6, 14, tzinfo=dt.UTC),
        },
    )


def test_rows_skipped_as_duplicates_are_neither_written_nor_audited(client, world):
    agent = world.headers("carver", "agent")
    s, p = site("Cedar Brook"), party("Cedar Brook Homes Inc.")
    v = db.session.get(
        Violation,
        uuid.UUID(
            create_violation(
                client,
                agent,
                s.id,
                p.id,
                "CARVER-247",
                "CARVER-247-DESIGN-MAINTAIN",
                "2026-04-03T09:00:00-04:00",
            )["id"]
        ),
    )
    first = [_row(v.town_id, v.id, p.id, dt.date(2026, 4, d)) for d in (3, 4)]
    again = [_row(v.town_id, v.id, p.id, dt.date(2026, 4, d)) for d in (4, 5)]  # the 4th clashes
    with acting_as("test:bulk"):
        assert len(insert_ignoring(db.session, OffenseDay, first)) == 2
        written = insert_ignoring(db.session, OffenseDay, again)
        db.session.commit()
    assert [r["local_date"].day for r in written] == [5]
    seals = db.session.scalars(select(AuditEvent).where(AuditEvent.object_type == "OffenseDay")).all()
    assert [e.action for e in seals] == ["seal", "seal"]
    sealed = [oid for e in seals for oid in sealed_rows(e)]
    assert sorted(sealed) == sorted(str(r["id"]) for r in [*first, *written])
    assert len(sealed) == 3 == db.session.scalar(select(func.count()).select_from(OffenseDay))
    report = verify_town(db.session, v.town_id, b"test-audit-key")
    assert report.ok, report.problem
