"""Validation as ODK Collect and Survey123 do it: every item answered (the town's rule), an item that does not
apply answered N/A with a reason, errors shown at the item and summed up at the top with a jump to each; the
entry basis asked once (the checklist's own entry-basis item is answered by the inspection's)."""
from __future__ import annotations

import pytest

from tests.browser.phone import assert_glove_sized
from tests.browser.steps import answer, logged_in, send, start_inspection

pytestmark = pytest.mark.browser


def test_required_items_are_named_at_the_item_and_the_summary_jumps_to_each(live, phones):
    phone = logged_in(phones, live, "validation", "agent")
    phone.heading("Today")
    start_inspection(phone)
    page = phone.page
    assert page.locator("fieldset[data-item='entry-basis']").count() == 0, "the entry basis is asked once"
    items = page.locator("fieldset[data-item]").count()
    answer(phone, "bond", "fail")
    answer(phone, "nuisance", "na")
    page.get_by_label("Owner consent").check()
    page.get_by_role("button", name="Send inspection").click()

    summary = page.locator("#main [role=alert]").first
    jumps = summary.get_by_role("button")
    # each unanswered item, the N/A without a reason, and the missing consent name
    assert jumps.count() == (items - 2) + 1 + 1, jumps.all_inner_texts()
    assert summary.inner_text().startswith(f"Not sent yet: {jumps.count()} things to fix.")
    nuisance = page.locator("fieldset[data-item='nuisance']")
    assert "say in the note why it does not apply" in nuisance.locator(".item-error").inner_text()
    assert nuisance.get_attribute("aria-invalid") == "true"
    assert page.locator("#entry .item-error").inner_text().startswith("Owner consent: enter the name")
    phone.check_accessibility("inspection form with errors")
    assert_glove_sized(phone, "inspection form with errors")
    phone.shot("14-validation-summary", top=True)

    jumps.filter(has_text="say in the note why").click()
    assert page.evaluate("document.activeElement.closest('fieldset[data-item]')?.dataset.item") == "nuisance"
    top = nuisance.bounding_box()["y"]
    assert 0 <= top < page.viewport_size["height"] / 2, top
    phone.shot("15-validation-jumped")

    nuisance.get_by_label("Note").fill("No neighbours within earshot: the pit is closed for the holiday")
    page.get_by_label("Name of the person who consented").fill("Ana Souza")
    send(phone)  # the rest answered Pass
    assert page.locator("[data-inspection]").count() == 1
