"""Block Kit for the board messages: pure functions from a message dataclass to `Rendered(blocks, text)`.

Each message has a plain-text fallback (`text`: notifications, screen readers, clients without blocks) that
says the same essentials. All record text is escaped (`bot.text.esc`); every message names its citations as
people write them ("Carver bylaw § 136-5"); rule ids stay in machine fields (block_id, action_id, value,
links) and never in text a person reads. Snapshot tests under tests/unit/bot/snapshots/ pin the exact output.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from slack_sdk.models.blocks import (
    ActionsBlock,
    Block,
    ButtonElement,
    ContextBlock,
    DividerBlock,
    HeaderBlock,
    MarkdownTextObject,
    SectionBlock,
)

from bot.ids import Action
from bot.messages import (
    FinePath,
    OrderAlert,
    ReviewNotice,
    ReviewWindow,
    RuleRef,
    SiteRef,
    StabilizationReminder,
    ThreadUpdate,
)
from bot.text import (
    FIELD_LIMIT,
    PLAIN_LIMIT,
    SECTION_LIMIT,
    cite,
    clip,
    esc,
    fmt_at,
    fmt_on,
    humanise,
    map_url,
    one_line,
    plural,
)

ALERT_ACTIONS_BLOCK = "fe_alert_actions"


@dataclass(frozen=True)
class Rendered:
    blocks: list[dict[str, Any]]
    text: str


def rule_text(rule: RuleRef, town: str = "") -> str:
    """The rule's citation as people write it ("Carver bylaw § 136-5", "permit ERC-2026-04, condition C-1",
    "M.G.L. c. 30A, § 20(b)"); never its id."""
    return cite(rule.citation, town)


def rule_label(rule: RuleRef, town: str = "") -> str:
    """`rule_text`, escaped for mrkdwn."""
    return esc(rule_text(rule, town))


def header(text: str) -> HeaderBlock:
    """Fixed wording only: record text never goes into plain_text, where escaping does not apply."""
    return HeaderBlock(text=clip(text, PLAIN_LIMIT))


def md(text: str) -> SectionBlock:
    return SectionBlock(text=MarkdownTextObject(text=clip(text, SECTION_LIMIT)))


def fields(*items: str) -> SectionBlock:
    return SectionBlock(fields=[MarkdownTextObject(text=clip(i, FIELD_LIMIT)) for i in items[:10]])


def context(*items: str) -> ContextBlock:
    return ContextBlock(elements=[MarkdownTextObject(text=clip(i, FIELD_LIMIT)) for i in items[:10]])


def button(label: str, action: Action, value: str, style: str | None = None) -> ButtonElement:
    return ButtonElement(text=clip(label, 75), action_id=action.value, value=value, style=style)


def render(blocks: list[Block], text: str) -> Rendered:
    return Rendered([b.to_dict() for b in blocks], clip(text, 3000))


def site_field(site: SiteRef) -> str:
    lines = [f"*Site*\n{one_line(site.name)}", one_line(site.address)]
    if site.map_lot:
        lines.append(one_line(site.map_lot))
    if site.lat is not None and site.lon is not None:
        lines.append(f"<{map_url(site.lat, site.lon)}|{site.lat:.6f}, {site.lon:.6f}> (map)")
    return "\n".join(lines)


def record_link(url: str | None, label: str) -> list[Block]:
    """A context line linking to the record in the web app (none when the app's address is unknown)."""
    return [context(f"<{esc(url)}|{label}>")] if url else []


def fine_words(fine: FinePath | None) -> str:
    return "no fine path chosen yet" if fine is None else fine.text


def window_words(window: ReviewWindow | None, tz: str, town: str) -> str | None:
    """The review window in a fallback's plain words (no rule ids)."""
    if window is None:
        return None
    if window.empty_reason:
        return f"review meeting: {window.empty_reason}"
    return (f"review meeting between {fmt_at(window.earliest_at, tz)} and {fmt_at(window.latest_at, tz)} "
            f"({cite(window.latest_rule.citation, town)})")


URGENT = "🚨 Urgent: "


def urgent(rendered: Rendered) -> Rendered:
    """An urgent message: the fallback (the phone's notification) and the header say so first."""
    blocks = [dict(b) for b in rendered.blocks]
    head = {"type": "header", "text": {"type": "plain_text", "text": "🚨 Urgent", "emoji": True}}
    if blocks and blocks[0].get("type") == "header":
        head = {**blocks[0], "text": {**blocks[0]["text"], "text": clip(URGENT + blocks[0]["text"]["text"],
                                                                        PLAIN_LIMIT)}}
        blocks = blocks[1:]
    return Rendered([head, *blocks], clip(URGENT + rendered.text, 3000))


def _fine_line(fine: FinePath | None, town: str) -> str:
    if fine is None:
        return "*Fine path:* not chosen yet"
    return (f"*Fine path:* {esc(humanise(fine.path))} ({rule_label(fine.rule, town)}): "
            f"{one_line(fine.text, 600)}")


def _window_line(window: ReviewWindow | None, tz: str, town: str) -> str | None:
    if window is None:
        return None
    if window.empty_reason:
        reason = one_line(window.empty_reason, 800)
        return f"*ERC review meeting:* {reason} ({rule_label(window.latest_rule, town)})"
    return (f"*ERC review meeting window:* earliest {fmt_at(window.earliest_at, tz)}, set by "
            f"{rule_label(window.binding, town)}: {one_line(window.binding_text, 600)}; latest "
            f"{fmt_at(window.latest_at, tz)} ({rule_label(window.latest_rule, town)})")


ORDER_TITLES = {"cease_and_desist": ("🛑 Cease and desist order", "Cease-and-desist order"),
                "restoration_order": ("🌱 Restoration order", "Restoration order"),
                "enforcement_order": ("⚖️ Enforcement order", "Enforcement order")}


def _alert_buttons(alert: OrderAlert) -> ActionsBlock:
    buttons = [button("Acknowledge", Action.ACKNOWLEDGE, alert.order_id, "primary")]
    if alert.review_window is not None and not alert.review_window.empty_reason:
        buttons.append(button("Schedule review", Action.SCHEDULE_REVIEW, alert.order_id))
    if alert.photo_count:
        buttons.append(button("View photos", Action.VIEW_PHOTOS, alert.order_id))
    return ActionsBlock(block_id=ALERT_ACTIONS_BLOCK, elements=buttons)


def order_alert(alert: OrderAlert) -> Rendered:
    tz = alert.tz
    title, noun = ORDER_TITLES.get(alert.kind, ("Order", "Order"))
    effect = "effective immediately" if alert.kind == "cease_and_desist" else "issued"
    served = (f"{esc(humanise(alert.service_method))}, {fmt_at(alert.served_at, tz)}"
              if alert.service_method else "not served yet")
    provisions = "\n".join(f"• {one_line(p.description, 400)} ({rule_label(p.rule, alert.town)})"
                           for p in alert.provisions[:15]) or "• none listed"
    blocks: list[Block] = [
        header(title),
        md(f"*{one_line(alert.site.name)}*: {effect}, {fmt_at(alert.issued_at, tz)}, by "
           f"{one_line(alert.issuer)} under {rule_label(alert.authority, alert.town)}."),
        fields(site_field(alert.site), f"*Operator*\n{one_line(alert.operator or 'not recorded')}",
               f"*Service*\n{served}", f"*Town*\n{one_line(alert.town)}"),
        md(f"*Provisions violated*\n{provisions}"),
        md(_fine_line(alert.fine_path, alert.town)),
    ]
    window = _window_line(alert.review_window, tz, alert.town)
    if window:
        blocks.append(md(window))
    if alert.photo_count:
        blocks.append(context(f"{alert.photo_count} photo(s): EXIF-free thumbnails are posted in this thread "
                              "as they become ready."))
    blocks += record_link(alert.record_url, "Open the order")
    blocks.append(_alert_buttons(alert))
    found = "; ".join(f"{p.description} ({cite(p.rule.citation, alert.town)})" for p in alert.provisions[:5])
    window = window_words(alert.review_window, tz, alert.town)
    text = (f"{noun} {effect} at {alert.site.name}, {alert.site.address}: {found or 'no provision listed'}. "
            f"Operator: {alert.operator or 'not recorded'}. Fines: {fine_words(alert.fine_path)}."
            f"{' ' + window[0].upper() + window[1:] + '.' if window else ''} "
            f"Issued {fmt_at(alert.issued_at, tz)} by {alert.issuer}.")
    return render(blocks, esc(" ".join(text.split())))


def _check_line(ok: bool, label: str, rule: RuleRef, detail: str, town: str) -> str:
    mark = "✅" if ok else "⚠️"
    return f"{mark} *{esc(label)}* ({rule_label(rule, town)}): {one_line(detail, 500)}"


def review_notice(notice: ReviewNotice) -> Rendered:
    tz = notice.tz
    when = notice.when or fmt_at(notice.meeting_at, tz)
    checks = "\n".join(_check_line(c.ok, c.label, c.rule, c.detail, notice.town)
                       for c in notice.checks[:10])
    blocks: list[Block] = [
        header("⏰ ERC review meeting within 48 hours" if notice.reminder
               else "📅 ERC review meeting moved" if notice.moves else "📅 ERC review meeting"),
        md(f"*{one_line(notice.site.name)}*: review of the cease-and-desist order "
           f"({rule_label(notice.rule, notice.town)}) at *{when}*."),
        md(f"*Place:* {one_line(notice.place or 'not yet stated', 600)}"),
        fields(site_field(notice.site), f"*Operator*\n{one_line(notice.operator or 'not recorded')}"),
        md(f"*Checks*\n{checks or 'none recorded'}"),
        md(f"*Quorum:* {notice.quorum_needed} of the {notice.members} members must be present "
           f"({rule_label(notice.quorum, notice.town)}). Deliberate only at the posted meeting, not in "
           "Slack."),
    ]
    if notice.flagged:
        blocks.append(md(f"⚠️ *Flagged:* outside the lawful window. Reason recorded: "
                         f"{one_line(notice.flag_reason or 'none given', 800)}"))
    blocks += record_link(notice.record_url, "Open the order")
    flag = " FLAGGED: outside the lawful window." if notice.flagged else ""
    text = (f"{'Reminder: ' if notice.reminder else ''}ERC review meeting of the cease-and-desist order at "
            f"{notice.site.name}, {notice.site.address}: {when}, "
            f"at {notice.place or 'a place not yet stated'} "
            f"({cite(notice.rule.citation, notice.town)}); quorum {notice.quorum_needed} of "
            f"{notice.members} members.{flag}")
    return render(blocks, esc(text))


def stabilization_reminder(reminder: StabilizationReminder) -> Rendered:
    days_left = (reminder.due_on - reminder.as_of).days
    when = (f"due in {plural(days_left, 'day')}" if days_left > 0 else "due today" if days_left == 0
            else f"overdue by {plural(-days_left, 'day')}")
    permit = f" (permit {one_line(reminder.permit)})" if reminder.permit else ""
    blocks: list[Block] = [
        header(f"⏳ Stabilization {when}"),
        md(f"*{one_line(reminder.site.name)}*: {one_line(reminder.label, 500)}{permit} by "
           f"*{fmt_on(reminder.due_on)}* ({rule_label(reminder.rule, reminder.town)})."),
        fields(site_field(reminder.site), f"*Activity ceased*\n{fmt_on(reminder.ceased_on)}"),
        context("A portion left unstabilized after the due date is a violation from the next day on, each "
                "day a separate offense."),
        *record_link(reminder.record_url, "Open the site"),
    ]
    label = one_line(reminder.label, 500)
    text = (f"Stabilization {when} at {reminder.site.name}, {reminder.site.address}. {label[:1].upper()}"
            f"{label[1:]} by {fmt_on(reminder.due_on)} ({cite(reminder.rule.citation, reminder.town)}).")
    return render(blocks, esc(text))


_UPDATE_ICONS = {"corrected": "✅", "closed": "☑️", "reopened": "↩️", "order_revised": "✏️",
                 "order_lifted": "🟢", "meeting_scheduled": "📅", "meeting_flagged": "⚠️"}


def thread_update(update: ThreadUpdate) -> Rendered:
    icon = _UPDATE_ICONS.get(update.kind, "•")
    by = f" by {one_line(update.by)}" if update.by else ""
    blocks: list[Block] = [
        md(f"{icon} *{one_line(update.headline)}*: {one_line(update.site)}\n{one_line(update.detail, 1500)}"),
        context(f"{rule_label(update.rule, update.town)} · {fmt_at(update.at, update.tz)}{by}"),
    ]
    text = (f"{update.headline}: {update.site}. {update.detail} "
            f"({cite(update.rule.citation, update.town)}, "
            f"{fmt_at(update.at, update.tz)}{' by ' + update.by if update.by else ''})")
    return render(blocks, esc(" ".join(text.split())))


def recorded_note(text: str, title: str | None, links: list[Block] | None = None) -> list[dict[str, Any]]:
    """A message whose words the service wrote: a header naming it (fixed wording; none for a plain alert)
    above the words, escaped, then the links to the record and the site's map when there are some."""
    blocks: list[Block] = [*([header(title)] if title else []), md(esc(text)), *(links or [])]
    return [b.to_dict() for b in blocks]


def place_links(record_url: str | None, record_label: str, lat: float | None,
                lon: float | None) -> list[Block]:
    """One context line: the record in the web app and the site on OpenStreetMap (either may be missing)."""
    parts = [f"<{esc(record_url)}|{esc(record_label)}>"] if record_url else []
    if lat is not None and lon is not None:
        parts.append(f"<{map_url(lat, lon)}|The site on the map ({lat:.6f}, {lon:.6f})>")
    return [context(" · ".join(parts))] if parts else []


def divider() -> DividerBlock:
    return DividerBlock()
