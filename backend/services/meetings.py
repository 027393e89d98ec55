"""The ERC's review meeting of a cease-and-desist order (Carver ~§ 136-9; window in `erc_review`).

Scheduling checks the proposed time against the window the engine computes from the order, the operator's
notice and the Open Meeting Law posting; recording checks the time it was actually held. A time outside the
window is refused (409, naming the window and the rule that binds) unless `override_reason` is given: then
what happened is recorded, the meeting is flagged with the reason, and the audit chain keeps it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, NoReturn

from sqlalchemy import select

from backend.clock import now
from backend.extensions import db
from backend.models import EnforcementOrder, Site, Town
from backend.models.meetings import Meeting
from backend.security import Principal
from backend.services import notify, orders
from backend.services.authorisation import authorise
from backend.services.bylaw_config import config_for
from backend.services.bylaw_names import bylaw
from backend.services.orders import KIND_TEXT
from backend.services.parties import operator_of
from backend.sms import meeting_intents, meeting_texts
from bot.text import format_datetime
from inspections import api
from inspections.authority import Action, Vote, vote_carries
from inspections.calendar import TZ
from inspections.deadlines import erc_review
from inspections.errors import Conflict, Invalid
from inspections.rulepack import param, rule

FUTURE_SLACK = dt.timedelta(minutes=5)  # device clocks drift; a later time is not "held"


def review_of(chapter: str) -> dict[str, Any] | None:
    """The review meeting the chapter's pack gives its orders (order kind, quorum rule, citation), if any."""
    found: dict[str, Any] | None = api.call("chapter", {"chapter": chapter})["review_meeting"]
    return found


def quorum_rule(order: EnforcementOrder) -> str:
    """The rule that sets the quorum of the body reviewing `order` (the ERC's four of seven)."""
    review = review_of(order.chapter)
    assert review is not None, "only a reviewed order has a meeting"
    return str(review["quorum_rule"])


OML_CITATION = "MGL c. 30A § 20(b)"


def cited(rule_id: str) -> str:
    """A rule's citation as people write it ("bylaw § 136-9"); its id stays in a refusal's detail."""
    return rule(rule_id).citation.replace("~§", "bylaw §")


def at_words(instant: dt.datetime) -> str:
    """"Wed, Apr 8, 2026, 12:00 PM EDT": a time in the town's zone as people write it."""
    return format_datetime(instant.astimezone(TZ))


def binding_rules(binding: erc_review.EarliestBinding) -> list[str]:
    """The ids of the rule(s) that set the earliest meeting time (for a refusal's detail)."""
    return {erc_review.EarliestBinding.OPERATOR_NOTICE: [erc_review.NOTICE_48H],
            erc_review.EarliestBinding.OML_POSTING: [erc_review.OML],
            erc_review.EarliestBinding.BOTH: [erc_review.NOTICE_48H, erc_review.OML]}[binding]


def binding_text(binding: erc_review.EarliestBinding) -> str:
    """The 48-hour rule(s) that set the earliest meeting time, in words (hours from the rule pack), cited as
    people write them; no rule ids."""
    hours, oml_hours = (
        param(erc_review.NOTICE_48H, "hours"),
        param(erc_review.OML, "posting_hours"),
    )
    operator = f"{hours} hours after the operator is notified ({cited(erc_review.NOTICE_48H)})"
    posting = (
        f"{oml_hours} hours after the Open Meeting Law posting, not counting Saturdays, Sundays or legal "
        f"holidays ({OML_CITATION})"
    )
    return {
        erc_review.EarliestBinding.OPERATOR_NOTICE: operator,
        erc_review.EarliestBinding.OML_POSTING: posting,
        erc_review.EarliestBinding.BOTH: f"{operator} and {posting}",
    }[binding]


def _bad(field: str, message: str) -> NoReturn:
    raise Invalid(message, detail={"json": {field: [message]}})


