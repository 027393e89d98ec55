"""GET /api/v1/outbox and POST /api/v1/outbox/<id>/redrive: town-scoped, for town admins and board members."""
from __future__ import annotations

import uuid

import pytest
from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Notification, Town
from backend.outbox.intents import enqueue


def _town_id(slug: str) -> uuid.UUID:
    return db.session.scalar(select(Town.id).where(Town.slug == slug))


def _row(slug: str, key: str, status: str = "pending", error_code: str | None = None) -> str:
    with acting_as("test:outbox"):
        row = enqueue(db.session, _town_id(slug), "sms", "+15085550123", "t", {"text": "Notice"}, key)
        row.status, row.error_code = status, error_code
        db.session.commit()
    return str(row.id)


@pytest.fixture
def admin(world):
    return world.headers("carver", "town_admin")


def test_town_admins_and_board_members_list_their_towns_notifications_only(client, world, admin):
    mine = _row("carver", "carver:1", "dead")
    _row("carver", "carver:2", "sent")
    _row("upton", "upton:1", "dead")

    listed = client.get("/api/v1/outbox", headers=admin)
    dead = client.get("/api/v1/outbox?status=dead", headers=world.headers("carver", "board_member"))

    assert listed.status_code == 200 and {n["dedupe_key"] for n in listed.json} == {"carver:1", "carver:2"}
    assert [n["id"] for n in dead.json] == [mine]
    assert dead.json[0]["status"] == "dead" and "payload" not in dead.json[0]


@pytest.mark.parametrize("role", ["agent", "enforcing_officer"])
def test_other_roles_may_not_read_or_redrive_the_outbox(client, world, role):
    nid = _row("carver", "carver:dead", "dead")
    headers = world.headers("carver", role)

    assert client.get("/api/v1/outbox", headers=headers).status_code == 403
    assert client.post(f"/api/v1/outbox/{nid}/redrive", headers=headers).status_code == 403


def test_the_outbox_needs_a_token(client, world):
    nid = _row("carver", "carver:dead", "dead")
    assert client.get("/api/v1/outbox").status_code == 401
    assert client.post(f"/api/v1/outbox/{nid}/redrive").status_code == 401


@pytest.mark.parametrize("query, field", [
    ("status=exploded", "status"), ("limit=0", "limit"), ("limit=100000", "limit"), ("offset=-1", "offset"),
    ("limit=ten", "limit"), ("status=%27%3B%20DROP%20TABLE%20notifications%3B--", "status"),
])
def test_bad_list_queries_are_422_naming_the_field(client, admin, query, field):
    resp = client.get(f"/api/v1/outbox?{query}", headers=admin)
    assert resp.status_code == 422 and field in resp.json["detail"]["query"]


def test_redrive_puts_a_dead_notification_back_to_pending_with_fresh_attempts(client, admin):
    nid = _row("carver", "carver:dead", "dead")
    db.session.get(Notification, uuid.UUID(nid)).attempts = 8
    db.session.commit()

    resp = client.post(f"/api/v1/outbox/{nid}/redrive", headers=admin)

    assert resp.status_code == 200
    assert (resp.json["status"], resp.json["attempts"]) == ("pending", 0)
    db.session.expire_all()
    assert db.session.get(Notification, uuid.UUID(nid)).status == "pending"


def test_redrive_ignores_a_hostile_body(client, admin):
    nid = _row("carver", "carver:dead", "dead")
    resp = client.post(f"/api/v1/outbox/{nid}/redrive", headers=admin,
                       json={"status": "sent", "town_id": str(uuid.uuid4()), "attempts": -5})
    assert resp.status_code == 200 and (resp.json["status"], resp.json["attempts"]) == ("pending", 0)
    garbage = client.post(f"/api/v1/outbox/{nid}/redrive", data=b"\xff\xfe{not json",
                          headers={**admin, "Content-Type": "application/json"})
    assert garbage.status_code == 409 and "pending" in garbage.json["message"]  # already re-driven


@pytest.mark.parametrize("status", ["pending", "sending", "sent", "reconcile"])
def test_redrive_of_a_live_or_sent_notification_is_409(client, admin, status):
    nid = _row("carver", f"carver:{status}", status)
    resp = client.post(f"/api/v1/outbox/{nid}/redrive", headers=admin)
    assert resp.status_code == 409 and status in resp.json["message"]


def test_redrive_of_a_notification_to_someone_who_replied_stop_is_409(client, admin):
    nid = _row("carver", "carver:stop", "failed", "twilio:21610")
    resp = client.post(f"/api/v1/outbox/{nid}/redrive", headers=admin)
    assert resp.status_code == 409 and "opted out" in resp.json["message"]


def test_redrive_of_a_failed_notification_for_another_reason_is_allowed(client, admin):
    nid = _row("carver", "carver:10dlc", "failed", "twilio:30034")
    assert client.post(f"/api/v1/outbox/{nid}/redrive", headers=admin).json["status"] == "pending"


def test_another_towns_or_an_unknown_notification_is_404(client, admin):
    theirs = _row("upton", "upton:dead", "dead")
    assert client.post(f"/api/v1/outbox/{theirs}/redrive", headers=admin).status_code == 404
    assert client.post(f"/api/v1/outbox/{uuid.uuid4()}/redrive", headers=admin).status_code == 404
    assert client.post("/api/v1/outbox/not-a-uuid/redrive", headers=admin).status_code == 404
    db.session.expire_all()
    assert db.session.get(Notification, uuid.UUID(theirs)).status == "dead"


def test_delivery_and_redrive_are_in_the_audit_chain(app, client, admin):
    nid = _row("carver", "carver:dead", "dead")
    client.post(f"/api/v1/outbox/{nid}/redrive", headers=admin)
    result = app.test_cli_runner().invoke(args=["outbox", "dispatch", "--once"])
    assert "sent 1" in result.output

    verify = app.test_cli_runner().invoke(args=["audit", "verify", "--town", "carver"])
    assert verify.exit_code == 0, verify.output
    from backend.models import AuditEvent
    actors = db.session.scalars(select(AuditEvent.actor).where(AuditEvent.object_id == nid)
                                .order_by(AuditEvent.seq)).all()
    assert actors[-3:] == ["user:carver.town-admin@example.org", "outbox:dispatcher", "outbox:dispatcher"]
