"""Fixtures of the administration tests: headers per role, audit look-ups, a platform operator."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from backend.extensions import db
from backend.models import AuditEvent, Town


@pytest.fixture
def admin(world):
    return world.headers("carver", "town_admin")


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


@pytest.fixture
def upton_admin(world):
    return world.headers("upton", "town_admin")


def town(slug: str) -> Town:
    return db.session.scalar(select(Town).where(Town.slug == slug))


def audit_trail(object_type: str, object_id: str) -> list[tuple[str, str, dict]]:
    """(action, actor, snapshot) of every audit event of one object, oldest first."""
    rows = db.session.scalars(
        select(AuditEvent)
        .where(AuditEvent.object_type == object_type, AuditEvent.object_id == str(object_id))
        .order_by(AuditEvent.town_id, AuditEvent.seq)
    )
    return [(e.action, e.actor, json.loads(e.snapshot)) for e in rows]


def patch(client, url: str, headers: dict, body: dict):
    """PATCH with the current ETag, as a careful client does."""
    etag = client.get(url, headers=headers).headers["ETag"]
    return client.patch(url, headers=headers | {"If-Match": etag}, json=body)