def window_for(
    order: EnforcementOrder, notified_at: dt.datetime, posted_at: dt.datetime | None
) -> erc_review.ReviewWindow:
    assert order.issued_at is not None
    for name, value in (("operator_notified_at", notified_at), ("posted_at", posted_at)):
        if value is not None and value < order.issued_at:
            _bad(name, f"{name} is before the order was issued ({at_words(order.issued_at)})")
    try:
        return erc_review.erc_review_window(
            order.issued_at, notified_at, posted_at, cfg=config_for(order.town_id)
        )
    except ValueError as exc:
        _bad("posted_at", str(exc))


def window_record(window: erc_review.ReviewWindow) -> dict[str, Any]:
    return {
        "earliest_at": window.earliest_at.astimezone(dt.UTC).isoformat(),
        "latest_at": window.latest_at.astimezone(dt.UTC).isoformat(),
        "latest_on": window.latest_on.isoformat(),
        "binding": str(window.binding),
        "empty_reason": window.empty_reason,
        "flags": list(window.flags),
        "explanations": [e.line for e in window.explanations],
    }


def window_problem(window: erc_review.ReviewWindow, at: dt.datetime) -> str | None:
    """Why `at` is not a lawful meeting time, naming the window and the binding rule in words (the rule ids
    are in `window_rules`); None when it is."""
    span = f"the review window is {at_words(window.earliest_at)} to {at_words(window.latest_at)}"
    if window.is_empty:
        return f"{window.empty_reason} ({cited(erc_review.WITHIN_7D)})"
    if at < window.earliest_at:
        return f"{at_words(at)} is too early: {span}; the earliest is set by {binding_text(window.binding)}"
    if at > window.latest_at:
        return (
            f"{at_words(at)} is too late: {span}; the latest is set by {cited(erc_review.WITHIN_7D)}: within "
            f"{param(erc_review.WITHIN_7D, 'days')} days of the order"
        )
    return None


def window_rules(window: erc_review.ReviewWindow, at: dt.datetime) -> list[str]:
    """The ids of the rules `window_problem` cites for `at`, for the refusal's detail."""
    if at < window.earliest_at and not window.is_empty:
        return binding_rules(window.binding)
    return [erc_review.WITHIN_7D]


def _check_time(
    meeting: Meeting, window: erc_review.ReviewWindow, at: dt.datetime, stage: str, override: str | None
) -> bool:
    problem = window_problem(window, at)
    if problem is None:
        return True
    if not override:
        rule_ids = window_rules(window, at)
        raise Conflict(
            f"{problem}. To record what actually happened, resend with override_reason.",
            detail={"window": window_record(window), "binding_rule": str(window.binding),
                    "rule_id": rule_ids[0], "rule_ids": rule_ids},
        )
    meeting.flagged = True
    meeting.flags = [*meeting.flags, {"stage": stage, "reason": override, "problem": problem}]
    return False


def _reviewable(order: EnforcementOrder) -> None:
    review = review_of(order.chapter)
    if review is None or review["order_kind"] != order.kind:
        reviewed = [(c["key"], c["review_meeting"]) for c in api.call("chapters", {})["chapters"]
                    if c["review_meeting"]]
        which = "; ".join(f"a {KIND_TEXT.get(r['order_kind'], r['order_kind'])} under "
                          f"{str(r['citation']).replace('~§', '§').strip()} of {bylaw(k)}"
                          for k, r in reviewed)
        raise Conflict(f"a review meeting belongs to {which or 'no order'}",
                       detail={"chapters": [k for k, _ in reviewed]})
    if order.status != "issued":
        raise Conflict(f"only an issued order is reviewed; this one is {order.status}", state=order.status)


