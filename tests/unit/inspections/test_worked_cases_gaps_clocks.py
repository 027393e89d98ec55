"""Issue 22, worked cases for the gaps found in the clocks and the readings, through the facade.

Carver ~§ 247-6D: "shall take final action within 21 days from the time of the close of the hearing unless
such time is extended by agreement"; Upton ~§ 280-5C: "unless an extension is authorized, in writing, by the
applicant". An agreed extension could be given as a date only; it may now be a number of days
(READ-EXT-DURATION).

Several answers left out what a clerk checks: Carver ~§ 136-6 "advertised for two consecutive weeks ...
beginning at least 14 days before such hearing" (the end of a publication week, the days before the hearing),
~§ 136-9 "Seven days after the operator receives certified mail notice" (the gap between two dates), Upton
~§ 280-7H "Any permit may be renewed once" (whether a further renewal is allowed), Carver ~§ 247-11E "The
decisions or orders of the Planning Board shall be final" (the enforcement options open).

Carver ~§ 247-4: "all activities that result in disturbance of one or more acres of land that drains to the
municipal separate storm sewer system": AMB-11 is flagged whenever the answer turns on that reading.

RULES.md AMB-51 (clarified 2026-12-01): "under `roll_c4s9` a last day on a Saturday holiday rolls to the next
business day; an ordinary Saturday never rolls".
"""

from __future__ import annotations

from typing import Any

import pytest

from inspections import api
from tests.unit.inspections.worked import Case, params


