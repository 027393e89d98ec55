"""Operations on offenses and money owed for them: offense-days, assessments, penalties, § 21D citations, and
what a restoration order does to accrued fines."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import Field

from inspections import citations
from inspections.api.ops_bodies import VoteIn
from inspections.api.out import DeadlineOut, ExplanationOut, LawValueOut
from inspections.api.registry import (
    Chapter,
    Day,
    In,
    InputError,
    Instant,
    Out,
    Part,
    Text,
    operation,
    with_settings,
)
from inspections.config import BylawConfig
from inspections.fines import OffenseDay, Track, assess_criminal, assess_noncriminal, diff_assessments
from inspections.offenses import Violation, counting_rule, offender_party, offense_days
from inspections.penalties import criminal_maximum, noncriminal_penalty
from inspections.restoration import restoration_effect

FINES = "offenses and fines"


class ViolationIn(Part):
    violation_id: Text
    chapter: Chapter
    offender_id: Text
    provisions: list[Text] = Field(min_length=1, max_length=20, description="in line-item order")
    started_at: Instant
    cured_at: Instant | None = None
    site_id: str = Field("", max_length=200)

    def engine(self) -> Violation:
        if self.cured_at is not None and self.cured_at < self.started_at:
            raise InputError.of("cured_at", "a violation cannot be cured before it started")
        return Violation(
            self.violation_id,
            self.chapter,
            self.offender_id,
            tuple(self.provisions),
            self.started_at,
            self.cured_at,
            self.site_id,
        )


def _span(violation: ViolationIn, through: dt.date) -> None:
    first = violation.started_at.date()
    if through < first - dt.timedelta(days=1) or (through - first).days > 3660:
        raise InputError.of("through_on", "must be within ten years after the violation began")


class OffenseDayOut(Out):
    violation_id: str
    provision: str
    offender_id: str
    local_date: dt.date
    line_item: int
    chapter: str


class OffenseDaysIn(In):
    violation: ViolationIn
    through_on: Day


class OffenseDaysOut(Out):
    days: list[OffenseDayOut]
    daily: bool
    per_provision: bool
    explanations: list[ExplanationOut]
    flags: list[str]


@operation("offense-days", FINES, OffenseDaysIn, OffenseDaysOut)
def days(facts: OffenseDaysIn, cfg: BylawConfig) -> Any:
    """The offense-days of a violation through a date, as its chapter counts them (CONV-OFFENSE-DAY)."""
    _span(facts.violation, facts.through_on)
    counted = offense_days(facts.violation.engine(), facts.through_on, cfg=cfg)
    how = counting_rule(facts.violation.chapter, cfg)
    return {
        "days": counted.days,
        "daily": how.daily,
        "per_provision": how.per_provision,
        "explanations": counted.explanations,
        "flags": counted.flags,
    }


class AssessmentIn(In):
    chapter: Chapter
    track: Track
    violations: list[ViolationIn] = Field(min_length=1, max_length=50)
    prior: list[ViolationIn] = Field(
        default_factory=list,
        max_length=50,
        description="the offender's earlier violations: they count toward the "
        "1st/2nd/3rd sequence but are not priced",
    )
    through_on: Day


class RowOut(Out):
    offense: OffenseDayOut
    kind: str
    amount_cents: int | None
    sequence: int | None
    none_reason: str | None
    withhold: bool
    flags: list[str]
    explanation: ExplanationOut
    law: list[LawValueOut] = Field(description="the pack values in force on the offense-day that priced it")


class AssessmentOut(Out):
    chapter: str
    track: str
    label: str
    rows: list[RowOut]
    total_cents: int
    unpriced: list[list[str]]
    config_version: str
    rulepack_version: str


def _units(violations: list[ViolationIn], through: dt.date, cfg: BylawConfig) -> list[OffenseDay]:
    found: list[OffenseDay] = []
    for v in violations:
        _span(v, through)
        found.extend(offense_days(v.engine(), through, cfg=cfg))
    return found


def _assess(facts: AssessmentIn, cfg: BylawConfig) -> Any:
    if any(v.chapter != facts.chapter for v in (*facts.violations, *facts.prior)):
        raise InputError.of("violations", f"every violation must be under {facts.chapter}")
    units = _units(facts.violations, facts.through_on, cfg)
    if facts.track is Track.CRIMINAL:
        if facts.prior:
            raise InputError.of("prior", "earlier violations do not change a criminal maximum")
        return assess_criminal(facts.chapter, units, cfg=cfg)
    prior = _units(facts.prior, facts.through_on, cfg)
    return assess_noncriminal(facts.chapter, units, prior=prior, cfg=cfg)


@operation("assessment", FINES, AssessmentIn, AssessmentOut)
def assessment(facts: AssessmentIn, cfg: BylawConfig) -> Any:
    """What offense-days cost: criminal maxima (exposure, never a debt) or § 21D amounts by sequence."""
    return _assess(facts, cfg)


class DiffIn(AssessmentIn):
    new_settings: dict[str, Any] = Field(max_length=60, description="the switches to compare against")


class ChangeOut(Out):
    key: list[str]
    kind: str
    old_cents: int | None
    new_cents: int | None
    old_sequence: int | None
    new_sequence: int | None


class DiffOut(Out):
    changes: list[ChangeOut]


@operation("assessment-diff", FINES, DiffIn, DiffOut)
def diff(facts: DiffIn, cfg: BylawConfig) -> Any:
    """Which amounts would change if the town changed its switches (the citations to void and reissue)."""
    new_cfg = with_settings(cfg, facts.new_settings)
    return {"changes": diff_assessments(_assess(facts, cfg), _assess(facts, new_cfg))}


class PenaltyIn(In):
    chapter: Chapter
    track: Track
    sequence: int | None = Field(None, ge=1, le=100_000, description="noncriminal: the n-th violation")
    on: Day | None = Field(
        None, description="the offense-day: the amount in force that day (default: the text as encoded)"
    )


class PenaltyOut(Out):
    rule_id: str
    amount_cents: int | None
    none_reason: str | None
    withhold: bool
    flags: list[str]
    explanation: ExplanationOut
    law: list[LawValueOut]


@operation("penalty", FINES, PenaltyIn, PenaltyOut)
def penalty(facts: PenaltyIn, cfg: BylawConfig) -> Any:
    """One offense unit's criminal maximum, or the § 21D amount of the n-th violation."""
    if facts.track is Track.CRIMINAL:
        if facts.sequence is not None:
            raise InputError.of("sequence", "a criminal maximum does not depend on the sequence")
        return criminal_maximum(facts.chapter, as_of=facts.on)
    if facts.sequence is None:
        raise InputError.of("sequence", "required for a noncriminal amount")
    return noncriminal_penalty(facts.chapter, facts.sequence, cfg, as_of=facts.on)


