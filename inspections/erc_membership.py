"""Carver ~§ 136-3: the Earth Removal Committee's roster, member terms and monthly meeting.

- CARVER-136-ERC-SIZE-7: seven members; -ERC-SB-REPS: three Select Board representatives, at most two of them
  actual Select Board members; -ERC-APPOINTED-4: four appointees endorsed by the Select Board;
  -ERC-TRADE-MAX-2: at most two appointees per trade or interest; -ERC-RESIDENTS: all Carver residents.
  An empty seat is a vacancy, counted and flagged, not a defect of the roster: the Committee still acts
  with a quorum of four (CARVER-136-ERC-QUORUM-4) while four or more members are seated (`roster_status`).
  The designation list of B(1) is missing from the text (AMB-20): with `carver136.erc_designations` set,
  each listed designation not held by an appointee is flagged, never a defect, since the Town
  Administrator chooses without designation when a group offers no nominees (CARVER-136-ERC-NO-NOMINEES).
- CARVER-136-ERC-TERMS: initial appointed terms of 1, 2, 3 and 3 years, successors 3 years (AMB-21: the
  Select Board representatives' term is not in the text; `carver136.sb_rep_term_years`).
- CARVER-136-ERC-MONTHLY: at least one meeting in each calendar month.
Quorum and majority votes are in `inspections.authority`.
"""

from __future__ import annotations

import calendar as _cal
import datetime as dt
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from inspections.calendar import add_years, end_of_day
from inspections.config import DEFAULT, BylawConfig
from inspections.deadlines.core import Deadline, DeadlineKind
from inspections.deadlines.day_counts import fmt
from inspections.explain import Explanation
from inspections.rulepack import param

SIZE, SB_REPS, APPOINTED = "CARVER-136-ERC-SIZE-7", "CARVER-136-ERC-SB-REPS", "CARVER-136-ERC-APPOINTED-4"
TRADE, RESIDENTS = "CARVER-136-ERC-TRADE-MAX-2", "CARVER-136-ERC-RESIDENTS"
TERMS, MONTHLY = "CARVER-136-ERC-TERMS", "CARVER-136-ERC-MONTHLY"


class Seat(StrEnum):
    SELECT_BOARD_REP = "select_board_rep"
    APPOINTED = "appointed"


@dataclass(frozen=True)
class Member:
    name: str
    seat: Seat
    resident: bool
    on_select_board: bool = False
    interest: str | None = None  # trade, profession, occupation or business interest (appointees)
    endorsed: bool = True  # by the Select Board
    designation: str | None = None  # the nominating group's designation of an appointed seat (AMB-20)


@dataclass(frozen=True)
class RosterProblem:
    rule_id: str
    explanation: Explanation


def _problem(rule_id: str, text: str) -> RosterProblem:
    return RosterProblem(rule_id, Explanation.of(rule_id, text, ("AMB-20",) if rule_id == APPOINTED else ()))


def roster_problems(members: Sequence[Member]) -> list[RosterProblem]:
    """Every way the roster departs from ~§ 136-3A-B, in rule order (empty when lawful). An empty seat is
    not a departure: `roster_status` counts and flags vacancies."""
    reps = [m for m in members if m.seat is Seat.SELECT_BOARD_REP]
    appointees = [m for m in members if m.seat is Seat.APPOINTED]
    found = []
    if len(members) > (size := param(SIZE, "members")):
        found.append(_problem(SIZE, f"{len(members)} members seated, the by-law sets {size}"))
    on_sb = sum(m.on_select_board for m in reps)
    want_reps, max_sb = param(SB_REPS, "representatives"), param(SB_REPS, "max_select_board_members")
    if len(reps) > want_reps or on_sb > max_sb:
        found.append(
            _problem(
                SB_REPS,
                f"{len(reps)} representatives ({want_reps} seats), {on_sb} actual Select "
                f"Board members (at most {max_sb})",
            )
        )
    unendorsed = [m.name for m in appointees if not m.endorsed]
    if len(appointees) > (want := param(APPOINTED, "members")) or unendorsed:
        found.append(
            _problem(
                APPOINTED,
                f"{len(appointees)} appointees ({want} seats); not endorsed: "
                f"{', '.join(unendorsed) or 'none'}",
            )
        )
    counts = Counter(m.interest for m in appointees if m.interest)
    if over := {k: n for k, n in counts.items() if n > param(TRADE, "max_per_interest")}:
        found.append(
            _problem(TRADE, f"appointees per interest {over}, at most {param(TRADE, 'max_per_interest')}")
        )
    if outsiders := [m.name for m in members if not m.resident]:
        found.append(_problem(RESIDENTS, f"not Carver residents: {', '.join(outsiders)}"))
    return found


@dataclass(frozen=True)
class Vacancy:
    """Empty seats of one kind: counted and flagged, the Committee still acts while a quorum is seated."""

    rule_id: str
    seat: Seat
    vacant: int
    explanation: Explanation


@dataclass(frozen=True)
class RosterStatus:
    seats: int
    seated: int
    quorum: int
    can_act: bool  # a quorum can still be present (except to continue a hearing, which needs none)
    vacancies: tuple[Vacancy, ...]
    problems: tuple[RosterProblem, ...]
    designations: tuple[Explanation, ...]
    flags: tuple[str, ...]
    explanation: Explanation


