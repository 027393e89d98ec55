"""What one notification kind declares (`KIND = Spec(...)` in its module under backend/notifications/kinds/).

A kind names the template stored on its outbox rows (`Notification.template`; rows already written keep
working under the same name), its channels, who receives it, its urgency (an urgent kind is sent at once,
even in the town's quiet hours), the form of its dedupe key, its English SMS budget (`segments`: 3 for the
violation notice and the order texts, 2 for the others; backend/sms/segments.py), and its pure renderers:

    sms(payload, lang) -> str                          the SMS body (the channel adds its "Ref" line)
    slack(payload) -> (fallback_text, blocks | None)    the Slack message, Block Kit from bot/'s builders

Renderers read no database. What they need beyond the intent's payload is resolved by one step, declared in
the same module: `enrich(session, row)` completes an SMS row's `payload["sms"]` at its first attempt (and is
audited with the row); `resolve(row)` reads a Slack message's facts from the records at send time.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from backend.sms.segments import ENGLISH

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from backend.models import Notification

Channel = Literal["sms", "slack"]
Urgency = Literal["routine", "urgent"]
Words = Literal["rendered", "recorded"]
Payload = dict[str, Any]
Blocks = list[dict[str, Any]] | None
SmsRenderer = Callable[[Payload, str], str]
SlackRenderer = Callable[[Payload], tuple[str, Blocks]]
Enricher = Callable[["Session", "Notification"], bool]
Resolver = Callable[["Notification"], Payload]
ThreadOf = Callable[["Notification", Payload], "str | None"]

PARTY = "the party (permittee, operator, owner) by phone"
BOARD = "the board the bylaw names, in its channel"
BOTH = f"{PARTY}; {BOARD}"


@dataclass(frozen=True)
class Spec:
    stored: str  # the name on the outbox rows (Notification.template)
    audience: str  # who receives it (resolved from the who-may-act and party records when it is written)
    dedupe: str  # the form of its dedupe key (the town's id is prefixed to every key)
    sms: SmsRenderer | None = None
    slack: SlackRenderer | None = None
    urgency: Urgency = "routine"
    completed: bool = False  # SMS words come from payload["sms"], which `enrich` adds (else the job's text)
    enrich: Enricher | None = None
    resolve: Resolver | None = None
    thread_of: ThreadOf | None = None  # the dedupe key of the Slack message this one replies under
    segments: int = ENGLISH  # its English SMS budget in GSM-7 segments (Spanish, Portuguese: 5 for all)
    sample: Payload | None = None  # preview facts for a kind the demo samples (notifications/samples.py) lack
    named: str = ""  # how a board member names a text of this kind ("the text about the order issued")
    name: str = ""  # the module's name, set by discovery (the preview's and the snapshots' name)

    @property
    def channels(self) -> tuple[Channel, ...]:
        both: tuple[Channel, ...] = ("sms", "slack")
        return tuple(c for c in both if self.renderer(c) is not None)

    def renderer(self, channel: Channel) -> Callable[..., Any] | None:
        return self.sms if channel == "sms" else self.slack

    def words(self, channel: Channel) -> Words:
        """`recorded`: the channel sends the text the service wrote with the intent, exactly."""
        from backend.notifications import recorded
        return "recorded" if self.renderer(channel) in (recorded.sms, recorded.slack) else "rendered"
