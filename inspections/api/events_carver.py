"""Deadline events of Carver ch. 281 (Conservation Commission) and 247 (Planning Board)."""

from __future__ import annotations

from collections.abc import Sequence

from inspections.api.events import EITHER, EventFacts, day, event, when
from inspections.api.registry import InputError
from inspections.calendar import BusinessCalendar
from inspections.config import BylawConfig
from inspections.deadlines import (
    carver_247,
    carver_247_site,
    carver_281,
)
from inspections.deadlines.core import Deadline

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
