"""Notification intents of the enforcement jobs: the words, the recipients, the dedupe keys, and the write.

Single intents go through the outbox's `enqueue` (same transaction as their cause, once per dedupe key). The
daily job writes a batch of them at once with `write_many` (INSERT-or-ignore on the unique dedupe key, audited
in bulk), which is the same row `enqueue` would write. Amounts the bylaw engine marks `withhold` (AMB-17)
never appear in a message: they read "amount pending the town's confirmation" until the town sets them.
SMS is a courtesy beside legal service (mail, hand delivery), never instead: every text says so.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.clock import now
from backend.models import Authority, Notification
from backend.outbox.intents import enqueue
from backend.outbox.kick import FLAG as KICK_FLAG
from backend.services.bulk import new_ids, write_rows
from backend.services.notify import SMS_TEXT_LIMIT, board_recipient
from backend.sms.compliance import sms_number as sms_number  # the services call notices.sms_number
from bot.text import plural
from inspections.formats import format_date
from inspections.penalties import dollars

COURTESY = "Courtesy text; the legal notice is served separately."
IssuedLine = tuple[uuid.UUID, dt.date, int | None, bool, str | None]  # id, day, amount, withhold, payee
Change = tuple[dt.date, int | None, int | None, bool, bool]  # day, old amount, new amount, old/new withheld
PENDING = "amount pending the town's confirmation"


@dataclass(frozen=True)
class Intent:
    town_id: uuid.UUID
    channel: str
    recipient: str
    template: str
    payload: dict[str, Any]
    dedupe_key: str


def fit(text: str, shorter: str) -> str:
    """An SMS stays within SMS_TEXT_LIMIT characters: the full text, else its summary."""
    return text if len(text) <= SMS_TEXT_LIMIT else shorter[:SMS_TEXT_LIMIT]


def digest(ids: Iterable[Any]) -> str:
    """A short stable name for a set of records (part of a dedupe key)."""
    return hashlib.sha256("|".join(sorted(str(i) for i in ids)).encode()).hexdigest()[:12]


def amount_text(amount_cents: int | None, withhold: bool) -> str:
    if amount_cents is None:
        return "no amount stated"
    return PENDING if withhold else dollars(amount_cents)


slack_recipient = board_recipient  # the board's channel; an unconfigured one fails visibly in the outbox


def authorities_by_chapter(session: Session, town_id: uuid.UUID) -> dict[str, Any]:
    a = Authority
    rows = session.execute(select(a.id, a.kind, a.name, a.slack_channel, a.chapters)
                           .where(a.town_id == town_id).order_by(a.name)).all()
    return {chapter: row for row in rows for chapter in (row.chapters or [])}


def accrual_sms(town_id: uuid.UUID, town_name: str, party_id: uuid.UUID | str, number: str, day: dt.date,
                lines: Sequence[tuple[str, str, Sequence[dt.date], str]]) -> Intent:
    """One text per party per day covering all its violations: (site, citation, new offense dates, violation
    id); the text kind (notifications/kinds/daily_accrual.py) completes it with each case's running total."""
    listed = [(site, citation, [d.isoformat() for d in sorted(set(days))], str(vid))
              for site, citation, days, vid in lines]
    text = (f"{town_name}: each day a violation continues is a separate offense. Days recorded: "
            + "; ".join(f"{site} ({citation}): {', '.join(dates)}" for site, citation, dates, _ in listed)
            + f". {COURTESY}")
    if len(text) > SMS_TEXT_LIMIT:  # `fit`: the summary
        every = sorted({d for _, _, days, _ in lines for d in days})
        text = fit(text, f"{town_name}: days recorded for {len(lines)} continuing violation(s), "
                         f"{every[0].isoformat()} to {every[-1].isoformat()}. {COURTESY}")
    party = str(party_id)
    payload = {"text": text, "party_id": party, "day": day.isoformat(),
               "violations": [{"site": s, "citation": c, "dates": dates, "violation_id": v}
                              for s, c, dates, v in listed]}
    return Intent(town_id, "sms", number, "accrual.offense_days", payload, f"sms:accrual:{party}:{day}")


def citation_line(day: dt.date, amount_cents: int | None, withhold: bool) -> str:
    return f"{format_date(day, 'en')}, {amount_text(amount_cents, withhold)}"


