"""Glove-sized controls: on every screen an agent, a board member or an administrator uses, each tap target is
at least 48 x 48 CSS px and at least 8 px from the next (bounding boxes measured in the phone's Chromium)."""
from __future__ import annotations

import pytest

from tests.browser.phone import assert_glove_sized
from tests.browser.records import PIT, violation_at_the_pit
from tests.browser.steps import logged_in, open_site, start_inspection

pytestmark = pytest.mark.browser


def test_every_tap_target_of_the_agents_screens_is_glove_sized(live, phones):
    phone = logged_in(phones, live, "gloves-agent", "agent")
    phone.heading("Today")
    phone.page.get_by_text("Ready for offline use").wait_for()
    assert_glove_sized(phone, "Today")
    open_site(phone)
    assert_glove_sized(phone, "site")
    phone.page.go_back()
    phone.heading("Today")
    start_inspection(phone)
    phone.page.locator("fieldset[data-item] label.seg").first.click()
    assert_glove_sized(phone, "inspection form")
    phone.page.get_by_role("link", name="Sync").click()
    phone.heading("Sync")
    assert_glove_sized(phone, "Sync")


def test_every_tap_target_of_the_board_and_admin_screens_is_glove_sized(live, phones):
    violation_at_the_pit(live)
    phone = logged_in(phones, live, "gloves-board", "board_member", "earth")
    phone.heading("Board")
    phone.page.get_by_label(PIT).check()
    assert_glove_sized(phone, "Board")
    admin = logged_in(phones, live, "gloves-admin", "town_admin")
    admin.open("#/admin")
    admin.heading("Admin: Sites")
    assert_glove_sized(admin, "Admin")
    admin.page.get_by_role("link", name="Settings").click()
    admin.heading("Admin: Settings")
    assert_glove_sized(admin, "Admin settings")


def test_the_high_contrast_mode_passes_the_enhanced_contrast_rule_on_the_agents_screens(live, phones):
    """In sunlight: one tap turns on high contrast (remembered on the phone); every text then meets WCAG AAA
    (axe's color-contrast-enhanced rule), and the normal mode stays clean under axe's usual rules."""
    phone = logged_in(phones, live, "contrast", "agent")
    phone.heading("Today")
    phone.check_accessibility("Today")
    toggle = phone.page.get_by_role("button", name="High contrast for sunlight")
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    phone.check_contrast_aaa("Today")
    open_site(phone)
    phone.check_contrast_aaa("site")
    phone.page.go_back()
    phone.heading("Today")
    start_inspection(phone)
    phone.page.locator("fieldset[data-item] label.seg").first.click()
    phone.check_contrast_aaa("inspection form")
    phone.shot("contrast-inspection-form", top=True)
    phone.page.reload()
    phone.page.get_by_role("heading", level=1).wait_for()
    assert phone.page.evaluate("document.documentElement.classList.contains('hc')")
    phone.page.get_by_role("link", name="Sync").click()
    phone.heading("Sync")
    phone.check_contrast_aaa("Sync")
