"""What the per-chapter exemption rules share: the trail of reasons, and the three wetlands exceptions.

A `Trail` collects Explanations, Findings, follow-up duties and flags while a chapter's rules are applied in
order; `done()` closes it into an `Assessment` whose deciding rule is explained last.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from inspections.activity import Activity, Assessment, Chapter, Filing, FollowUp, Location, Timing
from inspections.explain import Explanation
from inspections.rulepack import param
from inspections.thresholds import Finding, is_before


@dataclass
class Trail:
    chapter: Chapter
    explanations: list[Explanation] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    follow_ups: list[FollowUp] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)

    def _flag(self, flags: tuple[str, ...]) -> None:
        self.flags.extend(f for f in flags if f not in self.flags)

    def note(self, rule_id: str, arithmetic: str, flags: tuple[str, ...] = ()) -> None:
        self.explanations.append(Explanation.of(rule_id, arithmetic, flags))
        self._flag(flags)

    def add(self, finding: Finding) -> bool:
        self.findings.append(finding)
        self.explanations.append(finding.explanation)
        self._flag(finding.flags)
        return finding.met

    def follow(
        self, rule_id: str, duty: str, due_days: int | None = None, flags: tuple[str, ...] = ()
    ) -> None:
        self.follow_ups.append(FollowUp(rule_id, duty, Explanation.of(rule_id, duty, flags), due_days))
        self._flag(flags)

    def done(
        self, exempt: bool, filing: Filing, rule_id: str, reason: str, flags: tuple[str, ...] = ()
    ) -> Assessment:
        self.note(rule_id, reason, flags)
        return Assessment(
            self.chapter,
            exempt,
            filing,
            rule_id,
            reason,
            tuple(self.explanations),
            tuple(self.follow_ups),
            tuple(self.findings),
            tuple(self.flags),
        )


def wetlands_permit_or_none(trail: Trail, location: Location, jurisdiction_rule: str) -> Assessment:
    """No exemption applied: a Commission permit if the work is in a resource area or buffer, else nothing."""
    ra, buffer = location.in_resource_area, location.in_buffer_zone
    if ra or buffer:
        where = "a resource area" if ra else "the regulated buffer"
        return trail.done(
            False,
            Filing.WETLANDS_PERMIT,
            jurisdiction_rule,
            f"no exemption applies and the work is in {where}: Commission permit "
            "(RDA to ask whether it applies, NOI to apply)",
        )
    if ra is False and buffer is False:
        return trail.done(
            False,
            Filing.NONE,
            jurisdiction_rule,
            "outside every resource area and buffer: nothing to file under this chapter",
        )
    return trail.done(
        False,
        Filing.UNDETERMINED,
        jurisdiction_rule,
        f"location unknown (in resource area: {ra}, in buffer: {buffer}); classify it with zones first",
    )


def utility_qualifies(trail: Trail, activity: Activity, rule_id: str) -> bool:
    """Maintain/repair/replace an existing, lawful public-service facility, not substantially changed."""
    work = activity.utility
    if work is None:
        trail.note(rule_id, "no utility facts given (service, lawful, change)")
        return False
    services = param(rule_id, "services")
    ok = work.service in services and work.existing_and_lawful and not work.substantially_changed_or_enlarged
    trail.note(
        rule_id,
        f"service {work.service!r} listed: {work.service in services}; existing and lawful: "
        f"{work.existing_and_lawful}; substantially changed or enlarged: "
        f"{work.substantially_changed_or_enlarged} -> {'qualifies' if ok else 'does not qualify'}",
    )
    return ok


def notice_in_time(trail: Trail, rule_id: str, timing: Timing) -> bool:
    """ "written notice ... prior to commencement of work" (CONV-BEFORE); unknown dates leave a duty."""
    if timing.notice_at is None or timing.commenced_at is None:
        trail.follow(rule_id, "give the Commission written notice before work starts")
        return True
    ok, flags = is_before(timing.notice_at, timing.commenced_at)
    trail.note(
        rule_id, f"written notice {timing.notice_at} before commencement {timing.commenced_at}: {ok}", flags
    )
    return ok


def public_agency_involved(
    trail: Trail, activity: Activity, rule_id: str, name: str, *, performer_counts: bool
) -> bool:
    """Emergency work performed (where the text says so) or ordered by the Commonwealth or a subdivision."""
    agencies = param(rule_id, name)
    by_performer = performer_counts and activity.performer in agencies
    by_order = activity.ordered_by in agencies
    ok = by_performer or by_order
    who = "performed or ordered" if performer_counts else "ordered"
    trail.note(
        rule_id,
        f"performer {activity.performer}, ordered by {activity.ordered_by}; must be {who} by one "
        f"of {agencies} -> {'qualifies' if ok else 'does not qualify'}",
    )
    return ok