def citations_issued_sms(town_id: uuid.UUID, town_name: str, party_id: uuid.UUID, number: str, day: dt.date,
                         citations: Sequence[IssuedLine]) -> Intent:
    """Citations just issued to a party: (accrual id, offense date, amount, withhold, payee)."""
    lines = "; ".join(citation_line(d, a, w) for _, d, a, w, _ in sorted(citations, key=lambda c: c[1]))
    payees = sorted({p for *_, p in citations if p})
    pay = f" Payable to {', '.join(payees)}." if payees else ""
    fines = plural(len(citations), "fine")
    text = fit(f"{town_name}: the town issued you {fines} (citations under MGL c. 40 § 21D): {lines}."
               f"{pay} {COURTESY}",
               f"{town_name}: the town issued you {fines} (citations under MGL c. 40 § 21D); each comes "
               f"by mail with its amount.{pay} {COURTESY}")
    payload = {"text": text, "party_id": str(party_id), "day": day.isoformat(),
               "citations": [str(c[0]) for c in citations],
               # the facts the party's text is rendered from in their language (sms/citation_texts.py)
               "lines": [{"date": d.isoformat(), "cents": a, "withheld": w} for _, d, a, w, _ in
                         sorted(citations, key=lambda c: c[1])], "payees": payees}
    key = f"sms:citations:{party_id}:{day}:{digest(c[0] for c in citations)}"
    return Intent(town_id, "sms", number, "citations.issued", payload, key)


def reissued_text(town_name: str, changes: Sequence[Change]) -> str:
    """(offense date, old amount, new amount, old withheld, new withheld) of voided and reissued citations."""
    parts = [f"{format_date(d, 'en')}: {amount_text(old, ow)} is now {amount_text(new, nw)}"
             for d, old, new, ow, nw in sorted(changes)]
    return (f"{town_name}: after a change in the record (an earlier violation or a setting), the town voided "
            f"and reissued {plural(len(changes), 'citation')}: " + "; ".join(parts) + ".")


def reissued_sms(town_id: uuid.UUID, town_name: str, party_id: uuid.UUID, number: str, day: dt.date,
                 void_ids: Sequence[uuid.UUID], changes: Sequence[Change]) -> Intent:
    short = (f"{town_name}: after a change in the record, the town voided and reissued "
             f"{plural(len(void_ids), 'citation')}.")
    text = fit(f"{reissued_text(town_name, changes)} {COURTESY}", f"{short} {COURTESY}")
    payload = {"text": text, "party_id": str(party_id),
               "day": day.isoformat(), "voided": [str(i) for i in void_ids],
               "changes": [{"date": d.isoformat(), "old_cents": old, "new_cents": new, "old_withheld": ow,
                            "new_withheld": nw} for d, old, new, ow, nw in sorted(changes)]}
    key = f"sms:citations-reissued:{party_id}:{day}:{digest(void_ids)}"
    return Intent(town_id, "sms", number, "citations.reissued", payload, key)


def reissued_slack(town_id: uuid.UUID, town_name: str, authority: Any, party_name: str, day: dt.date,
                   void_ids: Sequence[uuid.UUID], changes: Sequence[Change]) -> Intent:
    text = f"{party_name}: {reissued_text(town_name, changes)}"
    payload = {"text": text, "authority_id": str(authority.id), "voided": [str(i) for i in void_ids]}
    key = f"slack:citations-reissued:{authority.id}:{day}:{digest(void_ids)}"
    return Intent(town_id, "slack", slack_recipient(authority), "citations.reissued", payload, key)


def write_one(session: Session, intent: Intent) -> Notification:
    """One intent through the outbox (a no-op when its dedupe key already exists)."""
    return enqueue(session, intent.town_id, intent.channel, intent.recipient, intent.template, intent.payload,
                   intent.dedupe_key)


ROW_KEYS = ("id", "town_id", "channel", "recipient", "template", "payload", "dedupe_key")


def write_many(session: Session, intents: Sequence[Intent]) -> int:
    """Many intents in a statement per few thousand; existing dedupe keys are skipped. Returns rows added."""
    at = now()
    unique = sorted({i.dedupe_key: i for i in intents}.values(), key=lambda i: i.dedupe_key)  # index order
    rows = [(new_id, i.town_id, i.channel, i.recipient, i.template, i.payload, i.dedupe_key)
            for new_id, i in zip(new_ids(len(unique)), unique, strict=True)]
    written = write_rows(session, Notification, ROW_KEYS, rows, const={
        "status": "pending", "attempts": 0, "next_attempt_at": at, "created_at": at, "version": 1})
    if written:
        session.info[KICK_FLAG] = True
    return len(written)
