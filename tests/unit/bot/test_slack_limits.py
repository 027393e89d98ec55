"""Slack's mrkdwn rules and size limits (issue 18 item 9): help text that shows angle brackets escapes them
(Slack would read `<name, address or map-lot>` as a link), and a digest section too long for Slack's 3,000
characters drops whole lines, never its "…and N more" line."""

from __future__ import annotations

import datetime as dt
import re

from bot.deps import ViolationLine
from bot.digest import daily_digest
from bot.messages import DailyDigest, DigestViolation, RuleRef
from bot.replies import HELP, help_reply, violations_reply
from bot.text import SECTION_LIMIT, fit_lines

UNESCAPED = re.compile(r"<(?![@#!]|https?://|mailto:)[^>]*>")


def test_the_help_text_escapes_its_angle_brackets():
    assert "&lt;name, address or map-lot&gt;" in HELP
    for block in help_reply("`site` needs part of a site's name, address or map-lot.").blocks:
        assert not UNESCAPED.search(block["text"]["text"]), block["text"]["text"]


def long_violation(n: int) -> DigestViolation:
    return DigestViolation(
        f"Site {n} " + "x" * 150, RuleRef("CARVER-247-CONTROLS", "~§ 247-7B(7)"), "y" * 300
    )


def digest(count: int) -> DailyDigest:
    return DailyDigest(
        authority="Carver Planning Board",
        town="Carver",
        on=dt.date(2026, 4, 7),
        new_violations=tuple(long_violation(n) for n in range(count)),
        offense_days=(),
        citations_to_issue=(),
        deadlines=(),
        undelivered_sms=(),
        audit_seq=1,
        audit_head="0" * 64,
    )


def section(rendered, title: str) -> str:
    return next(
        b["text"]["text"] for b in rendered.blocks if b.get("text", {}).get("text", "").startswith(title)
    )


def test_a_digest_section_over_slacks_limit_keeps_its_count_line():
    text = section(daily_digest(digest(40)), "*New violations* (40)")
    assert len(text) <= SECTION_LIMIT
    shown = text.count("\n• ")
    assert 0 < shown < 10, "the section had to drop lines to fit"
    assert text.endswith(f"…and {40 - shown} more (see the web app)")
    assert not text.endswith("…" + "y")  # not clipped mid-line


def test_a_short_digest_section_lists_every_line_without_a_count():
    text = section(daily_digest(digest(2)), "*New violations* (2)")
    assert text.count("\n• ") == 2 and "more (see the web app)" not in text


def test_fit_lines_counts_what_it_leaves_out():
    lines = [f"• line {n} " + "z" * 40 for n in range(10)]
    assert fit_lines("*T*\n", lines, 10, limit=10_000).count("\n") == 10
    cut = fit_lines("*T*\n", lines, 25, limit=200)
    assert len(cut) <= 200 and cut.endswith(f"…and {25 - cut.count('• ')} more (see the web app)")


def test_a_long_reply_listing_keeps_its_count_line():
    at = dt.datetime(2026, 4, 6, 13, tzinfo=dt.UTC)
    items = [
        ViolationLine(f"Site {n}", "CARVER-247-CONTROLS", "~§ 247-7B(7)", "d" * 190, "open", at)
        for n in range(14)
    ]
    text = violations_reply(items, "America/New_York").blocks[0]["text"]["text"]
    shown = text.count("\n• ")
    assert len(text) <= SECTION_LIMIT and shown < 14
    assert text.endswith(f"…and {14 - shown} more (see the web app)")
