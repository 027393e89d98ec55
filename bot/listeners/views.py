"""The schedule-review modal's submission: refuse a time outside the window, or record it with a reason.

The answer goes back in the ack: `response_action: errors` keeps the modal open with the reason next to the
input; an empty ack closes it. A time outside the lawful window is refused unless the override reason is
filled in, in which case the meeting is recorded and flagged.
"""
from __future__ import annotations

from typing import Any

from slack_bolt import Ack, App, BoltContext
from slack_sdk import WebClient

from bot.deps import Deps, DomainError, OutsideWindow, ReviewResult
from bot.ids import Field
from bot.ids import View as ViewId
from bot.listeners.common import Caller, identify
from bot.modals import ModalOrigin, read_schedule_review
from bot.text import cite, esc, fmt_at

_FIELDS = {"meeting_at": Field.MEETING_AT, "operator_notified_at": Field.OPERATOR_NOTIFIED_AT,
           "posted_at": Field.POSTED_AT, "vote": Field.VOTE_YES, "override_reason": Field.OVERRIDE_REASON}


def _error(exc: DomainError) -> dict[str, str]:
    block = _FIELDS.get(exc.field or "", Field.MEETING_AT)
    text = exc.message
    if isinstance(exc, OutsideWindow):
        text += " To record it anyway, give a reason below: it will be flagged."
    return {block.value: text[:1900]}


def _confirm(client: WebClient, origin: ModalOrigin, user_id: str, result: ReviewResult, tz: str) -> None:
    flag = " It is *flagged*: outside the lawful window." if result.flagged else ""
    text = (f"Review meeting recorded for {fmt_at(result.meeting_at, tz)} ({esc(cite(result.citation, ''))}; "
            f"{esc(result.window)}).{flag} "
            "The review notice follows in the thread.")
    if origin.channel_id:
        client.chat_postEphemeral(channel=origin.channel_id, user=user_id, text=text)


def register(app: App, deps: Deps) -> None:
    @app.view(ViewId.SCHEDULE_REVIEW.value)
    def _submit(ack: Ack, body: dict[str, Any], view: dict[str, Any], client: WebClient,
                context: BoltContext) -> None:
        who = identify(deps, context.team_id, context.user_id)
        if not isinstance(who, Caller):
            ack(response_action="errors", errors={Field.MEETING_AT.value: who.text[:1900]})
            return
        try:
            origin = ModalOrigin.parse(view.get("private_metadata") or "")
        except (ValueError, KeyError, TypeError):
            ack(response_action="errors", errors={Field.MEETING_AT.value: "This form is damaged; reopen it."})
            return
        request = read_schedule_review((view.get("state") or {}).get("values") or {}, origin.order_id)
        if isinstance(request, dict):
            ack(response_action="errors", errors=request)
            return
        try:
            result = deps.reviews.schedule_review(who.town, who.member, request)
        except DomainError as exc:
            ack(response_action="errors", errors=_error(exc))
            return
        ack()
        _confirm(client, origin, who.user_id, result, who.town.tz)
