"""ERC cease-and-desist review window: Carver ~§ 136-9 with the Open Meeting Law (EXT-OML-48H, AMB-26).

The meeting must come at least 48 clock hours after the operator is notified (CARVER-136-CD-REVIEW-48H), at
least 48 hours after the posting counting only days that are not Saturdays, Sundays or legal holidays
(EXT-OML-48H, switch carver136.apply_oml) and on or before order date + 7 (CARVER-136-CD-REVIEW-7D).
Expected instants were worked out by hand from those rules and the 2026 holiday list (RULES §0.3).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspections.calendar import TZ, BusinessCalendar
from inspections.config import DEFAULT
from inspections.deadlines.core import DeadlineKind
from inspections.deadlines.erc_review import (
    EarliestBinding,
    deadlines_for_cease_and_desist,
    erc_review_window,
)

UTC = dt.UTC
D = dt.date
OP, OML, BOTH = EarliestBinding.OPERATOR_NOTICE, EarliestBinding.OML_POSTING, EarliestBinding.BOTH
NO_OML = DEFAULT.with_overrides(carver136__apply_oml=False)
ROLL = DEFAULT.with_overrides(roll_c4s9=True)
SAT_FRI = DEFAULT.with_overrides(saturday_holiday_observed_friday=True)


def at(y: int, m: int, d: int, hh: int = 0, mm: int = 0) -> dt.datetime:
    return dt.datetime(y, m, d, hh, mm, tzinfo=TZ)


@dataclass(frozen=True)
class Case:
    rule_id: str
    name: str
    order_at: dt.datetime
    notified_at: dt.datetime
    posted_at: dt.datetime | None
    earliest_at: dt.datetime  # local wall clock, compared as an instant
    binding: EarliestBinding
    latest_on: dt.date
    empty: bool = False
    cfg: Any = DEFAULT


MON_0406 = at(2026, 4, 6, 10)
# fmt: off
# Case(rule, name,
#      order_at, operator_notified_at, posted_at,
#      earliest_at, binding, latest_on[, empty, cfg])
WINDOW_CASES = [
    Case("CARVER-136-CD-REVIEW-48H", "S23 Mon order, notice and posting at once",
         MON_0406, MON_0406, MON_0406,
         at(2026, 4, 8, 10), BOTH, D(2026, 4, 13)),
    Case("CARVER-136-CD-REVIEW-48H", "S23 variant notice Tue 15:00",
         MON_0406, at(2026, 4, 7, 15), at(2026, 4, 7, 15),
         at(2026, 4, 9, 15), BOTH, D(2026, 4, 13)),
    Case("CARVER-136-CD-REVIEW-48H", "operator notified later than posting binds",
         MON_0406, at(2026, 4, 7, 12), MON_0406,
         at(2026, 4, 9, 12), OP, D(2026, 4, 13)),
    Case("CARVER-136-CD-REVIEW-48H", "Fri before Columbus Day: OML Wed",
         at(2026, 10, 9, 10), at(2026, 10, 9, 10), at(2026, 10, 9, 10),
         at(2026, 10, 14, 10), OML, D(2026, 10, 16)),
    Case("CARVER-136-CD-REVIEW-48H", "Fri before Columbus Day, OML off: Sun",
         at(2026, 10, 9, 10), at(2026, 10, 9, 10), None,
         at(2026, 10, 11, 10), OP, D(2026, 10, 16), cfg=NO_OML),
    Case("CARVER-136-CD-REVIEW-48H", "Fri before MLK day: OML Wed",
         at(2026, 1, 16, 10), at(2026, 1, 16, 10), at(2026, 1, 16, 10),
         at(2026, 1, 21, 10), OML, D(2026, 1, 23)),
    Case("CARVER-136-CD-REVIEW-48H", "Fri before MLK day, OML off",
         at(2026, 1, 16, 10), at(2026, 1, 16, 10), at(2026, 1, 16, 10),
         at(2026, 1, 18, 10), OP, D(2026, 1, 23), cfg=NO_OML),
    Case("CARVER-136-CD-REVIEW-48H", "Thanksgiving week Tue order",
         at(2026, 11, 24, 10), at(2026, 11, 24, 10), at(2026, 11, 24, 10),
         at(2026, 11, 27, 10), OML, D(2026, 12, 1)),
    Case("CARVER-136-CD-REVIEW-48H", "Thanksgiving week Wed order",
         at(2026, 11, 25, 16), at(2026, 11, 25, 16), at(2026, 11, 25, 16),
         at(2026, 11, 30, 16), OML, D(2026, 12, 2)),
    Case("CARVER-136-CD-REVIEW-48H", "spring DST: 48 h from Sat 09:00 EST is Mon 10:00 EDT",
         at(2026, 3, 5, 9), at(2026, 3, 7, 9), at(2026, 3, 5, 9),
         at(2026, 3, 9, 10), OP, D(2026, 3, 12)),
    Case("CARVER-136-CD-REVIEW-48H", "fall DST: operator Mon 11:00 EST, OML Mon 12:00",
         at(2026, 10, 29, 12), at(2026, 10, 31, 12), at(2026, 10, 29, 12),
         at(2026, 11, 2, 12), OML, D(2026, 11, 5)),
    Case("CARVER-136-CD-REVIEW-48H", "Sat Jul 4 not shifted: Fri counts",
         at(2026, 7, 2, 10), at(2026, 7, 2, 10), at(2026, 7, 2, 10),
         at(2026, 7, 6, 10), OML, D(2026, 7, 9)),
    Case("CARVER-136-CD-REVIEW-48H", "Sat Jul 4 observed Fri 07-03",
         at(2026, 7, 2, 10), at(2026, 7, 2, 10), at(2026, 7, 2, 10),
         at(2026, 7, 7, 10), OML, D(2026, 7, 9), cfg=SAT_FRI),
    Case("CARVER-136-CD-REVIEW-7D", "month end",
         at(2026, 7, 31, 10), at(2026, 7, 31, 10), at(2026, 7, 31, 10),
         at(2026, 8, 4, 10), OML, D(2026, 8, 7)),
    Case("CARVER-136-CD-REVIEW-7D", "year end",
         at(2026, 12, 28, 10), at(2026, 12, 28, 10), at(2026, 12, 28, 10),
         at(2026, 12, 30, 10), BOTH, D(2027, 1, 4)),
    Case("CARVER-136-CD-REVIEW-7D", "last day Columbus Day, no roll",
         at(2026, 10, 5, 9), at(2026, 10, 5, 9), at(2026, 10, 5, 9),
         at(2026, 10, 7, 9), BOTH, D(2026, 10, 12)),
    Case("CARVER-136-CD-REVIEW-7D", "last day Columbus Day rolls to Tue",
         at(2026, 10, 5, 9), at(2026, 10, 5, 9), at(2026, 10, 5, 9),
         at(2026, 10, 7, 9), BOTH, D(2026, 10, 13), cfg=ROLL),
    Case("CARVER-136-CD-REVIEW-7D", "empty: operator told Sun 04-12",
         MON_0406, at(2026, 4, 12, 9), MON_0406,
         at(2026, 4, 14, 9), OP, D(2026, 4, 13), empty=True),
    Case("CARVER-136-CD-REVIEW-7D", "empty: posted Wed 12-23, Christmas and weekend",
         at(2026, 12, 18, 10), at(2026, 12, 23, 12), at(2026, 12, 23, 12),
         at(2026, 12, 28, 12), OML, D(2026, 12, 25), empty=True),
    Case("CARVER-136-CD-REVIEW-7D", "same facts, OML off: Christmas noon",
         at(2026, 12, 18, 10), at(2026, 12, 23, 12), at(2026, 12, 23, 12),
         at(2026, 12, 25, 12), OP, D(2026, 12, 25), cfg=NO_OML),
]
# fmt: on


@pytest.mark.parametrize("case", [pytest.param(c, id=f"{c.rule_id} {c.name}") for c in WINDOW_CASES])
def test_review_window(case):
    w = erc_review_window(case.order_at, case.notified_at, case.posted_at, cfg=case.cfg)
    assert w.earliest_at.astimezone(UTC) == case.earliest_at.astimezone(UTC)
    assert w.earliest_at.utcoffset() == case.earliest_at.utcoffset()  # wall clock shown in local time
    assert (w.binding, w.latest_on, w.is_empty) == (case.binding, case.latest_on, case.empty)
    assert w.latest_at == dt.datetime.combine(case.latest_on, dt.time.max, tzinfo=TZ)
    assert (w.empty_reason is not None) == case.empty
    assert ("AMB-26" in w.flags) and (("EXT-OML-48H" in w.flags) == case.cfg["carver136.apply_oml"])


def test_empty_window_says_why_in_plain_words():
    w = erc_review_window(MON_0406, at(2026, 4, 12, 9), MON_0406)
    assert w.empty_reason == (
        "no valid meeting time: the earliest lawful meeting, Tue 2026-04-14 09:00 EDT (48 hours after the "
        "operator's notice), is after the last allowed day, Mon 2026-04-13 (7 days after the order)"
    )
    oml = erc_review_window(at(2026, 12, 18, 10), at(2026, 12, 23, 12), at(2026, 12, 23, 12))
    assert oml.empty_reason is not None and "Open Meeting Law posting" in oml.empty_reason


ORDER_CASES = [
    pytest.param("CARVER-136-CD-ORDER", MON_0406, MON_0406, id="S23 order effective immediately, Mon 10:00"),
    pytest.param("CARVER-136-CD-ORDER", at(2026, 10, 9, 16, 30), at(2026, 10, 9, 16, 30),
                 id="Fri before Columbus Day, effective 16:30"),
]


@pytest.mark.parametrize("rule_id,order_at,expected_at", ORDER_CASES)
def test_order_effective_immediately_and_window_as_deadlines(rule_id, order_at, expected_at):
    order, window = deadlines_for_cease_and_desist(order_at, order_at, order_at)
    assert (order.rule_id, order.kind, order.binds, order.latest_at) == (
        rule_id, DeadlineKind.MUST_BY, "operator", expected_at)
    assert (window.rule_id, window.kind, window.binds) == (
        "CARVER-136-CD-REVIEW-7D", DeadlineKind.WINDOW, "erc")
    same = erc_review_window(order_at, order_at, order_at)
    assert (window.earliest_at, window.latest_at, window.empty_reason) == (
        same.earliest_at, same.latest_at, None)


def test_s23_window_deadline_explains_both_bounds():
    window = deadlines_for_cease_and_desist(MON_0406, MON_0406, MON_0406)[1]
    assert (window.earliest_at, window.latest_on) == (at(2026, 4, 8, 10), D(2026, 4, 13))
    line = window.explanation.line
    assert "+ 48 h = Wed 2026-04-08 10:00 EDT" in line and "= Mon 2026-04-13" in line


@pytest.mark.parametrize(
    "meeting,ok",
    [
        pytest.param(at(2026, 4, 8, 10), True, id="at the earliest"),
        pytest.param(at(2026, 4, 8, 9, 59), False, id="one minute early"),
        pytest.param(at(2026, 4, 13, 23, 59), True, id="last minute of day 7"),
        pytest.param(at(2026, 4, 14, 0, 0), False, id="day 8"),
    ],
)
def test_a_scheduled_meeting_is_checked_against_the_window(meeting, ok):
    assert erc_review_window(MON_0406, MON_0406, MON_0406).admits(meeting) is ok


def test_posting_is_required_when_the_open_meeting_law_applies():
    with pytest.raises(ValueError, match="posted"):
        erc_review_window(MON_0406, MON_0406, None)


# ------------------------------------------------------------------ properties (independent oracle)
def _oml_counted(posted: dt.datetime, meeting: dt.datetime, cal: BusinessCalendar) -> dt.timedelta:
    """Time between posting and meeting that falls on days that are not Sat, Sun or legal holidays."""
    total, day = dt.timedelta(), posted.astimezone(TZ).date()
    while day <= meeting.astimezone(TZ).date():
        start = max(posted.astimezone(UTC), dt.datetime.combine(day, dt.time(), tzinfo=TZ).astimezone(UTC))
        nxt = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), tzinfo=TZ).astimezone(UTC)
        end = min(meeting.astimezone(UTC), nxt)
        if day.weekday() < 5 and not cal.is_holiday(day) and end > start:
            total += end - start
        day += dt.timedelta(days=1)
    return total


def _both_rules_hold(meeting, notified, posted, cal) -> bool:
    operator_ok = meeting.astimezone(UTC) - notified.astimezone(UTC) >= dt.timedelta(hours=48)
    return operator_ok and _oml_counted(posted, meeting, cal) >= dt.timedelta(hours=48)


BASE = dt.datetime(2026, 1, 1, tzinfo=UTC)


@settings(max_examples=200, deadline=None)
@given(
    order_min=st.integers(0, 3 * 365 * 24 * 60),
    notice_min=st.integers(0, 9 * 24 * 60),
    post_min=st.integers(-2 * 24 * 60, 9 * 24 * 60),
    saturday_to_friday=st.booleans(),
)
def test_earliest_satisfies_both_48_hour_rules_and_a_minute_earlier_does_not(
    order_min, notice_min, post_min, saturday_to_friday
):
    cfg = DEFAULT.with_overrides(saturday_holiday_observed_friday=saturday_to_friday)
    cal = BusinessCalendar.from_config(cfg)
    order = (BASE + dt.timedelta(minutes=order_min)).astimezone(TZ)
    notified, posted = order + dt.timedelta(minutes=notice_min), order + dt.timedelta(minutes=post_min)
    w = erc_review_window(order, notified, posted, cfg=cfg, cal=cal)
    assert _both_rules_hold(w.earliest_at, notified, posted, cal)
    assert not _both_rules_hold(w.earliest_at - dt.timedelta(minutes=1), notified, posted, cal)
    assert w.is_empty == (w.earliest_at.astimezone(UTC) > w.latest_at.astimezone(UTC))
    assert w.latest_on == order.astimezone(TZ).date() + dt.timedelta(days=7)
