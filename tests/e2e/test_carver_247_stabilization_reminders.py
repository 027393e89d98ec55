"""Carver ch. 247's 14-day stabilization clock (~§ 247-7B(12)) with a controlled clock: activity ceased on
lots 4-9 of Cedar Brook on 2026-04-01, so the disturbed portion must be stabilized by 2026-04-15. The
Planning Board's channel and the permittee are reminded 7, 2 and 0 days ahead, each reminder naming what to
do (stabilize the disturbed portion) and where (lots 4-9), in the permittee's language, with every day
count taken from the job's own day: the same words whether the mornings ran one by one or in one catch-up
run days later."""

from __future__ import annotations

import datetime as dt

import pytest

from backend.audit import acting_as
from backend.extensions import db
from backend.notifications.kinds import stabilization_reminder
from tests.integration.enforcement.support_a import STABILIZATION_FAIL, site_and_permit, submit
from tests.integration.enforcement.support_b import at, outbox, party, run_jobs
from tests.integration.sms.conftest import dispatch, twilio  # noqa: F401 - `twilio` is a fixture

PERMITTEE = "Cedar Brook Homes Inc."
EXPECTED = {
    "en": ["stabilize the disturbed portion (lots 4-9) at Cedar Brook subdivision: 7 days left, by "
           "Apr 15, 2026",
           "stabilize the disturbed portion (lots 4-9) at Cedar Brook subdivision: 2 days left, by "
           "Apr 15, 2026",
           "stabilize the disturbed portion (lots 4-9) at Cedar Brook subdivision is due TODAY, "
           "Apr 15, 2026"],
    "es": ["estabilizar la parte alterada (lots 4-9) en Cedar Brook subdivision: quedan 7 días, hasta el "
           "15 abr 2026",
           "estabilizar la parte alterada (lots 4-9) en Cedar Brook subdivision: quedan 2 días, hasta el "
           "15 abr 2026",
           "estabilizar la parte alterada (lots 4-9) en Cedar Brook subdivision vence HOY, 15 abr 2026"],
}
BOARD_HEADERS = ["⏳ Stabilization due in 7 days", "⏳ Stabilization due in 2 days",
                 "⏳ Stabilization due today"]


def ceased_on_lots_4_to_9(app, client, world, language: str) -> None:
    with acting_as("test:language"):
        party(PERMITTEE).language = language
        db.session.commit()
    app.extensions["clock"].at = at("2026-04-06T10:00:00-04:00")
    agent = world.headers("carver", "agent")
    cedar, permit = site_and_permit(client, agent, "Cedar")
    _, submitted = submit(client, agent, cedar, permit, [STABILIZATION_FAIL])
    assert submitted.status_code == 200, submitted.json


def mornings_one_by_one(app) -> None:
    day = dt.date(2026, 4, 6)
    while day <= dt.date(2026, 4, 15):
        run_jobs(app, f"{day.isoformat()}T07:00:00-04:00", "reminders")
        day += dt.timedelta(days=1)


def one_catch_up_run(app) -> None:
    """Nobody ran the jobs for ten days; on the morning of 04-16 they are caught up in one command."""
    db.session.commit()
    app.extensions["clock"].at = at("2026-04-16T08:00:00-04:00")
    result = app.test_cli_runner().invoke(args=["jobs", "run-due", "--as-of", "2026-04-06T07:00:00-04:00",
                                                "--through", "2026-04-15", "--job", "reminders"])
    assert result.exit_code == 0, result.output + repr(result.exception)
    assert result.output.count("reminders: ok") == 10  # one run a day, 04-06 to 04-15
    db.session.expire_all()


def board_headers() -> list[str]:
    rows = sorted(outbox("slack", "reminder.stabilization"), key=lambda n: -n.payload["days_left"])
    kind = stabilization_reminder.KIND
    assert kind.slack is not None and kind.resolve is not None
    return [kind.slack(kind.resolve(row))[1][0]["text"]["text"] for row in rows]  # type: ignore[index]


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("run", [mornings_one_by_one, one_catch_up_run], ids=["daily", "catch-up"])
def test_the_board_and_the_permittee_are_reminded_7_2_and_0_days_ahead_naming_what_and_where(
        app, client, world, twilio, language, run):  # noqa: F811 - the fixture imported above
    ceased_on_lots_4_to_9(app, client, world, language)
    run(app)

    sms = sorted(outbox("sms", "reminder.stabilization"), key=lambda n: -n.payload["days_left"])
    assert [(n.payload["days_left"], n.payload["as_of"][:10]) for n in sms] == [
        (7, "2026-04-08"), (2, "2026-04-13"), (0, "2026-04-15")]  # each counted from its own day
    assert {n.recipient for n in sms} == {"+15085550104"}  # the permittee the clock binds
    assert board_headers() == BOARD_HEADERS  # the Planning Board's channel, all three times

    dispatch(app, at("2026-04-16T10:00:00-04:00"))  # texts go out in the day, not in quiet hours
    bodies = [m["body"] for m in twilio.sent_messages if "(lots 4-9)" in m["body"]]
    assert len(bodies) == 3
    for expected in EXPECTED[language]:
        assert sum(expected in body for body in bodies) == 1, (expected, bodies)
    assert not any("14 day" in body or "13 día" in body for body in bodies)


def test_a_catch_up_is_bounded_and_never_runs_backwards(app):
    runner = app.test_cli_runner()
    backwards = runner.invoke(args=["jobs", "run-due", "--as-of", "2026-04-10T07:00:00-04:00",
                                    "--through", "2026-04-09"])
    assert backwards.exit_code == 2 and "before the --as-of date" in backwards.output
    too_long = runner.invoke(args=["jobs", "run-due", "--as-of", "2026-04-10T07:00:00-04:00",
                                   "--through", "2027-05-01"])
    assert too_long.exit_code == 2 and "at most 366 days" in too_long.output
