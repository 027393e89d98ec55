"""Helpers for the enforcement workflow (part B) tests: run the jobs through the CLI, count their writes."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import func, select

from backend.extensions import db
from backend.models import AuditEvent, Deadline, FineAccrual, Notification, OffenseDay, Party, Site, Violation
from backend.models.fines import StandingInstruction


def at(iso: str) -> dt.datetime:
    return dt.datetime.fromisoformat(iso).astimezone(dt.UTC)


def run_jobs(app, iso: str, *jobs: str) -> str:
    """Move the clock to `iso` and run `flask jobs run-due --as-of iso` (every job, or those named)."""
    db.session.commit()  # end the test's own read transaction so it sees what the jobs write
    app.extensions["clock"].at = at(iso)
    args = ["jobs", "run-due", "--as-of", iso] + [a for j in jobs for a in ("--job", j)]
    result = app.test_cli_runner().invoke(args=args)
    assert result.exit_code == 0, result.output + repr(result.exception)
    db.session.expire_all()
    return result.output


def counts() -> dict[str, int]:
    """Rows a job could write: a second run for the same instant must leave every one unchanged."""
    db.session.commit()
    out = {}
    for model in (
        OffenseDay,
        FineAccrual,
        Notification,
        AuditEvent,
        Violation,
        Deadline,
        StandingInstruction,
    ):
        out[model.__name__] = db.session.scalar(select(func.count()).select_from(model)) or 0
    out["FineAccrual.void"] = (
        db.session.scalar(select(func.count()).select_from(FineAccrual).where(FineAccrual.status == "void"))
        or 0
    )
    return out


def outbox(channel: str | None = None, template: str | None = None) -> list[Notification]:
    stmt = select(Notification).order_by(Notification.dedupe_key)
    if channel:
        stmt = stmt.where(Notification.channel == channel)
    if template:
        stmt = stmt.where(Notification.template == template)
    return list(db.session.scalars(stmt))


def party(name: str) -> Party:
    found = db.session.scalar(select(Party).where(Party.name == name))
    assert found is not None, name
    return found


def site(name_part: str) -> Site:
    found = db.session.scalar(select(Site).where(Site.name.contains(name_part)))
    assert found is not None, name_part
    return found


def amounts(rows: list[dict]) -> list[int | None]:
    return [r["amount_cents"] for r in sorted(rows, key=lambda r: (r["local_date"], r["revision"]))]


def create_violation(
    client,
    headers,
    site_id,
    offender_id,
    chapter: str,
    provision: str,
    observed_at: str,
    permit_id=None,
    description: str = "Observed on site",
) -> dict:
    resp = client.post(
        "/api/v1/violations",
        headers=headers,
        json={
            "site_id": str(site_id),
            "offender_id": str(offender_id),
            "permit_id": str(permit_id) if permit_id else None,
            "chapter": chapter,
            "provision": provision,
            "description": description,
            "observed_at": observed_at,
        },
    )
    assert resp.status_code == 201, resp.json
    return resp.json


def issued_order(
    client,
    headers,
    site_id,
    violation_ids: list[str],
    chapter: str,
    fine_path: str,
    issued_at: str,
    authorization: dict | None = None,
    kind: str = "cease_and_desist",
) -> dict:
    """A draft order naming the violations, issued on the chosen fine path."""
    order = client.post(
        "/api/v1/orders",
        headers=headers,
        json={
            "site_id": str(site_id),
            "kind": kind,
            "chapter": chapter,
            "violation_ids": violation_ids,
            "text": "Cease all work at once.",
            "fine_path": fine_path,
        },
    )
    assert order.status_code == 201, order.json
    issued = client.post(
        f"/api/v1/orders/{order.json['id']}/issue",
        headers=headers,
        json={"at": issued_at, "fine_path": fine_path, "authorization": authorization or {}},
    )
    assert issued.status_code == 200, issued.json
    return issued.json


def citations(client, headers, **query) -> list[dict]:
    q = "&".join(f"{k}={v}" for k, v in query.items())
    resp = client.get(f"/api/v1/citations?{q}", headers=headers)
    assert resp.status_code == 200, resp.json
    return resp.json


PLANNING_BOARD_VOTE = {"vote": {"yes": 4, "no": 1, "members_present": ["A", "B", "C", "D", "E"]}}
