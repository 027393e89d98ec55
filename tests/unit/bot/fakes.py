"""A fake of the bot's service Protocols that records what it was asked (no database, no Slack)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from bot.deps import (
    Acknowledgement,
    DeadlineLine,
    Deps,
    FineLine,
    Member,
    PhotoLine,
    Refused,
    ReviewContext,
    ReviewRequest,
    ReviewResult,
    SiteSummary,
    SlackMessageRef,
    TownRef,
    ViolationLine,
)

CARVER = TownRef("11111111-1111-4111-8111-111111111111", "carver", "Town of Carver")
MEMBER = Member("22222222-2222-4222-8222-222222222222", "Ana Board", ("board_member",),
                ("earth_removal_committee",), "U0ANA")


@dataclass
class FakeServices:
    asked: list[tuple[str, Any]] = field(default_factory=list)
    linked: dict[str, Member] = field(default_factory=lambda: {"U0ANA": MEMBER})
    teams: dict[str, TownRef] = field(default_factory=lambda: {"T0CARVER": CARVER})

    def town_for_team(self, team_id: str) -> TownRef | None:
        return self.teams.get(team_id)

    def member_for(self, town: TownRef, team_id: str, slack_user_id: str) -> Member | None:
        return self.linked.get(slack_user_id)

    def workspace_gone(self, team_id: str, reason: str) -> None:
        self.asked.append(("workspace_gone", (team_id, reason)))

    def sites(self, town: TownRef, query: str) -> list[SiteSummary]:
        self.asked.append(("sites", (town.slug, query)))
        return [SiteSummary("Plymouth St gravel pit", "44 Plymouth St", "Map 22 Lot 3", ("ERC-2026-04",), 1,
                            ())]

    def open_violations(self, town: TownRef, query: str) -> list[ViolationLine]:
        self.asked.append(("open_violations", (town.slug, query)))
        return [ViolationLine("Pit", "CARVER-136-BUFFER-50FT", "~§ 136-5", "Dug <!here>", "open",
                              dt.datetime(2026, 4, 6, 13, 0, tzinfo=dt.UTC))]

    def deadlines(self, town: TownRef, within_days: int) -> list[DeadlineLine]:
        self.asked.append(("deadlines", (town.slug, within_days)))
        return []

    def fines(self, town: TownRef, query: str) -> list[FineLine]:
        self.asked.append(("fines", (town.slug, query)))
        return [FineLine("Pit", "CARVER-136-CRIM-100", "~§ 136-10", "criminal", 3, 3, 0, 30000)]

    def acknowledge(self, town: TownRef, member: Member, order_id: str,
                    where: SlackMessageRef) -> Acknowledgement:
        self.asked.append(("acknowledge", (order_id, where)))
        return Acknowledgement(member.name, dt.datetime(2026, 4, 6, 14, 5, tzinfo=dt.UTC), True)

    def photos(self, town: TownRef, member: Member, order_id: str) -> list[PhotoLine]:
        return []

    def review_context(self, town: TownRef, member: Member, order_id: str) -> ReviewContext:
        raise Refused("not in this fake")

    def schedule_review(self, town: TownRef, member: Member, request: ReviewRequest) -> ReviewResult:
        raise Refused("not in this fake")

    def deps(self) -> Deps:
        return Deps(directory=self, records=self, alerts=self, reviews=self)
