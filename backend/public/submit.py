"""What a permittee sends from the notice page becomes a Submission (and, for correction photos, an
InspectionTask), exactly as if staff had received it, `received_via="sms_link"`.

The form carries a CSRF token signed with itsdangerous and bound to the link id (a token from another link
or older than FORM_MAX_AGE is refused). Photos go through the same media pipeline as field photos (sniffed,
hashed, EXIF read, originals stored untouched, EXIF-free derivatives) into the town's evidence store; the
submission lists them as documents by store key and SHA-256. Submissions are recorded by the "public notice
page" system account, which cannot log in.
"""

from __future__ import annotations

import calendar
import datetime as dt
import uuid
from dataclasses import dataclass, field
from typing import Any

from flask import current_app
from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import select
from sqlalchemy.orm import Session
from werkzeug.datastructures import FileStorage, MultiDict

from backend.api.bounds import day_range
from backend.clock import now
from backend.models import Submission, User
from backend.public.i18n import Phrase
from backend.public.notice import Notice
from backend.services.photos import photo_store
from backend.services.submissions import mark_deadlines_met
from backend.services.tasks import task_for_submission
from media.errors import Rejected
from media.ingest import ingest_upload

SALT = "public-notice-form"
FORM_MAX_AGE = 4 * 3600
MAX_PHOTOS = 6
MAX_NOTES = 2000
SYSTEM_EMAIL = "notice-page@system.invalid"


class FormError(Exception):
    def __init__(self, fields: dict[str, str]) -> None:
        super().__init__(", ".join(fields))
        self.fields = fields


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=SALT)


def csrf_token(link_id: str) -> str:
    return _serializer().dumps({"link": link_id})


def csrf_valid(token: str | None, link_id: str) -> bool:
    try:
        data = _serializer().loads(token or "", max_age=FORM_MAX_AGE)
    except BadSignature:  # includes SignatureExpired
        return False
    return isinstance(data, dict) and data.get("link") == link_id


@dataclass
class Parsed:
    kind: str
    notes: str | None
    period_start: dt.date | None = None
    period_end: dt.date | None = None
    event_on: dt.date | None = None
    files: list[FileStorage] = field(default_factory=list)


def _date(value: str | None, name: str, errors: dict[str, str]) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value) if value else None
    except ValueError:
        errors[name] = Phrase("Enter a date like 2026-04-30.")
        return None


def _month(value: str | None, errors: dict[str, str]) -> tuple[dt.date | None, dt.date | None]:
    try:
        first = dt.date.fromisoformat(f"{value}-01") if value else None
    except ValueError:
        errors["month"] = Phrase("Enter a month like 2026-04.")
        return None, None
    if first is None:
        return None, None
    return first, first.replace(day=calendar.monthrange(first.year, first.month)[1])


def parse(
    form: MultiDict[str, str], files: MultiDict[str, FileStorage], offered: list[str], today: dt.date
) -> Parsed:
    """The form's fields, checked; FormError names every field that is wrong."""
    errors: dict[str, str] = {}
    kind = form.get("kind", "")
    if kind not in offered:
        errors["kind"] = Phrase(
            "Choose one of the options shown." if offered else "This notice takes no submissions."
        )
    notes = (form.get("notes") or "").strip() or None
    if notes and len(notes) > MAX_NOTES:
        errors["notes"] = Phrase("At most {n} characters.", n=MAX_NOTES)
    parsed = Parsed(kind, notes, files=[f for f in files.getlist("photos") if f and f.filename])
    if len(parsed.files) > MAX_PHOTOS:
        errors["photos"] = Phrase("At most {n} photos.", n=MAX_PHOTOS)
    parsed.period_start, parsed.period_end = _month(form.get("month"), errors)
    parsed.event_on = _date(form.get("event_on"), "event_on", errors)
    if kind == "erc_90_day_report":
        parsed.period_start = parsed.period_end = _date(form.get("period_end"), "period_end", errors)
    _needs(parsed, errors, today)
    if errors:
        raise FormError(errors)
    return parsed


