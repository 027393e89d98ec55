"""The evidence packet for town counsel: for one order, a PDF of everything the case rests on and a ZIP of the
original photos with a SHA-256 manifest.

The PDF lists the order and its service, each violation with its provision's quoted words, the inspections'
checklist answers, the photos with metadata and provenance (thumbnails embedded), deadlines, offense-days and
citations, the bylaw configuration each assessment was made under (traced to the Town audit event that set it),
and every audit event of these records with its HMAC (for rows the daily job wrote in bulk, the seal
event and each row's digest in it), ending with the town chain's head. The ZIP holds
the originals byte for byte, `SHA256SUMS` (sha256sum format), `manifest.json` and the PDF. The ZIP's entries carry fixed timestamps; the
PDF states when it was made and the chain head at that moment.
"""  # noqa: E501
from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import dataclass, field

from sqlalchemy import or_, select

from backend.audit import SEAL, sealed_rows
from backend.clock import now
from backend.extensions import db
from backend.models import (
    AuditEvent,
    AuditHead,
    ChecklistResponse,
    Deadline,
    EnforcementOrder,
    FineAccrual,
    Inspection,
    OffenseDay,
    Photo,
    Site,
    Town,
    Violation,
)
from backend.models.evidence import ViolationPhoto
from backend.pdf.layout import Page
from backend.services.order_documents import quote_of
from backend.services.photo_facts import photo_lines
from backend.services.photo_files import key_of, photo_store
from inspections.config import BylawConfig, ConfigError, engine_settings
from media.keys import derivative_key

ZIP_TIME = (2000, 1, 1, 0, 0, 0)


@dataclass
class Case:
    order: EnforcementOrder
    town: Town
    site: Site
    violations: list[Violation]
    inspections: list[Inspection]
    photos: list[Photo]
    deadlines: list[Deadline] = field(default_factory=list)
    offense_days: list[OffenseDay] = field(default_factory=list)
    accruals: list[FineAccrual] = field(default_factory=list)
    events: list[AuditEvent] = field(default_factory=list)
    head: AuditHead | None = None


def gather(order: EnforcementOrder) -> Case:
    violations = sorted(order.violations, key=lambda v: (v.observed_at, str(v.id)))
    vids = [v.id for v in violations]
    iids = sorted({v.inspection_id for v in violations if v.inspection_id}, key=str)
    linked = select(ViolationPhoto.photo_id).where(ViolationPhoto.violation_id.in_(vids))
    photos = list(db.session.scalars(select(Photo)
                                     .where(or_(Photo.id.in_(linked), Photo.inspection_id.in_(iids)))
                                     .order_by(Photo.created_at, Photo.id)))
    case = Case(order, db.session.get(Town, order.town_id), db.session.get(Site, order.site_id), violations,
                list(db.session.scalars(select(Inspection).where(Inspection.id.in_(iids)).order_by(Inspection.id))),
                photos)
    case.deadlines = list(db.session.scalars(select(Deadline).where(
        Deadline.subject_id.in_([order.id, *vids])).order_by(Deadline.latest_on, Deadline.id)))
    case.offense_days = list(db.session.scalars(select(OffenseDay).where(OffenseDay.violation_id.in_(vids))
                                                .order_by(OffenseDay.local_date, OffenseDay.id)))
    case.accruals = list(db.session.scalars(select(FineAccrual).where(
        FineAccrual.offense_day_id.in_([d.id for d in case.offense_days])).order_by(FineAccrual.id)))
    ids = [str(x) for x in (order.id, *vids, *iids, *(p.id for p in photos), *(d.id for d in case.deadlines),
                            *(d.id for d in case.offense_days), *(a.id for a in case.accruals))]
    ids += sorted({str(r.audit_seal_id) for r in (*case.offense_days, *case.accruals) if r.audit_seal_id})
    case.events = list(db.session.scalars(select(AuditEvent).where(
        AuditEvent.town_id == order.town_id, AuditEvent.object_id.in_(ids)).order_by(AuditEvent.seq)))
    case.head = db.session.get(AuditHead, order.town_id)
    return case


