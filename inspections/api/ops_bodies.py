"""Operations on who may act: the who-may-act table, votes, the ERC roster and meetings, Upton majorities, the
outcomes a board may decide."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import Field

from inspections import board_decisions
from inspections.api.out import DeadlineOut, DecisionOut, ExplanationOut
from inspections.api.registry import Chapter, Day, In, InputError, Out, Part, Text, operation
from inspections.authority import Action, Role, Vote, may_act, vote_carries
from inspections.config import BylawConfig
from inspections.erc_membership import Member, Seat, months_without_meeting, roster_status

BODIES = "who may act"


class VoteIn(Part):
    yes: int = Field(ge=0, le=100)
    no: int = Field(0, ge=0, le=100)
    abstain: int = Field(0, ge=0, le=100)

    def engine(self) -> Vote:
        return Vote(self.yes, self.no, self.abstain)


class MayActIn(In):
    chapter: Chapter
    action: Action
    role: Role
    vote: VoteIn | None = Field(None, description="with a board member: the body's recorded vote")
    seated: int | None = Field(None, ge=0, le=7, description="ERC members in office (vacant seats)")


@operation("may-act", BODIES, MayActIn, DecisionOut)
def who_may_act(facts: MayActIn, cfg: BylawConfig) -> Any:
    """May this role take this enforcement action under the chapter (the bylaw's who-may-act table)?"""
    vote = facts.vote.engine() if facts.vote else None
    return may_act(facts.chapter, facts.action, facts.role, vote=vote, seated=facts.seated, cfg=cfg)


class VoteCarriesIn(In):
    chapter: Chapter
    vote: VoteIn
    quorum_exempt: bool = Field(False, description="ERC: continuing a hearing needs no quorum")
    seated: int | None = Field(None, ge=0, le=7, description="ERC members in office (vacant seats)")


@operation("vote", BODIES, VoteCarriesIn, DecisionOut)
def vote(facts: VoteCarriesIn, cfg: BylawConfig) -> Any:
    """Does a body's vote carry? ERC: quorum of four, majority of those present, vacancies flagged."""
    return vote_carries(
        facts.chapter, facts.vote.engine(), quorum_exempt=facts.quorum_exempt, seated=facts.seated
    )


class MemberIn(Part):
    name: Text
    seat: Seat
    resident: bool
    on_select_board: bool = False
    interest: Text | None = None
    endorsed: bool = True
    designation: Text | None = None


class RosterIn(In):
    members: list[MemberIn] = Field(max_length=20)


class RuleNoteOut(Out):
    rule_id: str
    explanation: ExplanationOut


class VacancyOut(Out):
    rule_id: str
    seat: str
    vacant: int
    explanation: ExplanationOut


class RosterOut(Out):
    seats: int
    seated: int
    quorum: int
    can_act: bool
    vacancies: list[VacancyOut]
    problems: list[RuleNoteOut]
    designations: list[ExplanationOut]
    flags: list[str]
    explanation: ExplanationOut


@operation("erc-roster", BODIES, RosterIn, RosterOut)
def roster(facts: RosterIn, cfg: BylawConfig) -> Any:
    """Carver 136: the ERC roster: vacancies counted and flagged, departures from ~§ 136-3A-B, quorum."""
    members = [
        Member(m.name, m.seat, m.resident, m.on_select_board, m.interest, m.endorsed, m.designation)
        for m in facts.members
    ]
    return roster_status(members, cfg=cfg)


class MeetingsIn(In):
    from_on: Day
    as_of: Day
    meetings_on: list[Day] = Field(max_length=600)


class MonthsOut(Out):
    deadlines: list[DeadlineOut]


@operation("erc-meetings", BODIES, MeetingsIn, MonthsOut)
def meetings(facts: MeetingsIn, cfg: BylawConfig) -> Any:
    """Carver 136: the calendar months without the monthly ERC meeting (~§ 136-3D)."""
    if facts.as_of < facts.from_on or (facts.as_of - facts.from_on) > dt.timedelta(days=366 * 30):
        raise InputError.of("as_of", "must be on or after from_on and within 30 years of it")
    return {"deadlines": months_without_meeting(facts.from_on, facts.as_of, facts.meetings_on)}


class MajorityIn(In):
    rule_id: Literal["UPTON-280-NOTICE-WAIVER", "UPTON-280-REGS-ADOPT"]
    vote: VoteIn
    members: int | None = Field(None, ge=1, le=50, description="the Commission's full membership")
    required_by_wpa: bool = Field(False, description="notice waiver: the WPA requires this notice")


class MajorityOut(Out):
    carries: bool | None
    needed: int | None
    rule_id: str
    reason: str
    explanation: ExplanationOut
    flags: list[str]


@operation("upton-majority", BODIES, MajorityIn, MajorityOut)
def majority(facts: MajorityIn, cfg: BylawConfig) -> Any:
    """Upton: "a majority of the Commission" (AMB-41, `upton280.majority_basis`), and the notice waiver."""
    if facts.rule_id == "UPTON-280-NOTICE-WAIVER":
        return board_decisions.upton_notice_waiver(
            facts.vote.engine(), members=facts.members, required_by_wpa=facts.required_by_wpa, cfg=cfg
        )
    if facts.required_by_wpa:
        raise InputError.of("required_by_wpa", "applies to UPTON-280-NOTICE-WAIVER only")
    return board_decisions.upton_commission_majority(
        facts.rule_id, facts.vote.engine(), members=facts.members, cfg=cfg
    )


class OutcomeIn(In):
    chapter: Literal["CARVER-247", "CARVER-136"]
    outcome: Text


class OutcomeOut(Out):
    allowed: bool
    rule_id: str
    outcomes: list[str]
    explanation: ExplanationOut


@operation("decision-outcome", BODIES, OutcomeIn, OutcomeOut)
def outcome(facts: OutcomeIn, cfg: BylawConfig) -> Any:
    """Is this one of the outcomes the board may decide (~§ 247-6F, ~§ 136-7G)?"""
    check = board_decisions.check_decision_outcome(facts.chapter, facts.outcome)
    return {
        "allowed": check.allowed,
        "rule_id": check.rule_id,
        "explanation": check.explanation,
        "outcomes": list(board_decisions.decision_outcomes(facts.chapter)),
    }
