"""One real-world request per facade operation (and per deadline event), with one exact fact of its answer.

Shared by the facade's unit tests and the HTTP tests of POST /api/v1/law/<operation>: the same JSON in, the
same JSON out. Expected values are written from the bylaw texts and EXAMPLES.md, not from the code.
"""

from __future__ import annotations

from typing import Any

BVW = {
    "type": "FeatureCollection",
    "features": [
        {
            "type": "Feature",
            "geometry": {
                "type": "Polygon",
                "coordinates": [
                    [
                        [-71.9900, 42.5700],
                        [-71.9890, 42.5700],
                        [-71.9890, 42.5710],
                        [-71.9900, 42.5710],
                        [-71.9900, 42.5700],
                    ]
                ],
            },
            "properties": {"id": "W1", "type": "bordering_vegetated_wetland"},
        }
    ],
}
VIOLATION_247 = {
    "violation_id": "v1",
    "chapter": "CARVER-247",
    "offender_id": "o1",
    "provisions": ["CARVER-247-DESIGN-NO-OFFSITE-SEDIMENT"],
    "started_at": "2026-03-02T09:00:00-05:00",
    "cured_at": "2026-03-06T15:00:00-05:00",
}
VIOLATION_136 = {
    **VIOLATION_247,
    "chapter": "CARVER-136",
    "provisions": ["CARVER-136-PERMIT-REQUIRED"],
    "cured_at": None,
}


def path(answer: Any, dotted: str) -> Any:
    """answer["a"][0]["b"] written "a.0.b"."""
    for part in dotted.split("."):
        answer = answer[int(part)] if isinstance(answer, list) else answer[part]
    return answer


