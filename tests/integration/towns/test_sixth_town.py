"""A sixth town without touching the core: the Town of Wrenfield's wetlands bylaw, ch. 412 (fictional), is
a pack, one formula module and one checklist under tests/fixtures/towns/wrenfield_412/, found by the same
discovery as the shipped chapters (FIELDENFORCE_PACKS_PATH), and driven through the HTTP API: a failed item
opens a violation under its provision (~§ 412-2), only the authority its pack names issues the order
(~§ 412-4), the compliance deadline comes from its formula (10 days, ~§ 412-4B), the fines from its schedule
(~§ 412-6C) as amended from 2026-09-16, and the SMS and Slack alert name its citation."""

from __future__ import annotations

import datetime as dt
import secrets
from pathlib import Path

import pytest
from sqlalchemy import select

from backend.extensions import db
from backend.models import Authority, Membership, Party, Permit, Site, Town, User
from backend.outbox.render import render_text
from backend.security import hash_password
from inspections.rulepack import PACKS_PATH_ENV
from tests.integration.enforcement.support_a import submit, violations
from tests.integration.enforcement.support_b import amounts, at, citations, outbox, run_jobs

WRENFIELD = Path(__file__).parents[2] / "fixtures" / "towns" / "wrenfield_412"
CHAPTER = "WRENFIELD-412"
FILL = "WRENFIELD-412-PROHIBITED"


@pytest.fixture
def wrenfield(app, world, client, monkeypatch):
    """The town, adopted through the platform API with the chapter found in the fixture folder, its agent
    and one Commission member (accounts and the permit on file are set up as the demo seed does)."""
    monkeypatch.setenv(PACKS_PATH_ENV, str(WRENFIELD))
    app.extensions["clock"].at = at("2026-09-14T08:00:00-04:00")
    runner = app.test_cli_runner()
    email, _ = world.account("gardner", "agent")
    assert runner.invoke(args=["towns", "operator", "--email", email]).exit_code == 0
    made = client.post("/api/v1/platform/towns", headers=world.headers("gardner", "agent"),
                       json={"slug": "wrenfield", "name": "Town of Wrenfield", "packs": [CHAPTER]})
    assert made.status_code == 201, made.json
    town = db.session.scalar(select(Town).where(Town.slug == "wrenfield"))
    board = db.session.scalar(select(Authority).where(Authority.town_id == town.id))
    assert board.kind == "conservation_commission" and CHAPTER in board.chapters
    headers = {role: _login(client, town, board, role) for role in ("agent", "board_member")}
    owner = Party(town_id=town.id, kind="permittee", name="Heron Pond Estates LLC", phone_e164="+15085550909",
                  language="en", mailing_address="9 Heron Way, Wrenfield MA", sms_consent=True)
    db.session.add(owner)
    db.session.flush()
    lot = Site(town_id=town.id, name="Heron Pond subdivision", address="Heron Way, Wrenfield, MA",
               map_lot="Map 7 Lot 3", lat=42.30, lon=-71.80)
    db.session.add(lot)
    db.session.flush()
    db.session.add(Permit(town_id=town.id, site_id=lot.id, authority_id=board.id, kind="wetlands_permit",
                          chapter=CHAPTER, number="WCC-2026-03", issued_on=dt.date(2026, 6, 1),
                          expires_on=dt.date(2029, 6, 1), permittee_id=owner.id, conditions=[]))
    db.session.commit()
    site = client.get("/api/v1/sites?q=Heron", headers=headers["agent"]).json[0]
    permit = client.get(f"/api/v1/sites/{site['id']}", headers=headers["agent"]).json["permits"][0]
    return headers, site, permit


def _login(client, town: Town, board: Authority, role: str) -> dict:
    password = secrets.token_urlsafe(12)
    email = f"wrenfield.{role.replace('_', '-')}@example.org"
    user = User(email=email, name=f"Wrenfield {role}", password_hash=hash_password(password))
    db.session.add(user)
    db.session.flush()
    db.session.add(Membership(user_id=user.id, town_id=town.id, role=role, authority_id=board.id))
    db.session.commit()
    token = client.post("/api/v1/auth/token",
                        json={"email": email, "password": password, "town": "wrenfield"})
    assert token.status_code == 201, token.json
    return {"Authorization": f"Bearer {token.json['token']}"}


def _fill_found(app, client, headers, site, permit) -> dict:
    """Mon 2026-09-14, 09:30: fill within 100 ft of the wetland fails the inspection."""
    app.extensions["clock"].at = at("2026-09-14T10:00:00-04:00")
    _, resp = submit(client, headers, site, permit, [
        {"item_id": "conditions-followed", "answer": "pass"},
        {"item_id": "no-alteration-in-100ft", "answer": "fail", "note": "fill placed 40 ft from the pond"},
    ], started_at="2026-09-14T09:30:00-04:00")
    assert resp.status_code == 200, resp.json
    [found] = violations(client, headers, site)
    return found


