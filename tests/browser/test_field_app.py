"""The agent's day in a real browser: file an inspection with photos, see the violation it opened; and with
no signal at all, file one that survives closing the browser and reaches the server once, after the signal
is back. Lost answers, expired sessions and refused photos never lose or duplicate anything."""
from __future__ import annotations

import datetime as dt
import time

import pytest

from tests.browser.records import PIT, count, jpeg, rows, task_for
from tests.browser.steps import add_photos, answer, card, send, start_inspection, wait_sent

pytestmark = pytest.mark.browser
# 100 ft east of the pit's wetland, give or take 30 m: the phone cannot tell which side of the line it is on
ON_THE_100_FT_LINE = {"latitude": 41.9020, "longitude": -70.76618, "accuracy": 30}
KEPT_BLOBS = """() => new Promise((resolve, reject) => {
    const open = indexedDB.open('fieldapp');
    open.onsuccess = () => {
        const req = open.result.transaction('photos').objectStore('photos').getAll();
        req.onsuccess = () => resolve(req.result.filter((p) => p.blob).length);
        req.onerror = () => reject(req.error);
    };
})"""


def test_an_agent_files_an_inspection_with_two_photos_and_a_failed_item_and_sees_the_violation(live, phones):
    email, password = live.account("carver", "agent")
    task_for(live, email, PIT)
    phone = phones.open("agent")
    phone.open()
    phone.heading("Log in")
    phone.check_accessibility("log in")
    phone.shot("01-login")
    phone.log_in(email, password, "carver")
    phone.heading("Today")
    due = phone.page.get_by_role("region", name="Due within 7 days")
    due.get_by_text("Task: Complaint").wait_for()
    assert due.get_by_role("link").first.inner_text() == PIT, "nearest site first"
    phone.check_accessibility("today")
    phone.shot("02-today")

    inspection_id = start_inspection(phone)
    answer(phone, "buffer-50ft", "fail", note="Excavation 12 ft from the east line",
           nearest_disturbance_ft=12)
    answer(phone, "bond", "pass")
    add_photos(phone, jpeg("east-line.jpg", (120, 90)), jpeg("stockpile.jpg", (96, 64)))
    phone.check_accessibility("inspection form")
    phone.page.locator("fieldset[data-item='buffer-50ft']").scroll_into_view_if_needed()
    phone.shot("03-inspection")
    send(phone)
    wait_sent(phone, inspection_id)
    facts = card(phone, inspection_id)
    assert facts.locator(".provenance").all_text_contents() == ["the phone, at capture"] * 2
    assert facts.locator(".decision").inner_text().startswith("The server opened 1 violation (~§ 136-7C)")
    assert all(z for z in facts.locator(".zone").all_inner_texts())
    assert all("stored on the server exactly as taken" in f
               for f in facts.locator(".fixity").all_inner_texts())
    assert phone.page.evaluate(KEPT_BLOBS) == 0, "verified originals are released from the phone"
    phone.check_accessibility("sync")
    phone.shot("04-sync-sent")

    [stored] = rows(live, "Inspection", id=_uuid(inspection_id))
    assert stored.status == "submitted" and stored.entry_basis == "permit_on_file"
    photos = rows(live, "Photo", inspection_id=stored.id)
    assert len(photos) == 2 and {p.provenance for p in photos} == {"device"}
    assert all((round(p.lat, 6), round(p.lon, 6), p.accuracy_m) == (41.90205, -70.7651, 8) for p in photos)
    assert all(p.meta["received"]["digests_verified"] == ["sha-256"] for p in photos), "the phone's hash"
    [violation] = rows(live, "Violation", inspection_id=stored.id)
    assert violation.provision == "CARVER-136-BUFFER-50FT" and violation.status == "open"
    assert len(rows(live, "ViolationPhoto", violation_id=violation.id)) == 2

    facts.get_by_role("link", name="See the site and its violations").click()
    phone.heading(PIT)
    phone.page.get_by_role("region", name="Open violations").get_by_text("~§ 136-7C").wait_for()
    assert "CARVER-136" not in phone.page.locator("#main").inner_text(), "no rule id shown to a person"
    phone.page.get_by_role("img", name="Evidence photo 2").wait_for()  # the violation's photos on the site
    phone.page.get_by_role("heading", name="Open violations").scroll_into_view_if_needed()
    phone.shot("05-site-with-violation")
    phone.check_accessibility("site")