def _original_name(photo: Photo) -> str:
    return f"originals/{photo.id}.{photo.mime.split('/')[-1]}"


def packet_pdf(case: Case) -> bytes:
    o = case.order
    page = Page(f"Evidence packet {o.id}", o.issued_at or o.created_at,
                f"{case.town.name} - evidence packet for order {o.id}")
    page.title_block([case.town.name, "Evidence packet for town counsel",
                      f"{o.kind.replace('_', ' ')} under {o.chapter}"])
    page.field("Site", f"{case.site.name}, {case.site.address} ({case.site.map_lot or 'no map/lot'})")
    page.field("Order status", f"{o.status}; issued {o.issued_at or '-'}; fine path {o.fine_path or '-'}")
    page.field("Service", f"{o.service_method or 'not recorded'} at {o.served_at or '-'} "
                          f"{json.dumps(o.service_detail)}")
    _violations(page, case)
    _answers(page, case)
    _photos(page, case)
    _deadlines_and_fines(page, case)
    _configurations(page, case)
    _audit(page, case)
    return bytes(page.output())


def _violations(page: Page, case: Case) -> None:
    page.heading("Violations and the provisions violated")
    for v in case.violations:
        page.para(f"{v.provision} ({v.citation}) - observed {v.observed_at.isoformat()} - status {v.status}",
                  style="B")
        page.para(f'"{quote_of(v)}"')
        page.para(v.description)


def _answers(page: Page, case: Case) -> None:
    page.heading("Checklist answers")
    for insp in case.inspections:
        page.para(f"Inspection {insp.id}: started {insp.started_at.isoformat()}, "
                  f"entry basis {insp.entry_basis}"
                  f"{' (' + insp.consent_name + ')' if insp.consent_name else ''}"
                  f"{' warrant ' + insp.warrant_number if insp.warrant_number else ''}; status {insp.status}",
                  style="B")
        rows = db.session.scalars(select(ChecklistResponse).where(ChecklistResponse.inspection_id == insp.id)
                                  .order_by(ChecklistResponse.position))
        for r in rows:
            page.para(f"  {r.item_id}: {r.answer}{' - ' + r.note if r.note else ''}"
                      f"{' (ceased ' + r.ceased_on.isoformat() + ')' if r.ceased_on else ''}")


def _photos(page: Page, case: Case) -> None:
    page.heading("Photographs (originals in the ZIP, named by id; SHA-256 below)")
    store = photo_store()
    for p in case.photos:
        page.para(f"{_original_name(p)}  sha256 {p.sha256}", style="B")
        for text, style in photo_lines(p):
            page.para(text, style=style)
        if p.derivatives_ready:
            thumb = store.get(derivative_key(key_of(p).split("/")[0], p.sha256, "thumb.jpg"))
            page.image(io.BytesIO(thumb), w=180)


def configurations(case: Case) -> list[tuple[str, dict[str, object] | None, AuditEvent | None]]:
    """Each configuration version the case's assessments were made under, with the switches the town had
    chosen for it (the defaults are the literal text) and the latest Town audit event that produced it
    (None, None: no event of the chain produces it)."""
    wanted = sorted({a.config_version for a in case.accruals if a.config_version})
    found: dict[str, tuple[dict[str, object], AuditEvent | None]] = {}
    events = db.session.scalars(select(AuditEvent).where(
        AuditEvent.town_id == case.town.id, AuditEvent.object_type == "Town",
        AuditEvent.object_id == str(case.town.id)).order_by(AuditEvent.seq.desc()))
    for event in events:  # newest first: the latest event that produced each version
        if len(found) == len(wanted):
            break
        stored = json.loads(event.snapshot).get("settings") or {}
        chosen = engine_settings(stored)
        try:
            version = BylawConfig(chosen).version
        except ConfigError:
            continue
        if version in wanted and version not in found:
            found[version] = (chosen, event)
    return [(v, found[v][0], found[v][1]) if v in found else (v, None, None) for v in wanted]