def _order(client, headers, site, violation, kind: str = "enforcement_order", authorization=None):
    draft = client.post("/api/v1/orders", headers=headers, json={
        "site_id": site["id"], "kind": kind, "chapter": CHAPTER, "violation_ids": [violation["id"]],
        "text": "Remove the fill and restore the 100-ft area.", "fine_path": "noncriminal"})
    assert draft.status_code == 201, draft.json
    return draft.json, client.post(f"/api/v1/orders/{draft.json['id']}/issue", headers=headers, json={
        "at": "2026-09-14T10:00:00-04:00", "fine_path": "noncriminal", "authorization": authorization or {}})


def test_sixth_town_a_failed_item_opens_a_violation_under_its_provision_and_names_its_citation(
        app, client, wrenfield):
    headers, site, permit = wrenfield
    found = _fill_found(app, client, headers["agent"], site, permit)
    assert (found["chapter"], found["provision"], found["citation"]) == (CHAPTER, FILL, "~§ 412-2")
    assert found["offender_id"] == permit["permittee_id"]  # the pack: the permittee is the offender
    [slack] = outbox("slack", "violation_opened")
    assert "412-2" in slack.payload["text"]
    [sms] = outbox("sms", "sms.violation_notice")
    assert "412-2" in render_text(sms.template, sms.payload)


def test_sixth_town_the_order_is_issued_only_by_the_authority_its_pack_names(app, client, wrenfield):
    headers, site, permit = wrenfield
    found = _fill_found(app, client, headers["agent"], site, permit)
    _, alone = _order(client, headers["board_member"], site, found)
    assert alone.status_code == 403 and alone.json["detail"]["rule_id"] == "WRENFIELD-412-ENFORCEMENT-ORDER"
    _, restore = _order(client, headers["agent"], site, found, kind="restoration_order")
    # the pack gives no one a restoration order
    assert restore.status_code == 403 and restore.json["detail"]["rule_id"] == "WRENFIELD-412-AUTH"
    _, issued = _order(client, headers["agent"], site, found)
    assert issued.status_code == 200, issued.json
    assert issued.json["authorization"]["rule_id"] == "WRENFIELD-412-ENFORCEMENT-ORDER"
    [slack] = outbox("slack", "order_issued")
    # the board's record names the bylaw and the authority in words, never the rule's id
    said = slack.payload["text"]
    assert "Wrenfield bylaw § 412-2" in said and "(ch. 412)" in said
    assert "Authority: agent may act." in said and "WRENFIELD-412" not in said


def test_sixth_town_the_compliance_deadline_comes_from_its_formula(app, client, wrenfield):
    headers, site, permit = wrenfield
    found = _fill_found(app, client, headers["agent"], site, permit)
    order, issued = _order(client, headers["agent"], site, found)
    assert issued.status_code == 200, issued.json
    rows = client.get(f"/api/v1/deadlines?site_id={site['id']}", headers=headers["agent"]).json
    [comply] = [r for r in rows if r["subject_id"] == order["id"]]
    assert comply["rule_id"] == "WRENFIELD-412-COMPLY-10D"
    assert comply["latest_on"] == "2026-09-24"  # issued Mon 2026-09-14 + 10 days, a Thursday
    assert comply["citation"] == "~§ 412-4B"
    asked = client.post("/api/v1/law/deadlines", headers=headers["agent"], json={
        "event": "enforcement_order_issued", "chapter": CHAPTER, "on": "2026-12-15"})
    assert asked.status_code == 200, asked.json
    [calc] = asked.json["deadlines"]  # the deadline calculator answers the chapter's event the same way
    assert (calc["rule_id"], calc["latest_on"]) == ("WRENFIELD-412-COMPLY-10D", "2026-12-25")


def test_sixth_town_fines_come_from_its_schedule_as_amended_from_a_date(app, client, wrenfield):
    """Offense-days Mon 14 to Thu 17 September 2026: n=1 $75 and n=2 $150 under the schedule as adopted;
    from Wed the 16th the hypothetical amendment's $400 for the third and later offenses."""
    headers, site, permit = wrenfield
    found = _fill_found(app, client, headers["agent"], site, permit)
    _, issued = _order(client, headers["agent"], site, found)
    assert issued.status_code == 200, issued.json
    for day in (14, 15, 16, 17):
        run_jobs(app, f"2026-09-{day}T20:00:00-04:00")
    proposed = citations(client, headers["agent"], status="proposed")
    assert amounts(proposed) == [7500, 15000, 40000, 40000]
    given = client.post("/api/v1/citations/issue", headers=headers["agent"],
                        json={"ids": [c["id"] for c in proposed]})
    assert given.status_code == 200, given.json
    issued = citations(client, headers["agent"], status="issued")
    assert amounts(issued) == [7500, 15000, 40000, 40000]
    assert {c["detail"]["payee"] for c in issued} == {"Town of Wrenfield"}  # ~§ 412-6D
