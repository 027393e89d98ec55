"""Modals: schedule an ERC review meeting, view an alert's photos. Pure builders and a state reader."""
from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from slack_sdk.models.blocks import (
    Block,
    DateTimePickerElement,
    ImageBlock,
    InputBlock,
    NumberInputElement,
    PlainTextInputElement,
)
from slack_sdk.models.views import View

from bot.blocks import context, md
from bot.deps import PhotoLine, ReviewContext, ReviewRequest
from bot.ids import Field
from bot.ids import View as ViewId
from bot.text import cite, esc, fmt_at, one_line

MAX_PHOTOS = 20


@dataclass(frozen=True)
class ModalOrigin:
    """Carried in `private_metadata`: which order, and the alert message to reply to."""

    order_id: str
    channel_id: str
    message_ts: str

    def dump(self) -> str:
        return json.dumps({"order_id": self.order_id, "channel": self.channel_id, "ts": self.message_ts})

    @classmethod
    def parse(cls, raw: str) -> ModalOrigin:
        data = json.loads(raw or "{}")
        return cls(str(data["order_id"]), str(data.get("channel", "")), str(data.get("ts", "")))


def _picker(field: Field, label: str, optional: bool = False) -> InputBlock:
    element = DateTimePickerElement(action_id=field.value)
    return InputBlock(block_id=field.value, label=label, element=element, optional=optional)


def _count(field: Field, label: str) -> InputBlock:
    element = NumberInputElement(action_id=field.value, is_decimal_allowed=False, min_value="0",
                                 max_value="7")
    return InputBlock(block_id=field.value, label=label, element=element, optional=True)


def schedule_review_modal(ctx: ReviewContext, origin: ModalOrigin, tz: str) -> dict[str, Any]:
    latest = fmt_at(ctx.latest_at, tz) if ctx.latest_at else "—"
    blocks: list[Block] = [
        md(f"*{one_line(ctx.site)}*: cease-and-desist order of {fmt_at(ctx.order_at, tz)}. The review "
           f"meeting must be held by {latest} ({esc(cite(ctx.citation, ''))}), at least 48 hours "
           f"after the operator is notified and after the Open Meeting Law posting. "
           f"{one_line(ctx.note, 500)}".strip()),
        _picker(Field.MEETING_AT, "Meeting time"),
        _picker(Field.OPERATOR_NOTIFIED_AT, "Operator notified of the meeting at"),
        _picker(Field.POSTED_AT, "Meeting notice posted at (Open Meeting Law)", optional=True),
        _text(Field.ADDRESS, "Meeting place (address)", 300),
        _text(Field.ROOM, "Room", 120, optional=True),
        _text(Field.REMOTE_URL, "Remote attendance link (https, optional)", 500, optional=True),
        _count(Field.VOTE_YES, "ERC vote that authorised scheduling: yes"),
        _count(Field.VOTE_NO, "ERC vote: no"),
        _count(Field.VOTE_ABSTAIN, "ERC vote: abstain"),
        InputBlock(block_id=Field.OVERRIDE_REASON.value, optional=True,
                   label="Reason, only to record a time outside the window",
                   element=PlainTextInputElement(action_id=Field.OVERRIDE_REASON.value, multiline=True,
                                                 max_length=1000)),
        context("A time outside the window is refused. With a reason it is recorded anyway and flagged for "
                "review. Votes are taken at a posted meeting, never in Slack."),
    ]
    view = View(type="modal", callback_id=ViewId.SCHEDULE_REVIEW.value, title="Schedule review",
                submit="Schedule", close="Cancel", private_metadata=origin.dump(), blocks=blocks)
    return view.to_dict()


def _text(field: Field, label: str, most: int, optional: bool = False) -> InputBlock:
    return InputBlock(block_id=field.value, optional=optional, label=label,
                      element=PlainTextInputElement(action_id=field.value, max_length=most))


