"""Helpers for the enforcement workflow (part A) tests: file and submit inspections, move the clock."""

from __future__ import annotations

import datetime as dt
import uuid

from sqlalchemy import func, select

from backend.extensions import db
from backend.models import AuditEvent, Notification


def site_and_permit(client, headers, q: str) -> tuple[dict, dict]:
    site = client.get(f"/api/v1/sites?q={q}", headers=headers).json[0]
    detail = client.get(f"/api/v1/sites/{site['id']}", headers=headers).json
    return site, detail["permits"][0]


def submit(
    client,
    headers,
    site: dict,
    permit: dict | None,
    responses: list[dict],
    started_at: str = "2026-04-06T09:30:00-04:00",
    **extra,
) -> tuple[str, object]:
    """Create and submit an inspection; returns (inspection id, the submit response)."""
    iid = str(uuid.uuid4())
    body = {
        "id": iid,
        "site_id": site["id"],
        "permit_id": permit["id"] if permit else None,
        "entry_basis": "permit_on_file",
        "started_at": started_at,
        "responses": responses,
    } | extra
    created = client.post("/api/v1/inspections", json=body, headers=headers)
    assert created.status_code == 201, created.json
    return iid, client.post(f"/api/v1/inspections/{iid}/submit", headers=headers)


def set_clock(app, iso: str) -> None:
    app.extensions["clock"].at = dt.datetime.fromisoformat(iso).astimezone(dt.UTC)


def violations(client, headers, site: dict, status: str | None = None) -> list[dict]:
    url = f"/api/v1/violations?site_id={site['id']}" + (f"&status={status}" if status else "")
    return client.get(url, headers=headers).json


def deadlines(client, headers, **query) -> list[dict]:
    q = "&".join(f"{k}={v}" for k, v in query.items())
    resp = client.get(f"/api/v1/deadlines?{q}", headers=headers)
    assert resp.status_code == 200, resp.json
    return resp.json


def notifications(template: str | None = None) -> list[Notification]:
    stmt = select(Notification).order_by(Notification.created_at, Notification.dedupe_key)
    if template:
        stmt = stmt.where(Notification.template == template)
    return list(db.session.scalars(stmt))


def audit_events() -> int:
    return db.session.scalar(select(func.count()).select_from(AuditEvent)) or 0


STABILIZATION_FAIL = {
    "item_id": "stabilization",
    "answer": "fail",
    "ceased_on": "2026-04-01",
    "data": {"portion": "lots 4-9"},
}


def draft_order(
    client,
    headers,
    site: dict,
    permit: dict,
    chapter: str,
    kind: str = "cease_and_desist",
    provision: str | None = None,
    text: str = "Cease all work at once.",
) -> dict:
    """A violation at the site under its permit, and a draft order naming it."""
    v = client.post(
        "/api/v1/violations",
        headers=headers,
        json={
            "site_id": site["id"],
            "permit_id": permit["id"],
            "offender_id": permit["operator_id"] or permit["permittee_id"],
            "chapter": chapter,
            "provision": provision or PROVISIONS[chapter],
            "description": "Observed on site",
            "observed_at": "2026-04-06T09:00:00-04:00",
        },
    )
    assert v.status_code == 201, v.json
    order = client.post(
        "/api/v1/orders",
        headers=headers,
        json={
            "site_id": site["id"],
            "kind": kind,
            "chapter": chapter,
            "violation_ids": [v.json["id"]],
            "text": text,
        },
    )
    assert order.status_code == 201, order.json
    return order.json


def issue(
    client, headers, order: dict, authorization: dict | None = None, at: str = "2026-04-06T10:00:00-04:00"
):
    return client.post(
        f"/api/v1/orders/{order['id']}/issue",
        headers=headers,
        json={"at": at, "authorization": authorization or {}},
    )


PROVISIONS = {
    "CARVER-136": "CARVER-136-BUFFER-50FT",
    "CARVER-247": "CARVER-247-DESIGN-MAINTAIN",
    "CARVER-281": "CARVER-281-PROHIBITED-ACTS",
    "UPTON-280": "UPTON-280-PROHIBITED",
}
ERC_VOTE = {
    "vote": {"yes": 4, "no": 1, "members_present": ["A. Lopes", "B. Reed", "C. Shaw", "D. Pina", "E. Wong"]}
}
DESIGNATION = {
    "designation": "ERC vote of 2026-03-02 (minutes item 4) designating the agent to enforce ch. 136"
}
