"""Lie-fi: a connection that answers nothing. The test proxy accepts every request and never answers; the app
says the server is not answering (not "offline"), shows Today's saved copy at once with its age, and when the
server answers again the queue, stuck behind hung requests, recovers by itself within 10 s. Timeouts are
short for the test (localStorage 'fe-timeouts'; above the worker's 1.5 s wait for a cached copy); the app's
own are 15 s per request, a probe every 5 s."""
from __future__ import annotations

import json
import time

import pytest

from tests.browser.records import count, jpeg, rows
from tests.browser.steps import add_photos, answer, logged_in, send, start_inspection, wait_sent

pytestmark = pytest.mark.browser
SHORT = {"request_ms": 3000, "upload_idle_ms": 3000, "read_retry_ms": 200, "probe_ms": 1000}
NOT_ANSWERING = "The server is not answering"


def test_a_hung_server_has_its_own_banner_and_the_queue_recovers_within_10_s_of_it_answering(
        live, phones, proxy):
    phone = logged_in(phones, live, "lie-fi", "agent")
    phone.context.add_init_script(f"localStorage.setItem('fe-timeouts', {json.dumps(json.dumps(SHORT))})")
    phone.page.reload()
    phone.heading("Today")
    phone.ready_offline()
    inspection_id = start_inspection(phone)
    answer(phone, "bond", "fail")
    add_photos(phone, jpeg("gate.jpg", (90, 60)))

    proxy.hang()
    send(phone)
    phone.page.get_by_text(NOT_ANSWERING).wait_for(timeout=8_000)
    assert "Offline:" not in phone.page.locator("#netstate").inner_text()
    assert [s for s in proxy.seen("POST", "/api/v1/inspections") if s.outcome == "hung"]
    started = time.time()
    phone.page.get_by_role("link", name="Today").click()
    phone.heading("Today")
    phone.page.get_by_text("Offline copy from").first.wait_for(timeout=5_000)
    assert time.time() - started < 5, "Today shows its saved copy at once"
    phone.shot("13-server-not-answering", top=True)
    phone.page.get_by_role("link", name="Sync").click()
    phone.heading("Sync")
    time.sleep(4)  # the queue's backoff grows while the server hangs

    back = time.time()
    proxy.online()
    wait_sent(phone, inspection_id, timeout_ms=10_000)
    assert time.time() - back < 10
    phone.page.get_by_text(NOT_ANSWERING).wait_for(state="detached", timeout=3_000)
    assert count(live, "Inspection") == 1 and count(live, "Photo") == 1
    assert rows(live, "Inspection")[0].status == "submitted"
