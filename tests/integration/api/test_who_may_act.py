"""Every state change is authorised: walking app.url_map, each state-changing route declares who may call it,
refuses a role without the authority with a 403 before the body is read (nothing is written), and admits one
with it. Orders and violations follow the bylaw's who-may-act table: lifting or superseding an order is
authorised like issuing it (CARVER-136-CD-ORDER: the ERC by vote or its designee), closing or reopening a
violation like the chapter's enforcement (CARVER-136-AUTH)."""

from __future__ import annotations

import re
import uuid

import pytest
from sqlalchemy import func, select

from backend.extensions import db
from backend.models import AuditEvent, EnforcementOrder, Violation
from backend.security import PLATFORM_OPERATOR, is_public
from tests.integration.enforcement.support_a import DESIGNATION, ERC_VOTE, draft_order, issue, site_and_permit

STATE_CHANGING = {"POST", "PUT", "PATCH", "DELETE"}
ROLES = {  # one demo account of each role in Carver (the ERC's member holds board_member)
    "agent": ("carver", "agent", None),
    "board_member": ("carver", "board_member", "earth"),
    "enforcing_officer": ("carver", "enforcing_officer", None),
    "town_admin": ("carver", "town_admin", None),
}
# routes any signed-in member may call: they compute and store nothing, or act on the caller's own token
NOTHING_STORED = re.compile(r"^(law\.law_|deadlines\.calculate$|auth\.revoke_current_token$)")
# records every role of a town works on (the town's files: submissions and tasks are shared work lists), and
# each member's own calendar feed
EVERY_MEMBER = re.compile(r"^(submissions\.|tasks\.|calendar_feed\.)")


def _routes(app):
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: (r.rule, r.endpoint)):
        for method in sorted(STATE_CHANGING & rule.methods):
            if not is_public(rule.endpoint):
                yield rule, method


def _url(rule) -> str:
    return re.sub(r"<(\w+:)?(\w+)>", lambda m: str(uuid.uuid4()) if m.group(1) == "uuid:" else "Zz12345",
                  rule.rule)


KEY = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b|\w_\w")  # a rule id or chapter key, a role key


def assert_in_words(message: str) -> None:
    """What a person reads names no rule id (CARVER-136-CD-ORDER), chapter key or role key (town_admin)."""
    assert not KEY.search(message), message


def _events() -> int:
    return db.session.scalar(select(func.count()).select_from(AuditEvent))


def test_every_state_changing_route_declares_who_may_call_it(app):
    undeclared = [f"{m} {r.rule}" for r, m in _routes(app)
                  if getattr(app.view_functions[r.endpoint], "required_roles", None) is None
                  and not NOTHING_STORED.match(r.endpoint)]
    assert undeclared == []


def test_every_state_changing_route_refuses_a_role_without_it_before_the_body(client, world):
    tokens = {role: world.headers(*who) for role, who in ROLES.items()}
    checked = 0
    for rule, method in _routes(world.app):
        roles = getattr(world.app.view_functions[rule.endpoint], "required_roles", None)
        if roles is None:
            continue
        outsiders = [r for r in ROLES if r not in roles]
        if not outsiders:
            assert EVERY_MEMBER.match(rule.endpoint) or NOTHING_STORED.match(rule.endpoint), rule.rule
            continue
        url, before = _url(rule), _events()
        for role in outsiders:  # an empty body: the refusal comes before anything is validated
            resp = client.open(url, method=method, headers=tokens[role], json={})
            assert resp.status_code == 403, (method, rule.rule, role, resp.status_code, resp.json)
            assert_in_words(resp.json["message"])
        assert _events() == before, f"{method} {rule.rule} wrote something for a refused role"
        checked += 1
        if roles == (PLATFORM_OPERATOR,):  # no town role may; tests/integration/towns admit an operator
            continue
        admitted = client.open(url, method=method, headers=tokens[roles[0]], json={})
        assert admitted.status_code not in (401, 403), (method, rule.rule, roles[0], admitted.json)
    assert checked >= 40


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")  # the Conservation Commission's agent: no role under ch. 136


@pytest.fixture
def erc(world):
    return world.headers("carver", "board_member", "earth")


@pytest.fixture
def planning(world):
    return world.headers("carver", "board_member", "planning")


@pytest.fixture
def issued(client, agent, erc):
    order = draft_order(client, agent, *site_and_permit(client, agent, "gravel"), "CARVER-136")
    assert issue(client, erc, order, ERC_VOTE).status_code == 200
    return order


