"""Creating a town from nothing: `flask towns add|list|show` and POST /api/v1/platform/towns.

The boards come from the rule packs' `enforcing_authority` (CARVER-281: Conservation Commission, CARVER-247:
Planning Board, CARVER-136: Earth Removal Committee); the town's row is its chain's first event."""
from __future__ import annotations

import json

from sqlalchemy import select

from backend.audit_verify import verify_town
from backend.extensions import db
from backend.models import AuditEvent, Authority, Town, User
from backend.models.town_packs import TownPack

CARVER = ["towns", "add", "carver", "--name", "Town of Carver", "--pack", "CARVER-281", "--pack",
          "CARVER-247", "--pack", "CARVER-136", "--contact-phone", "508-866-3400"]


def _town(slug: str) -> Town:
    db.session.commit()
    return db.session.scalar(select(Town).where(Town.slug == slug))


def _boards(town: Town) -> dict[str, tuple[str, list[str]]]:
    return {a.kind: (a.name, a.chapters) for a in db.session.scalars(
        select(Authority).where(Authority.town_id == town.id))}


def test_towns_add_creates_the_town_its_chapters_and_the_board_each_pack_names(app):
    result = app.test_cli_runner().invoke(args=CARVER)
    assert result.exit_code == 0, result.output
    town = _town("carver")
    assert (town.name, town.tz, town.contact_phone) == ("Town of Carver", "America/New_York", "+15088663400")
    assert _boards(town) == {
        "conservation_commission": ("Carver Conservation Commission", ["CARVER-281"]),
        "planning_board": ("Carver Planning Board", ["CARVER-247"]),
        "earth_removal_committee": ("Carver Earth Removal Committee", ["CARVER-136"])}
    assert sorted(db.session.scalars(select(TownPack.pack).where(TownPack.town_id == town.id))) == [
        "CARVER-136", "CARVER-247", "CARVER-281"]
    assert "next: flask --app backend admin invite --town carver" in result.output


def test_the_town_is_its_chains_first_event_and_the_chain_verifies(app):
    assert app.test_cli_runner().invoke(args=CARVER).exit_code == 0
    town = _town("carver")
    events = list(db.session.scalars(select(AuditEvent).where(AuditEvent.town_id == town.id)
                                     .order_by(AuditEvent.seq)))
    assert (events[0].seq, events[0].object_type, events[0].action, events[0].actor) == (
        1, "Town", "create", "cli:towns")
    assert json.loads(events[0].snapshot)["slug"] == "carver"
    assert {e.object_type for e in events[1:]} == {"TownPack", "Authority"}
    assert verify_town(db.session, town.id, b"test-audit-key", lambda *a: None).ok


def test_towns_add_again_changes_nothing_and_adding_a_chapter_adopts_only_it(app):
    runner = app.test_cli_runner()
    assert runner.invoke(args=["towns", "add", "upton", "--name", "Town of Upton", "--pack", "UPTON-280"]
                         ).exit_code == 0
    count = lambda: db.session.query(AuditEvent).count()  # noqa: E731
    before = count()
    again = runner.invoke(args=["towns", "add", "upton", "--name", "Town of Upton", "--pack", "UPTON-280"])
    assert again.exit_code == 0 and "nothing changed" in again.output
    assert count() == before
    more = runner.invoke(args=["towns", "add", "upton", "--name", "Town of Upton", "--pack", "UPTON-280",
                               "--pack", "CARVER-247"])
    assert more.exit_code == 0 and "adopted CARVER-247" in more.output
    assert "Upton Planning Board" in more.output
    assert _boards(_town("upton"))["conservation_commission"] == ("Upton Conservation Commission",
                                                                   ["UPTON-280"])
    before = count()
    phone = runner.invoke(args=["towns", "add", "upton", "--name", "Town of Upton", "--pack", "UPTON-280",
                                "--contact-phone", "(508) 529-4411"])
    assert phone.exit_code == 0 and "contact phone: +15085294411" in phone.output
    assert count() == before + 1  # the town's update, in its chain