def test_an_inspection_filed_with_no_signal_survives_closing_the_browser_and_arrives_once_after_the_signal(
        live, phones, proxy):
    email, password = live.account("carver", "agent")
    phone = phones.open("bog")
    phone.open()
    phone.log_in(email, password, "carver")
    phone.heading("Today")
    phone.ready_offline()

    proxy.offline()
    phone.offline()
    phone.page.reload()
    phone.heading("Today")
    inspection_id = start_inspection(phone)
    answer(phone, "nuisance", "fail", note="Dust over Plymouth St; no water truck")
    add_photos(phone, jpeg("dust.jpg", (100, 80)))
    send(phone)
    card(phone, inspection_id).get_by_text("Waiting to send").wait_for()
    phone.shot("06-sync-offline", top=True)
    phone.close()
    assert count(live, "Inspection") == 0 and count(live, "Photo") == 0

    phone = phones.open("bog")
    phone.offline()
    phone.open("#/queue")
    phone.heading("Sync")
    card(phone, inspection_id).get_by_text("Waiting to send").wait_for()
    assert proxy.seen("POST", "/api/v1/inspections") == []

    back_online = time.time()
    proxy.online()
    phone.online()
    wait_sent(phone, inspection_id)
    [stored] = rows(live, "Inspection")
    [photo] = rows(live, "Photo")
    assert str(stored.id) == inspection_id and stored.status == "submitted"
    assert photo.inspection_id == stored.id
    switched = dt.datetime.fromtimestamp(back_online, dt.UTC)
    assert stored.created_at >= switched and photo.created_at >= switched and stored.submitted_at >= switched
    sent = [s for s in proxy.log if s.path.startswith("/api/v1/inspections") and s.outcome == "forwarded"]
    assert [s.method for s in sent] == ["POST", "PUT", "POST"] and all(s.at >= back_online for s in sent)


def test_a_lost_answer_is_retried_without_a_second_copy(live, phones, proxy):
    email, password = live.account("carver", "agent")
    phone = phones.open("flaky", geolocation=ON_THE_100_FT_LINE)
    phone.page.on("dialog", lambda d: d.accept())  # ±30 m is worse than the town's 10 m: use the photo anyway
    phone.open()
    phone.log_in(email, password, "carver")
    phone.heading("Today")
    proxy.lose_next_response("POST", "/api/v1/inspections")
    proxy.lose_next_response("PUT", "/api/v1/inspections/")
    inspection_id = start_inspection(phone)
    answer(phone, "bond", "fail")
    add_photos(phone, jpeg("gate.jpg", (90, 60)))
    send(phone)
    wait_sent(phone, inspection_id, timeout_ms=30_000)
    assert [s.outcome for s in proxy.seen("POST", "/api/v1/inspections")][:2] == ["answer_lost", "forwarded"]
    assert [s.outcome for s in proxy.seen("PUT", "/api/v1/inspections/")] == ["answer_lost", "forwarded"]
    assert count(live, "Inspection") == 1 and count(live, "Photo") == 1
    assert rows(live, "Inspection")[0].status == "submitted"
    zone = card(phone, inspection_id).locator(".zone")
    assert zone.inner_text().startswith("indeterminate"), zone.inner_text()
    zone.scroll_into_view_if_needed()
    phone.shot("12-zone-indeterminate")


def test_an_expired_session_pauses_sending_and_keeps_the_queue_until_the_agent_logs_in_again(
        live, phones, proxy):
    from tests.browser.records import revoke_tokens
    email, password = live.account("carver", "agent")
    phone = phones.open("expired")
    phone.open()
    phone.log_in(email, password, "carver")
    phone.heading("Today")
    phone.ready_offline()
    proxy.offline()
    phone.offline()
    inspection_id = start_inspection(phone)
    answer(phone, "bond", "pass")
    send(phone)
    revoke_tokens(live, email)
    proxy.online()
    phone.online()
    phone.page.get_by_text("Your session has ended").wait_for()
    phone.page.get_by_text("Sending is paused until you").wait_for()
    card(phone, inspection_id).get_by_text("Waiting to send").wait_for()
    phone.shot("07-session-ended", top=True)
    assert count(live, "Inspection") == 0

    phone.page.get_by_role("link", name="Log in again").first.click()
    phone.heading("Log in")
    assert phone.page.get_by_label("Email").input_value() == email
    phone.page.get_by_label("Password").fill(password)
    phone.page.get_by_role("button", name="Log in").click()
    phone.page.get_by_role("link", name="Sync").click()
    wait_sent(phone, inspection_id)
    assert count(live, "Inspection") == 1


