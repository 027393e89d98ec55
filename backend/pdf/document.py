"""What an order PDF says, as plain data assembled by `backend.services.order_documents`."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ViolationLine:
    provision: str
    citation: str
    quote: str
    description: str
    observed_on: str


@dataclass(frozen=True)
class DeadlineLine:
    what: str
    by_when: str
    binds: str
    rule_id: str
    citation: str
    explanation: str


@dataclass(frozen=True)
class Cover:
    """The facts of the courtesy cover page for one language (words come from `backend/pdf/cover.py`)."""

    language: str
    board_kind: str
    board_name: str
    kind: str
    status: str
    site: str
    issued_on: dt.date | None
    findings: tuple[str, ...]  # in `language`
    requirements: tuple[tuple[str, dt.date | None], ...]  # (English label, due date)
    fine_path: str | None
    court_max_cents: int | None
    phone: str


@dataclass(frozen=True)
class OrderDocument:
    order_id: str
    status: str
    kind: str
    kind_title: str
    chapter: str
    chapter_title: str
    town_name: str
    authority_name: str
    site_name: str
    site_address: str
    map_lot: str
    permits: tuple[str, ...]
    recipients: tuple[tuple[str, str], ...]  # (name, mailing address)
    violations: tuple[ViolationLine, ...]
    text: str
    requirements: tuple[DeadlineLine, ...]
    issued_on: str
    issued_by: str
    authority_basis: str
    service: str
    penalty_lines: tuple[str, ...] = ()
    meetings: tuple[str, ...] = ()  # the scheduled review meeting(s): date, time with zone, place
    signatories: tuple[str, ...] = ()
    covers: tuple[Cover, ...] = ()  # one courtesy cover page per language of the parties, before the order
    created_at: dt.datetime = field(default=dt.datetime(2000, 1, 1, tzinfo=dt.UTC))
    form: str = "general"  # the layout the chapter's pack names (`order_form`): "general" or "form_d"
