"""The daily job's set-based path: rows written from tuples carry exactly the snapshot `flask audit verify`
reads back, a seal's HMAC is the canonical one whatever the text, time-ordered ids, and a batch read by
IN lists plans exactly what a batch read in one pass over the town plans."""

from __future__ import annotations

import datetime as dt
import hashlib
import uuid

import rfc8785
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select

from backend.audit import acting_as, canonical_json, jsonable, row_digest, seal
from backend.audit_marks import scratch_marks
from backend.audit_verify import _check_links, verify_town
from backend.extensions import db
from backend.models import FineAccrual, Notification, OffenseDay, Party, Town, Violation
from backend.services.accrual import context_for, run_accrual
from backend.services.accrual_load import load_batch, offenders_due
from backend.services.accrual_plan import accrual_values, plan_batch
from backend.services.bulk import hex_id, id_text, new_ids, write_rows
from tests.integration.enforcement.support_b import (
    PLANNING_BOARD_VOTE,
    at,
    create_violation,
    issued_order,
    party,
    site,
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
ODD = 'quote " backslash \\ newline \n tab \t bell \x07 é ✓ 𝄞 \u2028'  # PostgreSQL text holds no NUL


@given(json_values)
def test_canonical_json_is_rfc_8785_of_the_jsonable_value(data):
    try:
        expected = rfc8785.dumps(jsonable(data)).decode()
    except (rfc8785.CanonicalizationError, UnicodeEncodeError, ValueError):
        return
    assert canonical_json(data) == expected


def test_new_ids_are_unique_ascending_version_7_uuids():
    ids = new_ids(5000) + new_ids(1) + new_ids(3000)
    assert len(set(ids)) == len(ids) and ids == sorted(ids)
    for value in ids[:50]:
        u = uuid.UUID(value)
        assert u.version == 7 and u.variant == uuid.RFC_4122 and u.hex == value and id_text(value) == str(u)


def _world(client, agent, board):
    """Three offenders with open violations, one on each fine path and one without an order."""
    carver = db.session.scalar(select(Town).where(Town.slug == "carver"))
    cedar, bog = site("Cedar Brook"), site("Federici")
    homes, cranberry = party("Cedar Brook Homes Inc."), party("Federici Cranberry Co.")
    with acting_as("test:setup"):
        third = Party(town_id=carver.id, kind="permittee", name=f"Third {ODD}", language="en",
                      phone_e164="+15085550999", sms_consent=True, active=True)
        db.session.add(third)
        db.session.commit()
    v1 = create_violation(client, agent, cedar.id, homes.id, "CARVER-247", "CARVER-247-DESIGN-MAINTAIN",
                          "2026-04-01T09:00:00-04:00")
    v2 = create_violation(client, agent, bog.id, cranberry.id, "CARVER-247", "CARVER-247-DESIGN-MAINTAIN",
                          "2026-04-02T09:00:00-04:00")
    create_violation(client, agent, bog.id, third.id, "CARVER-247", "CARVER-247-DESIGN-MAINTAIN",
                     "2026-04-03T09:00:00-04:00")
    issued_order(client, board, cedar.id, [v1["id"]], "CARVER-247", "noncriminal",
                 "2026-04-01T12:00:00-04:00", PLANNING_BOARD_VOTE)
    issued_order(client, board, bog.id, [v2["id"]], "CARVER-247", "criminal", "2026-04-02T12:00:00-04:00",
                 PLANNING_BOARD_VOTE)
    return carver


def _plan(town, as_of, scan):
    ctx = context_for(town, as_of)
    offenders = offenders_due(db.session, town.id, as_of)
    ctx.offenders_due = len(offenders)
    plan = plan_batch(ctx, load_batch(db.session, town.id, offenders, as_of, scan=scan))
    db.session.rollback()
    days = sorted(row[1:] for row in plan.offense_days)
    accruals = sorted((values[2:] for values in map(accrual_values, plan.accruals)), key=repr)
    return days, accruals, sorted(plan.new_days)


def test_a_batch_read_by_in_lists_plans_what_a_batch_read_in_one_pass_plans(app, client, world):
    agent, board = world.headers("carver", "agent"), world.headers("carver", "board_member", "planning")
    town = _world(client, agent, board)
    run_accrual(at("2026-04-04T20:00:00-04:00"), offenders_per_transaction=1)  # history, one by one
    as_of = at("2026-04-06T20:00:00-04:00")
    by_lists, in_one_pass = _plan(town, as_of, scan=False), _plan(town, as_of, scan=True)
    assert by_lists == in_one_pass
    days, accruals, offenders = by_lists
    assert len(days) == 6 and len(offenders) == 3  # two more days each
    assert sorted(a[1] for a in accruals) == ["criminal", "criminal", "noncriminal", "noncriminal"]
    report = run_accrual(as_of)
    assert (report.offense_days, report.accruals, report.failed) == (6, 4, [])
    assert verify_town(db.session, town.id, b"test-audit-key").ok


def test_one_bad_record_among_many_offenders_costs_only_its_own_day(app, client, world):
    agent, board = world.headers("carver", "agent"), world.headers("carver", "board_member", "planning")
    town = _world(client, agent, board)
    bad = party("Federici Cranberry Co.")
    with acting_as("test:hostile"):
        db.session.add(Violation(town_id=town.id, site_id=site("Federici").id, offender_id=bad.id,
                                 chapter="CARVER-999", provision="x", citation="x", description="bad record",
                                 observed_at=at("2026-04-05T09:00:00-04:00")))
        db.session.commit()
    report = run_accrual(at("2026-04-06T20:00:00-04:00"))  # one group of three, halved until it is found
    assert report.failed == [str(bad.id)] and report.offense_days == 6 + 4
    assert verify_town(db.session, town.id, b"test-audit-key").ok


def test_rows_from_tuples_snapshot_exactly_what_verify_reads_back(app, client, world):
    agent, board = world.headers("carver", "agent"), world.headers("carver", "board_member", "planning")
    town = _world(client, agent, board)
    run_accrual(at("2026-04-02T20:00:00-04:00"))
    homes = party("Cedar Brook Homes Inc.")
    violation = db.session.scalar(select(Violation).where(Violation.offender_id == homes.id))
    order_id = db.session.scalar(select(FineAccrual.order_id).where(FineAccrual.order_id.is_not(None)))
    created = dt.datetime(2026, 4, 9, 1, 2, 3, 456789, tzinfo=dt.timezone(dt.timedelta(hours=-4)))
    day_ids = [new_ids(1)[0], uuid.uuid4()]  # a hex id and a UUID
    days = [(day_ids[0], violation.id.hex, f"P {ODD}", homes.id, dt.date(2026, 5, 1), 1),
            (day_ids[1], violation.id, "P2", homes.id.hex, dt.date(2026, 5, 2), 2)]
    accruals = [
        (new_ids(1)[0], hex_id(day_ids[0]), order_id, "noncriminal", 10000, None, 1, "R1", "proposed", 1,
         "v1", ("AMB-17",), True, dt.date(2026, 5, 16), {}, None, None, None),
        (uuid.uuid4(), hex_id(day_ids[1]), order_id.hex, "criminal", None, f"none {ODD}", None, "R2",
         "issued", 2, "v1", [], False, None, {"payee": ODD, "n": 2**40, "list": [1, "x", None, {"é": True}]},
         created, None, None),
    ]
    with acting_as(f"test:{ODD}"):
        day_keys = ("id", "violation_id", "provision", "offender_id", "local_date", "line_item")
        assert write_rows(db.session, OffenseDay, day_keys, days,
                          const={"town_id": town.id, "created_at": created}) == [0, 1]
        keys = ("id", "offense_day_id", "order_id", "path", "amount_cents", "none_reason", "sequence",
                "rule_id", "status", "revision", "ruleset_version", "flags", "withhold", "mail_by_on",
                "detail", "issued_at", "issued_by", "replaces_id")
        assert write_rows(db.session, FineAccrual, keys, accruals,
                          const={"town_id": town.id, "created_at": created, "config_version": "c1"}) == [0, 1]
        notes = [(new_ids(1)[0], town.id, "sms", "+1508", "t", {"text": ODD, "z": [1, {"b": None}]},
                  f"k{ODD}"),
                 (uuid.uuid4(), town.id.hex, "sms", "+1509", "t", {}, "k2")]
        assert write_rows(db.session, Notification, ("id", "town_id", "channel", "recipient", "template",
                                                     "payload", "dedupe_key"), notes,
                          const={"status": "pending", "attempts": 0, "next_attempt_at": created,
                                 "created_at": created, "version": 1}) == [0, 1]
        db.session.commit()
    report = verify_town(db.session, town.id, b"test-audit-key")
    assert report.ok, report.problem
    assert db.session.get(OffenseDay, uuid.UUID(hex_id(day_ids[0]))).provision == f"P {ODD}"


def test_a_seal_is_chained_with_the_canonical_hmac_whatever_the_text(app, world):
    carver = db.session.scalar(select(Town).where(Town.slug == "carver"))
    items = [(f"id{ODD}", f'{{"x":"{ODD}"}}'), ("2", ODD), ("3", "")]
    with acting_as(f"job:{ODD}"):
        assert seal(db.session, carver.id, 'Odd "\\ é\n✓', f"seal {ODD}"[:64], items) == 3  # varchar(40)
        db.session.commit()
    with scratch_marks() as last:
        events, problem = _check_links(db.session, carver.id, b"test-audit-key", last)
        assert problem is None, problem
        entry = last.take('Odd "\\ é\n✓', [f"id{ODD}"])[f"id{ODD}"]
    assert entry.action == "seal" and entry.digest == row_digest(f'{{"x":"{ODD}"}}') and events >= 1
    assert entry.digest == hashlib.sha256(f'{{"x":"{ODD}"}}'.encode()).hexdigest()


def test_a_long_run_logs_its_progress_batch_by_batch(app, client, world, caplog):
    agent, board = world.headers("carver", "agent"), world.headers("carver", "board_member", "planning")
    _world(client, agent, board)
    with caplog.at_level("INFO", logger="backend.services.accrual"):
        run_accrual(at("2026-04-04T20:00:00-04:00"), offenders_per_transaction=2)
    lines = [r.getMessage() for r in caplog.records if "offenders done" in r.getMessage()]
    assert [line.split(": ")[1].split(" (")[0] for line in lines] == [
        "2 of 3 offenders done", "3 of 3 offenders done"]
    assert all(line.startswith("offense-days Town of Carver 2026-04-04") for line in lines)
