"""Evidence thumbnails go into the alert's thread with files_upload_v2, later when the derivative is still
pending, once each; Slack's 429 Retry-After is waited out."""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import uuid

import pytest
from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Inspection, Photo, User, Violation
from backend.models.evidence import ViolationPhoto
from backend.models.slack import SlackThumbnail
from tests.integration.enforcement.support_a import ERC_VOTE, draft_order, issue, site_and_permit
from tests.integration.slack.conftest import IssuedOrder

THUMB = b"\xff\xd8\xff\xe0" + b"EXIF-free thumbnail bytes" * 40 + b"\xff\xd9"


def _photo_for(violation_id: str, sha256: str) -> Photo:
    violation = db.session.get(Violation, uuid.UUID(violation_id))
    agent_email = "carver.agent.conservation@example.org"
    inspector = db.session.scalar(select(User.id).where(User.email == agent_email))
    taken = dt.datetime(2026, 4, 6, 13, 5, tzinfo=dt.UTC)
    with acting_as("test:photos"):
        inspection = Inspection(id=uuid.uuid4(), town_id=violation.town_id, site_id=violation.site_id,
                                inspector_id=inspector, entry_basis="permit_on_file", started_at=taken,
                                create_body_hash="0" * 64)
        photo = Photo(id=uuid.uuid4(), town_id=violation.town_id, inspection_id=inspection.id, sha256=sha256,
                      size=123456, mime="image/jpeg", taken_at=taken, lat=41.902104, lon=-70.765011)
        db.session.add_all([inspection, photo])
        db.session.flush()
        db.session.add(ViolationPhoto(town_id=violation.town_id, violation_id=violation.id,
                                      photo_id=photo.id))
        db.session.commit()
    return photo


@pytest.fixture
def with_photo(members) -> tuple[IssuedOrder, Photo]:
    agent = members.world.headers("carver", "agent")
    erc = members.world.headers("carver", "board_member", "earth")
    site, permit = site_and_permit(members.client, agent, "gravel")
    order = draft_order(members.client, agent, site, permit, "CARVER-136")
    photo = _photo_for(order["violation_ids"][0], hashlib.sha256(b"the original photo").hexdigest())
    assert issue(members.client, erc, order, ERC_VOTE).status_code == 200
    members.dispatch()
    (alert,) = members.posted("carver:earth_removal_committee")
    return IssuedOrder(order["id"], site, permit, alert), photo


def _make_ready(app, photo: Photo) -> None:
    app.extensions["photo_store"].put_derivative("carver", photo.sha256, "thumb.jpg", THUMB)
    with acting_as("test:photos"):
        db.session.get(Photo, photo.id).derivatives_ready = True
        db.session.commit()


def test_the_alert_counts_the_photos_and_offers_view_photos(with_photo):
    order, _ = with_photo
    assert "1 photo(s): EXIF-free thumbnails are posted in this thread" in json.dumps(order.alert["blocks"])
    assert order.alert["blocks"][-1]["elements"][-1]["action_id"] == "fe_view_photos"


def test_a_pending_thumbnail_is_posted_into_the_thread_once_it_is_ready(members, with_photo, app):
    order, photo = with_photo
    assert members.cli("thumbnails") == "posted 0 pending 1 failed 0\n"
    assert members.fake.uploaded_files == []
    _make_ready(app, photo)
    assert members.cli("thumbnails") == "posted 1 pending 0 failed 0\n"
    (uploaded,) = members.fake.uploaded_files
    assert uploaded["content"] == THUMB and uploaded["name"] == f"photo-{str(photo.id)[:8]}.jpg"
    assert "SHA-256 of the original" in uploaded["title"] and "41.902104, -70.765011" in uploaded["alt_txt"]
    (in_thread,) = [m for m in members.fake.messages(order.alert["channel"]) if m.get("files")]
    assert in_thread["thread_ts"] == order.alert["ts"]
    assert members.cli("thumbnails") == "posted 0 pending 0 failed 0\n"  # once per alert and photo
    (row,) = db.session.scalars(select(SlackThumbnail))
    assert row.file_id == uploaded["id"] and row.thread_ts == order.alert["ts"]


def test_a_rate_limited_upload_waits_what_retry_after_asks_and_then_succeeds(members, with_photo, app):
    _, photo = with_photo
    _make_ready(app, photo)
    members.fake.rate_limit_next("files.getUploadURLExternal", retry_after=7)
    assert members.cli("thumbnails") == "posted 1 pending 0 failed 0\n"
    assert members.sleeps == [7.0]
    calls = members.fake.requests_to("files.getUploadURLExternal")
    assert [c.fault for c in calls] == ["rate_limit", None]


def test_slack_refusing_the_upload_leaves_it_for_the_next_run(members, with_photo, app):
    _, photo = with_photo
    _make_ready(app, photo)
    members.fake.error_next("files.completeUploadExternal", "channel_not_found")
    assert members.cli("thumbnails") == "posted 0 pending 0 failed 1\n"
    assert members.cli("thumbnails") == "posted 1 pending 0 failed 0\n"


def test_view_photos_shows_the_uploaded_thumbnail_and_its_evidence_facts(members, with_photo, app):
    order, photo = with_photo
    _make_ready(app, photo)
    members.cli("thumbnails")
    members.click("erc.ana", "fe_view_photos", order.id, order.alert)
    (view,) = members.fake.views.values()
    (image,) = [b for b in view["blocks"] if b["type"] == "image"]
    assert image["slack_file"] == {"id": members.fake.uploaded_files[0]["id"]}
    assert f"SHA-256 `{photo.sha256[:12]}`" in json.dumps(view["blocks"])


def test_in_console_mode_a_ready_thumbnail_is_printed_as_its_url_once(members, with_photo, app):
    """Without Slack the console prints the alert; its thumbnails follow as their caption and URL."""
    import io

    from backend.clock import now
    from backend.models import Notification
    from backend.slack.thumbnails import print_pending
    order, photo = with_photo
    alert = db.session.scalar(select(Notification).where(Notification.template == "order_issued"))
    with acting_as("test:console"):
        alert.provider_id = "console:" + "0" * 32  # as the console channel names what it printed
        db.session.commit()
        out = io.StringIO()
        assert print_pending(db.session, now(), out).as_dict() == {"posted": 0, "pending": 1, "failed": 0}
        assert out.getvalue() == ""
        _make_ready(app, photo)
        assert print_pending(db.session, now(), out).as_dict() == {"posted": 1, "pending": 0, "failed": 0}
        assert print_pending(db.session, now(), out).as_dict() == {"posted": 0, "pending": 0, "failed": 0}
    (line,) = out.getvalue().splitlines()
    assert line.startswith(f"[slack thread → {alert.recipient}] Photo taken Mon, Apr 6, 2026, 9:05 AM EDT")
    assert line.endswith(f"/api/v1/photos/{photo.id}/thumb") and "41.902104, -70.765011" in line
    assert members.fake.uploaded_files == []  # nothing went to Slack