def deadlines(body: dict[str, Any], settings: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    return api.call("deadlines", {**body, "settings": settings or None})["deadlines"]


EXTENSION_CASES = [
    # given: (chapter, event, day, extension fields); expected: the decision's last day
    Case(
        "CARVER-247-DECISION-21D",
        "closed Mon 05-04: 21 days to Memorial Day 05-25, no extension",
        ("CARVER-247", "hearing_closed", "2026-05-04", {}),
        "2026-05-25",
    ),
    Case(
        "CARVER-247-DECISION-21D",
        "extended by agreement by 14 days: 05-25 + 14 = Mon 06-08",
        ("CARVER-247", "hearing_closed", "2026-05-04", {"extended_by_days": 14}),
        "2026-06-08",
    ),
    Case(
        "CARVER-247-DECISION-21D",
        "the same agreement given as a date",
        ("CARVER-247", "hearing_closed", "2026-05-04", {"extended_to": "2026-06-08"}),
        "2026-06-08",
    ),
    Case(
        "CARVER-247-DECISION-21D",
        "extended by 0 days: no extension",
        ("CARVER-247", "hearing_closed", "2026-05-04", {"extended_by_days": 0}),
        "2026-05-25",
    ),
    Case(
        "UPTON-280-HEARING-21D",
        "completed application 06-01 + 21 = 06-22; extended in writing by 10 days",
        ("UPTON-280", "completed_filing_received", "2026-06-01", {"extended_by_days": 10}),
        "2026-07-02",
    ),
    Case(
        "GARDNER-650-DECISION-11D",
        "closed 06-01 + 11 = 06-12; extended in writing by 30 days: Sun 07-12, an agreed day is not rolled",
        ("GARDNER-650", "hearing_closed", "2026-06-01", {"extended_by_days": 30}),
        "2026-07-12",
        {"roll_c4s9": True},
    ),
]


@pytest.mark.parametrize("case", params(EXTENSION_CASES))
def test_an_agreed_extension_may_be_a_number_of_days(case: Case):
    chapter, event, day, extension = case.given
    found = deadlines({"event": event, "chapter": chapter, "on": day, **extension}, dict(case.overrides))
    [decision] = [d for d in found if d["rule_id"] == case.rule_id]
    assert decision["latest_on"] == case.expected
    if extension.get("extended_by_days"):
        assert decision["facts"]["extension_days"] == extension["extended_by_days"]


def test_deemed_approval_follows_an_extension_in_days():
    answer = api.call(
        "deemed-approval", {"closed_on": "2026-05-04", "as_of": "2026-06-09", "extended_by_days": 14}
    )
    assert (answer["deemed_approved"], answer["approved_from"]) == (True, "2026-06-09")


FACT_CASES = [
    # given: (request, which deadline); expected: {fact: value}
    Case(
        "CARVER-136-AD-2WK-14D",
        "first ad Thu 04-02: the second in the week Sun 04-05 to Sat 04-11",
        ({"event": "first_publication", "chapter": "CARVER-136", "on": "2026-04-02"}, 0),
        {
            "first_week_ends_on": "2026-04-04",
            "publication_week_starts_on": "2026-04-05",
            "publication_week_ends_on": "2026-04-11",
        },
    ),
    Case(
        "CARVER-136-AD-2WK-14D",
        "hearing Thu 05-21: first ad at least 14 days before",
        ({"event": "hearing_scheduled", "chapter": "CARVER-136", "at": "2026-05-21T19:00:00-04:00"}, 0),
        {"event_on": "2026-05-21", "days_before": 14},
    ),
    Case(
        "CARVER-281-HEARING-NOTICE-14D",
        "hearing Wed 05-20: notice 14 days before, by Wed 05-06",
        ({"event": "hearing_scheduled", "chapter": "CARVER-281", "on": "2026-05-20"}, 0),
        {"event_on": "2026-05-20", "days_before": 14},
    ),
    Case(
        "CARVER-136-CD-ACTION-7D",
        "certified notice received Tue 05-05, hearing Fri 05-08: 3 days apart, action from Tue 05-12",
        (
            {
                "event": "permit_hearing_scheduled",
                "chapter": "CARVER-136",
                "at": "2026-05-08T19:00:00-04:00",
                "certified_received_on": "2026-05-05",
            },
            -1,
        ),
        {"days_from_notice_to_hearing": 3, "set_by": "certified notice + 7 days"},
    ),
    Case(
        "UPTON-280-RENEW-ONCE-3Y",
        "the one renewal used: no further renewal allowed",
        (
            {
                "event": "permit_renewed",
                "chapter": "UPTON-280",
                "on": "2029-06-01",
                "expires_on": "2029-07-13",
                "prior_renewals": 0,
            },
            0,
        ),
        {"renewals_used": 1, "renewals_allowed": 1, "further_renewals_allowed": False},
    ),
    Case(
        "GARDNER-650-RENEW-3Y",
        "Gardner sets no number of renewals: a further one is allowed",
        ({"event": "permit_expiry", "chapter": "GARDNER-650", "on": "2029-08-03"}, 1),
        {"further_renewals_allowed": True, "renewals_allowed": None},
    ),
    Case(
        "CARVER-247-INSP-NOTICE-2WD",
        "S29: event Tue 04-21, Patriots' Day skipped",
        (
            {"event": "inspection_event", "chapter": "CARVER-247", "on": "2026-04-21", "inspection_event": 1},
            0,
        ),
        {
            "counted_back_to": "2026-04-16",
            "skipped_closed_weekdays": ["2026-04-20"],
            "working_days_before": 2,
        },
    ),
]


@pytest.mark.parametrize("case", params(FACT_CASES))
def test_deadline_answers_state_the_facts_a_clerk_checks(case: Case):
    body, index = case.given
    found = deadlines(body)[index]
    assert found["rule_id"] == case.rule_id
    assert {k: found["facts"][k] for k in case.expected} == case.expected


def test_the_options_open_after_an_order_are_stated():
    [cease] = deadlines(
        {"event": "cease_and_desist_issued", "chapter": "CARVER-247", "at": "2026-05-04T10:00:00-04:00"}
    )
    options = cease["facts"]["enforcement_options"]
    assert [o.split(":")[0] for o in options[:4]] == [
        "CARVER-247-ORDER-CEASE-DESIST",
        "CARVER-247-ORDER-MEASURES",
        "CARVER-247-ORDER-MONITORING",
        "CARVER-247-ORDER-REMEDIATION",
    ]
    assert "no appeal deadline" in cease["facts"]["appeal"]
    window = deadlines(
        {
            "event": "cease_and_desist_issued",
            "chapter": "CARVER-136",
            "at": "2026-04-06T10:00:00-04:00",
            "operator_notified_at": "2026-04-06T10:00:00-04:00",
            "posted_at": "2026-04-06T10:00:00-04:00",
        }
    )[1]
    assert window["facts"]["days_after_order"] == 7
    assert any(o.startswith("CARVER-136-CD-CURE") for o in window["facts"]["enforcement_options"])


MS4_CASES = [
    # given: (areas sq ft, drains to the MS4, require_ms4_drainage); expected: (applies, AMB-11 flagged)
    Case(
        "CARVER-247-APPLIES-1AC",
        "an acre draining to the MS4: both readings agree",
        ((50_000,), True, True),
        (True, False),
    ),
    Case("CARVER-247-APPLIES-1AC", "drainage unknown: flagged", ((50_000,), None, True), (True, True)),
    Case(
        "CARVER-247-APPLIES-1AC",
        "found not to drain to the MS4: the answer turns on it, flagged",
        ((50_000,), False, True),
        (False, True),
    ),
    Case(
        "CARVER-247-APPLIES-1AC",
        "alt require off: found not to drain, applies anyway, flagged",
        ((50_000,), False, False),
        (True, True),
    ),
    Case(
        "CARVER-247-APPLIES-1AC",
        "alt require off: drainage unknown, flagged",
        ((50_000,), None, False),
        (True, True),
    ),
    Case(
        "CARVER-247-APPLIES-1AC",
        "exactly one acre, found not to drain",
        ((43_560,), False, True),
        (False, True),
    ),
    Case(
        "CARVER-247-APPLIES-1AC",
        "under an acre: drainage does not matter",
        ((40_000,), None, True),
        (False, False),
    ),
]


@pytest.mark.parametrize("case", params(MS4_CASES))
def test_amb_11_is_flagged_whenever_the_answer_turns_on_the_ms4_reading(case: Case):
    areas, drains, required = case.given
    answer = api.call(
        "threshold",
        {
            "check": {"test": "carver247_one_acre", "areas_sq_ft": list(areas), "drains_to_ms4": drains},
            "settings": {"carver247.require_ms4_drainage": required},
        },
    )
    [finding] = answer["findings"]
    assert (finding["met"], "AMB-11" in finding["flags"]) == case.expected


AGGREGATION_CASES = [
    Case(
        "CARVER-247-APPLIES-1AC",
        "two phases of 30,000 sq ft over the project's life: 60,000 >= 43,560",
        "project_life",
        (True, 60_000.0),
    ),
    Case("CARVER-247-APPLIES-1AC", "alt each_part: neither phase is an acre", "each_part", (False, 30_000.0)),
]


@pytest.mark.parametrize("case", params(AGGREGATION_CASES))
def test_area_aggregation_is_a_live_switch(case: Case):
    answer = api.call(
        "threshold",
        {
            "check": {"test": "carver247_one_acre", "areas_sq_ft": [30_000, 30_000], "drains_to_ms4": True},
            "settings": {"carver247.area_aggregation": case.given},
        },
    )
    assert (answer["findings"][0]["met"], answer["value"]) == case.expected
    assert "AMB-12" in answer["findings"][0]["flags"]


ROLL = {"roll_c4s9": True}
AMB51_CASES = [
    # given: (request, settings); expected: the last day
    Case(
        "CARVER-247-STABILIZE-14D",
        "ceased 06-20: 14 days to Sat 07-04, no roll by default",
        ({"event": "activity_ceased", "chapter": "CARVER-247", "on": "2026-06-20"}, {}),
        "2026-07-04",
    ),
    Case(
        "CARVER-247-STABILIZE-14D",
        "roll_c4s9: Sat 07-04 is a legal holiday, rolled to Mon 07-06",
        ({"event": "activity_ceased", "chapter": "CARVER-247", "on": "2026-06-20"}, ROLL),
        "2026-07-06",
    ),
    Case(
        "CARVER-247-STABILIZE-14D",
        "roll_c4s9: an ordinary Saturday 07-11 never rolls",
        ({"event": "activity_ceased", "chapter": "CARVER-247", "on": "2026-06-27"}, ROLL),
        "2026-07-11",
    ),
    Case(
        "UPTON-280-DECISION-21D",
        "roll_c4s9: Sat 2027-06-19 Juneteenth rolls to Mon 06-21",
        ({"event": "hearing_closed", "chapter": "UPTON-280", "on": "2027-05-29"}, ROLL),
        "2027-06-21",
    ),
    Case(
        "CARVER-136-DECISION-45D",
        "roll_c4s9: Sat 2027-12-25 rolls past Sunday to Mon 12-27",
        ({"event": "hearing_closed", "chapter": "CARVER-136", "on": "2027-11-10"}, ROLL),
        "2027-12-27",
    ),
    Case(
        "CARVER-247-STABILIZE-14D",
        "roll_c4s9 with the Friday observed: Fri 07-03 rolls to Mon 07-06",
        (
            {"event": "activity_ceased", "chapter": "CARVER-247", "on": "2026-06-19"},
            {**ROLL, "saturday_holiday_observed_friday": True},
        ),
        "2026-07-06",
    ),
]


@pytest.mark.parametrize("case", params(AMB51_CASES))
def test_amb_51_a_saturday_legal_holiday_rolls_an_ordinary_saturday_never(case: Case):
    body, settings = case.given
    [found] = deadlines(body, settings)
    assert (found["rule_id"], found["latest_on"]) == (case.rule_id, case.expected)
    assert "AMB-51" in found["flags"]


def test_amb_51_also_moves_a_citations_mailing_day():
    body = {
        "violation": {
            "violation_id": "v",
            "chapter": "UPTON-280",
            "offender_id": "o",
            "provisions": ["UPTON-280-PROHIBITED"],
            "started_at": "2026-06-19T09:00:00-04:00",
        },
        "offense_on": "2026-06-19",
        "issuer_role": "agent",
        "notice_on": "2026-07-06",
        "delivery": "mail",
    }
    assert api.call("citation", body)["mail_by"]["latest_on"] == "2026-07-04"  # no roll: mailed too late
    rolled = api.call("citation", {**body, "settings": ROLL})
    assert (rolled["mail_by"]["latest_on"], rolled["allowed"]) == ("2026-07-06", True)


REPORT_CASES = [
    Case(
        "CARVER-136-STATUS-90D",
        "from issuance Mon 03-02 (default): 05-31, 08-29, 11-27",
        "permit_issued",
        ["2026-05-31", "2026-08-29", "2026-11-27"],
    ),
    Case(
        "CARVER-136-STATUS-90D",
        "alt from the start of removal Wed 04-15: 07-14, 10-12",
        "work_started",
        ["2026-07-14", "2026-10-12"],
    ),
]


@pytest.mark.parametrize("case", params(REPORT_CASES))
def test_the_status_report_anchor_is_a_live_switch(case: Case):
    body = {
        "event": "reports_due",
        "chapter": "CARVER-136",
        "issued_on": "2026-03-02",
        "through_on": "2026-12-31",
    }
    if case.given == "work_started":
        body["work_started_on"] = "2026-04-15"
    found = deadlines(body, {"carver136.report_anchor": case.given})
    assert [d["latest_on"] for d in found if d["rule_id"] == case.rule_id] == case.expected


NOTICE_CASES = [
    # given: (rule, event, dates, basis); expected: (on time, days late)
    Case(
        "CARVER-281-HEARING-NOTICE-14D",
        "abutters: mailed Wed 05-06 for Wed 05-20, dated by mailing",
        ("2026-05-20", {"mailed_on": "2026-05-06", "received_on": "2026-05-08"}, "default"),
        (True, 0),
    ),
    Case(
        "CARVER-281-HEARING-NOTICE-14D",
        "alt receipt: received Fri 05-08, two days late",
        ("2026-05-20", {"mailed_on": "2026-05-06", "received_on": "2026-05-08"}, "receipt"),
        (False, 2),
    ),
    Case(
        "CARVER-247-INSP-NOTICE-2WD",
        "the Board: received Fri 04-17 for Tue 04-21, one working day late (S29)",
        ("2026-04-21", {"mailed_on": "2026-04-15", "received_on": "2026-04-17"}, "default"),
        (False, 1),
    ),
    Case(
        "CARVER-247-INSP-NOTICE-2WD",
        "alt mailing: mailed Wed 04-15, in time",
        ("2026-04-21", {"mailed_on": "2026-04-15", "received_on": "2026-04-17"}, "mailing"),
        (True, 0),
    ),
    Case(
        "CARVER-281-UTIL-NOTICE-14D",
        "a hand delivery is dated the day handed over, whatever the basis",
        ("2026-06-15", {"hand_delivered_on": "2026-06-01"}, "mailing"),
        (True, 0),
    ),
]


@pytest.mark.parametrize("case", params(NOTICE_CASES))
def test_notice_date_basis_decides_which_date_of_a_notice_counts(case: Case):
    event_on, dates, basis = case.given
    answer = api.call(
        "notice-in-time",
        {"rule_id": case.rule_id, "event_on": event_on, **dates, "settings": {"notice_date_basis": basis}},
    )
    assert (answer["on_time"], answer["days_late"]) == case.expected
