"""Deadline events of Upton ch. 280 and Gardner ch. 650 (Conservation Commissions)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TypeVar

from inspections.api.events import EITHER, EventFacts, day, event, when
from inspections.api.registry import InputError
from inspections.calendar import BusinessCalendar
from inspections.config import BylawConfig
from inspections.deadlines import gardner_650, upton_280
from inspections.deadlines.core import Deadline

U, G = "UPTON-280", "GARDNER-650"
Cal = BusinessCalendar
EXTENSION = ("extended_to", "extended_by_days")
E = TypeVar("E", bound=StrEnum)


def _kind(enum: type[E], f: EventFacts) -> E:
    try:
        return enum(f.filing_kind or "")
    except ValueError:
        allowed = ", ".join(k.value for k in enum)
        raise InputError.of(
            "filing_kind", f"{f.filing_kind!r} is not a filing under {f.chapter}: one of {allowed}"
        ) from None


@event("utility_work_starts", U, "written notice before work starts (~§ 280-3B)", (EITHER,))
def _u_utility(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return upton_280.utility_work_deadlines(when(f), cfg=cfg, cal=cal)


@event("emergency_work_started", U, "notice within 24 hours, application within 21 days (~§ 280-3C)", ("at",))
def _u_emergency(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.at is not None
    return upton_280.emergency_work_deadlines(f.at, cfg=cfg, cal=cal)


@event(
    "filed",
    U,
    "fee, abutter notice and board copies at the time of filing (~§ 280-4D, 5A, 6)",
    (EITHER, "filing_kind"),
    ("town_line_distance_ft",),
)
def _u_filed(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    kind = _kind(upton_280.FilingKind, f)
    return upton_280.filing_deadlines(
        when(f), kind, town_line_distance_ft=f.town_line_distance_ft, cfg=cfg, cal=cal
    )


@event("hearing_scheduled", U, "newspaper notice 5 business days before (~§ 280-5B)", (EITHER,))
def _u_hearing(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return upton_280.hearing_notice_deadlines(when(f), cfg=cfg, cal=cal)


@event("completed_filing_received", U, "hearing within 21 days (~§ 280-5C)", (EITHER,), EXTENSION)
def _u_completed(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return upton_280.completed_filing_deadlines(
        when(f), extended_to=f.extended_to, extended_by_days=f.extended_by_days, cfg=cfg, cal=cal
    )


@event(
    "board_copies_received",
    U,
    "no final action until 14 days after the latest receipt (~§ 280-6)",
    ("board_receipts",),
)
def _u_boards(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return upton_280.final_action_deadlines(f.board_receipts or [], cfg=cfg, cal=cal)


@event("hearing_closed", U, "decision within 21 days (~§ 280-5D, 7A)", (EITHER,), EXTENSION)
def _u_closed(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return upton_280.hearing_closed_deadlines(
        when(f), extended_to=f.extended_to, extended_by_days=f.extended_by_days, cfg=cfg, cal=cal
    )


@event("decision_issued", U, "Superior Court review within 60 days (EXT-249-4-60D)", (EITHER,))
def _u_decided(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return upton_280.decision_deadlines(when(f), cfg=cfg, cal=cal)


@event(
    "permit_issued",
    U,
    "valid 3 years (5 for maintenance), renewal before expiry (~§ 280-7H)",
    ("on",),
    ("permit_kind",),
)
def _u_issued(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return upton_280.permit_issued_deadlines(day(f), upton_280.PermitKind(f.permit_kind), cfg=cfg, cal=cal)


@event(
    "permit_renewed",
    U,
    "renewed once for 3 years (~§ 280-7H, AMB-38)",
    ("on", "expires_on", "prior_renewals"),
)
def _u_renewed(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.expires_on is not None and f.prior_renewals is not None
    return upton_280.renewal_deadlines(
        f.expires_on, renewed_on=day(f), prior_renewals=f.prior_renewals, cfg=cfg, cal=cal
    )


@event(
    "permit_recorded",
    U,
    "work after recording and written certification (~§ 280-7K)",
    (),
    ("recorded_on", "certified_on"),
)
def _u_recorded(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return upton_280.recording_deadlines(f.recorded_on, f.certified_on, cfg=cfg, cal=cal)


@event(
    "regulations_filed",
    U,
    "petition within 10 days, else in effect on day 10 (~§ 280-8A)",
    ("on",),
    ("petition_on", "petition_voters"),
)
def _u_regs(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return upton_280.regulations_filed_deadlines(
        day(f), petition_on=f.petition_on, petition_voters=f.petition_voters or 0, cfg=cfg, cal=cal
    )


@event(
    "emergency_work_started",
    G,
    "notice (14 hours in an extreme emergency), application in 11 days (~§ 650-5A)",
    ("at", "extreme"),
)
def _g_emergency(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    assert f.at is not None and f.extreme is not None
    return gardner_650.emergency_work_deadlines(f.at, extreme=f.extreme, cfg=cfg, cal=cal)


@event(
    "emergency_notice_received",
    G,
    "certify within 10 business days or deemed certified (~§ 650-5A(1)(c))",
    (EITHER,),
)
def _g_notice(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return gardner_650.emergency_notice_received_deadlines(when(f), cfg=cfg, cal=cal)


@event("utility_work_starts", G, "written notice before work starts (~§ 650-5B)", (EITHER,))
def _g_utility(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return gardner_650.utility_work_deadlines(when(f), cfg=cfg, cal=cal)


@event("public_way_work_starts", G, "written notice before work starts (~§ 650-5C)", (EITHER,))
def _g_ways(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return gardner_650.public_way_work_deadlines(when(f), cfg=cfg, cal=cal)


@event(
    "filed",
    G,
    "fee at filing; copies to six officials at the same time (~§ 650-6B, 6C)",
    (EITHER, "filing_kind"),
    ("town_line_distance_ft",),
)
def _g_filed(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    kind = _kind(gardner_650.FilingKind, f)
    return gardner_650.filing_deadlines(
        when(f), kind, town_line_distance_ft=f.town_line_distance_ft, cfg=cfg, cal=cal
    )


@event("hearing_scheduled", G, "notice timing set by the Commission's rules (~§ 650-6F)", (EITHER,))
def _g_hearing(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return gardner_650.hearing_notice_deadlines(when(f), cfg=cfg, cal=cal)


@event("completed_filing_received", G, "hearing within 11 days (~§ 650-6G, AMB-43)", (EITHER,), EXTENSION)
def _g_completed(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return gardner_650.completed_filing_deadlines(
        when(f), extended_to=f.extended_to, extended_by_days=f.extended_by_days, cfg=cfg, cal=cal
    )


@event(
    "board_copies_received",
    G,
    "no final action until 14 days after the latest receipt (~§ 650-6B)",
    ("board_receipts",),
)
def _g_boards(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return gardner_650.final_action_deadlines(f.board_receipts or [], cfg=cfg, cal=cal)


@event("hearing_closed", G, "decision within 11 days (~§ 650-6H, AMB-43)", (EITHER,), EXTENSION)
def _g_closed(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return gardner_650.hearing_closed_deadlines(
        when(f), extended_to=f.extended_to, extended_by_days=f.extended_by_days, cfg=cfg, cal=cal
    )


@event("decision_issued", G, "Superior Court review within 60 days (EXT-249-4-60D)", (EITHER,))
def _g_decided(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return gardner_650.decision_deadlines(when(f), cfg=cfg, cal=cal)


@event(
    "permit_issued",
    G,
    "expires in 3 years (5 for maintenance); renewal deadlines (~§ 650-6I)",
    ("on",),
    ("permit_kind",),
)
def _g_issued(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return gardner_650.permit_issued_deadlines(
        day(f), gardner_650.PermitKind(f.permit_kind), cfg=cfg, cal=cal
    )


@event("permit_expiry", G, "renewal request 30 days before; renewals of up to 3 years (~§ 650-6I)", ("on",))
def _g_expiry(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return gardner_650.expiration_deadlines(day(f), cfg=cfg, cal=cal)


@event(
    "permit_recorded",
    G,
    "work after recording and evidence of it (~§ 650-6I)",
    (),
    ("recorded_on", "evidence_on"),
)
def _g_recorded(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return gardner_650.recording_deadlines(f.recorded_on, f.evidence_on, cfg=cfg, cal=cal)


@event(
    "regulations_adopted",
    G,
    "rules in effect after vote, Council approval and filing (~§ 650-8)",
    (),
    ("voted_on", "council_approved_on", "clerk_filed_on"),
)
def _g_regs(f: EventFacts, cfg: BylawConfig, cal: Cal) -> Sequence[Deadline]:
    return gardner_650.regulations_deadlines(
        f.voted_on, f.council_approved_on, f.clerk_filed_on, cfg=cfg, cal=cal
    )
