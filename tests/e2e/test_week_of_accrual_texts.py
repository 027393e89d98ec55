"""A week of daily accrual texts with a controlled clock: the Earth Removal Committee finds earth
removed within 50 ft of the line at the Plymouth St gravel pit on the morning of 2026-04-06 and issues a
cease-and-desist on the criminal path; the operator keeps on. Each morning's run records the day and texts
the operator (through the fake Twilio, in the day, not in quiet hours) the running count and the court
maximum so far: "Day 1 …: up to $100 so far (court maximum)" to "Day 7 …: up to $700 so far", in English or
in Spanish. All seven texts, the violation notice and the order's text carry ONE link, which opens the
operator's notice page; the link does not expire while the case is open."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from backend.audit import acting_as
from backend.extensions import db
from backend.models.sms import ShortLink
from tests.integration.enforcement.support_a import ERC_VOTE, site_and_permit
from tests.integration.enforcement.support_b import at, outbox, party, run_jobs
from tests.integration.sms.conftest import PUBLIC, dispatch, twilio  # noqa: F401 - `twilio` is a fixture

OPERATOR, NUMBER = "South Shore Sand & Gravel LLC", "+15085550102"
FIRST = dt.date(2026, 4, 6)
LINK = re.compile(re.escape(PUBLIC) + r"/n/[A-Za-z0-9_-]{10}")
EXPECTED = {  # day n: the words of the running total, in the operator's language
    "en": "Day {n} of the violation at Plymouth St gravel pit (bylaw § 136-7C): up to ${n}00 so far (court "
          "maximum).",
    "es": "Día {n} de la infracción en Plymouth St gravel pit (reglamento § 136-7C): hasta ${n}00 a la fecha "
          "(máximo de un tribunal).",
}


def clock(app, iso: str) -> None:
    db.session.commit()
    app.extensions["clock"].at = at(iso)


def found_and_ordered(app, client, world, language: str) -> dict:
    """The violation found at 06:00 on 04-06 (texted to the operator at once) and the criminal-path order."""
    with acting_as("test:language"):
        party(OPERATOR).language = language
        db.session.commit()
    clock(app, "2026-04-06T06:30:00-04:00")
    erc = world.headers("carver", "board_member", "earth")
    pit, permit = site_and_permit(client, erc, "gravel")
    violation = client.post("/api/v1/violations", headers=erc, json={
        "site_id": pit["id"], "permit_id": permit["id"], "offender_id": permit["operator_id"],
        "chapter": "CARVER-136", "provision": "CARVER-136-BUFFER-50FT",
        "description": "Earth removed within 50 ft of the property line",
        "observed_at": "2026-04-06T06:00:00-04:00"})
    assert violation.status_code == 201, violation.json
    order = client.post("/api/v1/orders", headers=erc, json={
        "site_id": pit["id"], "kind": "cease_and_desist", "chapter": "CARVER-136",
        "violation_ids": [violation.json["id"]], "text": "Cease all removal at once.",
        "fine_path": "criminal"})
    assert order.status_code == 201, order.json
    issued = client.post(f"/api/v1/orders/{order.json['id']}/issue", headers=erc, json={
        "at": "2026-04-06T06:30:00-04:00", "fine_path": "criminal", "authorization": ERC_VOTE})
    assert issued.status_code == 200, issued.json
    return violation.json


def a_week_of_mornings(app) -> None:
    """Each morning the jobs run at 07:00 and the outbox sends at 09:00 (the texts wait out quiet hours)."""
    day = FIRST
    while day < FIRST + dt.timedelta(days=7):
        run_jobs(app, f"{day.isoformat()}T07:00:00-04:00", "offense-days")
        dispatch(app, at(f"{day.isoformat()}T09:00:00-04:00"))
        day += dt.timedelta(days=1)


def links_in(body: str) -> list[str]:
    return LINK.findall(body)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_week_of_accrual_texts_counts_up_to_the_court_maximum_with_one_link(
        app, client, world, twilio, language):  # noqa: F811 - the fixture imported above
    found_and_ordered(app, client, world, language)
    a_week_of_mornings(app)

    rows = outbox("sms", "accrual.offense_days")
    assert [r.payload["day"] for r in rows] == [(FIRST + dt.timedelta(days=i)).isoformat() for i in range(7)]
    assert {r.recipient for r in rows} == {NUMBER}
    sent = [m["body"] for m in twilio.sent_messages if m["to"] == NUMBER]
    days = [b for b in sent if "Plymouth St gravel pit" in b and ("so far" in b or "a la fecha" in b)]
    assert len(days) == 7, sent
    for n, body in enumerate(days, start=1):  # sent in order, one a morning, each with its running total
        assert EXPECTED[language].format(n=n) in body, (n, body)
        assert "offense" not in body.lower() and "~§" not in body and "CARVER-" not in body
    assert [r.payload["sms"]["cases"][0]["max_cents"] for r in rows] == [n * 10000 for n in range(1, 8)]

    # one link for the whole case: the week's texts, the violation notice and the order's text
    notice = [b for b in sent if b not in days]
    assert len(notice) >= 2, sent  # the violation notice at 06:30 and the order's text at 06:30
    week_links = {url for body in days for url in links_in(body)}
    every_link = {url for body in sent for url in links_in(body)}
    assert len(week_links) == 1 and every_link == week_links, (week_links, every_link)
    [url] = week_links
    link = db.session.get(ShortLink, url.rsplit("/", 1)[1])
    assert link is not None and link.expires_at is None  # it lasts while the case is open
    assert link.case_key is not None and link.case_key.startswith("order:")
    assert db.session.query(ShortLink).filter(ShortLink.party_id == party(OPERATOR).id).count() == 1

    page = client.get(url.removeprefix(PUBLIC), headers={"Accept-Language": language})
    assert page.status_code == 200
    assert "Plymouth St gravel pit" in page.get_data(as_text=True)

    print(f"\n[{language}] day 1: {days[0]}\n[{language}] day 7: {days[-1]}")
