"""Every event the engine has a deadline function for: (event, chapter) -> the engine call, with the facts it
needs. `deadlines` answers one of them; POST /api/v1/deadlines/calculate and /api/v1/law/deadlines both
use it.

A fact the event needs and the input lacks is an InputError naming it; a fact that does not apply to the event
is refused too, so a mistaken field is never silently ignored. Nothing is defaulted but `permit_kind`
("standard", the text's general term; "maintenance" only for a permit the Commission issued as such:
READ-PERMIT-KIND).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from inspections.api.registry import Chapter, Day, Feet, In, InputError, Instant
from inspections.calendar import BusinessCalendar, local_date
from inspections.chapters import chapters
from inspections.config import BylawConfig
from inspections.deadlines.core import Deadline
from inspections.rulepack import shipped_keys

DayList = list[Day]


class EventFacts(In):
    """An event and its facts. Which facts each event needs: GET /api/v1/law (or `events()`)."""

    event: str = Field(max_length=60, description="the event, e.g. hearing_closed (see the event list)")
    chapter: Chapter
    on: Day | None = Field(None, description="the event's local date")
    at: Instant | None = Field(None, description="the event's instant (with its offset)")
    extended_to: Day | None = Field(None, description="an agreed extension, as a date")
    extended_by_days: int | None = Field(None, ge=0, le=3650, description="an agreed extension, in days")
    board_receipts: DayList | None = Field(
        None, max_length=50, description="dates each board received copies"
    )
    filing_kind: str | None = Field(
        None,
        max_length=40,
        description="Upton: NOI, ANOI, ANRAD, RFD; Gardner: "
        "RDA, NOI, permit application, certificate of compliance request",
    )
    town_line_distance_ft: Feet | None = Field(None, description="distance of the property to the town line")
    permit_kind: Literal["standard", "maintenance"] = "standard"
    inspection_event: int | None = Field(None, ge=1, le=6, description="Carver 247 inspection event (1)-(6)")
    surety_required: bool | None = Field(None, description="the Board requires a surety before work starts")
    permit_interval_days: int | None = Field(
        None, ge=1, le=365, description="self-inspection interval in the permit, if it sets one"
    )
    storm_start_at: Instant | None = None
    storm_end_at: Instant | None = None
    compliance_found_on: Day | None = None
    abbreviated: bool = Field(False, description="an abbreviated (expedited) application")
    first_published_on: Day | None = None
    operator_notified_at: Instant | None = Field(
        None, description="when the operator received notice of the review meeting"
    )
    posted_at: Instant | None = Field(
        None, description="when the meeting notice was posted (Open Meeting Law)"
    )
    certified_received_on: Day | None = Field(
        None, description="when the operator received the certified-mail hearing notice"
    )
    issued_on: Day | None = None
    expires_on: Day | None = None
    received_on: Day | None = None
    hearing_requested_on: Day | None = None
    hearing_closed_on: Day | None = None
    through_on: Day | None = Field(None, description="list deadlines falling due up to this day")
    work_started_on: Day | None = None
    effective_on: Day | None = None
    annual_review_on: Day | None = None
    application_received_on: Day | None = None
    renewed_on: Day | None = None
    prior_renewals: int | None = Field(None, ge=0, le=10)
    recorded_on: Day | None = None
    certified_on: Day | None = None
    evidence_on: Day | None = None
    petition_on: Day | None = None
    petition_voters: int | None = Field(None, ge=0, le=1_000_000)
    voted_on: Day | None = None
    council_approved_on: Day | None = None
    clerk_filed_on: Day | None = None
    extreme: bool | None = Field(None, description="an extreme emergency (Gardner ~§ 650-5A(1)(b))")
    seat: Literal["select_board_rep", "appointed"] | None = None
    initial_seat: int | None = Field(
        None, ge=1, le=4, description="initial appointed seat 1-4 (1/2/3/3 years)"
    )


Run = Callable[[EventFacts, BylawConfig, BusinessCalendar], Sequence[Deadline]]
EITHER = "on|at"  # a date or an instant, whichever the caller has


@dataclass(frozen=True)
class EventSpec:
    event: str
    chapter: str
    summary: str
    needs: tuple[str, ...]
    optional: tuple[str, ...]
    run: Run

    def check(self, facts: EventFacts) -> None:
        missing = {}
        for name in self.needs:
            if name == EITHER:
                if facts.on is None and facts.at is None:
                    missing["on"] = [f"required for {self.event} under {self.chapter} (or give `at`)"]
            elif getattr(facts, name) is None:
                missing[name] = [f"required for {self.event} under {self.chapter}"]
        allowed = {n for n in (*self.needs, *self.optional) for n in n.split("|")}
        allowed |= {"event", "chapter", "settings", "permit_kind", "abbreviated"}
        extra = {
            n: [f"does not apply to {self.event} under {self.chapter}"]
            for n in facts.model_fields_set - allowed
        }
        if missing or extra:
            raise InputError({**missing, **extra})


SPECS: dict[tuple[str, str], EventSpec] = {}  # the shipped chapters' events
FOUND: dict[tuple[str, str], EventSpec] = {}  # the events of chapters found in FIELDENFORCE_PACKS_PATH


def event(
    name: str, chapter: str, summary: str, needs: tuple[str, ...] = (), optional: tuple[str, ...] = ()
) -> Callable[[Run], Run]:
    """Register the deadlines an event starts under a chapter (a found chapter's formula module calls it
    too: its events are answered while its pack is found)."""

    def register(run: Run) -> Run:
        into = SPECS if chapter in shipped_keys() else FOUND
        into[(name, chapter)] = EventSpec(name, chapter, summary, needs, optional, run)
        return run

    return register


def when(facts: EventFacts) -> dt.date | dt.datetime:
    """The event's instant if given, else its date (CONV-TZ: an instant's day is its local date)."""
    moment = facts.at if facts.at is not None else facts.on
    assert moment is not None
    return moment


def day(facts: EventFacts) -> dt.date:
    """The event's local date (an instant's America/New_York date)."""
    return facts.on if facts.on is not None else local_date(facts.at)  # type: ignore[arg-type]


def live() -> dict[tuple[str, str], EventSpec]:
    """The events of the chapters the engine has now: their formula modules loaded (a found chapter's
    module registers its events with `event` when first imported), a chapter no longer found left out."""
    present = chapters()
    return {k: s for k, s in {**SPECS, **FOUND}.items() if k[1] in present}


def events() -> list[dict[str, object]]:
    """The event list: each (event, chapter), what it computes, the facts it needs and may take."""
    return [
        {
            "event": s.event,
            "chapter": s.chapter,
            "summary": s.summary,
            "needs": list(s.needs),
            "optional": list(s.optional),
        }
        for s in sorted(live().values(), key=lambda s: (s.event, s.chapter))
    ]


def supported() -> list[str]:
    return [f"{s.event} / {s.chapter}" for s in sorted(live().values(), key=lambda s: (s.event, s.chapter))]


def spec_for(facts: EventFacts) -> EventSpec:
    specs = live()
    spec = specs.get((facts.event, facts.chapter))
    if spec is None:
        chapters = sorted(c for e, c in specs if e == facts.event)
        where = f"; it exists under {', '.join(chapters)}" if chapters else "; see the event list"
        raise InputError.of("event", f"no deadline function for {facts.event!r} under {facts.chapter}{where}")
    return spec
