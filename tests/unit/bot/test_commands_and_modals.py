"""`/inspections` parsing and answers, and the schedule-review modal, against a recording fake (no I/O)."""
from __future__ import annotations

import datetime as dt

import pytest

from bot.deps import PhotoLine, ReviewContext, ReviewRequest
from bot.listeners.commands import answer, parse
from bot.listeners.common import Caller, identify
from bot.modals import ModalOrigin, photos_modal, read_schedule_review, schedule_review_modal
from tests.unit.bot.fakes import CARVER, MEMBER, FakeServices
from tests.unit.bot.snapshot import assert_snapshot

CALLER = Caller(CARVER, MEMBER, "T0CARVER", "U0ANA")


@pytest.mark.parametrize("text, expected", [
    ("site   Plymouth   St ", ("site", "Plymouth St")),
    ("VIOLATIONS", ("violations", "")),
    ("", ("", "")),
    ("fines " + "x" * 500, ("fines", "x" * 120)),
])
def test_the_subcommand_is_the_first_word_and_the_rest_is_a_bounded_query(text, expected):
    assert parse(text) == expected


def test_each_subcommand_asks_its_one_service_with_the_callers_town():
    fake = FakeServices()
    for text in ("site pit", "violations pit", "deadlines 7", "fines"):
        answer(fake.deps(), CALLER, text)
    assert fake.asked == [("sites", ("carver", "pit")), ("open_violations", ("carver", "pit")),
                          ("deadlines", ("carver", 7)), ("fines", ("carver", ""))]


@pytest.mark.parametrize("text", ["help", "", "delete everything", "site"])
def test_help_unknown_and_incomplete_subcommands_answer_the_usage_and_ask_nothing(text):
    fake = FakeServices()
    reply = answer(fake.deps(), CALLER, text)
    assert "/inspections site" in reply.blocks[-1]["text"]["text"] and fake.asked == []


def test_the_help_text_is_escaped_so_slack_reads_no_link_in_it():
    usage = answer(FakeServices().deps(), CALLER, "help").blocks[-1]["text"]["text"]
    assert "site &lt;name, address or map-lot&gt;" in usage and "<" not in usage and ">" not in usage


@pytest.mark.parametrize("days", ["0", "-3", "367", "seven", "1e3"])
def test_deadlines_refuses_a_bad_number_of_days(days):
    from bot.deps import Refused
    with pytest.raises(Refused, match="1 to 366"):
        answer(FakeServices().deps(), CALLER, f"deadlines {days}")


def test_answers_escape_record_text():
    reply = answer(FakeServices().deps(), CALLER, "violations")
    assert "Dug &lt;!here&gt;" in reply.blocks[0]["text"]["text"]


def test_an_unknown_workspace_or_an_unlinked_user_is_refused_by_name():
    fake = FakeServices()
    assert "not connected to a town" in identify(fake.deps(), "T0OTHER", "U0ANA").text
    refused = identify(fake.deps(), "T0CARVER", "U0STRANGER")
    assert "not linked to a board member of Town of Carver" in refused.text
    assert identify(fake.deps(), "T0CARVER", "U0ANA") == CALLER


def _state(meeting=1775685600, notified=1775491200, posted=None, yes=None, reason=None):
    def picker(value):
        return {"type": "datetimepicker", "selected_date_time": value}
    state = {"fe_meeting_at": {"fe_meeting_at": picker(meeting)},
             "fe_operator_notified_at": {"fe_operator_notified_at": picker(notified)},
             "fe_posted_at": {"fe_posted_at": picker(posted)},
             "fe_vote_yes": {"fe_vote_yes": {"type": "number_input", "value": yes}},
             "fe_override_reason": {"fe_override_reason": {"type": "plain_text_input", "value": reason}}}
    return state


def test_the_modal_state_becomes_a_review_request():
    request = read_schedule_review(_state(yes="5", reason="  storm closed Town Hall  "), "order-1")
    assert request == ReviewRequest("order-1", dt.datetime(2026, 4, 8, 22, 0, tzinfo=dt.UTC),
                                    dt.datetime(2026, 4, 6, 16, 0, tzinfo=dt.UTC), None, (5, 0, 0),
                                    "storm closed Town Hall")


@pytest.mark.parametrize("state, block", [
    (_state(meeting=None), "fe_meeting_at"),
    (_state(notified=None), "fe_operator_notified_at"),
    (_state(yes="4.5"), "fe_vote_yes"),
    (_state(yes="9"), "fe_vote_yes"),
    ({}, "fe_meeting_at"),
])
def test_missing_or_garbage_inputs_keep_the_modal_open_with_the_error_by_the_input(state, block):
    errors = read_schedule_review(state, "order-1")
    assert isinstance(errors, dict) and block in errors


def _with_place(remote: str) -> dict:
    def typed(value):
        return {"type": "plain_text_input", "value": value}
    return _state(yes="5") | {"fe_meeting_address": {"fe_meeting_address": typed(" Town Hall, 108 Main St ")},
                              "fe_meeting_room": {"fe_meeting_room": typed("Room 2")},
                              "fe_meeting_remote_url": {"fe_meeting_remote_url": typed(remote)}}


def test_the_meeting_place_is_read_and_a_remote_link_must_be_https():
    request = read_schedule_review(_with_place("https://meet.example.org/erc"), "order-1")
    assert isinstance(request, ReviewRequest)
    assert (request.address, request.room, request.remote_url) == (
        "Town Hall, 108 Main St", "Room 2", "https://meet.example.org/erc")
    errors = read_schedule_review(_with_place("http://meet.example.org/erc"), "order-1")
    assert errors == {"fe_meeting_remote_url": "Give an https:// link, or leave it empty."}


def test_the_modal_carries_its_origin_and_matches_its_snapshot():
    ctx = ReviewContext("order-1", "Plymouth St <gravel> pit", dt.datetime(2026, 4, 6, 14, 0, tzinfo=dt.UTC),
                        "CARVER-136-CD-REVIEW-7D", "~§ 136-9",
                        dt.datetime(2026, 4, 14, 3, 59, 59, tzinfo=dt.UTC))
    origin = ModalOrigin("order-1", "C0ERC", "1775484000.000100")
    view = schedule_review_modal(ctx, origin, "America/New_York")
    assert ModalOrigin.parse(view["private_metadata"]) == origin
    assert_snapshot("modal_schedule_review", view)


def test_the_photos_modal_shows_uploaded_thumbnails_and_says_which_are_pending():
    taken = dt.datetime(2026, 4, 6, 13, 5, tzinfo=dt.UTC)
    photos = [PhotoLine("p1", taken, 41.9021, -70.7651, "ab" * 32, True, "F000000001"),
              PhotoLine("p2", None, None, None, "cd" * 32, False)]
    assert_snapshot("modal_photos", photos_modal(photos, "America/New_York"))