def test_an_unknown_ceased_date_and_a_refused_photo_are_filed_as_they_are(live, phones):
    """The stabilization item takes "unknown" for the date activity ceased; a file that is not a photo is
    refused with the server's reason while the inspection itself is filed."""
    from tests.browser.records import not_an_image
    email, password = live.account("carver", "agent")
    phone = phones.open("refused")
    phone.open()
    phone.log_in(email, password, "carver")
    phone.heading("Today")
    inspection_id = start_inspection(phone, "Cedar Brook subdivision", "LDP-2026-02")
    answer(phone, "stabilization", "fail")
    phone.page.get_by_role("button", name="Send inspection").click()
    phone.page.get_by_role("alert").get_by_text("is required when the answer is fail").first.wait_for()
    stabilization = phone.page.locator("fieldset[data-item='stabilization']")
    stabilization.locator("[name='portion']").fill("lots 4-9")
    stabilization.get_by_label("Unknown").check()
    assert stabilization.locator("[name='ceased_on']").is_disabled()
    phone.page.get_by_label("Take or add a photo").set_input_files(not_an_image("list.jpg"))
    phone.page.locator("#main figure.photo").first.wait_for()
    send(phone)
    wait_sent(phone, inspection_id)
    refused = card(phone, inspection_id).locator("[data-job='photo']")
    refused.get_by_text("refused (422)").wait_for()
    assert "image" in refused.inner_text().lower()
    assert card(phone, inspection_id).get_by_role("button", name="Try photo 1 again").is_visible()
    refused.scroll_into_view_if_needed()
    phone.shot("08-photo-refused")

    assert count(live, "Photo") == 0 and rows(live, "Inspection")[0].status == "submitted"
    [response] = rows(live, "ChecklistResponse", item_id="stabilization")
    assert (response.answer, response.ceased_on) == ("fail", None)
    assert response.data == {"portion": "lots 4-9", "ceased_on": "unknown"}
    [evaluation] = rows(live, "InspectionEvaluation")
    assert "CEASED-DATE-UNKNOWN" in evaluation.flags


def _uuid(text: str):  # type: ignore[no-untyped-def]
    import uuid
    return uuid.UUID(text)


def test_an_inspection_the_server_refuses_goes_back_to_the_agent_to_correct_and_send_again(live, phones):
    """A refusal of the record itself (here a warrant number longer than the server keeps) reopens the draft
    with the server's words; its photo stays on the phone and the corrected inspection is filed once."""
    email, password = live.account("carver", "agent")
    phone = phones.open("corrects")
    phone.open()
    phone.log_in(email, password, "carver")
    phone.heading("Today")
    inspection_id = start_inspection(phone)
    phone.page.get_by_label("Warrant", exact=True).check()
    phone.page.get_by_label("Warrant number").fill("SW-2026-" + "0" * 60)
    answer(phone, "bond", "pass")
    add_photos(phone, jpeg("gate.jpg", (100, 75)))
    send(phone)
    mine = card(phone, inspection_id)
    mine.locator(".status", has_text="Refused by the server").wait_for(timeout=20_000)
    assert rows(live, "Inspection", id=_uuid(inspection_id)) == []
    mine.get_by_role("button", name="Edit and send again").click()
    refusal = phone.page.locator("#refusal")
    refusal.wait_for()
    assert "warrant_number" in refusal.inner_text()
    assert phone.page.locator("#main figure.photo").count() == 1, "the photo is still on the phone"
    phone.page.get_by_label("Warrant number").fill("SW-2026-0412")
    send(phone)
    wait_sent(phone, inspection_id)
    [stored] = rows(live, "Inspection", id=_uuid(inspection_id))
    assert (stored.entry_basis, stored.warrant_number) == ("warrant", "SW-2026-0412")
    assert stored.status == "submitted"
    assert len(rows(live, "Photo", inspection_id=stored.id)) == 1
    assert card(phone, inspection_id).get_by_role("button", name="Edit and send again").count() == 0
