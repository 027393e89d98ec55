"""Inspection checklists: templates as data, merged permit conditions, what a completed checklist sets off.

Expected provisions and dates are written from the texts: a failed control is a violation of ~§ 247-7B(7);
stabilization is due 14 days after activity ceased (~§ 247-7B(12), EXAMPLES S30), the violation
opening the day after; the 50-ft buffer of ~§ 136-7C includes 50.0 ft (AMB-32); a failed order
condition violates the permit.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

import pytest

from inspections.checklists import (
    Checklist,
    ClockAction,
    evaluate,
    merge,
    parse_template,
    template,
    templates,
)
from inspections.config import DEFAULT
from inspections.rulepack import load_rulebook, rule

D = dt.date
LDP, ERP = "carver-247-land-disturbance", "carver-136-earth-removal"
OOC_281, OOC_UPTON, OOC_GARDNER = (
    "carver-281-order-of-conditions",
    "upton-280-order-of-conditions",
    "gardner-650-order-of-conditions",
)
PERMIT_136 = [
    {
        "id": "C-7",
        "kind": "hours",
        "text": "Work Mon-Fri only",
        "start": "07:00",
        "end": "17:00",
        "days": ["Mon", "Tue", "Wed", "Thu", "Fri"],
    },
    {"id": "C-8", "kind": "truck_route", "text": "Haul by Route 58 only", "route": "Route 58"},
    {"id": "C-9", "kind": "volume_limit", "text": "Total removal under this permit", "cubic_yards": 20000},
    {"id": "C-12", "kind": "special", "text": "Water the haul road twice a day in dry weather"},
]


def test_every_template_validates_and_has_a_stable_key():
    assert sorted(templates()) == sorted(f"{t}@1" for t in (LDP, ERP, OOC_281, OOC_UPTON, OOC_GARDNER))
    for key, checklist in templates().items():
        assert isinstance(checklist, Checklist) and checklist.key == key


@pytest.mark.parametrize("key", sorted(templates()))
def test_every_item_cites_a_rule_of_its_own_bylaw_or_a_permit_condition(key):
    checklist, book = templates()[key], load_rulebook()
    for item in checklist.items:
        assert item.rule_id in book and rule(item.rule_id).pack == checklist.chapter, item.id
        assert set(item.answers) <= {"pass", "fail", "na"}


@pytest.mark.parametrize("key", sorted(templates()))
def test_every_on_fail_provision_is_a_real_provision_of_that_bylaw(key):
    checklist = templates()[key]
    for item in checklist.items:
        of = item.on_fail
        if of.opens_violation == "never":
            assert of.provision is None and of.flags, item.id
            continue
        provision = rule(of.provision)
        assert provision.pack == checklist.chapter and provision.citation.startswith("~§"), item.id
        for clock in (of.clock, item.on_pass.stops_clock):
            assert clock is None or rule(clock).pack == checklist.chapter


def test_land_disturbance_template_covers_what_the_bylaw_asks_on_site():
    cited = {i.rule_id for i in template(LDP).items}
    assert {f"CARVER-247-INSP-EVT{n}" for n in range(1, 7)} <= cited
    assert {
        "CARVER-247-DESIGN-MAINTAIN",
        "CARVER-247-STABILIZE-14D",
        "CARVER-247-DESIGN-TRACKING",
        "CARVER-247-DESIGN-STOCKPILES",
        "CARVER-247-DESIGN-WASTE",
        "CARVER-247-PERMIT-ON-SITE",
    } <= cited


def test_stabilization_item_waits_for_its_clock_as_data():
    item = template(LDP).item("stabilization")
    assert (item.on_fail.clock, item.on_fail.opens_violation) == (
        "CARVER-247-STABILIZE-14D",
        "when_clock_expires",
    )
    assert (
        item.field("ceased_on").kind == "date_or_unknown"
        and item.on_pass.stops_clock == "CARVER-247-STABILIZE-14D"
    )


def test_earth_removal_template_covers_buffer_hours_routes_volume_restoration_reports():
    cited = {i.rule_id for i in template(ERP).items}
    assert {
        "CARVER-136-BUFFER-50FT",
        "CARVER-136-CONDITIONS",
        "CARVER-136-PERMIT-REQUIRED",
        "CARVER-136-SITEPLAN-RESTORATION",
        "CARVER-136-STATUS-90D",
    } <= cited
    assert {i.merge_kind for i in template(ERP).items} >= {"hours", "truck_route", "volume_limit"}


def test_a_template_with_an_unknown_key_is_refused():
    text = (
        '[template]\nid="x"\nversion=1\nchapter="CARVER-247"\ntitle="t"\npermit="p"\n'
        'permit_condition_rule="CARVER-247-BOARD-INSPECTION-RESULT"\n[[item]]\nid="a"\nprompt="prompt"\n'
        'rule_id="CARVER-247-DESIGN-DUST"\nsevere=true\non_fail={provision="CARVER-247-DESIGN-DUST"}\n'
    )
    with pytest.raises(ValueError, match="severe"):
        parse_template(text)


def test_merge_makes_each_permit_condition_an_item():
    merged = merge(template(ERP), PERMIT_136)
    ids = [i.id for i in merged.items]
    assert {"hours.c-7", "truck-routes.c-8", "volume.c-9", "permit.c-12"} <= set(ids)
    assert not {"hours", "truck-routes", "volume"} & set(ids)
    special = merged.item("permit.c-12")
    assert (special.condition_id, special.on_fail.provision) == ("C-12", "CARVER-136-CONDITIONS")
    assert (
        merged.key.startswith("carver-136-earth-removal@1+")
        and merged.key == merge(template(ERP), PERMIT_136).key
    )
    assert template(ERP).key == "carver-136-earth-removal@1"


def test_merge_keeps_a_slot_generic_when_the_permit_has_no_such_condition():
    merged = merge(template(ERP), PERMIT_136[:1])
    assert "truck-routes" in [i.id for i in merged.items]


@pytest.mark.parametrize(
    "conditions,match",
    [
        pytest.param([PERMIT_136[0], PERMIT_136[0]], "repeat", id="duplicate condition ids"),
        pytest.param(
            [{"id": "X", "kind": "special", "text": "abc", "rule_id": "UPTON-280-CONDITIONS"}],
            "not a rule",
            id="condition citing another bylaw",
        ),
        pytest.param([{"id": "X", "kind": "noise", "text": "abc"}], "kind", id="unknown condition kind"),
        pytest.param(
            [{"id": "X", "kind": "special", "text": "abc", "colour": "red"}], "colour", id="unknown key"
        ),
    ],
)
def test_merge_refuses_bad_conditions(conditions, match):
    with pytest.raises(ValueError, match=match):
        merge(template(ERP), conditions)


def test_merging_twice_is_refused():
    with pytest.raises(ValueError, match="already"):
        merge(merge(template(ERP), PERMIT_136), PERMIT_136)


@dataclass(frozen=True)
class EvalCase:
    rule_id: str
    checklist: str
    answers: dict
    inspected_on: dt.date | None
    violations: tuple[tuple[str, str, dt.date | None], ...] = ()  # (item, citation, opens_on)
    clocks: tuple[tuple[str, str, dt.date | None, dt.date | None, dt.date | None], ...] = ()
    # (clock, action, starts_on, due_on, violation_opens_on)
    flags: tuple[str, ...] = ()
    conditions: tuple[dict, ...] = ()
    overrides: dict = field(default_factory=dict)


def fail(**fields) -> dict:
    return {"result": "fail", "fields": fields}


PASS = {"result": "pass"}
OFFENSE_247, STAB = "CARVER-247-OFFENSE-DAILY", "CARVER-247-STABILIZE-14D"

EVAL_CASES = [
    pytest.param(
        EvalCase(
            "CARVER-247-DESIGN-MAINTAIN",
            LDP,
            {"controls-in-place": PASS},
            D(2026, 5, 12),
            clocks=((OFFENSE_247, "stop", None, None, None),),
        ),
        id="247 controls pass",
    ),
    pytest.param(
        EvalCase(
            "CARVER-247-DESIGN-MAINTAIN",
            LDP,
            {"controls-in-place": fail()},
            D(2026, 5, 12),
            (("controls-in-place", "~§ 247-7B(7)", D(2026, 5, 12)),),
            ((OFFENSE_247, "start", D(2026, 5, 12), None, None),),
        ),
        id="247 controls fail",
    ),
    pytest.param(
        EvalCase(
            STAB,
            LDP,
            {"stabilization": fail(portion="north slope", ceased_on=D(2026, 5, 1))},
            D(2026, 5, 16),
            (("stabilization", "~§ 247-7B(12)", D(2026, 5, 16)),),
            (
                (STAB, "start", D(2026, 5, 1), D(2026, 5, 15), D(2026, 5, 16)),
                (OFFENSE_247, "start", D(2026, 5, 16), None, None),
            ),
        ),
        id="S30 ceased 05-01, unstabilized at 05-16: violation from 05-16",
    ),
    pytest.param(
        EvalCase(
            STAB,
            LDP,
            {"stabilization": fail(portion="north slope", ceased_on=D(2026, 5, 1))},
            D(2026, 5, 10),
            (),
            ((STAB, "start", D(2026, 5, 1), D(2026, 5, 15), D(2026, 5, 16)),),
        ),
        id="S30 ceased 05-01, seen 05-10: clock runs to 05-15, no violation yet",
    ),
    pytest.param(
        EvalCase(
            STAB,
            LDP,
            {"stabilization": fail(portion="north slope", ceased_on=D(2026, 5, 1))},
            D(2026, 5, 15),
            (),
            ((STAB, "start", D(2026, 5, 1), D(2026, 5, 15), D(2026, 5, 16)),),
        ),
        id="S30 seen on the last day 05-15: not yet a violation",
    ),
    pytest.param(
        EvalCase(
            STAB,
            LDP,
            {"stabilization": fail(portion="lot 4", ceased_on=D(2026, 12, 24))},
            D(2026, 12, 28),
            (),
            ((STAB, "start", D(2026, 12, 24), D(2027, 1, 7), D(2027, 1, 8)),),
        ),
        id="S30 ceased 12-24: due 2027-01-07",
    ),
    pytest.param(
        EvalCase(
            STAB,
            LDP,
            {"stabilization": fail(portion="lot 4", ceased_on="unknown")},
            D(2026, 5, 10),
            (),
            ((STAB, "start", D(2026, 5, 10), D(2026, 5, 24), D(2026, 5, 25)),),
            ("CEASED-DATE-UNKNOWN",),
        ),
        id="ceased date unknown: counted from the inspection, flagged",
    ),
    pytest.param(
        EvalCase(STAB, LDP, {"stabilization": PASS}, D(2026, 5, 20), (), ((STAB, "stop", None, None, None),)),
        id="stabilized: the clock stops",
    ),
    pytest.param(
        EvalCase(
            STAB,
            LDP,
            {"stabilization": fail(portion="pad", ceased_on=D(2026, 5, 3))},
            D(2026, 5, 4),
            (),
            ((STAB, "start", D(2026, 5, 3), D(2026, 5, 17), D(2026, 5, 18)),),
        ),
        id="due Sunday 05-17: no roll by default",
    ),
    pytest.param(
        EvalCase(
            STAB,
            LDP,
            {"stabilization": fail(portion="pad", ceased_on=D(2026, 5, 3))},
            D(2026, 5, 4),
            (),
            ((STAB, "start", D(2026, 5, 3), D(2026, 5, 18), D(2026, 5, 19)),),
            ("AMB-51",),
            overrides={"roll_c4s9": True},
        ),
        id="alt roll_c4s9: Sunday 05-17 -> 05-18",
    ),
    pytest.param(
        EvalCase(
            "CARVER-247-INSP-NOTICE-2WD",
            LDP,
            {"event-1-notice": fail(event_on=D(2026, 4, 21), notice_received_on=D(2026, 4, 17))},
            D(2026, 4, 21),
            (("event-1-notice", "~§ 247-8B", D(2026, 4, 21)),),
        ),
        id="S29 notice one working day late: a one-off violation, no daily clock",
    ),
    pytest.param(
        EvalCase(
            "CARVER-247-ACCESS",
            LDP,
            {"entry-basis": {"result": "fail"}},
            D(2026, 5, 1),
            flags=("NO-ENTRY-BASIS",),
        ),
        id="no entry basis: flagged, no violation",
    ),
    pytest.param(
        EvalCase(
            "CARVER-136-BUFFER-50FT",
            ERP,
            {"buffer-50ft": {"result": "pass", "fields": {"nearest_disturbance_ft": 50.0}}},
            D(2026, 6, 2),
            (("buffer-50ft", "~§ 136-7C", D(2026, 6, 2)),),
            (("CARVER-136-OFFENSE-DAILY", "start", D(2026, 6, 2), None, None),),
            ("AMB-32", "MEASUREMENT-OVERRIDES-ANSWER:buffer-50ft"),
        ),
        id="AMB-32 buffer measured 50.0 ft: inside, the measurement decides",
    ),
    pytest.param(
        EvalCase(
            "CARVER-136-BUFFER-50FT",
            ERP,
            {"buffer-50ft": {"result": "pass", "fields": {"nearest_disturbance_ft": 50.1}}},
            D(2026, 6, 2),
            clocks=(("CARVER-136-OFFENSE-DAILY", "stop", None, None, None),),
        ),
        id="buffer 50.1 ft kept",
    ),
    pytest.param(
        EvalCase(
            "CARVER-136-BUFFER-50FT",
            ERP,
            {"buffer-50ft": {"result": "pass", "fields": {"nearest_disturbance_ft": 50.0}}},
            D(2026, 6, 2),
            clocks=(("CARVER-136-OFFENSE-DAILY", "stop", None, None, None),),
            flags=("AMB-32",),
            overrides={"dist_inclusive": False},
        ),
        id="AMB-32 alt exclusive: 50.0 ft kept",
    ),
    pytest.param(
        EvalCase(
            "CARVER-136-PERMIT-REQUIRED",
            ERP,
            {"volume.c-9": {"result": "pass", "fields": {"volume_removed_cy": 20000.5}}},
            D(2026, 6, 2),
            (("volume.c-9", "~§ 136-4A; permit condition C-9", D(2026, 6, 2)),),
            (("CARVER-136-OFFENSE-DAILY", "start", D(2026, 6, 2), None, None),),
            ("MEASUREMENT-OVERRIDES-ANSWER:volume.c-9",),
            tuple(PERMIT_136),
        ),
        id="20,000.5 cu yd against a 20,000 limit",
    ),
    pytest.param(
        EvalCase(
            "CARVER-136-PERMIT-REQUIRED",
            ERP,
            {"volume.c-9": {"result": "pass", "fields": {"volume_removed_cy": 20000}}},
            D(2026, 6, 2),
            clocks=(("CARVER-136-OFFENSE-DAILY", "stop", None, None, None),),
            conditions=tuple(PERMIT_136),
        ),
        id="exactly 20,000 cu yd is within the limit",
    ),
    pytest.param(
        EvalCase(
            "CARVER-136-CONDITIONS",
            ERP,
            {"permit.c-12": fail(note="road dry, dust")},
            D(2026, 6, 2),
            (("permit.c-12", "~§ 136-7D; permit condition C-12", D(2026, 6, 2)),),
            (("CARVER-136-OFFENSE-DAILY", "start", D(2026, 6, 2), None, None),),
            conditions=tuple(PERMIT_136),
        ),
        id="special condition of the permit failed",
    ),
    pytest.param(
        EvalCase(
            "CARVER-136-CONDITIONS",
            ERP,
            {"hours.c-7": fail(observed_at="18:30")},
            D(2026, 6, 2),
            (("hours.c-7", "~§ 136-7D; permit condition C-7", D(2026, 6, 2)),),
            conditions=tuple(PERMIT_136),
        ),
        id="trucks working at 18:30",
    ),
    pytest.param(
        EvalCase(
            "CARVER-281-OFFENSE-PER-PROVISION",
            OOC_281,
            {"permit.ooc-17": fail()},
            D(2026, 7, 1),
            (("permit.ooc-17", "~§ 281-4A(11); permit condition OOC-17", D(2026, 7, 1)),),
            (("CARVER-281-OFFENSE-DAILY", "start", D(2026, 7, 1), None, None),),
            conditions=({"id": "OOC-17", "kind": "special", "text": "No work between Mar 15 and Jun 15"},),
        ),
        id="Carver order: special condition 17 failed",
    ),
    pytest.param(
        EvalCase(
            "CARVER-281-ZONE-65FT",
            OOC_281,
            {"zone-65ft": fail()},
            D(2026, 7, 1),
            (("zone-65ft", "~§ 281-1C(3)", D(2026, 7, 1)),),
            (("CARVER-281-OFFENSE-DAILY", "start", D(2026, 7, 1), None, None),),
        ),
        id="Carver 65-ft zone",
    ),
    pytest.param(
        EvalCase(
            "UPTON-280-PROHIBITED",
            OOC_UPTON,
            {"conditions-followed": fail()},
            D(2026, 9, 14),
            (("conditions-followed", "~§ 280-11A", D(2026, 9, 14)),),
            (("UPTON-280-OFFENSE-DAILY", "start", D(2026, 9, 14), None, None),),
        ),
        id="Upton permit condition not followed",
    ),
    pytest.param(
        EvalCase(
            "UPTON-280-ENTRY",
            OOC_UPTON,
            {"entry-basis": {"result": "fail"}},
            D(2026, 9, 14),
            flags=("AMB-40", "NO-ENTRY-BASIS"),
        ),
        id="Upton AMB-40 no entry basis",
    ),
    pytest.param(
        EvalCase(
            "GARDNER-650-NDZ-NO-ALTERATION",
            OOC_GARDNER,
            {"no-disturbance-zone": fail()},
            D(2026, 8, 3),
            (("no-disturbance-zone", "~§ 650-7B", D(2026, 8, 3)),),
            flags=("AMB-46",),
        ),
        id="Gardner AMB-46 NDZ altered: violation, no daily offense clock",
    ),
    pytest.param(
        EvalCase(
            "CARVER-247-PERMIT-ON-SITE",
            LDP,
            {"permit-on-site": fail()},
            D(2026, 5, 12),
            (("permit-on-site", "~§ 247-8B", D(2026, 5, 12)),),
            ((OFFENSE_247, "start", D(2026, 5, 12), None, None),),
        ),
        id="247 permit-on-site fails",
    ),
    pytest.param(
        EvalCase(
            "CARVER-247-DESIGN-NO-OFFSITE-SEDIMENT",
            LDP,
            {"no-offsite-sediment": fail()},
            D(2026, 5, 12),
            (("no-offsite-sediment", "~§ 247-7B(8)", D(2026, 5, 12)),),
            ((OFFENSE_247, "start", D(2026, 5, 12), None, None),),
        ),
        id="247 no-offsite-sediment fails",
    ),
    pytest.param(
        EvalCase(
            "CARVER-247-DESIGN-TRACKING",
            LDP,
            {"tracking": fail()},
            D(2026, 5, 12),
            (("tracking", "~§ 247-7B(14)", D(2026, 5, 12)),),
            ((OFFENSE_247, "start", D(2026, 5, 12), None, None),),
        ),
        id="247 tracking fails",
    ),
    pytest.param(
        EvalCase(
            "CARVER-247-DESIGN-STOCKPILES",
            LDP,
            {"stockpiles": fail()},
            D(2026, 5, 12),
            (("stockpiles", "~§ 247-7B(9)", D(2026, 5, 12)),),
            ((OFFENSE_247, "start", D(2026, 5, 12), None, None),),
        ),
        id="247 stockpiles fails",
    ),
    pytest.param(
        EvalCase(
            "CARVER-247-DESIGN-WASTE",
            LDP,
            {"waste": fail()},
            D(2026, 5, 12),
            (("waste", "~§ 247-7B(13)", D(2026, 5, 12)),),
            ((OFFENSE_247, "start", D(2026, 5, 12), None, None),),
        ),
        id="247 waste fails",
    ),
    pytest.param(
        EvalCase(
            "CARVER-247-DESIGN-DUST",
            LDP,
            {"dust": fail()},
            D(2026, 5, 12),
            (("dust", "~§ 247-7B(10)", D(2026, 5, 12)),),
            ((OFFENSE_247, "start", D(2026, 5, 12), None, None),),
        ),
        id="247 dust fails",
    ),
    pytest.param(
        EvalCase(
            "CARVER-247-SELF-INSP-WEEKLY",
            LDP,
            {"self-inspections": fail()},
            D(2026, 5, 12),
            (("self-inspections", "~§ 247-8C", D(2026, 5, 12)),),
            ((OFFENSE_247, "start", D(2026, 5, 12), None, None),),
        ),
        id="247 self-inspections fails",
    ),
    pytest.param(
        EvalCase(
            "CARVER-247-MONTHLY-REPORT",
            LDP,
            {"monthly-reports": fail()},
            D(2026, 5, 12),
            (("monthly-reports", "~§ 247-8C", D(2026, 5, 12)),),
            ((OFFENSE_247, "start", D(2026, 5, 12), None, None),),
        ),
        id="247 monthly-reports fails",
    ),
    pytest.param(
        EvalCase(
            "CARVER-247-DESIGN-CHECKLIST",
            LDP,
            {"habitats": fail()},
            D(2026, 5, 12),
            (("habitats", "~§ 247-7B(1)–(14)", D(2026, 5, 12)),),
            ((OFFENSE_247, "start", D(2026, 5, 12), None, None),),
        ),
        id="247 design requirement (11): vernal pool altered",
    ),
    pytest.param(
        EvalCase(
            "GARDNER-650-NBZ-CLEARING",
            OOC_GARDNER,
            {"no-build-zone": fail()},
            D(2026, 8, 3),
            (("no-build-zone", "~§ 650-7B", D(2026, 8, 3)),),
            flags=("AMB-46", "AMB-48"),
        ),
        id="Gardner AMB-48 shed in the no build zone",
    ),
    pytest.param(
        EvalCase(
            "GARDNER-650-VP-BUFFER-NO-ALT",
            OOC_GARDNER,
            {"vernal-pool-buffer": fail()},
            D(2026, 8, 3),
            (("vernal-pool-buffer", "~§ 650-7C", D(2026, 8, 3)),),
            flags=("AMB-46",),
        ),
        id="Gardner clearing within 100 ft of a vernal pool",
    ),
]


@pytest.mark.parametrize("case", EVAL_CASES)
def test_evaluate_sets_off_what_the_bylaw_says(case: EvalCase):
    checklist = template(case.checklist)
    if case.conditions:
        checklist = merge(checklist, case.conditions)
    result = evaluate(
        checklist, case.answers, inspected_on=case.inspected_on, cfg=DEFAULT.with_overrides(**case.overrides)
    )
    assert [(v.item_id, v.provision.citation, v.opens_on) for v in result.violations] == list(case.violations)
    assert [(c.clock, c.action, c.starts_on, c.due_on, c.violation_opens_on) for c in result.clocks] == list(
        case.clocks
    )
    assert set(case.flags) <= set(result.flags)
    cited = (
        {v.provision.rule_id for v in result.violations}
        | {c.clock for c in result.clocks}
        | {i.rule_id for i in checklist.items if i.id in case.answers}
    )
    assert case.rule_id in cited
    for v in result.violations:
        assert v.explanation.citation == rule(v.provision.rule_id).citation


def test_unanswered_items_are_listed_not_guessed():
    result = evaluate(template(LDP), {"controls-in-place": PASS}, inspected_on=D(2026, 5, 12))
    assert "stabilization" in result.unanswered and "controls-in-place" not in result.unanswered
    assert result.checklist == "carver-247-land-disturbance@1"


@pytest.mark.parametrize(
    "answers,match",
    [
        pytest.param({"entry-basis": {"result": "na"}}, "not among", id="na not allowed on entry basis"),
        pytest.param({"nope": PASS}, "unknown items", id="unknown item"),
        pytest.param(
            {"stabilization": fail(portion="north")}, "ceased_on", id="ceased date required on fail"
        ),
        pytest.param(
            {"stabilization": fail(portion="n", ceased_on="2026-05-01")}, "must be a date", id="date as text"
        ),
        pytest.param({"controls-in-place": fail(colour="red")}, "unknown fields", id="unknown field"),
    ],
)
def test_bad_answers_are_refused(answers, match):
    with pytest.raises(ValueError, match=match):
        evaluate(template(LDP), answers, inspected_on=D(2026, 5, 12))


def test_an_unknown_ceased_date_without_an_inspection_date_places_no_clock():
    result = evaluate(template(LDP), {"stabilization": fail(portion="n", ceased_on="unknown")})
    (clock,) = result.clocks
    assert clock.due_on is None and clock.action is ClockAction.START and "CEASED-DATE-UNKNOWN" in clock.flags


def test_a_measurement_must_be_a_number():
    answers = {"buffer-50ft": {"result": "pass", "fields": {"nearest_disturbance_ft": "50"}}}
    with pytest.raises(ValueError, match="must be a number"):
        evaluate(template(ERP), answers, inspected_on=D(2026, 6, 2))


def test_each_packs_permit_checklists_name_shipped_templates_of_that_chapter():
    """The [chapter] table of each pack says which inspection checklist each kind of permit is inspected
    with; every one is a shipped template of the same chapter, and every inspection template is named."""
    from inspections.checklists import permit_template_id, template, templates
    from inspections.rulepack import load_rulebook

    named = set()
    for key, pack in load_rulebook().packs.items():
        assert pack.chapter.permit_checklists, key
        for kind, template_id in pack.chapter.permit_checklists.items():
            assert template(template_id).chapter == key
            assert permit_template_id(key, kind) == template_id
            named.add(template_id)
    assert named == {t.id for t in templates().values()}
    assert permit_template_id("CARVER-136", "order_of_conditions") is None