def _typed(state: dict[str, Any], field: Field) -> str | None:
    return (_value(state, field).get("value") or "").strip() or None


def _value(state: dict[str, Any], field: Field) -> dict[str, Any]:
    return state.get(field.value, {}).get(field.value, {}) or {}


def _instant(state: dict[str, Any], field: Field) -> dt.datetime | None:
    raw = _value(state, field).get("selected_date_time")
    return dt.datetime.fromtimestamp(int(raw), dt.UTC) if raw is not None else None


def _int(state: dict[str, Any], field: Field) -> int | None:
    raw = _value(state, field).get("value")
    return None if raw in (None, "") else int(raw)


def read_schedule_review(state: dict[str, Any], order_id: str) -> ReviewRequest | dict[str, str]:
    """The request, or {block_id: error} for Slack to show next to the inputs."""
    errors: dict[str, str] = {}
    meeting, notified = _instant(state, Field.MEETING_AT), _instant(state, Field.OPERATOR_NOTIFIED_AT)
    if meeting is None:
        errors[Field.MEETING_AT.value] = "Choose the meeting time."
    if notified is None:
        errors[Field.OPERATOR_NOTIFIED_AT.value] = "When was the operator notified of the meeting?"
    try:
        votes = [_int(state, f) for f in (Field.VOTE_YES, Field.VOTE_NO, Field.VOTE_ABSTAIN)]
    except ValueError:
        errors[Field.VOTE_YES.value] = "Vote counts are whole numbers."
        votes = [None, None, None]
    if any(v is not None and not 0 <= v <= 7 for v in votes):
        errors[Field.VOTE_YES.value] = "Vote counts are between 0 and 7."
    remote = _typed(state, Field.REMOTE_URL)
    if remote is not None and (not remote.startswith("https://") or len(remote) > 500 or " " in remote):
        errors[Field.REMOTE_URL.value] = "Give an https:// link, or leave it empty."
    if errors or meeting is None or notified is None:
        return errors
    vote = None if all(v is None for v in votes) else (votes[0] or 0, votes[1] or 0, votes[2] or 0)
    reason = (_value(state, Field.OVERRIDE_REASON).get("value") or "").strip() or None
    return ReviewRequest(order_id, meeting, notified, _instant(state, Field.POSTED_AT), vote, reason,
                         _typed(state, Field.ADDRESS), _typed(state, Field.ROOM), remote)


def _photo_blocks(photo: PhotoLine, tz: str) -> list[Block]:
    located = photo.lat is not None and photo.lon is not None
    where = f"{photo.lat:.6f}, {photo.lon:.6f}" if located else "no GPS"
    caption = f"Taken {fmt_at(photo.taken_at, tz)} · {where} · SHA-256 `{esc(photo.sha256[:12])}`"
    if photo.slack_file_id:
        image = ImageBlock(slack_file={"id": photo.slack_file_id},
                           alt_text=f"Photo taken {fmt_at(photo.taken_at, tz)}")
        return [image, context(caption)]
    status = "thumbnail in the alert's thread soon" if photo.ready else "thumbnail still being made"
    return [md(f"📷 {caption}\n_{status}_")]


def photos_modal(photos: Sequence[PhotoLine], tz: str) -> dict[str, Any]:
    blocks: list[Block] = []
    for photo in photos[:MAX_PHOTOS]:
        blocks.extend(_photo_blocks(photo, tz))
    if not photos:
        blocks.append(md("No photos are linked to this order's violations."))
    if len(photos) > MAX_PHOTOS:
        blocks.append(context(f"{len(photos) - MAX_PHOTOS} more photos: see the web app."))
    blocks.append(context("Thumbnails carry no EXIF or GPS data; the originals are kept unchanged as "
                          "evidence."))
    return View(type="modal", callback_id=ViewId.PHOTOS.value, title="Photos", close="Close",
                blocks=blocks).to_dict()