@pytest.mark.parametrize("target", ["lifted", "superseded"])
@pytest.mark.parametrize("who", ["agent", "planning", "erc"])
def test_an_erc_order_is_lifted_or_superseded_only_as_the_erc_may_issue_it(client, request, issued, who,
                                                                          target):
    """CARVER-136-CD-ORDER: a conservation agent or a Planning Board member (403 to issue one) may not lift
    it, nor one ERC member without the Committee's vote: 403 before the body, the order unchanged, no text."""
    headers = request.getfixturevalue(who)
    url = f"/api/v1/orders/{issued['id']}/transition"
    body = {"to": target, "reason": "restored"}
    if who != "erc":  # no role under ch. 136 at all: refused before the body is read, bad as it is
        body["bogus"] = [1]
    refused = client.post(url, headers=headers, json=body)
    assert refused.status_code == 403, refused.json
    assert_in_words(refused.json["message"])  # the rule is in the detail, for the record
    assert "Earth Removal Committee" in refused.json["message"]
    order = db.session.get(EnforcementOrder, uuid.UUID(issued["id"]))
    assert (order.status, order.status_reason, order.lifted_at) == ("issued", None, None)


@pytest.mark.parametrize("target", ["lifted", "superseded"])
def test_the_erc_lifts_by_vote_and_the_vote_is_recorded(client, erc, issued, target):
    resp = client.post(f"/api/v1/orders/{issued['id']}/transition", headers=erc,
                       json={"to": target, "reason": "Buffer restored", "authorization": ERC_VOTE})
    assert resp.status_code == 200 and resp.json["status"] == target, resp.json
    record = resp.json["status_authorization"]
    assert (record["role"], record["rule_id"]) == ("board_member", "CARVER-136-CD-ORDER")
    assert record["vote"]["yes"] == 4
    assert len(record["vote"]["members_present"]) == 5


def test_the_ercs_designee_lifts_on_a_recorded_designation(client, agent, issued):
    resp = client.post(f"/api/v1/orders/{issued['id']}/transition", headers=agent,
                       json={"to": "lifted", "reason": "Buffer restored", "authorization": DESIGNATION})
    assert resp.status_code == 200, resp.json
    assert resp.json["status_authorization"]["designation"].startswith("ERC vote of 2026-03-02")


def test_a_draft_is_withdrawn_by_its_drafter(client, agent):
    order = draft_order(client, agent, *site_and_permit(client, agent, "gravel"), "CARVER-136")
    resp = client.post(f"/api/v1/orders/{order['id']}/transition", headers=agent,
                       json={"to": "withdrawn", "reason": "drafted in error"})
    assert resp.status_code == 200 and resp.json["status_authorization"] is None


@pytest.mark.parametrize("target", ["closed", "open"])
def test_closing_or_reopening_an_erc_violation_is_the_ercs(client, agent, erc, issued, target):
    """CARVER-136-AUTH: the agent who recorded the violation marks it corrected, but only the ERC (by vote)
    or its designee closes or reopens it."""
    (vid,) = issued["violation_ids"]
    url = f"/api/v1/violations/{vid}/transition"
    assert client.post(url, headers=agent, json={"to": "corrected"}).status_code == 200
    refused = client.post(url, headers=agent, json={"to": target, "reason": "x"})
    assert refused.status_code == 403 and db.session.get(Violation, uuid.UUID(vid)).status == "corrected"
    alone = client.post(url, headers=erc, json={"to": target, "reason": "x"})
    assert alone.status_code == 403 and "acts by vote" in alone.json["message"]
    done = client.post(url, headers=erc,
                       json={"to": target, "reason": "site visit", "authorization": ERC_VOTE})
    assert done.status_code == 200 and done.json["status_authorization"]["rule_id"] == "CARVER-136-AUTH"


def test_a_standing_instruction_is_refused_before_the_body_to_whom_the_bylaw_denies_tickets(client, erc,
                                                                                         issued):
    """CARVER-136-NONCRIM-ZEO: § 21D tickets under ch. 136 are the Zoning Enforcement Officer's."""
    resp = client.post(f"/api/v1/orders/{issued['id']}/standing-instruction", headers=erc, json={"x": 1})
    assert resp.status_code == 403 and resp.json["detail"]["rule_id"] == "CARVER-136-NONCRIM-ZEO", resp.json
    assert_in_words(resp.json["message"])
    assert "it is for the enforcing officer" in resp.json["message"], resp.json


def test_the_new_records_keep_old_rows_snapshots_and_the_chain_verifies(app, client, erc, issued):
    """status_authorization (and the catch-up columns) are left out of a row's audit snapshot while null, so a
    row audited before they existed still verifies; once set they are audited like any field."""
    from backend.audit import snapshot
    order = db.session.get(EnforcementOrder, uuid.UUID(issued["id"]))
    (violation,) = order.violations
    assert "status_authorization" not in snapshot(order) and "accrual_held_at" not in snapshot(violation)
    client.post(f"/api/v1/orders/{issued['id']}/transition", headers=erc,
                json={"to": "lifted", "reason": "Buffer restored", "authorization": ERC_VOTE})
    db.session.expire_all()
    assert snapshot(db.session.get(EnforcementOrder, order.id))["status_authorization"]["rule_id"]
    result = app.test_cli_runner().invoke(args=["audit", "verify", "--town", "carver"])
    assert result.exit_code == 0, result.output
