"""Times in texts: the 12-hour clock in English, the 24-hour clock in Spanish and Portuguese."""
from __future__ import annotations

import pytest

from backend.sms.phrases import local_time


@pytest.mark.parametrize(("hhmm", "en", "es"), [
    ("00:05", "12:05 AM", "00:05"), ("09:30", "9:30 AM", "09:30"), ("12:00", "12:00 PM", "12:00"),
    ("18:30", "6:30 PM", "18:30"), ("23:59", "11:59 PM", "23:59"),
])
def test_a_meeting_time_reads_as_each_language_writes_it(hhmm, en, es):
    assert local_time(hhmm, "en") == en
    assert local_time(hhmm, "es") == local_time(hhmm, "pt") == es
