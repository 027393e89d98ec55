"""The daily accrual text's cases as `enrich` reads them from the record: a violation under no order says what
the town may do next and prints no amount; Day N counts every day recorded to date, not just the new ones;
an intent the job wrote before it named its violations is read from its offense dates."""

from __future__ import annotations

from backend.audit import acting_as
from backend.extensions import db
from tests.integration.enforcement.support_b import run_jobs
from tests.integration.sms.conftest import dispatch, new_violation, notifications, set_clock, twilio  # noqa: F401

CEDAR_PHONE = "+15085550104"  # Cedar Brook Homes Inc., Spanish


def accrual_texts(twilio_fake) -> list[str]:  # noqa: F811
    return [m["body"] for m in twilio_fake.sent_messages if m["to"] == CEDAR_PHONE and "Día" in m["body"]]


def test_a_violation_under_no_order_says_what_may_follow_and_counts_every_day(app, client, agent, twilio):  # noqa: F811
    new_violation(client, agent, observed_at="2026-04-03T09:00:00-04:00")
    run_jobs(app, "2026-04-05T07:00:00-04:00", "offense-days")  # catches up 04-03 to 04-05
    run_jobs(app, "2026-04-06T07:00:00-04:00", "offense-days")  # one new day: 04-06
    dispatch(app, set_clock(app, "2026-04-06T10:00:00-04:00"))
    texts = accrual_texts(twilio)
    assert len(texts) == 2, twilio.sent_messages
    assert texts[0].startswith("Carver: Día 3 de la infracción en Cedar Brook subdivision")
    assert texts[1].startswith("Carver: Día 4 de la infracción en Cedar Brook subdivision")  # not "day 1"
    for body in texts:
        assert ("Si continúa, el municipio puede ordenar que se detengan las obras y podría haber multas."
                in body)
        assert "$" not in body  # no order, no fine path: no amount is promised


def test_an_intent_written_before_the_job_named_its_violations_is_read_from_its_dates(
        app, client, agent, twilio):  # noqa: F811
    new_violation(client, agent, observed_at="2026-04-05T09:00:00-04:00")
    run_jobs(app, "2026-04-06T07:00:00-04:00", "offense-days")
    [row] = notifications("sms", "accrual.offense_days")
    with acting_as("test:legacy-intent"):
        payload = dict(row.payload)
        payload["violations"] = [{k: v for k, v in e.items() if k != "violation_id"}
                                 for e in payload["violations"]]
        row.payload = payload
        db.session.commit()
    dispatch(app, set_clock(app, "2026-04-06T10:00:00-04:00"))
    [body] = accrual_texts(twilio)
    assert body.startswith("Carver: Día 2 de la infracción en Cedar Brook subdivision")
