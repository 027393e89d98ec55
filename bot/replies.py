"""Replies to `/inspections` and to buttons: ephemeral answers, refusals, acknowledgement receipts. Pure."""
from __future__ import annotations

from collections.abc import Sequence

from slack_sdk.models.blocks import Block

from bot.blocks import Rendered, context, md, render
from bot.deps import Acknowledgement, DeadlineLine, FineLine, SiteSummary, ViolationLine
from bot.ids import COMMAND
from bot.text import cite, dollars, esc, fit_lines, fmt_at, fmt_on, one_line, plural

MAX_ITEMS = 15
HELP = (
    f"*{COMMAND}* shows this town's records (only to you):\n"
    f"• `{COMMAND} site {esc('<name, address or map-lot>')}`: the site, its permits, open violations and "
    "orders\n"
    f"• `{COMMAND} violations [site]`: open violations, with the provision and citation\n"
    f"• `{COMMAND} deadlines [days]`: open deadlines due within N days (default 14)\n"
    f"• `{COMMAND} fines [site]`: days of continuing violations, proposed and issued citations, court maxima"
    "\n"
    f"• `{COMMAND} help`: this list"
)


def _rule(rule_id: str, citation: str) -> str:
    """The rule's citation as people write it; its id stays out of the text a person reads."""
    return esc(cite(citation, ""))


def help_reply(note: str | None = None) -> Rendered:
    """The usage (HELP escapes its `<name, address or map-lot>`: Slack would read raw `<…>` as a link)."""
    blocks: list[Block] = [md(esc(note)), md(HELP)] if note else [md(HELP)]
    usage = f"Usage: {COMMAND} site|violations|deadlines|fines|help"
    return render(blocks, esc(f"{note} {usage}" if note else usage))


def refusal(message: str, rule_id: str | None = None) -> Rendered:
    """The refusal in words; the rule id (for support) stays in the refusal's detail, not in the reply."""
    text = f"Not done: {message}"
    return render([md(f"🚫 {esc(text)}")], esc(text))


def _listing(title: str, lines: Sequence[str], total: int, empty: str) -> Rendered:
    head = f"*{esc(title)}*\n"
    text = fit_lines(head, list(lines[:MAX_ITEMS]), total) if lines else head + esc(empty)
    return render([md(text)], esc(f"{title}: {total} found") if total else esc(empty))


def _deadline(d: DeadlineLine) -> str:
    binds = f", {esc(d.binds)}" if d.binds else ""
    return f"{fmt_on(d.due_on)}: {one_line(d.label, 200)} ({_rule(d.rule_id, d.citation)}{binds})"


def _site(s: SiteSummary) -> str:
    lot = f", {one_line(s.map_lot)}" if s.map_lot else ""
    permits = ", ".join(one_line(p) for p in s.permits) or "none"
    orders = ", ".join(one_line(o) for o in s.active_orders) or "none"
    nxt = _deadline(s.next_deadline) if s.next_deadline else "none open"
    return (f"*{one_line(s.name)}*: {one_line(s.address)}{lot}\nPermits: {permits}\n"
            f"Open violations: {s.open_violations} · Active orders: {orders}\nNext deadline: {nxt}")


def sites_reply(query: str, sites: Sequence[SiteSummary]) -> Rendered:
    if not sites:
        return render([md(f"No site in this town matches “{one_line(query, 80)}”.")],
                      esc(f"No site matches {query[:80]}"))
    blocks: list[Block] = [md(_site(s)) for s in sites[:5]]
    if len(sites) > 5:
        blocks.append(context(f"{len(sites) - 5} more match; narrow the search."))
    return render(blocks, esc(f"{plural(len(sites), 'site')} found for {query[:80]}"))


def violations_reply(items: Sequence[ViolationLine], tz: str) -> Rendered:
    lines = [f"• {one_line(v.site)}: {_rule(v.rule_id, v.citation)}: {one_line(v.description, 200)} "
             f"({esc(v.status)}, observed {fmt_at(v.observed_at, tz)})" for v in items]
    return _listing("Open violations", lines, len(items), "No open violations.")


def deadlines_reply(items: Sequence[DeadlineLine], days: int) -> Rendered:
    lines = [f"• {one_line(d.site)}: {_deadline(d)}" for d in items]
    empty = f"No open deadline within {days} days."
    return _listing(f"Deadlines due within {days} days", lines, len(items), empty)


def fines_reply(items: Sequence[FineLine]) -> Rendered:
    lines = []
    for f in items:
        amount = (f"court maximum {dollars(f.amount_cents)} (exposure, not a debt)" if f.path == "criminal"
                  else f"citations {dollars(f.amount_cents)}")
        note = f"; {one_line(f.note, 200)}" if f.note else ""
        lines.append(f"• {one_line(f.site)}: {_rule(f.rule_id, f.citation)}: {esc(f.path)}, "
                     f"{plural(f.offense_days, 'day')} it continued, {f.proposed} proposed / {f.issued} "
                     "issued, "
                     f"{amount}{note}")
    return _listing("Fines and days of continuing violations", lines, len(items),
                    "No days of continuing violations recorded.")


def acknowledged(ack: Acknowledgement, tz: str) -> Rendered:
    if not ack.first:
        text = f"You already acknowledged this alert at {fmt_at(ack.at, tz)}."
        return render([md(esc(text))], esc(text))
    text = f"✅ Acknowledged by {ack.by} at {fmt_at(ack.at, tz)}."
    return render([context(esc(text))], esc(text))