def _configurations(page: Page, case: Case) -> None:
    page.heading("Bylaw configuration of these assessments (town settings; all others are the literal text)")
    for version, chosen, event in configurations(case):
        if chosen is None or event is None:
            page.para(f"version {version}: NOT FOUND in the town's audit chain - the settings it was made "
                      "under cannot be shown; check `flask audit verify`", style="B")
            continue
        choices = "; ".join(f"{k} = {json.dumps(v)}" for k, v in sorted(chosen.items()))
        page.para(f"version {version}: set by audit event seq {event.seq} at {event.at.isoformat()} "
                  f"({event.actor})", style="B")
        page.para(f"  the town's choices: {choices or 'none (every switch at its default)'}", size=8)


def _deadlines_and_fines(page: Page, case: Case) -> None:
    page.heading("Deadlines")
    for d in case.deadlines:
        page.para(f"{d.rule_id} ({d.citation}): {d.label} - {d.earliest_on or d.earliest_at or ''} "
                  f"{d.latest_on or d.latest_at or ''} - binds {d.binds} - {d.status}")
    page.heading("Offense-days and citations")
    by_day = {a.offense_day_id: a for a in case.accruals if a.status != "void"}
    for d in case.offense_days:
        a = by_day.get(d.id)
        amount = "-" if a is None else ("no amount" if a.amount_cents is None
                                        else f"${a.amount_cents / 100:,.2f}")
        page.para(f"{d.local_date.isoformat()} {d.provision}: {a.path if a else ''} "
                  f"{a.status if a else ''} {amount}")


def _audit(page: Page, case: Case) -> None:
    page.heading("Audit events of these records (HMAC-SHA256 links of the town chain)")
    ours = {str(r.id) for r in (*case.offense_days, *case.accruals)}
    for e in case.events:
        page.para(f"seq {e.seq} {e.at.isoformat()} {e.actor} {e.action} {e.object_type} {e.object_id} "
                  f"hmac {e.hmac}", size=8)
        if e.action == SEAL:
            sealed = sealed_rows(e)
            mine = sorted((oid, d) for oid, d in sealed.items() if oid in ours)
            page.para(f"  seals {len(mine)} of this case's rows (of {len(sealed)}) by the SHA-256 of each "
                      "row's RFC 8785 snapshot:", size=7)
            for oid, digest in mine:
                page.para(f"    {oid} sha256 {digest}", size=7)
    head = case.head
    page.para(f"Chain head at {now().isoformat()}: seq {head.seq if head else 0}, "
              f"hmac {head.hmac if head else '-'}. "
              "Verify with `flask audit verify --town " + case.town.slug + "`.", style="B")


def packet_zip(case: Case) -> bytes:
    store, buf, sums, manifest = photo_store(), io.BytesIO(), [], []
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        for p in case.photos:
            data = store.get(key_of(p))
            digest = hashlib.sha256(data).hexdigest()
            if digest != p.sha256:
                raise RuntimeError(f"photo {p.id}: stored original does not match its recorded SHA-256")
            _add(zf, _original_name(p), data)
            sums.append(f"{digest}  {_original_name(p)}")
            manifest.append({"photo_id": str(p.id), "file": _original_name(p), "sha256": digest,
                             "size": len(data)})
        pdf = packet_pdf(case)
        _add(zf, "evidence-packet.pdf", pdf)
        sums.append(f"{hashlib.sha256(pdf).hexdigest()}  evidence-packet.pdf")
        _add(zf, "manifest.json", json.dumps({"order_id": str(case.order.id), "town": case.town.slug,
                                              "chain_head": case.head.hmac if case.head else None,
                                              "files": manifest}, indent=2).encode())
        _add(zf, "SHA256SUMS", ("\n".join(sums) + "\n").encode())
    return buf.getvalue()


def _add(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
    info.external_attr = 0o644 << 16
    zf.writestr(info, data)
