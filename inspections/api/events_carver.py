"""Deadline events of Carver ch. 281 (Conservation Commission), 247 (Planning Board) and 136 (ERC)."""

from __future__ import annotations

from collections.abc import Sequence

from inspections.api.events import EITHER, EventFacts, day, event, when
from inspections.api.registry import InputError
from inspections.calendar import BusinessCalendar
from inspections.config import BylawConfig
from inspections.deadlines import (
    carver_136,
    carver_136_orders,
    carver_136_permit,
    carver_247,
    carver_247_site,
    carver_281,
    erc_review,
)
from inspections.deadlines.core import Deadline
from inspections.erc_membership import Seat, term_end

C281, C247, C136 = "CARVER-281", "CARVER-247", "CARVER-136"
Cal = BusinessCalendar


@event("utility_work_starts", C281, "notice 14 days before, permission before (~§ 281-1D(2))", (EITHER,))
def _281_utility(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_281.utility_work_deadlines(when(f), cfg=cfg, cal=cal)


@event("emergency_work_started", C281, "Commission notified within 24 hours (~§ 281-1D(4))", ("at",))
def _281_emergency(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.at is not None
    return carver_281.emergency_work_deadlines(f.at, cfg=cfg, cal=cal)


@event("rda_determined_complete", C281, "RDA hearing within 21 days (~§ 281-2A(7))", (EITHER,))
def _281_rda(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_281.rda_deadlines(when(f), cfg=cfg, cal=cal)


@event(
    "noi_received",
    C281,
    "NOI hearing (AMB-04), final action after the boards' 14 days (~§ 281-2B(9))",
    (EITHER, "board_receipts"),
)
def _281_noi(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_281.noi_deadlines(when(f), f.board_receipts or [], cfg=cfg, cal=cal)


@event(
    "hearing_scheduled", C281, "abutter notice 14 days before, affidavit before (~§ 281-2C(5)-(6))", (EITHER,)
)
def _281_hearing(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_281.hearing_notice_deadlines(when(f), cfg=cfg, cal=cal)


@event("complete_application_received", C247, "hearing within 21 days (~§ 247-6D)", ("on",))
def _247_complete(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_247.deadlines_for_complete_application(day(f), cfg=cfg, cal=cal)


@event("hearing_scheduled", C247, "notice by each channel 7 days before (~§ 247-6D)", ("on",))
def _247_hearing(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_247.deadlines_for_hearing(day(f), cfg=cfg, cal=cal)


@event(
    "hearing_closed",
    C247,
    "final action in 21 days, else deemed approval (~§ 247-6D, 6G)",
    ("on",),
    ("extended_to", "extended_by_days"),
)
def _247_closed(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_247.deadlines_for_hearing_close(
        day(f), extended_to=f.extended_to, extended_by_days=f.extended_by_days, cfg=cfg, cal=cal
    )


@event(
    "clerk_certified",
    C247,
    "the deemed-approved permit issues on the Clerk's certification (~§ 247-6G)",
    ("on", "hearing_closed_on"),
    ("extended_to", "extended_by_days"),
)
def _247_clerk(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.hearing_closed_on is not None
    return carver_247.deadlines_for_clerk_certification(
        f.hearing_closed_on,
        day(f),
        extended_to=f.extended_to,
        extended_by_days=f.extended_by_days,
        cfg=cfg,
        cal=cal,
    )


@event("review_fee_paid", C247, "review starts after the fees are paid (~§ 247-6H)", ("on",))
def _247_fee(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_247.deadlines_for_review_fee(day(f))


@event("activity_ceased", C247, "stabilize within 14 days (~§ 247-7B(12))", ("on",))
def _247_ceased(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_247.deadlines_for_cessation(day(f), cfg=cfg, cal=cal)


@event(
    "cease_and_desist_issued",
    C247,
    "stop until compliance; options open (~§ 247-11B, 11E)",
    ("at",),
    ("compliance_found_on",),
)
def _247_cease(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.at is not None
    return carver_247.deadlines_for_cease_and_desist(f.at, compliance_found_on=f.compliance_found_on)


@event(
    "inspection_event", C247, "Board notified 2 working days before (~§ 247-8B)", ("on", "inspection_event")
)
def _247_inspection(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    which = carver_247_site.InspectionEvent(f"CARVER-247-INSP-EVT{f.inspection_event}")
    return carver_247_site.deadlines_for_inspection_event(which, day(f), cfg=cfg, cal=cal)


@event(
    "work_starts",
    C247,
    "preconstruction meeting and surety before work starts (~§ 247-8A, 247-9)",
    ("on", "surety_required"),
)
def _247_start(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.surety_required is not None
    return carver_247_site.deadlines_for_commencement(day(f), surety_required=f.surety_required)


@event(
    "self_inspection",
    C247,
    "next self-inspection within 7 days or the permit's interval (~§ 247-8C)",
    ("on",),
    ("permit_interval_days",),
)
def _247_weekly(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_247_site.next_self_inspection(day(f), permit_interval_days=f.permit_interval_days)


@event(
    "storm_anticipated",
    C247,
    "inspections before and after the storm (~§ 247-8C)",
    ("storm_start_at", "storm_end_at"),
)
def _247_storm(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.storm_start_at is not None and f.storm_end_at is not None
    if f.storm_end_at < f.storm_start_at:
        raise InputError.of("storm_end_at", "the storm cannot end before it starts")
    return carver_247_site.deadlines_for_storm(f.storm_start_at, f.storm_end_at)


@event("month_of_active_permit", C247, "the monthly report for the month of `on` (~§ 247-8C)", ("on",))
def _247_monthly(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return [carver_247_site.monthly_report_deadline(day(f), cfg=cfg)]


@event(
    "application_filed",
    C136,
    "hearing within 65 days; abbreviated: 60-day window (~§ 136-5D, 136-6)",
    ("on",),
    ("abbreviated",),
)
def _136_filed(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_136.deadlines_for_filing(day(f), abbreviated=f.abbreviated, cfg=cfg, cal=cal)


@event(
    "hearing_scheduled",
    C136,
    "ads, board notice, receipts; no decision before (~§ 136-6)",
    ("at",),
    ("first_published_on",),
)
def _136_hearing(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.at is not None
    return carver_136.deadlines_for_hearing_notice(
        f.at, first_published_on=f.first_published_on, cfg=cfg, cal=cal
    )


@event("first_publication", C136, "the second ad in the next week (~§ 136-6, AMB-23)", ("on",))
def _136_second_ad(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_136.second_publication_window(day(f), cfg=cfg)


@event("hearing_closed", C136, "decision within 45 days (~§ 136-7G)", ("on",))
def _136_closed(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_136.deadlines_for_hearing_close(day(f), cfg=cfg, cal=cal)


@event("decision_voted", C136, "filed and applicant notified within 21 days (~§ 136-7G)", ("on",))
def _136_decided(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_136.deadlines_for_decision(day(f), cfg=cfg, cal=cal)


@event(
    "bylaw_effective",
    C136,
    "existing operations comply after 60 days or the annual review (~§ 136-10)",
    ("annual_review_on",),
    ("effective_on", "application_received_on"),
)
def _136_existing(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_136.deadlines_for_existing_operation(
        effective_on=f.effective_on,
        annual_review_on=f.annual_review_on,
        application_received_on=f.application_received_on,
        cfg=cfg,
        cal=cal,
    )


@event(
    "cease_and_desist_issued",
    C136,
    "cease at once; the review meeting window (~§ 136-9, EXT-OML-48H)",
    ("at", "operator_notified_at"),
    ("posted_at",),
)
def _136_cease(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.at is not None and f.operator_notified_at is not None
    if cfg["carver136.apply_oml"] and f.posted_at is None:
        raise InputError.of(
            "posted_at",
            "required while carver136.apply_oml is on: the Open Meeting Law "
            "counts 48 hours from the posting, which is never assumed",
        )
    if not cfg["carver136.apply_oml"] and f.posted_at is not None:
        raise InputError.of("posted_at", "does not apply while carver136.apply_oml is off")
    return erc_review.deadlines_for_cease_and_desist(
        f.at, f.operator_notified_at, f.posted_at, cfg=cfg, cal=cal
    )


@event(
    "permit_hearing_scheduled",
    C136,
    "hearing on the permit after a review; action 7 days after notice (~§ 136-9)",
    ("at", "certified_received_on"),
    ("first_published_on",),
)
def _136_permit_hearing(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.at is not None and f.certified_received_on is not None
    return carver_136_orders.deadlines_for_cd_permit_hearing(
        f.at,
        certified_received_on=f.certified_received_on,
        first_published_on=f.first_published_on,
        cfg=cfg,
        cal=cal,
    )


@event(
    "restoration_order_received",
    C136,
    "hearing requested within 7 days, held within 30 (~§ 136-11D)",
    ("issued_on", "on"),
    ("hearing_requested_on",),
)
def _136_restoration(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.issued_on is not None
    return carver_136_orders.deadlines_for_restoration_order(
        f.issued_on, day(f), hearing_requested_on=f.hearing_requested_on, cfg=cfg, cal=cal
    )


@event("permit_issued", C136, "expires within 12 months (~§ 136-7H)", ("on",), ("expires_on",))
def _136_issued(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return carver_136_permit.permit_term(day(f), f.expires_on, cfg=cfg)


@event(
    "permit_expiry",
    C136,
    "a stated expiry checked against the 12-month term (~§ 136-7H)",
    ("issued_on", "on"),
)
def _136_expiry(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.issued_on is not None
    return carver_136_permit.permit_term(f.issued_on, day(f), cfg=cfg)


@event(
    "reports_due",
    C136,
    "status reports every 90 days, inspection reports yearly (~§ 136-7E, AMB-24)",
    ("issued_on", "through_on"),
    ("work_started_on",),
)
def _136_reports(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.issued_on is not None and f.through_on is not None
    return carver_136_permit.reporting_deadlines(
        f.issued_on, f.through_on, work_started_on=f.work_started_on, cfg=cfg
    )


@event(
    "member_term_started",
    C136,
    "a member's term ends (~§ 136-3A(2), AMB-21)",
    ("on", "seat"),
    ("initial_seat",),
)
def _136_term(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.seat is not None
    if f.initial_seat is not None and f.seat != "appointed":
        raise InputError.of("initial_seat", "only the four appointed seats had staggered initial terms")
    return [term_end(day(f), seat=Seat(f.seat), initial_seat=f.initial_seat, cfg=cfg)]
