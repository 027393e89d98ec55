"""The town's settings (bylaw engine switches and the app's keys): every role reads them with what each
decides; the town admin changes them with If-Match, all or nothing, each refusal named; the change is
audited."""
from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from backend.audit_verify import verify_town
from backend.extensions import db
from backend.models import AuditEvent, Town

URL = "/api/v1/admin/settings"


def _read(client, headers):
    resp = client.get(URL, headers=headers)
    assert resp.status_code == 200, resp.json
    return resp, {s["key"]: s for s in resp.json["settings"]}


def _patch(client, headers, etag, body):
    return client.patch(URL, headers=headers | {"If-Match": etag}, json=body)


def test_every_role_reads_the_switches_with_their_defaults_and_what_they_decide(client, world):
    resp, settings = _read(client, world.headers("carver", "board_member", "planning"))
    assert resp.json["town"] == "carver" and resp.headers["ETag"]
    roll = settings["roll_c4s9"]
    assert (roll["scope"], roll["value"], roll["default"], roll["set"], roll["kind"]) == (
        "bylaw engine", False, False, False, "boolean")
    assert "AMB-51" in roll["note"]
    scope = settings["escalation_scope"]
    assert scope["choices"] == ["offender", "offender+provision", "offender+site"]
    due_day = settings["carver247.monthly_report_due_day"]
    assert (due_day["minimum"], due_day["maximum"], due_day["nullable"]) == (1, 31, True)
    due_days = settings["reinspection_due_days"]
    assert (due_days["minimum"], due_days["maximum"]) == (0, 90)
    notice = settings["sms_violation_notice_on_open"]
    assert (notice["scope"], notice["value"], notice["set"]) == ("app", True, False)


def test_the_settings_list_the_readings_rules_md_does_not_state(client, world):
    """Issue 22: each reading of inspections/READINGS.md, with its switch and that switch's value in force."""
    from inspections.readings import readings

    town = db.session.scalar(select(Town).where(Town.slug == "upton"))
    town.settings = {**(town.settings or {}), "roll_c4s9": True}
    db.session.commit()
    resp, _ = _read(client, world.headers("upton", "agent"))
    listed = {r["id"]: r for r in resp.json["readings"]}
    assert list(listed) == [r.id for r in readings()]
    roll = listed["READ-ROLL-CLOSURE"]
    assert (roll["switch"], roll["switch_value"]) == ("roll_c4s9", True)
    assert roll["text"] == "an ordinary Saturday never rolls" and "CONV-ROLL" in roll["concerns"]
    tie = listed["READ-DIST-TIE"]
    assert (tie["switch"], tie["switch_value"]) == (None, None) and "50.2" in tie["choice"]


def test_a_retired_switch_stored_earlier_may_be_reset_but_not_set(client, world):
    """Issue 22 retired `tz` (it admitted one value and nothing read it): a town that stored it keeps working
    and may remove it; setting it is refused."""
    town = db.session.scalar(select(Town).where(Town.slug == "carver"))
    town.settings = {**(town.settings or {}), "tz": "America/New_York"}
    db.session.commit()
    admin = world.headers("carver", "town_admin")
    read, settings = _read(client, admin)
    assert "tz" not in settings
    refused = _patch(client, admin, read.headers["ETag"], {"set": {"tz": "America/New_York"}})
    assert refused.status_code == 422 and "tz" in refused.json["detail"]["json"]
    done = _patch(client, admin, read.headers["ETag"], {"reset": ["tz"]})
    assert done.status_code == 200, done.json
    db.session.refresh(town)
    assert "tz" not in (town.settings or {})


def test_the_town_admin_changes_and_resets_settings_and_the_chain_records_it(client, world):
    admin = world.headers("carver", "town_admin")
    read, _ = _read(client, admin)
    resp = _patch(client, admin, read.headers["ETag"], {"set": {
        "roll_c4s9": True, "sms_quiet_hours": "21:00-07:30", "sms_violation_notice_on_open": False,
        "carver136.extension_months": 6}})
    assert resp.status_code == 200, resp.json
    changed = {s["key"]: s for s in resp.json["settings"]}
    assert changed["roll_c4s9"]["value"] is True and changed["roll_c4s9"]["set"] is True
    assert changed["sms_quiet_hours"]["value"] == "21:00-07:30"
    assert resp.json["config_version"] != read.json["config_version"]
    town = db.session.scalar(select(Town).where(Town.slug == "carver"))
    event = db.session.scalars(select(AuditEvent).where(AuditEvent.object_id == str(town.id))
                               .order_by(AuditEvent.seq.desc())).first()
    assert event.action == "update" and event.actor == "user:carver.town-admin@example.org"
    assert json.loads(event.snapshot)["settings"]["roll_c4s9"] is True
    reset = {"reset": ["roll_c4s9", "sms_violation_notice_on_open"]}
    back = _patch(client, admin, resp.headers["ETag"], reset)
    assert back.status_code == 200, back.json
    after = {s["key"]: s for s in back.json["settings"]}
    assert (after["roll_c4s9"]["value"], after["roll_c4s9"]["set"]) == (False, False)
    assert after["sms_violation_notice_on_open"]["value"] is True and after["sms_quiet_hours"]["set"] is True
    assert verify_town(db.session, town.id, b"test-audit-key").ok