class CitationIn(In):
    violation: ViolationIn
    prior: list[ViolationIn] = Field(default_factory=list, max_length=50)
    offense_on: Day = Field(description="the offense-day to cite")
    provision: Text | None = Field(None, description="which provision, where each is a separate offense")
    issuer_role: Literal["agent", "board_member", "enforcing_officer", "town_admin", "designee"]
    vote: VoteIn | None = None
    notice_on: Day
    delivery: citations.Delivery


class PayeeOut(Out):
    name: str | None
    rule_id: str
    reason: str


class CitationOut(Out):
    allowed: bool
    rule_id: str
    reason: str
    amount_cents: int | None
    sequence: int | None
    appear_by_on: dt.date | None
    payee: PayeeOut
    procedure: str
    mail_by: DeadlineOut
    withhold: bool
    flags: list[str]
    explanations: list[ExplanationOut]


@operation("citation", FINES, CitationIn, CitationOut)
def citation(facts: CitationIn, cfg: BylawConfig) -> Any:
    """May a § 21D citation issue for this offense-day, by this officer, on this notice date, for how much?"""
    chapter = facts.violation.chapter
    units = _units([facts.violation], facts.offense_on, cfg)
    wanted = [
        u
        for u in units
        if u.local_date == facts.offense_on and (facts.provision is None or facts.provision in u.provision)
    ]
    if not wanted:
        raise InputError.of("offense_on", "no offense-day of this violation (and provision) on that date")
    prior = _units(facts.prior, facts.offense_on, cfg)
    row = assess_noncriminal(chapter, units, prior=prior, cfg=cfg).row(wanted[0].key)
    decision = citations.issue_citation(
        row,
        issuer_role=facts.issuer_role,
        notice_on=facts.notice_on,
        delivery=facts.delivery,
        vote=facts.vote.engine() if facts.vote else None,
        cfg=cfg,
    )
    text, flags = citations.procedure(chapter)
    return {
        "allowed": decision.allowed,
        "rule_id": decision.rule_id,
        "reason": decision.reason,
        "amount_cents": row.amount_cents,
        "sequence": row.sequence,
        "appear_by_on": citations.appearance_by(chapter, facts.notice_on) if decision.allowed else None,
        "payee": citations.payee(chapter),
        "procedure": text,
        "mail_by": citations.mailing_deadline(row.offense, cfg=cfg),
        "withhold": row.withhold,
        "flags": list(dict.fromkeys((*row.flags, *flags))),
        "explanations": decision.explanations,
    }


class RestorationIn(In):
    violation: ViolationIn
    order_on: Day = Field(description="the day the restoration order issued")
    through_on: Day
    track: Track = Track.CRIMINAL
    prior: list[ViolationIn] = Field(default_factory=list, max_length=50)


class RestorationOut(Out):
    chapter: str
    track: str
    order_on: dt.date
    waived_cents: int
    before_order_days: int
    from_order_days: int
    before_order_cents: int
    from_order_cents: int
    unpriced: int
    explanation: ExplanationOut


@operation("restoration-effect", FINES, RestorationIn, RestorationOut)
def restoration(facts: RestorationIn, cfg: BylawConfig) -> Any:
    """What a restoration order does to the fines: none are waived, and offense-days run until the cure."""
    _span(facts.violation, facts.through_on)
    prior = _units(facts.prior, facts.through_on, cfg)
    effect = restoration_effect(
        facts.violation.engine(),
        order_on=facts.order_on,
        through=facts.through_on,
        track=facts.track,
        prior=prior,
        cfg=cfg,
    )
    return {
        **{
            k: getattr(effect, k)
            for k in (
                "chapter",
                "order_on",
                "waived_cents",
                "before_order_cents",
                "from_order_cents",
                "unpriced",
                "explanation",
            )
        },
        "track": effect.track.value,
        "before_order_days": len(effect.before_order),
        "from_order_days": len(effect.from_order),
    }


class OffenderIn(In):
    chapter: Chapter


class OffenderOut(Out):
    chapter: str
    party: Literal["permittee", "operator"] = Field(description="whose offense a violation of the chapter is")
    falls_back_to: Literal["permittee"] | None = Field(description="the party when the permit names none")
    rule_id: str | None = Field(description="the rule naming that party, where the pack gives one")
    reason: str


@operation("offender", FINES, OffenderIn, OffenderOut)
def offender(facts: OffenderIn, cfg: BylawConfig) -> Any:
    """Who the offender of a violation under the chapter is (its pack's `[chapter]` table)."""
    return offender_party(facts.chapter)