def schedule(who: Principal, order: EnforcementOrder, data: dict[str, Any]) -> Meeting:
    _reviewable(order)
    busy = db.session.scalar(
        select(Meeting).where(Meeting.order_id == order.id, Meeting.status == "scheduled")
    )
    if busy is not None:
        raise Conflict(f"a review meeting is already scheduled for this order, for "
                       f"{at_words(busy.scheduled_for)}; cancel it first",
                       detail={"meeting_id": str(busy.id)})
    auth = authorise(who, order.chapter, Action.SCHEDULE_ERC_REVIEW, data.get("authorization"))
    window = window_for(order, data["operator_notified_at"], data.get("posted_at"))
    meeting = Meeting(
        town_id=order.town_id,
        order_id=order.id,
        scheduled_for=data["scheduled_for"],
        posted_at=data.get("posted_at"),
        operator_notified_at=data["operator_notified_at"],
        window=window_record(window),
        authorization=auth,
        created_by=who.user.id,
        flags=[],
        **place_fields(data),
    )
    _check_time(meeting, window, data["scheduled_for"], "schedule", data.get("override_reason"))
    db.session.add(meeting)
    orders.set_review_window(order, window)
    db.session.flush()
    _announce(order, meeting)
    db.session.commit()
    return meeting


PLACE_FIELDS = ("address", "room", "remote_url")


PLACE_MOST = {"address": 300, "room": 120, "remote_url": 500}


def place_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The place given in a request (blank means not stated); bounded, and a remote link is https."""
    out = {f: (str(data[f]).strip() or None) if data.get(f) is not None else None
           for f in PLACE_FIELDS if f in data}
    for name, value in out.items():
        if value is not None and len(value) > PLACE_MOST[name]:
            _bad(name, f"{name} is longer than {PLACE_MOST[name]} characters")
    remote = out.get("remote_url")
    if remote is not None and (not remote.startswith("https://") or any(c.isspace() for c in remote)):
        _bad("remote_url", "remote_url must be an https:// link")
    return out


def place_words(meeting: Meeting) -> str:
    """'Room 2, Town Hall, 108 Main St (online: https://…)' for the board's texts (English)."""
    return meeting_texts.place_text(meeting_texts.place_of(meeting), "en")


def when_words(meeting: Meeting) -> str:
    town = db.session.get(Town, meeting.town_id)
    return meeting_texts.when_text(meeting.scheduled_for, town.tz if town else meeting_texts.DEFAULT_TZ, "en")


def _announce(order: EnforcementOrder, meeting: Meeting) -> None:
    """The board's alert (one per scheduling and per move) and the operator's text."""
    site = db.session.get(Site, order.site_id)
    where = site.address if site else "the site"
    flagged = " FLAGGED: outside the bylaw window, recorded with a reason." if meeting.flagged else ""
    moved = "moved to" if meeting.moves else "scheduled for"
    text = (
        f"ERC review meeting of the cease-and-desist order for {where} {moved} "
        f"{when_words(meeting)}, at {place_words(meeting)}.{flagged}"
    )
    key = f"meeting-scheduled:{meeting.id}" + (f":move-{meeting.moves}" if meeting.moves else "")
    notify.alert_board(order.town_id, order.chapter, "review_meeting_scheduled", text, key,
                       meeting_id=str(meeting.id))
    meeting_intents.meeting_set(db.session(), meeting, order, operator_of(order))


def scheduled_of(order_ids: list[Any]) -> list[Meeting]:
    """The scheduled review meetings of these orders (the notice page and the order PDF state them)."""
    if not order_ids:
        return []
    return list(db.session.scalars(select(Meeting).where(Meeting.order_id.in_(order_ids),
                                                         Meeting.status == "scheduled")
                                   .order_by(Meeting.scheduled_for, Meeting.id)))


