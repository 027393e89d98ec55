"""Deadline events of Carver ch. 136 (Earth Removal Committee)."""
from __future__ import annotations

from collections.abc import Sequence

from inspections.api.events import EventFacts, day, event
from inspections.api.registry import InputError
from inspections.calendar import BusinessCalendar
from inspections.config import BylawConfig
from inspections.deadlines import carver_136, carver_136_orders, carver_136_permit, erc_review
from inspections.deadlines.core import Deadline
from inspections.erc_membership import Seat, term_end

C136 = "CARVER-136"
Cal = BusinessCalendar


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
