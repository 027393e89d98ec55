"""GPS before capture: the inspection form shows the live accuracy against the town's threshold for evidence
photos (10 m by default); a photo taken with a worse fix asks first, and "use anyway" is written into the
inspection's notes, which reach the server with it."""
from __future__ import annotations

import pytest

from tests.browser.phone import GRAVEL_PIT
from tests.browser.records import jpeg, rows
from tests.browser.steps import add_photos, send, start_inspection, wait_sent

pytestmark = pytest.mark.browser


def test_a_photo_with_a_poor_fix_is_kept_only_when_the_agent_says_so_and_the_inspection_says_so(live, phones):
    email, password = live.account("carver", "agent")
    phone = phones.open("gps", geolocation={**GRAVEL_PIT, "accuracy": 25})
    phone.open()
    phone.log_in(email, password, "carver")
    phone.heading("Today")
    inspection_id = start_inspection(phone)
    page = phone.page
    page.get_by_text("GPS: ±25 m. The town asks ±10 m for evidence").wait_for()
    phone.shot("17-gps-threshold", top=True)

    page.once("dialog", lambda d: d.dismiss())
    page.get_by_label("Take or add a photo").set_input_files(jpeg("refused.jpg", (40, 30)))
    page.wait_for_timeout(500)
    assert page.locator("#main figure.photo").count() == 0, "declined: no photo kept"

    page.once("dialog", lambda d: d.accept())
    add_photos(phone, jpeg("anyway.jpg", (40, 30)))
    assert "±25 m (the town asks ±10 m): used anyway" in page.get_by_label("Notes").input_value()
    phone.context.set_geolocation({**GRAVEL_PIT, "accuracy": 6})
    page.get_by_text("GPS: ±6 m, good enough for evidence photos.").wait_for()
    send(phone)
    wait_sent(phone, inspection_id)
    [stored] = rows(live, "Inspection")
    assert "used anyway by the agent" in stored.notes
