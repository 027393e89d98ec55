"""In-memory Slack workspace model used by :mod:`tests.fakes.slack_server`.

Holds teams, their tokens, channels (public, private, DMs), users and message
transcripts. Message dicts are stored in the shape the Web API returns
(``type``, ``ts``, ``text``, ``user``, ``bot_id``, ``blocks``, ``thread_ts``,
``metadata``, ``files``, ``reactions``, ...), oldest first per channel.

Not modelled: enterprise grids, shared channels across teams, membership
(any workspace token may read/post to any channel of its own workspace),
message deletion, pins, bookmarks.
"""

from __future__ import annotations

import base64
import copy
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

Message = dict[str, Any]


class SlackError(Exception):
    """A Slack API error: answered as HTTP 200 ``{"ok": false, "error": <error>}``."""

    def __init__(self, error: str) -> None:
        super().__init__(error)
        self.error = error


def ts_key(ts: str) -> Decimal:
    """Slack timestamps compare as decimals (``"1700000000.000100"``)."""
    try:
        return Decimal(ts)
    except (InvalidOperation, TypeError) as exc:
        raise SlackError("invalid_ts_latest") from exc


@dataclass
class SlackUser:
    id: str
    team_id: str
    name: str
    real_name: str
    email: str | None
    tz: str = "America/New_York"
    is_bot: bool = False

    def to_api(self) -> dict[str, Any]:
        profile: dict[str, Any] = {"real_name": self.real_name, "display_name": self.name}
        if self.email:
            profile["email"] = self.email
        return {
            "id": self.id, "team_id": self.team_id, "name": self.name, "real_name": self.real_name,
            "deleted": False, "is_bot": self.is_bot, "tz": self.tz, "profile": profile,
        }


@dataclass
class Channel:
    id: str
    team_id: str
    name: str
    is_private: bool = False
    is_im: bool = False
    bot_member: bool = True
    messages: list[Message] = field(default_factory=list)

    def add(self, message: Message) -> None:
        self.messages.append(message)
        self.messages.sort(key=lambda m: ts_key(m["ts"]))

    def find(self, ts: str) -> Message:
        for message in self.messages:
            if message["ts"] == ts:
                return message
        raise SlackError("message_not_found")

    def top_level(self) -> list[Message]:
        """What conversations.history shows: parents, plain messages, broadcasts."""
        return [m for m in self.messages
                if m.get("thread_ts") in (None, m["ts"]) or m.get("subtype") == "thread_broadcast"]

    def thread(self, ts: str) -> list[Message]:
        """Parent first, then replies oldest first (conversations.replies)."""
        parent = next((m for m in self.messages if m["ts"] == ts), None)
        if parent is None:
            raise SlackError("thread_not_found")
        replies = [m for m in self.messages if m.get("thread_ts") == ts and m["ts"] != ts]
        return [parent, *replies]


@dataclass
class Workspace:
    team_id: str
    name: str
    domain: str
    bot_user_id: str
    bot_id: str
    app_id: str
    channels: dict[str, Channel] = field(default_factory=dict)
    users: dict[str, SlackUser] = field(default_factory=dict)

    def channel(self, ref: str | None) -> Channel:
        """Resolve a channel ID, ``#name``/``name``, or a user ID (opens the DM)."""
        if not ref:
            raise SlackError("channel_not_found")
        if ref in self.channels:
            return self.channels[ref]
        name = ref.removeprefix("#")
        for channel in self.channels.values():
            if channel.name == name and not channel.is_im:
                return channel
        if ref in self.users:
            dm = Channel(id="D" + ref[1:], team_id=self.team_id, name=ref, is_private=True, is_im=True)
            return self.channels.setdefault(dm.id, dm)
        raise SlackError("channel_not_found")

    def user(self, user_id: str | None) -> SlackUser:
        if not user_id or user_id not in self.users:
            raise SlackError("user_not_found")
        return self.users[user_id]


def in_window(message: Message, oldest: str | None, latest: str | None, inclusive: bool) -> bool:
    """Slack's oldest/latest filter (exclusive unless ``inclusive``)."""
    key = ts_key(message["ts"])
    if oldest:
        low = ts_key(oldest)
        if key < low or (key == low and not inclusive):
            return False
    if latest:
        high = ts_key(latest)
        if key > high or (key == high and not inclusive):
            return False
    return True


def paginate(items: list[Message], limit: int, cursor: str | None) -> tuple[list[Message], str]:
    """Offset pagination behind an opaque cursor; returns (page, next_cursor or "")."""
    offset = 0
    if cursor:
        try:
            offset = int(base64.urlsafe_b64decode(cursor.encode()).decode().removeprefix("offset:"))
        except ValueError as exc:
            raise SlackError("invalid_cursor") from exc
    page = items[offset:offset + limit]
    more = offset + limit < len(items)
    next_cursor = base64.urlsafe_b64encode(f"offset:{offset + limit}".encode()).decode() if more else ""
    return page, next_cursor


def public_copy(message: Message, include_metadata: bool) -> Message:
    """A deep copy as the API returns it; ``metadata`` only when asked for."""
    out = copy.deepcopy(message)
    if not include_metadata:
        out.pop("metadata", None)
    return out