def move(who: Principal, meeting: Meeting, data: dict[str, Any]) -> Meeting:
    """Reschedule a scheduled meeting and/or change its place (authorised as scheduling is; audited). A new
    time is checked against the window like the first; the move counter is the calendar event's SEQUENCE;
    the board and the operator are told again."""
    if meeting.status != "scheduled":
        raise Conflict(f"this meeting is {meeting.status}; only a scheduled meeting can be moved",
                       state=meeting.status, detail={"meeting_id": str(meeting.id)})
    order = db.session.get(EnforcementOrder, meeting.order_id)
    assert order is not None
    _reviewable(order)
    auth = authorise(who, order.chapter, Action.SCHEDULE_ERC_REVIEW, data.get("authorization"))
    changes = place_fields(data)
    for name in ("scheduled_for", "operator_notified_at", "posted_at"):
        if data.get(name) is not None:
            changes[name] = data[name]
    if not {k: v for k, v in changes.items() if getattr(meeting, k) != v}:
        _bad("scheduled_for", "nothing to change: give a new time or place")
    notified = changes.get("operator_notified_at", meeting.operator_notified_at)
    assert notified is not None
    window = window_for(order, notified, changes.get("posted_at", meeting.posted_at))
    at = changes.get("scheduled_for", meeting.scheduled_for)
    _check_time(meeting, window, at, "move", data.get("override_reason"))
    for name, value in changes.items():
        setattr(meeting, name, value)
    meeting.moves = (meeting.moves or 0) + 1
    meeting.window = window_record(window)
    meeting.authorization = {**auth, "moved_by": str(who.user.id)}
    orders.set_review_window(order, window)
    db.session.flush()
    _announce(order, meeting)
    db.session.commit()
    return meeting


def _votes(
    order: EnforcementOrder, raw: list[dict[str, Any]], present_names: list[str]
) -> list[dict[str, Any]]:
    out = []
    for i, v in enumerate(raw):
        vote = Vote(yes=v["yes"], no=v["no"], abstain=v["abstain"])
        if present_names and vote.present > len(present_names):
            _bad("votes", f"vote {i + 1}: {vote.present} voted but {len(present_names)} members are present")
        carried = vote_carries(order.chapter, vote)
        out.append(
            {
                "motion": v["motion"],
                "yes": vote.yes,
                "no": vote.no,
                "abstain": vote.abstain,
                "present": vote.present,
                "carried": carried.allowed,
                "rule_id": carried.rule_id,
                "reason": carried.reason,
            }
        )
    return out


def _attendance(order: EnforcementOrder, names: list[str]) -> dict[str, Any]:
    rule_id = quorum_rule(order)
    quorum = param(rule_id, "quorum")
    return {
        "members_present": names,
        "count": len(names),
        "quorum": quorum,
        "quorum_met": len(names) >= quorum,
        "rule_id": rule_id,
    }


def record(who: Principal, meeting: Meeting, data: dict[str, Any]) -> Meeting:
    if meeting.status != "scheduled":
        raise Conflict(f"this meeting is {meeting.status}; it cannot be recorded again",
                       state=meeting.status, detail={"meeting_id": str(meeting.id)})
    order = db.session.get(EnforcementOrder, meeting.order_id)
    assert order is not None
    if data["held_at"] > now() + FUTURE_SLACK:
        _bad("held_at", "held_at is in the future: record the meeting once it has been held")
    posted = data.get("posted_at") or meeting.posted_at
    notified = data.get("operator_notified_at") or meeting.operator_notified_at
    assert notified is not None
    window = window_for(order, notified, posted)
    votes = _votes(order, data["votes"], data["members_present"])
    in_window = _check_time(meeting, window, data["held_at"], "record", data.get("override_reason"))
    meeting.posted_at, meeting.operator_notified_at, meeting.votes = posted, notified, votes
    meeting.held_at, meeting.status, meeting.recorded_by = data["held_at"], "held", who.user.id
    meeting.attendance = _attendance(order, data["members_present"])
    meeting.window = window_record(window)
    row = orders.set_review_window(order, window)
    row.status, row.met_at = ("met" if in_window else "missed"), data["held_at"]
    db.session.commit()
    return meeting


def cancel(meeting: Meeting, reason: str) -> Meeting:
    if meeting.status != "scheduled":
        raise Conflict(f"this meeting is {meeting.status}; only a scheduled meeting can be cancelled",
                       state=meeting.status, detail={"meeting_id": str(meeting.id)})
    meeting.status = "cancelled"
    meeting.flags = [*meeting.flags, {"stage": "cancel", "reason": reason}]
    db.session.commit()
    return meeting
