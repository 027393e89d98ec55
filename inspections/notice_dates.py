"""Which date a notice counts from, and whether it was given in time (CONV-NOTICE-DATE, AMB-53).

RULES.md §0.1: "Notice to a municipal body is dated by its receipt. Notice by an applicant to third parties by
certified mail is dated by its mailing date; hand delivery by the delivery date." Copies sent "at the same
time" as a filing are dated by sending (CONV-SAME-TIME). The switch `notice_date_basis` decides it:
- "default": as above, by who receives the notice;
- "mailing": every notice by the day it was mailed (a hand delivery by the day it was handed over);
- "receipt": every notice by the day it was received (a hand delivery is received the day it is handed over).
A date the basis needs and the facts lack is refused, naming it: the engine never dates a notice by a date
it was not given.

`notice_in_time` checks a notice against the lead-time rules that time notices (the latest day from the
rule's own deadline function): on time, or late by how many days (working days for Carver 247's two working
days).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum

from inspections.calendar import BusinessCalendar
from inspections.config import DEFAULT, BylawConfig
from inspections.deadlines import carver_247, carver_247_site, carver_281, gardner_650
from inspections.deadlines.core import Deadline
from inspections.deadlines.day_counts import calendar_for, fmt
from inspections.explain import Explanation

CONV_QUOTE = "Notice to a municipal body is dated by its receipt"


class Recipient(StrEnum):
    MUNICIPAL_BODY = "municipal_body"  # a Commission, Board, Clerk or official
    THIRD_PARTY = "third_party"  # abutters, owners, other eligible persons


class NoticeDateError(ValueError):
    """A date the notice's dating needs is missing; `field` names it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class NoticeDate:
    dated_on: dt.date
    by: str  # "receipt", "mailing", "hand delivery"
    explanation: Explanation


def _need(value: dt.date | None, field: str, why: str) -> dt.date:
    if value is None:
        raise NoticeDateError(field, f"{field} is required: {why}")
    return value


def notice_date(recipient: Recipient | str, *, mailed_on: dt.date | None = None,
                received_on: dt.date | None = None, hand_delivered_on: dt.date | None = None,
                cfg: BylawConfig = DEFAULT) -> NoticeDate:
    """The date a notice counts from, under `notice_date_basis` (CONV-NOTICE-DATE, AMB-53)."""
    recipient, basis = Recipient(recipient), cfg["notice_date_basis"]
    if hand_delivered_on is not None:  # READ-NOTICE-HAND
        day, by = hand_delivered_on, "hand delivery"
    elif basis == "receipt" or (basis == "default" and recipient is Recipient.MUNICIPAL_BODY):
        why = f"a notice to a {recipient.value.replace('_', ' ')} is dated by its receipt ({basis})"
        day, by = _need(received_on, "received_on", why), "receipt"
    else:
        why = f"a notice mailed to a {recipient.value.replace('_', ' ')} is dated by its mailing ({basis})"
        day, by = _need(mailed_on, "mailed_on", why), "mailing"
    text = f"notice to a {recipient.value.replace('_', ' ')} dated by its {by}: {fmt(day)} ({basis})"
    explanation = Explanation("CONV-NOTICE-DATE", "RULES.md §0.1", CONV_QUOTE, text, ("AMB-53",))
    return NoticeDate(day, by, explanation)


# Lead-time notice rules: (recipient, the rule's deadline for an event day, "working" days late or calendar).
def _carver_281_hearing(event: dt.date, cfg: BylawConfig, cal: BusinessCalendar) -> Deadline:
    return carver_281.hearing_notice_deadlines(event, cfg=cfg, cal=cal)[0]


def _carver_281_utility(event: dt.date, cfg: BylawConfig, cal: BusinessCalendar) -> Deadline:
    return carver_281.utility_work_deadlines(event, cfg=cfg, cal=cal)[0]


def _carver_247_inspection(event: dt.date, cfg: BylawConfig, cal: BusinessCalendar) -> Deadline:
    return carver_247_site.deadlines_for_inspection_event(
        carver_247_site.InspectionEvent.CONTROLS_IN_PLACE, event, cfg=cfg, cal=cal)[0]


def _carver_247_hearing_mail(event: dt.date, cfg: BylawConfig, cal: BusinessCalendar) -> Deadline:
    return next(d for d in carver_247.deadlines_for_hearing(event, cfg=cfg, cal=cal) if "mail" in d.label)


def _gardner_renewal(event: dt.date, cfg: BylawConfig, cal: BusinessCalendar) -> Deadline:
    return gardner_650.expiration_deadlines(event, cfg=cfg, cal=cal)[0]


NOTICE_RULES = {
    "CARVER-281-HEARING-NOTICE-14D": (Recipient.THIRD_PARTY, _carver_281_hearing, False),
    "CARVER-281-UTIL-NOTICE-14D": (Recipient.MUNICIPAL_BODY, _carver_281_utility, False),
    "CARVER-247-INSP-NOTICE-2WD": (Recipient.MUNICIPAL_BODY, _carver_247_inspection, True),
    "CARVER-247-HEARING-NOTICE-7D": (Recipient.THIRD_PARTY, _carver_247_hearing_mail, False),
    "GARDNER-650-RENEW-30D": (Recipient.MUNICIPAL_BODY, _gardner_renewal, False),
}


@dataclass(frozen=True)
class NoticeCheck:
    rule_id: str
    on_time: bool
    dated: NoticeDate
    deadline: Deadline
    days_late: int  # working days for the rules counted in working/business days
    days_before_event: int
    explanation: Explanation


def notice_in_time(rule_id: str, event_on: dt.date, *, mailed_on: dt.date | None = None,
                   received_on: dt.date | None = None, hand_delivered_on: dt.date | None = None,
                   cfg: BylawConfig = DEFAULT, cal: BusinessCalendar | None = None) -> NoticeCheck:
    """Was the notice for the event on `event_on` given in time under `rule_id`'s lead time?"""
    if rule_id not in NOTICE_RULES:
        raise ValueError(f"{rule_id} is not a lead-time notice rule; one of {sorted(NOTICE_RULES)}")
    recipient, deadline_of, working = NOTICE_RULES[rule_id]
    cal = calendar_for(cfg, cal)
    dated = notice_date(recipient, mailed_on=mailed_on, received_on=received_on,
                        hand_delivered_on=hand_delivered_on, cfg=cfg)
    deadline = deadline_of(event_on, cfg, cal)
    assert deadline.latest_on is not None
    latest, day = deadline.latest_on, dated.dated_on
    count = cal.business_days_between if working else (lambda a, b: (b - a).days)
    late = count(latest, day) if day > latest else 0
    before = count(day, event_on) if day < event_on else (event_on - day).days
    unit = "working day(s)" if working else "day(s)"
    verdict = "on time" if day <= latest else f"late by {late} {unit}"
    text = f"{deadline.explanation.arithmetic}; notice dated {fmt(day)} by {dated.by}: {verdict}"
    return NoticeCheck(rule_id, day <= latest, dated, deadline, late, before,
                       Explanation.of(rule_id, text, ("AMB-53",)))
