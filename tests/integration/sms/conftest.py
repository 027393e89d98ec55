"""SMS fixtures: the app's Twilio settings pointed at the fake Twilio, seeded towns, violations, dispatch."""

from __future__ import annotations

import datetime as dt
import io
import uuid
from dataclasses import dataclass

import pytest
from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db, limiter
from backend.models import Notification, Party, Photo, Site, Town, Violation
from backend.models.evidence import ViolationPhoto
from backend.models.sms import ShortLink
from tests.unit.media.factory import make_jpeg

PUBLIC = "https://enforce.example.org"
CARVER_NUMBER, UPTON_NUMBER = "+15088660000", "+15085290000"
CEDAR = "Cedar Brook Homes Inc."  # Carver, Spanish, +15085550104
CEDAR_PROVISION = "CARVER-247-DESIGN-MAINTAIN"


@pytest.fixture(autouse=True)
def _fresh_rate_limits(app):  # inside the test app's context: without Redis the counts are in its database
    limiter.reset()
    yield
    limiter.reset()


@pytest.fixture
def twilio(app, fake_twilio, monkeypatch):
    """The app sends through the fake Twilio and validates webhooks against PUBLIC_BASE_URL."""
    s = app.config["SETTINGS"]
    for name, value in (
        ("twilio_account_sid", fake_twilio.account_sid),
        ("twilio_auth_token", fake_twilio.auth_token),
        ("twilio_senders", {"carver": CARVER_NUMBER, "upton": UPTON_NUMBER}),
        ("twilio_api_base", fake_twilio.base_url),
        ("public_base_url", PUBLIC),
        ("channel_timeout_seconds", 1.0),
        ("outbox_max_attempts", 3),
    ):
        monkeypatch.setattr(s, name, value)
    return fake_twilio


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


@pytest.fixture
def board(world):
    return world.headers("carver", "board_member", "planning")


def party(name: str) -> Party:
    found = db.session.scalar(select(Party).where(Party.name == name))
    assert found is not None, name
    return found


def site(name_part: str) -> Site:
    found = db.session.scalar(select(Site).where(Site.name.contains(name_part)))
    assert found is not None, name_part
    return found


def town(slug: str) -> Town:
    return db.session.scalar(select(Town).where(Town.slug == slug))


def new_violation(
    client,
    headers,
    site_name="Cedar Brook",
    offender=CEDAR,
    chapter="CARVER-247",
    provision=CEDAR_PROVISION,
    observed_at="2026-04-06T09:00:00-04:00",
    description="Silt fence down along lots 4-6",
) -> dict:
    resp = client.post(
        "/api/v1/violations",
        headers=headers,
        json={
            "site_id": str(site(site_name).id),
            "offender_id": str(party(offender).id),
            "chapter": chapter,
            "provision": provision,
            "description": description,
            "observed_at": observed_at,
        },
    )
    assert resp.status_code == 201, resp.json
    return resp.json


def send_notice(client, headers, violation_id, **extra) -> dict:
    resp = client.post(
        "/api/v1/sms/violation-notices", headers=headers, json={"violation_id": str(violation_id), **extra}
    )
    assert resp.status_code == 202, resp.json
    return resp.json


def dispatch(app, as_of: dt.datetime | None = None) -> str:
    db.session.commit()
    args = ["outbox", "dispatch", "--once"] + (["--as-of", as_of.isoformat()] if as_of else [])
    result = app.test_cli_runner().invoke(args=args)
    assert result.exit_code == 0, (result.output, result.exception)
    db.session.expire_all()
    return result.output


def notifications(channel: str | None = None, template: str | None = None) -> list[Notification]:
    db.session.expire_all()
    stmt = select(Notification).order_by(Notification.created_at, Notification.dedupe_key)
    if channel:
        stmt = stmt.where(Notification.channel == channel)
    if template:
        stmt = stmt.where(Notification.template == template)
    return list(db.session.scalars(stmt))


def link_of(row: Notification) -> ShortLink:
    payload = row.payload or {}
    link_id = payload.get("link_id") or (payload.get("sms") or {}).get("link_id")
    link = db.session.get(ShortLink, link_id)
    assert link is not None, payload
    return link


def set_clock(app, iso: str) -> dt.datetime:
    db.session.commit()
    at = dt.datetime.fromisoformat(iso).astimezone(dt.UTC)
    app.extensions["clock"].at = at
    return at


@dataclass
class Evidence:
    inspection_id: str
    photo_ids: list[str]


def evidence_photos(client, headers, violation_id, count=2, not_for_public=()) -> Evidence:
    """Photos uploaded to an inspection of the violation's site, linked as the violation's evidence."""
    violation = db.session.get(Violation, uuid.UUID(str(violation_id)))
    body = {
        "id": str(uuid.uuid4()),
        "site_id": str(violation.site_id),
        "entry_basis": "permit_on_file",
        "started_at": "2026-04-06T09:30:00-04:00",
    }
    assert client.post("/api/v1/inspections", json=body, headers=headers).status_code == 201
    ids = []
    for n in range(count):
        fields = {
            "photo_id": str(uuid.uuid4()),
            "file": (io.BytesIO(make_jpeg(None, size=(80 + n, 60))), "x.jpg"),
        }
        if n in not_for_public:
            fields["not_for_public"] = "true"
        resp = client.post(
            f"/api/v1/inspections/{body['id']}/photos",
            headers=headers,
            data=fields,
            content_type="multipart/form-data",
        )
        assert resp.status_code == 201, resp.json
        ids.append(resp.json["id"])
    with acting_as("test:evidence"):
        db.session.add_all(
            ViolationPhoto(town_id=violation.town_id, violation_id=violation.id, photo_id=uuid.UUID(pid))
            for pid in ids
        )
        db.session.commit()
    return Evidence(body["id"], ids)


def photo(photo_id: str) -> Photo:
    return db.session.get(Photo, uuid.UUID(photo_id))
