"""Block Kit for the daily digest of one board: what happened yesterday and what is due this week."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, TypeVar

from slack_sdk.models.blocks import Block

from bot.blocks import Rendered, context, divider, header, md, render, rule_label
from bot.messages import (
    DailyDigest,
    DigestCitation,
    DigestDeadline,
    DigestOffenses,
    DigestUndelivered,
    DigestViolation,
)
from bot.text import cite, dollars, esc, fit_lines, fmt_on, one_line, plural

T = TypeVar("T")
MAX_LINES = 10


def _section(title: str, items: Sequence[T], line: Callable[[T], str]) -> Block:
    """The section's lines up to MAX_LINES and Slack's 3,000 characters, keeping the "…and N more" line."""
    head = f"*{title}* ({len(items)})\n"
    if not items:
        return md(head + "none")
    return md(fit_lines(head, [f"• {line(item)}" for item in items[:MAX_LINES]], len(items)))


def _violation(v: DigestViolation, town: str) -> str:
    return f"{one_line(v.site)}: {one_line(v.description, 200)} ({rule_label(v.rule, town)})"


def _offenses(o: DigestOffenses, town: str) -> str:
    return f"{one_line(o.site)}: {plural(o.days, 'day')} it continued ({rule_label(o.rule, town)})"


def _citation(c: DigestCitation, town: str) -> str:
    amount = dollars(c.amount_cents)
    return f"{one_line(c.site)}: {amount}, issued by the {one_line(c.issuer)} ({rule_label(c.rule, town)})"


def _deadline(d: DigestDeadline, town: str) -> str:
    return f"{fmt_on(d.due_on)}: {one_line(d.site)}: {one_line(d.label, 200)} ({rule_label(d.rule, town)})"


def _undelivered(u: DigestUndelivered) -> str:
    return (f"{one_line(u.recipient)}: {one_line(u.what)} did not arrive, {one_line(u.error)}: send the "
            "notice by mail")


def daily_digest(digest: DailyDigest) -> Rendered:
    town = digest.town
    blocks: list[Block] = [
        header("🗂 Daily digest"),
        md(f"*{one_line(digest.authority)}* · {one_line(digest.town)} · {fmt_on(digest.on)}"),
        _section("New violations", digest.new_violations, partial(_violation, town=town)),
        _section("Continuing violations: days recorded", digest.offense_days, partial(_offenses, town=town)),
        _section("Citations to issue", digest.citations_to_issue, partial(_citation, town=town)),
        _section("Deadlines in the next 7 days", digest.deadlines, partial(_deadline, town=town)),
        _section("SMS not delivered: notice goes by mail", digest.undelivered_sms, _undelivered),
        divider(),
        context(f"Audit chain head: event {digest.audit_seq}, HMAC `{esc(digest.audit_head[:16])}…`. "
                "Keep it with the minutes: if a record from before now is ever altered, the chain no longer "
                "verifies up to this head."),
    ]
    days = sum(o.days for o in digest.offense_days)
    items: list[Any] = [*digest.new_violations, *digest.offense_days, *digest.citations_to_issue,
                        *digest.deadlines]
    cited = list(dict.fromkeys(cite(i.rule.citation, digest.town) for i in items))
    named = f" Under {'; '.join(cited[:8])}{'; …' if len(cited) > 8 else ''}." if cited else ""
    text = (f"Daily digest for {digest.authority}, {fmt_on(digest.on)}. "  # short sentences: read on a phone
            f"New violations: {len(digest.new_violations)}. "
            f"Days of continuing violations: {days}. "
            f"Citations to issue: {len(digest.citations_to_issue)}. "
            f"Deadlines in the next 7 days: {len(digest.deadlines)}. "
            f"Texts not delivered (serve by mail): {len(digest.undelivered_sms)}.{named}")
    return render(blocks, esc(text))
