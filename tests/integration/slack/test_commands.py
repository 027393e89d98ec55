"""`/inspections` through the real Bolt app: the caller's town only, linked members only, hostile input
safe."""
from __future__ import annotations

import json

from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models.slack import SlackLink
from tests.integration.enforcement.support_b import run_jobs
from tests.integration.slack.conftest import UPTON_TEAM


def _body(resp) -> str:  # type: ignore[no-untyped-def]
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert resp.json["response_type"] == "ephemeral"
    return resp.json["text"] + "\n" + json.dumps(resp.json["blocks"], ensure_ascii=False)


def test_site_shows_the_site_with_its_permit_and_open_records(members):
    body = _body(members.command("erc.ana", "site gravel"))
    assert "Plymouth St gravel pit" in body and "44 Plymouth St, Carver" in body and "ERC-2026-04" in body
    assert "Open violations: 0" in body


def test_a_carver_workspace_cannot_see_upton_records_and_upton_cannot_see_carvers(members, cd_order):
    assert "No site in this town matches" in _body(members.command("erc.ana", "site mechanic"))
    assert "Mechanic St house lot" in _body(members.command("upton.member", "site mechanic", team=UPTON_TEAM))
    assert "No site in this town matches" in _body(members.command("upton.member", "site gravel",
                                                                  team=UPTON_TEAM))
    assert "No open violations" in _body(members.command("upton.member", "violations", team=UPTON_TEAM))
    assert "bylaw § 136-7C" in _body(members.command("erc.ana", "violations"))


def test_a_carver_member_cannot_act_from_the_upton_workspace(members):
    refused = _body(members.command("erc.ana", "site mechanic", team=UPTON_TEAM))
    assert "not linked to a board member of Town of Upton" in refused and "Mechanic" not in refused


def test_an_unlinked_slack_user_is_refused(members):
    stranger = members.fake.add_user("neighbour@example.org", team_id="T0CARVER1")
    body = _body(members.command(stranger, "site gravel"))
    assert "not linked to a board member of Town of Carver" in body and "44 Plymouth" not in body


def test_a_proposed_but_unconfirmed_or_revoked_link_is_refused(members):
    slack_id = members.people["carver.agent"]
    link = db.session.scalar(select(SlackLink).where(SlackLink.slack_user_id == slack_id))
    with acting_as("test:slack"):
        link.confirmed_at = None
        db.session.commit()
    assert "not linked" in _body(members.command("carver.agent", "site gravel"))
    admin = members.world.headers("carver", "town_admin")
    members.client.post(f"/api/v1/slack/links/{link.id}/confirm", headers=admin)
    assert "Plymouth St gravel pit" in _body(members.command("carver.agent", "site gravel"))
    assert members.client.post(f"/api/v1/slack/links/{link.id}/revoke", headers=admin).status_code == 200
    assert "not linked" in _body(members.command("carver.agent", "site gravel"))


def test_violations_deadlines_and_fines_name_rule_and_citation(members, cd_order, app):
    violations = _body(members.command("erc.ana", "violations gravel"))
    assert "bylaw § 136-7C" in violations and "CARVER-" not in violations
    deadlines = _body(members.command("erc.ana", "deadlines 14"))
    assert "hold the cease-and-desist review meeting" in deadlines
    assert "(bylaw § 136-9" in deadlines and "CARVER-" not in deadlines
    assert "No days of continuing violations recorded" in _body(members.command("erc.ana", "fines"))
    run_jobs(app, "2026-04-08T06:00:00-04:00", "offense-days")
    fines = _body(members.command("erc.ana", "fines gravel"))
    assert "Plymouth St gravel pit" in fines and "it continued" in fines and "bylaw § 136-" in fines
    assert not [w for w in ("offense-day", "~§", "CARVER-") if w in fines]


def test_unknown_and_malformed_subcommands_get_help_or_a_reason(members):
    assert "Unknown subcommand “drop”" in _body(members.command("erc.ana", "drop table sites"))
    assert "1 to 366" in _body(members.command("erc.ana", "deadlines 99999"))
    assert "`site` needs part of a site" in _body(members.command("erc.ana", "site"))


def test_hostile_queries_are_literal_and_echoed_escaped(members):
    assert "No site in this town matches" in _body(members.command("erc.ana", "site %"))
    assert "No site in this town matches" in _body(members.command("erc.ana", "site _"))
    body = _body(members.command("erc.ana", "site <!channel> <@U0BOSS>"))
    assert "<!channel>" not in body and "&lt;!channel&gt;" in body
    long = _body(members.command("erc.ana", "site " + "gravel " * 3000))
    assert "No site in this town matches" in long and len(long) < 2000
