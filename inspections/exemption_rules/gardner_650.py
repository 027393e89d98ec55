"""Gardner ch. 650: the three exemptions of ~§ 650-5, replication (~§ 650-7A), nonconforming uses (~§ 650-14).

Chapter 650 has no agricultural exemption. The emergency exemption needs the work ORDERED by the Commonwealth
or a subdivision (~§ 650-5A(1)(a)); its clocks read the town's switches (AMB-42 14 h, AMB-43 11 days, AMB-44).
AMB-50: a nonconforming use may resume on the second anniversary of its last use, not the day after.
"""

from __future__ import annotations

from inspections.activity import Activity, ActivityKind, Assessment, Filing, NonconformingUse, Replication
from inspections.config import BylawConfig
from inspections.exemption_rules.common import (
    Trail,
    notice_in_time,
    public_agency_involved,
    utility_qualifies,
    wetlands_permit_or_none,
)
from inspections.explain import Explanation
from inspections.rulepack import param
from inspections.thresholds import (
    Finding,
    gardner_nonconforming_may_resume,
    gardner_replication_designer_ok,
    gardner_replication_within_ratio,
)

K = ActivityKind
JURISDICTION = "GARDNER-650-JUR-PERMIT"


def assess(activity: Activity, cfg: BylawConfig) -> Assessment:
    trail = Trail(activity.chapter)
    kind = activity.kind
    if kind is K.EMERGENCY and public_agency_involved(
        trail, activity, "GARDNER-650-EMERG-ORDERED", "orderers", performer_counts=False
    ):
        return _emergency(trail, cfg)
    if (
        kind is K.UTILITY_MAINTENANCE
        and utility_qualifies(trail, activity, "GARDNER-650-EXEMPT-UTIL")
        and notice_in_time(trail, "GARDNER-650-EXEMPT-UTIL", activity.timing)
    ):
        return trail.done(
            True,
            Filing.NOTICE,
            "GARDNER-650-EXEMPT-UTIL",
            "upkeep of a public-service facility "
            "without substantial change, on written notice, under the Commission's rules",
        )
    if kind is K.PUBLIC_WAY_MAINTENANCE and notice_in_time(
        trail, "GARDNER-650-EXEMPT-PUBLIC-WAYS", activity.timing
    ):
        return trail.done(
            True,
            Filing.NOTICE,
            "GARDNER-650-EXEMPT-PUBLIC-WAYS",
            "maintenance and repair of an "
            "existing public way, on written notice, under the Commission's rules",
        )
    if kind is K.NONCONFORMING_USE and activity.nonconforming is not None:
        return _nonconforming(trail, activity.nonconforming, cfg)
    if kind is K.AGRICULTURAL:
        trail.note(
            JURISDICTION,
            "~§ 650-5 lists no agricultural exemption: farming in a resource area or buffer "
            "zone needs a permit like any other alteration",
        )
    if activity.replication is not None:
        _replication(trail, activity.replication)
    return wetlands_permit_or_none(trail, activity.location, JURISDICTION)


def _emergency(trail: Trail, cfg: BylawConfig) -> Assessment:
    hours, days = cfg["gardner650.emergency_notice_hours"], cfg["gardner650.emergency_app_days"]
    business_days = param("GARDNER-650-EMERG-CERT-10BD", "business_days")
    trail.follow(
        "GARDNER-650-EMERG-NOTICE-14H",
        f"advance written notice; only in extreme emergency within {hours} hours after the start",
        flags=("AMB-42",),
    )
    trail.follow(
        "GARDNER-650-EMERG-CERT-10BD",
        f"the Commission certifies, or the work counts as certified if it "
        f"fails to act within {business_days} business days of the notice",
        flags=("AMB-44",),
    )
    trail.follow(
        "GARDNER-650-EMERG-APP-11D",
        f"file a permit application within {days} days of the start",
        due_days=days,
        flags=("AMB-43",),
    )
    return trail.done(
        True,
        Filing.NOTICE,
        "GARDNER-650-EMERG-ORDERED",
        "emergency work ordered by the Commonwealth or a political subdivision: no application or permit now",
    )


def _replication(trail: Trail, rep: Replication) -> None:
    trail.add(gardner_replication_within_ratio(rep.altered_sq_ft, rep.replicated_sq_ft))
    trail.add(gardner_replication_designer_ok(rep.designer))
    rid = "GARDNER-650-REPLICATION-SECURITY"
    posted = rep.security_posted is True
    trail.add(
        Finding(rid, posted, Explanation.of(rid, f"security under ~§ 650-9 posted: {rep.security_posted}"))
    )


def _nonconforming(trail: Trail, use: NonconformingUse, cfg: BylawConfig) -> Assessment:
    if use.changed_to_conforming:
        return trail.done(
            False,
            Filing.PROHIBITED,
            "GARDNER-650-NONCONF-NO-REVERT",
            "once changed to a conforming use, no reversion to the nonconforming use",
        )
    if use.abandoned:
        return trail.done(
            False,
            Filing.PROHIBITED,
            "GARDNER-650-NONCONF-ABANDON-2Y",
            "abandoned: the use may not be reestablished; any future use must conform",
        )
    if (
        use.last_used_on is not None
        and use.resumes_on is not None
        and not trail.add(gardner_nonconforming_may_resume(use.last_used_on, use.resumes_on, cfg))
    ):
        return trail.done(
            False,
            Filing.PROHIBITED,
            "GARDNER-650-NONCONF-ABANDON-2Y",
            "not used for two years: the use may not be reestablished; any future use must conform",
        )
    if use.beyond_property_owned_at_enactment:
        return trail.done(
            False,
            Filing.WETLANDS_PERMIT,
            "GARDNER-650-NONCONF-EXPAND",
            "an increase beyond the property owned at enactment needs an order of conditions",
        )
    if use.extended_or_altered:
        return trail.done(
            False,
            Filing.WETLANDS_PERMIT,
            "GARDNER-650-NONCONF-ALTER",
            "an extension or alteration "
            "needs the Commission's finding that it is not substantially more detrimental",
        )
    return trail.done(
        True, Filing.NONE, "GARDNER-650-NONCONF-CONTINUE", "a lawful preexisting use may continue"
    )
