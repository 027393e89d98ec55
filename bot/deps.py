"""What the bot needs from the rest of the system, as small Protocols and plain values.

The bot never imports the backend (an import-linter contract enforces it). `backend/slack/deps.py` implements
these Protocols with the backend's services and models, and `backend/bootstrap.py` injects them. Every call
takes the `TownRef` resolved from the request's verified `team_id`: an implementation answers only from
that town's records, so one town's workspace can never read another town's data.

Services refuse by raising a domain error (`inspections.errors`: `Refused`, `NotFound`, `Conflict`, `Invalid`,
…, all `DomainError`) with a message for the user that names the rule; the listeners catch `DomainError`.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Protocol

from inspections.errors import Conflict
from inspections.errors import DomainError as DomainError
from inspections.errors import NotFound as NotFound
from inspections.errors import Refused as Refused


@dataclass(frozen=True)
class TownRef:
    id: str
    slug: str
    name: str
    tz: str = "America/New_York"


@dataclass(frozen=True)
class Member:
    """A Slack user linked (by a town admin) to a user with an active membership in the town."""

    user_id: str
    name: str
    roles: tuple[str, ...]
    boards: tuple[str, ...] = ()  # authority kinds the member sits on
    slack_user_id: str = ""


@dataclass(frozen=True)
class DeadlineLine:
    site: str
    label: str
    rule_id: str
    citation: str
    due_on: dt.date | None
    binds: str = ""


@dataclass(frozen=True)
class SiteSummary:
    name: str
    address: str
    map_lot: str | None
    permits: tuple[str, ...]
    open_violations: int
    active_orders: tuple[str, ...]
    next_deadline: DeadlineLine | None = None


@dataclass(frozen=True)
class ViolationLine:
    site: str
    rule_id: str
    citation: str
    description: str
    status: str
    observed_at: dt.datetime


@dataclass(frozen=True)
class FineLine:
    """Offense-days and amounts of one violation: court maxima are exposure, 21D amounts are citations."""

    site: str
    rule_id: str
    citation: str
    path: str  # criminal | noncriminal
    offense_days: int
    proposed: int
    issued: int
    amount_cents: int | None
    note: str = ""


@dataclass(frozen=True)
class SlackMessageRef:
    team_id: str
    channel_id: str
    ts: str


@dataclass(frozen=True)
class Acknowledgement:
    by: str
    at: dt.datetime
    first: bool  # False when this member had already acknowledged


@dataclass(frozen=True)
class ReviewContext:
    """What the schedule-review modal shows about the order and its window."""

    order_id: str
    site: str
    order_at: dt.datetime
    rule_id: str
    citation: str
    latest_at: dt.datetime | None
    note: str = ""


@dataclass(frozen=True)
class ReviewRequest:
    order_id: str
    meeting_at: dt.datetime
    operator_notified_at: dt.datetime
    posted_at: dt.datetime | None
    vote: tuple[int, int, int] | None = None  # yes, no, abstain of the ERC vote that authorised scheduling
    override_reason: str | None = None
    address: str | None = None  # where the meeting is held (issue 19)
    room: str | None = None
    remote_url: str | None = None  # https only


@dataclass(frozen=True)
class ReviewResult:
    meeting_id: str
    meeting_at: dt.datetime
    flagged: bool
    rule_id: str
    citation: str
    window: str  # "earliest … latest …, set by <rule>"


class OutsideWindow(Conflict):
    """The proposed meeting time is outside the lawful window; a reason records it anyway, flagged."""

    def __init__(self, message: str, rule_id: str, window: str) -> None:
        super().__init__(message, rule_id, field="meeting_at")
        self.window = window


@dataclass(frozen=True)
class PhotoLine:
    photo_id: str
    taken_at: dt.datetime | None
    lat: float | None
    lon: float | None
    sha256: str
    ready: bool  # the EXIF-free thumbnail exists
    slack_file_id: str | None = None  # already uploaded into the alert's thread


class TownDirectory(Protocol):
    def town_for_team(self, team_id: str) -> TownRef | None:
        """The town whose configured workspace this is, or None."""
        ...

    def member_for(self, town: TownRef, team_id: str, slack_user_id: str) -> Member | None:
        """The confirmed, active link of this Slack user in this town, or None."""
        ...

    def workspace_gone(self, team_id: str, reason: str) -> None:
        """The app was uninstalled from this workspace (`reason` "app_uninstalled") or its bot token was
        revoked ("tokens_revoked"): the town's Slack is off until a town admin installs it again."""
        ...


class Records(Protocol):
    def sites(self, town: TownRef, query: str) -> list[SiteSummary]: ...

    def open_violations(self, town: TownRef, query: str) -> list[ViolationLine]: ...

    def deadlines(self, town: TownRef, within_days: int) -> list[DeadlineLine]: ...

    def fines(self, town: TownRef, query: str) -> list[FineLine]: ...


class Alerts(Protocol):
    def acknowledge(self, town: TownRef, member: Member, order_id: str,
                    where: SlackMessageRef) -> Acknowledgement: ...

    def photos(self, town: TownRef, member: Member, order_id: str) -> list[PhotoLine]: ...


class Reviews(Protocol):
    def review_context(self, town: TownRef, member: Member, order_id: str) -> ReviewContext: ...

    def schedule_review(self, town: TownRef, member: Member, request: ReviewRequest) -> ReviewResult: ...


class Thumbnails(Protocol):
    def thumbnail(self, town: TownRef, photo_id: str) -> bytes | None:
        """The EXIF-free thumbnail JPEG, or None while the derivative is still pending."""
        ...


@dataclass(frozen=True)
class Deps:
    directory: TownDirectory
    records: Records
    alerts: Alerts
    reviews: Reviews