def _needs(p: Parsed, errors: dict[str, str], today: dt.date) -> None:
    if p.kind == "monthly_report" and p.period_start is None:
        errors.setdefault("month", Phrase("Required for a monthly report."))
    if p.kind == "inspection_event_notice" and p.event_on is None:
        errors.setdefault("event_on", Phrase("Required for a notice of an inspection event."))
    if p.kind == "reinspection_request" and not p.files:
        errors.setdefault("photos", Phrase("Send at least one photo of the correction."))
    if p.kind == "monthly_report" and p.period_start and p.period_start > today:
        errors.setdefault("month", Phrase("Cannot be in the future."))
    if p.kind == "erc_90_day_report" and p.period_end and p.period_end > today:
        errors.setdefault("period_end", Phrase("Cannot be in the future."))
    if p.kind != "monthly_report" and p.kind != "erc_90_day_report":
        p.period_start = p.period_end = None
    period = "month" if p.kind == "monthly_report" else "period_end"
    for name, day, kind in ((period, p.period_start, "observation"), ("event_on", p.event_on, "scheduled")):
        first, last = day_range(kind)  # bounded like the API's dates (backend/api/bounds.py)
        if day is not None and not first <= day <= last:
            errors.setdefault(name, Phrase("A date from {first} to {last}.", first=first, last=last))


def system_user(session: Session) -> User:
    """The account that records what came in through a notice link (inactive: it can never log in)."""
    user = session.scalar(select(User).where(User.email == SYSTEM_EMAIL))
    if user is None:
        user = User(
            email=SYSTEM_EMAIL, name="Public notice page (permittee upload)", password_hash="!", active=False
        )
        session.add(user)
        session.flush()
    return user


def store_photos(notice: Notice, files: list[FileStorage]) -> list[dict[str, Any]]:
    """Each photo through the media pipeline into the evidence store; FormError if one is refused."""
    max_bytes = current_app.config["SETTINGS"].photo_max_bytes
    documents = []
    for n, upload in enumerate(files, start=1):
        try:
            result = ingest_upload(
                upload.stream,
                town=notice.town.slug,
                store=photo_store(),
                declared_type=upload.mimetype or None,
                max_bytes=max_bytes,
            )
        except Rejected as exc:
            raise FormError({"photos": Phrase("Photo {n} could not be read as a picture.", n=n)}) from exc
        documents.append(
            {
                "kind": "document",
                "ref": result.key,
                "sha256": result.sha256,
                "mime": result.mime,
                "title": f"photo {n} sent through notice link {notice.link.id}",
            }
        )
    return documents


def record(session: Session, notice: Notice, parsed: Parsed) -> Submission:
    """The submission (+ reinspection task), committed; deadlines it satisfies are marked met."""
    first = notice.violations[0] if notice.violations else None
    site_id = first.site_id if first is not None else notice.link.site_id
    if site_id is None:
        raise FormError({"kind": Phrase("This notice names no site.")})
    documents = store_photos(notice, parsed.files)
    user = system_user(session)
    sub = Submission(
        id=uuid.uuid4(),
        town_id=notice.town.id,
        site_id=site_id,
        permit_id=first.permit_id if first else None,
        kind=parsed.kind,
        received_at=now(),
        received_via="sms_link",
        received_by=user.id,
        from_party_id=notice.party.id,
        from_name=notice.party.name,
        period_start=parsed.period_start,
        period_end=parsed.period_end,
        event_on=parsed.event_on,
        documents=documents,
        notes=_notes(notice, parsed),
        created_by=user.id,
        status="recorded",
        satisfied_deadline_ids=[],
    )
    mark_deadlines_met(sub)
    session.add(sub)
    if sub.kind == "reinspection_request":
        task_for_submission(sub)
    session.commit()
    return sub


def _notes(notice: Notice, parsed: Parsed) -> str:
    about = ", ".join(f"{v.citation} ({v.id})" for v in notice.violations) or "the site's deadlines"
    return f"Sent by {notice.party.name} through notice link {notice.link.id} about {about}." + (
        f"\n{parsed.notes}" if parsed.notes else ""
    )
