"""A review meeting's time is printed with its zone in the reader's usual form, in summer (EDT) and winter
(EST); a meeting without a stated place says so; a stabilization reminder counts the days it is given."""

from __future__ import annotations

import datetime as dt

import pytest

from backend.sms.meeting_texts import place_text, review_meeting, stabilization, when_text
from backend.sms.segments import within_budget

WINTER = dt.datetime(2027, 1, 14, 23, 0, tzinfo=dt.UTC)  # 6:00 PM in Massachusetts, standard time
SUMMER = dt.datetime(2026, 4, 9, 22, 0, tzinfo=dt.UTC)  # 6:00 PM, daylight time


@pytest.mark.parametrize("at, language, shown", [
    (WINTER, "en", "Jan 14, 2027, 6:00 PM EST"),
    (WINTER, "es", "14 ene 2027, 18:00 (hora del Este, EST)"),
    (WINTER, "pt", "14 jan 2027, 18:00 (horário do Leste, EST)"),
    (SUMMER, "en", "Apr 9, 2026, 6:00 PM EDT"),
    (SUMMER, "es", "9 abr 2026, 18:00 (hora del Este, EDT)"),
])
def test_the_time_carries_its_zone_as_the_reader_writes_it(at, language, shown):
    assert when_text(at, "America/New_York", language) == shown


def test_a_meeting_without_a_place_says_it_is_to_be_announced():
    assert place_text({}, "en") == "a place to be announced"
    assert place_text({"address": "Town Hall"}, "es") == "Town Hall"


MEETING = {"town": "Carver", "site": "Plymouth St gravel pit", "order": "cease_and_desist",
           "link": "https://enforce.example.org/n/Ab3dE6gH9k", "at": WINTER.isoformat(),
           "tz": "America/New_York", "place": {"address": "Town Hall, 108 Main St" * 10, "room": "Room 2"}}


@pytest.mark.parametrize("language", ["en", "es", "pt"])
def test_a_long_place_is_clipped_to_fit_and_the_time_is_never_dropped(language):
    body = review_meeting(MEETING | {"moves": 1}, language)
    assert within_budget(body, language)
    assert when_text(WINTER, "America/New_York", language, short=True).removesuffix(" EST") in body
    assert "EST" in body


def test_the_days_left_are_the_ones_the_job_counted():
    facts = {"town": "Carver", "site": "Cedar Brook", "citation": "~§ 247-7B(12)", "date": "2026-04-15",
             "link": "https://enforce.example.org/n/x", "action": "stabilize the disturbed portion",
             "area": "lots 4-9"}
    assert ": 7 days left, by Apr 15, 2026" in stabilization(facts | {"days_left": 7}, "en")
    assert "vence HOY" in stabilization(facts | {"days_left": 0}, "es")
