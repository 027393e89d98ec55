"""What a chapter is, as data, and the deadlines its orders start: the backend, the API schemas and the PDF
layer ask these instead of naming a chapter (the chapters are found by discovery: `inspections.chapters`)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from inspections.api.out import DeadlineOut
from inspections.api.registry import Chapter, Day, In, Instant, Out, operation
from inspections.chapters import OrderFacts, chapter, chapters
from inspections.config import BylawConfig

CHAPTERS_GROUP = "chapters"
OrderKind = Literal["cease_and_desist", "restoration_order", "enforcement_order"]


class ChaptersIn(In):
    pass


class ReviewMeetingOut(Out):
    order_kind: str
    quorum_rule: str
    citation: str


class ChapterOut(Out):
    key: str
    title: str
    town: str
    enforcing_authority: str
    body: str = Field(description="the body in words, e.g. the Conservation Commission")
    offender: str
    order_form: Literal["general", "form_d"]
    order_penalty_rules: list[str] = Field(description="the penalty rules an order under the chapter quotes")
    actions: list[str] = Field(description="the enforcement actions the chapter empowers someone to take")
    zone_rules: bool = Field(description="the engine's wetlands zones apply to the chapter")
    property_line_buffer: bool = Field(description="a setback from the property line is drawn on site maps")
    review_meeting: ReviewMeetingOut | None
    permit_checklists: dict[str, str]


class ChaptersOut(Out):
    chapters: list[ChapterOut]


def _described(key: str) -> dict[str, Any]:
    c = chapter(key)
    t = c.table
    return {
        "key": c.key,
        "title": c.title,
        "town": c.town,
        "enforcing_authority": c.enforcing_authority,
        "body": c.body,
        "offender": t.offender,
        "order_form": t.order_form,
        "order_penalty_rules": list(t.order_penalty_rules),
        "actions": sorted(t.who_may_act),
        "zone_rules": t.zone_rules,
        "property_line_buffer": t.property_line_buffer,
        "review_meeting": t.review_meeting.model_dump() if t.review_meeting else None,
        "permit_checklists": dict(t.permit_checklists),
    }


@operation("chapters", CHAPTERS_GROUP, ChaptersIn, ChaptersOut)
def all_chapters(facts: ChaptersIn, cfg: BylawConfig) -> Any:
    """Every chapter the engine has found (shipped, and in FIELDENFORCE_PACKS_PATH), described as data."""
    return {"chapters": [_described(k) for k in chapters()]}


class ChapterIn(In):
    chapter: Chapter


@operation("chapter", CHAPTERS_GROUP, ChapterIn, ChapterOut)
def one_chapter(facts: ChapterIn, cfg: BylawConfig) -> Any:
    """One chapter as data: its body, offender, order form and penalty rules, the actions it empowers, whether
    zones, a property-line buffer or a review meeting apply, and its permits' checklists."""
    return _described(facts.chapter)


class OrderDeadlinesIn(In):
    chapter: Chapter
    kind: OrderKind
    stage: Literal["issued", "served"] = "issued"
    issued_at: Instant
    served_at: Instant | None = None
    received_on: Day | None = None


class OrderDeadlinesOut(Out):
    deadlines: list[DeadlineOut]


@operation("order-deadlines", CHAPTERS_GROUP, OrderDeadlinesIn, OrderDeadlinesOut)
def order_deadlines(facts: OrderDeadlinesIn, cfg: BylawConfig) -> Any:
    """The deadlines an order starts when issued (or served), from its chapter's formula (none where the
    chapter has none for that order)."""
    got = OrderFacts(facts.issued_at, facts.served_at, facts.received_on, cfg)
    return {"deadlines": chapter(facts.chapter).order_deadlines(facts.kind, got, facts.stage)}