def _vacancies(members: Sequence[Member]) -> list[Vacancy]:
    found = []
    for seat, rule_id, name in ((Seat.SELECT_BOARD_REP, SB_REPS, "representatives"),
                                (Seat.APPOINTED, APPOINTED, "members")):
        seats = param(rule_id, name)
        held = sum(m.seat is seat for m in members)
        if held < seats:
            text = f"{seats - held} of {seats} {seat.value.replace('_', ' ')} seats vacant"
            found.append(Vacancy(rule_id, seat, seats - held, Explanation.of(rule_id, text, ("VACANCY",))))
    return found


def _designations(members: Sequence[Member], cfg: BylawConfig) -> list[Explanation]:
    """AMB-20: each configured designation not held by an appointee is flagged (chosen without designation
    when the group offered no nominees, CARVER-136-ERC-NO-NOMINEES; READ-136-DESIGNATIONS)."""
    wanted = cfg["carver136.erc_designations"]
    if not wanted:
        return []
    held = Counter(m.designation for m in members if m.seat is Seat.APPOINTED and m.designation)
    notes = []
    for designation, count in Counter(wanted).items():
        missing = count - held.get(designation, 0)
        if missing > 0:
            notes.append(Explanation.of(
                "CARVER-136-ERC-NO-NOMINEES", f"designation {designation!r}: {missing} seat(s) held without "
                "it (allowed when the group offers no nominees)", ("AMB-20",)))
    return notes


def roster_status(members: Sequence[Member], *, cfg: BylawConfig = DEFAULT) -> RosterStatus:
    """The roster as the ERC acts on it: seats, vacancies (flagged), departures from ~§ 136-3A-B, and
    whether a quorum of four can still be present."""
    seats, quorum = param(SIZE, "members"), param("CARVER-136-ERC-QUORUM-4", "quorum")
    vacancies, problems = _vacancies(members), roster_problems(members)
    designations = _designations(members, cfg)
    can_act = min(len(members), seats) >= quorum
    flags = (*(("VACANCY",) if vacancies else ()), *(("AMB-20",) if designations else ()))
    vacant = sum(v.vacant for v in vacancies)
    text = (f"{len(members)} of {seats} seats filled, {vacant} vacant; quorum {quorum}: the Committee "
            + ("can act" if can_act else "cannot reach a quorum (it may only continue a hearing)"))
    return RosterStatus(seats, len(members), quorum, can_act, tuple(vacancies), tuple(problems),
                        tuple(designations), flags, Explanation.of(SIZE, text, flags))


def term_end(
    started_on: dt.date,
    *,
    seat: Seat = Seat.APPOINTED,
    initial_seat: int | None = None,
    cfg: BylawConfig = DEFAULT,
) -> Deadline:
    """End of a member's term: start + 1/2/3/3 years for the initial appointed seats 1-4, else 3 years."""
    label = "member's term ends: reappoint or replace"
    if seat is Seat.SELECT_BOARD_REP:
        years = cfg["carver136.sb_rep_term_years"]
        if years is None:
            reason = "the Select Board representatives' term is not in the text (AMB-21): none configured"
            return Deadline(
                DeadlineKind.MUST_BY,
                TERMS,
                label,
                "select_board",
                Explanation.of(TERMS, reason, ("AMB-21",)),
                empty_reason=reason,
                flags=("AMB-21",),
            )
        basis = "configured Select Board representative term"
    elif initial_seat is not None:
        years, basis = (
            param(TERMS, "initial_years")[initial_seat - 1],
            f"initial appointed seat {initial_seat}",
        )
    else:
        years, basis = param(TERMS, "years"), "successor term"
    end = add_years(started_on, years, cfg["eom_rule"])
    explanation = Explanation.of(TERMS, f"started {fmt(started_on)} + {years} years ({basis}) = {fmt(end)}")
    return Deadline(
        DeadlineKind.MUST_BY,
        TERMS,
        label,
        "town_admin" if seat is Seat.APPOINTED else "select_board",
        explanation,
        latest_on=end,
        latest_at=end_of_day(end),
    )


def months_without_meeting(
    from_on: dt.date, as_of: dt.date, meetings_on: Iterable[dt.date]
) -> list[Deadline]:
    """Calendar months from `from_on`'s month, ended before `as_of`, with fewer meetings than required."""
    held = Counter((d.year, d.month) for d in meetings_on)
    needed = param(MONTHLY, "meetings_per_month")
    found, month = [], from_on.replace(day=1)
    while (last := month.replace(day=_cal.monthrange(month.year, month.month)[1])) < as_of:
        if held[(month.year, month.month)] < needed:
            text = (
                f"{held[(month.year, month.month)]} meeting(s) in {month:%Y-%m}, at least {needed} required"
            )
            found.append(
                Deadline(
                    DeadlineKind.MUST_BY,
                    MONTHLY,
                    f"meet in {month:%Y-%m}",
                    "erc",
                    Explanation.of(MONTHLY, text),
                    earliest_on=month,
                    latest_on=last,
                    latest_at=end_of_day(last),
                )
            )
        month = last + dt.timedelta(days=1)
    return found