def test_towns_add_refuses_what_it_cannot_do_and_writes_nothing(app):
    runner = app.test_cli_runner()
    unknown = runner.invoke(args=["towns", "add", "boston", "--name", "City of Boston", "--pack", "BOSTON-1"])
    assert unknown.exit_code == 2 and "unknown BOSTON-1" in unknown.output
    bad_tz = runner.invoke(args=["towns", "add", "upton", "--name", "Town of Upton", "--pack", "UPTON-280",
                                 "--tz", "Mars/Olympus"])
    assert bad_tz.exit_code == 2 and "tz:" in bad_tz.output
    bad_slug = runner.invoke(args=["towns", "add", "Up ton", "--name", "Upton", "--pack", "UPTON-280"])
    assert bad_slug.exit_code == 2 and "slug:" in bad_slug.output
    assert _town("boston") is None and _town("upton") is None
    assert runner.invoke(args=["towns", "add", "upton", "--name", "Town of Upton", "--pack", "UPTON-280"]
                         ).exit_code == 0
    renamed = runner.invoke(args=["towns", "add", "upton", "--name", "Upton", "--pack", "UPTON-280"])
    assert renamed.exit_code == 2 and "exists as 'Town of Upton'" in renamed.output


def test_towns_list_and_show_print_what_each_town_has(app, world):
    runner = app.test_cli_runner()
    listed = runner.invoke(args=["towns", "list"])
    assert listed.exit_code == 0
    carver = "carver       Town of Carver: CARVER-136, CARVER-247, CARVER-281; 3 boards, 1 admin, 5 " \
        "memberships"
    assert carver in listed.output
    shown = runner.invoke(args=["towns", "show", "upton"])
    assert shown.exit_code == 0
    assert "board: Upton Conservation Commission (conservation_commission): UPTON-280, no Slack channel" in \
        shown.output
    assert "admins: upton.town-admin@example.org" in shown.output
    assert runner.invoke(args=["towns", "show", "boston"]).exit_code == 2


def _operator(world, client) -> dict:
    runner = world.app.test_cli_runner()
    email, _ = world.account("gardner", "agent")
    assert runner.invoke(args=["towns", "operator", "--email", email]).exit_code == 0
    return world.headers("gardner", "agent")


def test_a_platform_operator_creates_a_town_through_the_api_and_repeating_it_changes_nothing(world, client):
    headers = _operator(world, client)
    body = {"slug": "plympton", "name": "Town of Plympton", "packs": ["CARVER-281"],
            "board_names": {"conservation_commission": "Plympton Conservation Commission"}}
    made = client.post("/api/v1/platform/towns", headers=headers, json=body)
    assert made.status_code == 201, made.json
    assert made.json["town"]["boards"][0]["name"] == "Plympton Conservation Commission"
    assert made.json["town"]["packs"] == ["CARVER-281"] and made.json["town"]["admins"] == []
    again = client.post("/api/v1/platform/towns", headers=headers, json=body)
    assert again.status_code == 200 and again.json["created"] is False and again.json["adopted"] == []
    shown = client.get("/api/v1/platform/towns/plympton", headers=headers)
    assert shown.status_code == 200 and shown.json["name"] == "Town of Plympton"
    assert {t["slug"] for t in client.get("/api/v1/platform/towns", headers=headers).json} == {
        "carver", "upton", "gardner", "plympton"}
    events = db.session.scalars(select(AuditEvent).where(AuditEvent.object_type == "Town",
                                                         AuditEvent.object_id == str(_town("plympton").id)))
    assert [e.actor for e in events][0].endswith("(platform operator)")


def test_the_towns_api_is_for_platform_operators_only_and_names_the_wrong_field(world, client):
    admin = world.headers("carver", "town_admin")
    body = {"slug": "plympton", "name": "Town of Plympton", "packs": ["CARVER-281"]}
    assert client.post("/api/v1/platform/towns", headers=admin, json=body).status_code == 403
    assert client.get("/api/v1/platform/towns", headers=admin).status_code == 403
    assert client.get("/api/v1/platform/towns/carver", headers=admin).status_code == 403
    headers = _operator(world, client)
    bad = client.post("/api/v1/platform/towns", headers=headers, json={**body, "packs": ["NOPE-1"]})
    assert bad.status_code == 422 and "packs" in bad.json["detail"]["json"]
    long = client.post("/api/v1/platform/towns", headers=headers, json={**body, "name": "x" * 500})
    assert long.status_code == 422 and "name" in long.json["detail"]["json"]
    clash = client.post("/api/v1/platform/towns", headers=headers, json={**body, "slug": "carver"})
    assert clash.status_code == 409
    assert client.get("/api/v1/platform/towns/nowhere", headers=headers).status_code == 404
    assert db.session.scalar(select(User).where(User.is_platform_operator.is_(True))) is not None
