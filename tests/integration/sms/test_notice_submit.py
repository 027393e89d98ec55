"""From the notice page the permittee sends what the bylaw asks: reports, event notices, correction photos
(a submission for staff, and a re-inspection task). CSRF-protected; garbage and hostile input refused."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import re
import time

import pytest
from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import AuditEvent, Deadline, InspectionTask, Submission
from backend.services.photo_files import photo_store
from inspections.deadlines.carver_247_site import MONTHLY
from tests.integration.sms.conftest import (
    CEDAR,
    link_of,
    new_violation,
    notifications,
    party,
    send_notice,
    site,
)
from tests.unit.media.factory import make_jpeg


@pytest.fixture
def link_id(app, client, world, agent):
    send_notice(client, agent, new_violation(client, agent)["id"])
    return link_of(notifications("sms")[0]).id


def csrf(client, link_id) -> str:
    html = client.get(f"/n/{link_id}").get_data(as_text=True)
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


def submit(client, link_id, token=None, photos=(), **fields):
    data = {"csrf": csrf(client, link_id) if token is None else token, **fields}
    data["photos"] = [(io.BytesIO(content), name) for name, content in photos]
    return client.post(f"/n/{link_id}/submit", data=data, content_type="multipart/form-data")


def submissions() -> list[Submission]:
    db.session.expire_all()
    return list(db.session.scalars(select(Submission)))


def test_correction_photos_become_a_submission_and_a_reinspection_task(client, link_id):
    jpeg = make_jpeg(None, size=(120, 90))
    resp = submit(
        client,
        link_id,
        kind="reinspection_request",
        notes="Fence reset, see photos",
        photos=[("fence.jpg", jpeg)],
    )
    html = resp.get_data(as_text=True)
    assert resp.status_code == 201 and "Recibido el 6 abr 2026" in html and "inspector" in html
    [sub] = submissions()
    assert (sub.kind, sub.received_via, sub.from_party_id, sub.site_id) == (
        "reinspection_request",
        "sms_link",
        party(CEDAR).id,
        site("Cedar Brook").id,
    )
    assert "Fence reset, see photos" in sub.notes and link_id in sub.notes
    [doc] = sub.documents
    assert doc["sha256"] == hashlib.sha256(jpeg).hexdigest() and photo_store().get(doc["ref"]) == jpeg
    [task] = db.session.scalars(select(InspectionTask)).all()
    assert (task.reason, task.source, task.status, task.site_id) == (
        "reinspection",
        f"submission:{sub.id}",
        "open",
        sub.site_id,
    )
    assert task.due_on == dt.date(2026, 4, 13)
    actors = set(db.session.scalars(select(AuditEvent.actor).where(AuditEvent.object_type == "Submission")))
    assert actors == {f"party:{party(CEDAR).id} (notice link {link_id})"}


def test_a_monthly_report_is_offered_only_while_its_deadline_is_open_and_meets_it(client, link_id):
    assert submit(client, link_id, kind="monthly_report", month="2026-03").status_code == 422
    with acting_as("test:deadline"):
        deadline = Deadline(
            town_id=site("Cedar Brook").town_id,
            site_id=site("Cedar Brook").id,
            subject_type="site",
            subject_id=site("Cedar Brook").id,
            kind="report",
            rule_id=MONTHLY,
            citation="~§ 247-8C",
            label="Monthly report",
            binds="permittee",
            earliest_on=dt.date(2026, 3, 1),
            latest_on=dt.date(2026, 3, 31),
        )
        db.session.add(deadline)
        db.session.commit()
    assert "Informe mensual" in client.get(f"/n/{link_id}").get_data(as_text=True)
    old = submit(client, link_id, kind="monthly_report", month="1999-12")  # before the observations' floor
    html = old.get_data(as_text=True)
    assert old.status_code == 422 and "<b>Mes que cubre (informe mensual)</b>" in html
    assert "Una fecha del " in html and "A date from" not in html  # the bound, in the reader's language
    resp = submit(
        client, link_id, kind="monthly_report", month="2026-03", notes="March report attached by mail"
    )
    assert resp.status_code == 201, resp.get_data(as_text=True)
    [sub] = submissions()
    assert (sub.period_start, sub.period_end) == (dt.date(2026, 3, 1), dt.date(2026, 3, 31))
    db.session.refresh(deadline)
    assert deadline.status == "met" and sub.satisfied_deadline_ids == [str(deadline.id)]
    assert db.session.scalars(select(InspectionTask)).all() == []


@pytest.mark.parametrize("token", ["", "garbage", "other-link", "tampered"])
def test_a_missing_foreign_or_tampered_csrf_token_is_refused(client, link_id, agent, token):
    if token == "other-link":
        send_notice(client, agent, new_violation(client, agent, description="Second")["id"])
        [other] = {link_of(n).id for n in notifications("sms")} - {link_id}
        token = csrf(client, other)
    elif token == "tampered":
        good = csrf(client, link_id)
        token = good[:-2] + ("AA" if good[-2:] != "AA" else "BB")
    resp = submit(client, link_id, token=token, kind="reinspection_request", photos=[("a.jpg", make_jpeg())])
    assert resp.status_code == 403 and "formulario venció" in resp.get_data(as_text=True)
    assert submissions() == []


def test_an_expired_form_is_refused(app, client, link_id, monkeypatch):
    token = csrf(client, link_id)
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 5 * 3600)  # itsdangerous reads the wall clock
    resp = submit(client, link_id, token=token, kind="reinspection_request", photos=[("a.jpg", make_jpeg())])
    assert resp.status_code == 403 and submissions() == []


@pytest.mark.parametrize(
    ("fields", "photos", "field"),
    [
        ({}, [("a.jpg", make_jpeg())], "kind"),
        ({"kind": "final_report"}, [("a.jpg", make_jpeg())], "kind"),
        ({"kind": "<script>alert(1)</script>"}, [], "kind"),
        ({"kind": "reinspection_request"}, [], "photos"),
        ({"kind": "reinspection_request"}, [("notes.txt", b"not a photo at all")], "photos"),
        ({"kind": "reinspection_request"}, [(f"{n}.jpg", make_jpeg()) for n in range(7)], "photos"),
        ({"kind": "reinspection_request", "notes": "x" * 2001}, [("a.jpg", make_jpeg())], "notes"),
        ({"kind": "reinspection_request", "month": "March"}, [("a.jpg", make_jpeg())], "month"),
        ({"kind": "reinspection_request", "event_on": "2026-02-30"}, [("a.jpg", make_jpeg())], "event_on"),
        ({"kind": "reinspection_request", "event_on": "0001-01-01"}, [("a.jpg", make_jpeg())], "event_on"),
        ({"kind": "reinspection_request", "event_on": "9999-12-31"}, [("a.jpg", make_jpeg())], "event_on"),
    ],
    ids=[
        "no-kind",
        "kind-not-offered",
        "hostile-kind",
        "no-photo",
        "not-an-image",
        "too-many-photos",
        "notes-too-long",
        "garbled-month",
        "impossible-date",
        "year-0001 (bounded like the API)",
        "year-9999 (bounded like the API)",
    ],
)
def test_garbage_is_refused_naming_the_field_and_nothing_is_recorded(client, link_id, fields, photos, field):
    resp = submit(client, link_id, photos=photos, **fields)
    html = resp.get_data(as_text=True)
    label = {
        "kind": "¿Qué envía?",
        "photos": "Fotos",
        "notes": "Notas",
        "month": "Mes que cubre (informe mensual)",
        "event_on": "Fecha de la etapa (aviso)",
    }[field]
    assert resp.status_code == 422 and f"<b>{label}</b>" in html and "<script>alert" not in html
    assert f"<b>{field}</b>" not in html, "the form names the field in the reader's words, not its key"
    assert submissions() == [] and db.session.scalars(select(InspectionTask)).all() == []


def test_a_dead_link_takes_no_submission(client, link_id, world):
    board = world.headers("carver", "board_member", "planning")
    token = csrf(client, link_id)
    client.post(f"/api/v1/sms/links/{link_id}/revoke", headers=board, json={"reason": "superseded"})
    resp = submit(client, link_id, token=token, kind="reinspection_request", photos=[("a.jpg", make_jpeg())])
    assert resp.status_code == 404 and submissions() == []