# name -> (payload, dotted path into the answer, expected value)
SAMPLES: dict[str, tuple[dict[str, Any], str, Any]] = {
    "deadlines": (
        {"event": "activity_ceased", "chapter": "CARVER-247", "on": "2026-05-01"},
        "deadlines.0.latest_on",
        "2026-05-15",
    ),  # S30
    "notice-in-time": (
        {"rule_id": "CARVER-247-INSP-NOTICE-2WD", "event_on": "2026-04-21", "received_on": "2026-04-17"},
        "days_late",
        1,
    ),  # S29 extra
    "inspection-notice": (
        {"inspection_event": 1, "event_on": "2026-04-21", "received_on": "2026-04-17"},
        "working_days_late",
        1,
    ),
    "storm-inspections": (
        {
            "storm_start_at": "2026-05-10T18:00:00-04:00",
            "storm_end_at": "2026-05-11T06:00:00-04:00",
            "inspections_at": ["2026-05-10T12:00:00-04:00", "2026-05-11T09:00:00-04:00"],
        },
        "after_ok",
        True,
    ),
    "missing-monthly-reports": (
        {"active_from": "2026-03-01", "as_of": "2026-06-15", "reported_on": ["2026-03-20", "2026-05-02"]},
        "deadlines.0.latest_on",
        "2026-04-30",
    ),
    "stabilization-breach": (
        {"ceased_on": "2026-05-01", "inspected_on": "2026-05-16", "stabilized": False},
        "violation_from",
        "2026-05-16",
    ),  # S30
    "deemed-approval": ({"closed_on": "2026-05-04", "as_of": "2026-06-01"}, "approved_from", "2026-05-26"),
    "change-notice": ({"notice_on": "2026-05-04", "change_on": "2026-05-06"}, "ok", True),
    "erc-review-meeting": (
        {
            "order_at": "2026-04-06T10:00:00-04:00",
            "operator_notified_at": "2026-04-06T10:00:00-04:00",
            "posted_at": "2026-04-06T10:00:00-04:00",
        },
        "latest_on",
        "2026-04-13",
    ),  # S23
    "calendar": ({"on": "2026-07-04", "settings": {"roll_c4s9": True}}, "rolled_to", "2026-07-06"),  # AMB-51
    "may-act": (
        {"chapter": "CARVER-247", "action": "citation_21d", "role": "agent"},
        "allowed",
        False,
    ),  # S01
    "vote": ({"chapter": "CARVER-136", "vote": {"yes": 3, "no": 1}, "seated": 5}, "allowed", True),
    "erc-roster": (
        {"members": [{"name": n, "seat": "appointed", "resident": True} for n in "ABCD"]},
        "can_act",
        True,
    ),
    "erc-meetings": (
        {"from_on": "2026-01-01", "as_of": "2026-04-01", "meetings_on": ["2026-01-08", "2026-03-12"]},
        "deadlines.0.latest_on",
        "2026-02-28",
    ),
    "upton-majority": (
        {"rule_id": "UPTON-280-REGS-ADOPT", "vote": {"yes": 3, "no": 1}, "members": 7},
        "carries",
        False,
    ),
    "decision-outcome": (
        {"chapter": "CARVER-136", "outcome": "grant in part and deny in part"},
        "allowed",
        True,
    ),
    "offense-days": (
        {"violation": VIOLATION_247, "through_on": "2026-03-31"},
        "days.4.local_date",
        "2026-03-06",
    ),  # S01: 5 offense-days
    "assessment": (
        {
            "chapter": "CARVER-247",
            "track": "noncriminal",
            "violations": [VIOLATION_247],
            "through_on": "2026-03-31",
        },
        "total_cents",
        930_000,
    ),  # S01 $9,300
    "assessment-diff": (
        {
            "chapter": "CARVER-247",
            "track": "noncriminal",
            "violations": [VIOLATION_247],
            "through_on": "2026-03-31",
            "new_settings": {"carver247.noncriminal_3rd_amount": 30_000},
        },
        "changes.0.new_cents",
        30_000,
    ),
    "offender": ({"chapter": "CARVER-136"}, "party", "operator"),
    "chapters": ({}, "chapters.2.review_meeting.quorum_rule", "CARVER-136-ERC-QUORUM-4"),
    "chapter": ({"chapter": "CARVER-281"}, "order_form", "form_d"),  # the Commission's Form D
    "order-deadlines": (  # CARVER-247-ORDER-CEASE-DESIST: land disturbance stops at issuance
        {"chapter": "CARVER-247", "kind": "cease_and_desist", "issued_at": "2026-05-04T14:00:00+00:00"},
        "deadlines.0.rule_id", "CARVER-247-ORDER-CEASE-DESIST"),
    "permit-checklist": ({"chapter": "CARVER-247", "permit_kind": "land_disturbance"}, "template_id",
                         "carver-247-land-disturbance"),  # CARVER-136-CD-ORDER binds the operator
    "checklist-finding": (
        {"checklist": "carver-136-earth-removal@1", "item_id": "buffer-50ft", "language": "pt"},
        "finding",
        "Foi retirada terra a menos de 50 pés da divisa do terreno.",
    ),
    "penalty": (
        {"chapter": "UPTON-280", "track": "noncriminal", "sequence": 3},
        "amount_cents",
        30_000,
    ),  # S06
    "citation": (
        {
            "violation": VIOLATION_247,
            "offense_on": "2026-03-03",
            "issuer_role": "enforcing_officer",
            "notice_on": "2026-03-10",
            "delivery": "mail",
        },
        "amount_cents",
        20_000,
    ),
    "restoration-effect": (
        {"violation": VIOLATION_136, "order_on": "2026-03-04", "through_on": "2026-03-06"},
        "waived_cents",
        0,
    ),
    "filing-fee": ({"chapter": "CARVER-281", "filing": "RDA"}, "total_cents", 12_500),
    "consultant-fee-cap": (
        {"chapter": "CARVER-281", "project_cost_cents": 320_000_000},
        "cap.max_fee_cents",
        1_750_000,
    ),  # S09 $3,200,000 -> $17,500
    "fee-table-rows": ({"chapter": "GARDNER-650"}, "rows.4.reachable", False),  # AMB-45
    "consultant-fee-timing": (
        {"chapter": "GARDNER-650", "at": "2026-05-01", "finding_recorded": False},
        "allowed",
        False,
    ),
    "consultant-fee-refund": ({"paid_cents": 250_000, "spent_cents": 180_000}, "amount_cents", 70_000),
    "bond-release": (
        {"chapter": "CARVER-247", "final_report_received": True, "completion_certified": True},
        "full",
        True,
    ),
    "covenant-security": ({"chapter": "UPTON-280", "applicant_consents": False}, "allowed", False),
    "zone": (
        {
            "bylaws": ["GARDNER-650"],
            "resource_areas": BVW,
            "assessed_on": "2026-05-01",
            "point": {"lon": -71.9895, "lat": 42.5705},
        },
        "results.0.zone",
        "RA",
    ),
    "resource-area": ({"feature": BVW["features"][0]}, "type", "bordering_vegetated_wetland"),
    "abutter": ({"rule_id": "UPTON-280-ABUTTER-300FT", "distance_ft": 300.0}, "met", True),
    "copies": (
        {"kind": "upton_owner", "filing_kind": "RFD", "requester_is_owner": False},
        "copies.0.recipient",
        "owner",
    ),
    "threshold": (
        {"check": {"test": "carver136_volume", "removed_cy": 1000, "cy_per_year": 1000}},
        "findings.0.met",
        False,
    ),  # AMB-22: exactly 1,000 cy/yr is not expedited
    "definition": ({"definition": {"term": "pond", "area_sqft": 5000}}, "verdicts.0.met", True),
    "exemption": (
        {
            "chapter": "CARVER-136",
            "kind": "earth_removal",
            "earth": {"project_type": "single_family", "removed_cy": 150},
        },
        "exempt",
        True,
    ),
    "completeness": ({"kind": "carver281_noi", "submitted": {"plan_copies": 8}}, "complete", False),
    "rule": ({"rule_id": "CARVER-281-RDA-FEE-125"}, "citation", "~§ 281-2A(4)"),
    "readings": ({"concerning": "CARVER-136-BUFFER-RELIEF"}, "readings.0.id", "READ-136-RELIEF-WIDTH"),
    "packs": ({}, "packs.2.enforcing_authority", "Earth Removal Committee"),  # CARVER-136 names the ERC
    "permit-extension": (
        {"original_issued_on": "2022-03-02", "current_expires_on": "2026-03-02", "reports_satisfactory": True,
         "conforms_to_approved_plans": True, "quantity_cy": 4000, "original_quantity_cy": 4000,
         "area_sqft": 80_000, "original_area_sqft": 80_000},
        "full_hearing_required", False,  # 2027-03-02 is within five years of 2022-03-02
    ),
    "checklist-evaluation": (
        {"template_id": "carver-247-land-disturbance", "inspected_on": "2026-05-04",
         "answers": {"stabilization": {"result": "fail",
                                       "fields": {"portion": "pad", "ceased_on": "2026-05-01"}}}},
        "clocks.0.due_on", "2026-05-15",  # S30
    ),
}


