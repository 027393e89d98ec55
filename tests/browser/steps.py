"""What an agent does with the field app, as small steps (Playwright locators by role and label)."""
from __future__ import annotations

import re
from typing import Any

from tests.browser.phone import Phone
from tests.browser.records import PIT, PIT_PERMIT, inspection_id_from

RESULT = {"pass": "Pass", "fail": "Fail", "na": "N/A"}


def logged_in(phones: Any, live: Any, profile: str, role: str, board: str | None = None,
              town: str = "carver") -> Phone:
    """A phone (a fresh profile) with the demo account of that role logged in."""
    email, password = live.account(town, role, board)
    phone = phones.open(profile)
    phone.open()
    phone.log_in(email, password, town)
    return phone


def open_site(phone: Phone, site: str = PIT) -> None:
    phone.page.get_by_role("link", name=site).first.click()
    phone.heading(site)


def start_inspection(phone: Phone, site: str = PIT, permit: str = PIT_PERMIT) -> str:
    """From Today: open the site and start an inspection under the permit; returns the client UUID."""
    open_site(phone, site)
    phone.page.get_by_role("button", name=f"Inspect under {permit}").click()
    phone.page.get_by_role("heading", level=1, name=re.compile("^Inspection")).wait_for()
    return inspection_id_from(phone.page.url)


def answer(phone: Phone, item_id: str, result: str, note: str | None = None, **fields: Any) -> None:
    item = phone.page.locator(f"fieldset[data-item='{item_id}']")
    item.get_by_label(RESULT[result], exact=True).check()
    for name, value in fields.items():
        item.locator(f"[name='{name}']").fill(str(value))
    if note:
        item.get_by_label("Note").fill(note)


def add_photos(phone: Phone, *files: dict[str, Any]) -> None:
    page = phone.page
    for f in files:
        before = page.locator("#main figure.photo").count()
        page.get_by_label("Take or add a photo").set_input_files(f)
        page.locator("#main figure.photo").nth(before).wait_for()


ANSWER_THE_REST = """() => document.querySelectorAll('fieldset[data-item]').forEach((item) => {
    if (!item.querySelector('input[type=radio]:checked')) item.querySelector('input[value=pass]').click();
})"""


def send(phone: Phone, answer_the_rest: bool = True) -> None:
    """Send the inspection; every item not answered yet is answered Pass first, as the town requires every
    item answered (checklist_every_item_required)."""
    if answer_the_rest:
        phone.page.evaluate(ANSWER_THE_REST)
    phone.page.get_by_role("button", name="Send inspection").click()
    phone.heading("Sync")


def card(phone: Phone, inspection_id: str):  # type: ignore[no-untyped-def]
    return phone.page.locator(f"[data-inspection='{inspection_id}']")


def wait_sent(phone: Phone, inspection_id: str, timeout_ms: int = 20_000) -> None:
    card(phone, inspection_id).locator(".status", has_text=re.compile("^Sent")).wait_for(timeout=timeout_ms)