@pytest.mark.parametrize(("body", "key", "words"), [
    ({"set": {"no_such_switch": 1}}, "no_such_switch", "unknown setting"),
    ({"set": {"roll_c4s9": "yes"}}, "roll_c4s9", "must be bool"),
    ({"set": {"escalation_scope": "town"}}, "escalation_scope", "must be one of"),
    ({"set": {"sms_quiet_hours": "late"}}, "sms_quiet_hours", "quiet hours must look like 20:00-08:00"),
    ({"set": {"reinspection_due_days": 400}}, "reinspection_due_days", "between 0 and 90"),
    ({"set": {"reinspection_due_days": True}}, "reinspection_due_days", "must be a integer"),
    ({"set": {"sms_violation_notice_on_open": None}}, "sms_violation_notice_on_open", "may not be null"),
    ({"set": {"roll_c4s9": True}, "reset": ["roll_c4s9"]}, "roll_c4s9", "both set and reset"),
    ({"reset": ["nothing.here"]}, "nothing.here", "unknown setting"),
    ({"set": {"extra_closed_days": ["Christmas Eve"]}}, "extra_closed_days", "is not an ISO date"),
    ({"set": {"carver247.noncriminal_3rd_amount": -1}}, "carver247.noncriminal_3rd_amount", "at least 0"),
], ids=["unknown", "wrong-type", "not-a-choice", "quiet-hours", "out-of-range", "bool-for-int", "null",
        "set-and-reset", "reset-unknown", "closed-day", "negative-amount"])
def test_a_refused_value_is_named_and_nothing_changes(client, world, body, key, words):
    admin = world.headers("carver", "town_admin")
    read, before = _read(client, admin)
    good = {"set": {**body.get("set", {}), "carver136.extension_months": 6}, "reset": body.get("reset", [])}
    resp = _patch(client, admin, read.headers["ETag"], good)
    assert resp.status_code == 422, resp.json
    assert words in resp.json["detail"]["json"][key][0] and key in resp.json["message"]
    again, after = _read(client, admin)
    assert after == before and again.headers["ETag"] == read.headers["ETag"]  # all or nothing


def test_only_the_town_admin_changes_settings_and_only_with_the_current_etag(client, world):
    admin, board = world.headers("carver", "town_admin"), world.headers("carver", "board_member", "planning")
    read, _ = _read(client, admin)
    body = {"set": {"roll_c4s9": True}}
    assert _patch(client, board, read.headers["ETag"], body).status_code == 403
    assert client.patch(URL, headers=admin, json=body).status_code == 428
    assert _patch(client, admin, '"s000"', body).status_code == 412
    assert _patch(client, admin, read.headers["ETag"], {}).status_code == 422
    assert client.patch(URL, headers=admin | {"If-Match": read.headers["ETag"]}, data="[]",
                        content_type="application/json").status_code == 422
    assert client.get(URL).status_code == 401


def test_each_town_sees_and_changes_only_its_own_settings(client, world):
    upton_admin = world.headers("upton", "town_admin")
    read, _ = _read(client, upton_admin)
    assert read.json["town"] == "upton"
    assert _patch(client, upton_admin, read.headers["ETag"], {"set": {"roll_c4s9": True}}).status_code == 200
    _, carver = _read(client, world.headers("carver", "town_admin"))
    assert carver["roll_c4s9"]["set"] is False


def test_each_board_hears_in_slack_what_changed_and_who_changed_it(client, world):
    from backend.models import Authority, Notification
    admin = world.headers("carver", "town_admin")
    read, _ = _read(client, admin)
    resp = _patch(client, admin, read.headers["ETag"], {"set": {"roll_c4s9": True,
                                                                "carver247.noncriminal_3rd_amount": 300000}})
    assert resp.status_code == 200, resp.json
    town = db.session.scalar(select(Town).where(Town.slug == "carver"))
    alerts = db.session.scalars(select(Notification).where(Notification.template == "settings_changed")).all()
    boards = db.session.scalars(select(Authority).where(Authority.town_id == town.id)).all()
    assert sorted(a.payload["authority_id"] for a in alerts) == sorted(str(b.id) for b in boards)
    text = alerts[0].payload["text"]
    assert "settings changed by carver.town-admin@example.org" in text
    assert "Roll a due date off a Sunday or holiday: off → on" in text
    assert "Third ticket amount (Carver ch. 247): $3,000 → $3,000" in text
    assert "roll_c4s9" not in text and "carver247" not in text and "300000" not in text
    back = _patch(client, admin, resp.headers["ETag"], {"reset": ["roll_c4s9"]})
    assert back.status_code == 200
    again = db.session.scalars(select(Notification).where(Notification.template == "settings_changed")).all()
    assert len(again) == 2 * len(boards)
    assert any("Roll a due date off a Sunday or holiday: on → off" in a.payload["text"] for a in again)


def test_each_switch_is_served_with_the_title_and_explanation_its_pack_gives(client, world):
    """Issue 21: a switch's default, allowed values, title and one-sentence explanation are data (its pack's
    `[chapter.switches]`, or conventions.toml for the town-wide ones), served as they are written there."""
    from inspections.rulepack import general_switches, load_rulebook

    resp = client.get("/api/v1/admin/settings", headers=world.headers("carver", "agent"))
    settings = {s["key"]: s for s in resp.json["settings"]}
    third = load_rulebook().packs["CARVER-247"].chapter.switches["carver247.noncriminal_3rd_amount"]
    row = settings["carver247.noncriminal_3rd_amount"]
    assert (row["title"], row["explanation"]) == (third.title, third.explanation)
    assert row["chapter"] == "CARVER-247"
    assert row["default"] == third.default == 300_000 and row["minimum"] == third.low == 0
    roll = settings["roll_c4s9"]
    assert (roll["title"], roll["chapter"]) == (general_switches()["roll_c4s9"].title, None)
    assert all(s["title"] and s["explanation"] for s in settings.values() if s["scope"] == "bylaw engine")