# Facts for every deadline event: each event takes the ones it needs (and nothing else).
EVENT_FACTS: dict[str, Any] = {
    "on": "2026-05-04",
    "at": "2026-05-04T10:00:00-04:00",
    "board_receipts": ["2026-04-30", "2026-05-01"],
    "filing_kind": "NOI",
    "surety_required": True,
    "inspection_event": 1,
    "storm_start_at": "2026-05-10T18:00:00-04:00",
    "storm_end_at": "2026-05-11T06:00:00-04:00",
    "operator_notified_at": "2026-05-04T12:00:00-04:00",
    "posted_at": "2026-05-04T12:00:00-04:00",
    "certified_received_on": "2026-05-05",
    "issued_on": "2026-03-02",
    "hearing_closed_on": "2026-04-06",
    "through_on": "2027-03-02",
    "annual_review_on": "2026-09-01",
    "expires_on": "2029-05-04",
    "prior_renewals": 0,
    "extreme": True,
    "seat": "appointed",
}


def event_payload(spec: Any) -> dict[str, Any]:
    """The facts one event needs ("on|at": a date), from EVENT_FACTS."""
    body: dict[str, Any] = {"event": spec.event, "chapter": spec.chapter}
    for name in spec.needs:
        key = name.split("|")[0]
        body[key] = EVENT_FACTS[key]
    if "posted_at" in spec.optional:  # the Open Meeting Law posting, required while carver136.apply_oml is on
        body["posted_at"] = EVENT_FACTS["posted_at"]
    if spec.event == "permit_expiry" and spec.chapter == "CARVER-136":
        body["on"] = "2027-03-02"
    return body
