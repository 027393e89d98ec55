"""The records everything depends on: sites, permits (with structured conditions) and parties, per town.

Nothing is hard-deleted: `active=False` hides a record from the field lists and keeps it as evidence.
Every write goes through the audited models, so each change lands in the town's audit chain.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import phonenumbers
import shapely.errors
import shapely.geometry
from sqlalchemy import func, select

from backend.extensions import db
from backend.models import Authority, Party, Permit, Site
from backend.security import Principal, get_in_town
from inspections.errors import Conflict, DomainError, Invalid
from inspections.planar import in_massachusetts

SITE_FIELDS = ("name", "address", "map_lot", "lat", "lon", "boundary", "active")
PARTY_FIELDS = ("kind", "name", "mailing_address", "phone", "language", "sms_consent", "active")
PERMIT_FIELDS = ("authority_id", "kind", "chapter", "number", "issued_on", "expires_on", "recorded_on",
                 "permittee_id", "operator_id", "conditions", "notes", "active")


def field_error(field: str, message: str, kind: type[DomainError] = Invalid) -> NoReturn:
    raise kind(f"{field}: {message}", field=field, detail={"json": {field: [message]}})


@contextmanager
def all_or_nothing() -> Iterator[None]:
    """Changes applied before a refusal are rolled back, so a 4xx never leaves half an edit in the session."""
    try:
        with db.session.no_autoflush:
            yield
    except Exception:
        db.session.rollback()
        raise


# --- parties -------------------------------------------------------------------------------------------

def normalise_phone(raw: str | None) -> str | None:
    """Any US way of writing a number -> E.164 (+15085550101); a number that cannot be dialled is a 422."""
    if raw is None or not raw.strip():
        return None
    try:
        number = phonenumbers.parse(raw, "US")
    except phonenumbers.NumberParseException as exc:
        field_error("phone", f"not a phone number ({exc})")
    if not phonenumbers.is_valid_number(number):
        field_error("phone", f"{raw!r} is not a valid phone number (region US by default)")
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def create_party(who: Principal, data: dict[str, Any]) -> Party:
    party = Party(town_id=who.town_id, kind=data["kind"], name=data["name"].strip(),
                  mailing_address=data.get("mailing_address"), phone_e164=normalise_phone(data.get("phone")),
                  language=data["language"], sms_consent=data["sms_consent"])
    if party.sms_consent and party.phone_e164 is None:
        field_error("sms_consent", "consent to SMS needs a phone number")
    db.session.add(party)
    db.session.commit()
    return party


def update_party(party: Party, changes: dict[str, Any]) -> Party:
    with all_or_nothing():
        if "phone" in changes:
            party.phone_e164 = normalise_phone(changes.pop("phone"))
        for key, value in changes.items():
            setattr(party, key, value.strip() if key == "name" else value)
        if party.sms_consent and party.phone_e164 is None:
            field_error("sms_consent", "consent to SMS needs a phone number")
    db.session.commit()
    return party


# --- sites ---------------------------------------------------------------------------------------------

def _check_position(lat: float, lon: float) -> None:
    if not in_massachusetts(shapely.geometry.Point(lon, lat)):
        field_error("lat", f"({lat}, {lon}) is not in Massachusetts (WGS84 lat/lon expected)")


def _check_boundary(boundary: dict[str, Any] | None) -> None:
    if boundary is None:
        return
    if boundary.get("type") not in ("Polygon", "MultiPolygon"):
        field_error("boundary", "must be a GeoJSON Polygon or MultiPolygon (WGS84)")
    try:
        shape = shapely.geometry.shape(boundary)
    except (ValueError, TypeError, IndexError, KeyError, AttributeError, shapely.errors.ShapelyError) as exc:
        field_error("boundary", f"unreadable coordinates: {exc}")
    if shape.is_empty or not shape.is_valid:
        field_error("boundary", f"invalid polygon: {shapely.is_valid_reason(shape)}")
    if not in_massachusetts(shape):
        field_error("boundary", "coordinates must be WGS84 lon/lat inside Massachusetts")


def create_site(who: Principal, data: dict[str, Any]) -> Site:
    _check_position(data["lat"], data["lon"])
    _check_boundary(data.get("boundary"))
    site = Site(town_id=who.town_id, name=data["name"].strip(), address=data["address"].strip(),
                map_lot=data.get("map_lot"), lat=data["lat"], lon=data["lon"], boundary=data.get("boundary"))
    db.session.add(site)
    db.session.commit()
    return site


def update_site(site: Site, changes: dict[str, Any]) -> Site:
    _check_position(changes.get("lat", site.lat), changes.get("lon", site.lon))
    if "boundary" in changes:
        _check_boundary(changes["boundary"])
    for key, value in changes.items():
        setattr(site, key, value.strip() if key in ("name", "address") else value)
    db.session.commit()
    return site


# --- permits -------------------------------------------------------------------------------------------

def _town_chapters(who: Principal) -> set[str]:
    rows = db.session.scalars(select(Authority).where(Authority.town_id == who.town_id))
    return {chapter for authority in rows for chapter in authority.chapters}


def _check_permit(who: Principal, permit: Permit) -> None:
    if permit.authority_id is not None:
        authority = get_in_town(Authority, permit.authority_id)
        if permit.chapter not in authority.chapters:
            field_error("chapter", f"{authority.name} does not enforce {permit.chapter} "
                                   f"(it enforces {', '.join(authority.chapters) or 'nothing'})")
    elif permit.chapter not in _town_chapters(who):
        field_error("chapter", f"no board of this town enforces {permit.chapter}")
    for key in ("permittee_id", "operator_id"):
        if getattr(permit, key) is not None:
            get_in_town(Party, getattr(permit, key))
    if permit.issued_on and permit.expires_on and permit.expires_on < permit.issued_on:
        field_error("expires_on", "a permit cannot expire before it is issued")
    _check_unique_number(who, permit)


def _check_unique_number(who: Principal, permit: Permit) -> None:
    clash = db.session.scalar(select(Permit.id).where(
        Permit.town_id == who.town_id, Permit.chapter == permit.chapter,
        func.lower(Permit.number) == permit.number.lower(), Permit.id != permit.id).limit(1))
    if clash is not None:
        field_error("number", f"{permit.chapter} permit {permit.number} already exists (permit {clash})",
                    Conflict)


def create_permit(who: Principal, data: dict[str, Any]) -> Permit:
    site = get_in_town(Site, data["site_id"])
    with all_or_nothing():
        permit = Permit(town_id=who.town_id, site_id=site.id,
                        **{k: data.get(k) for k in PERMIT_FIELDS if k != "active"})
        permit.conditions = data.get("conditions") or []
        permit.number = permit.number.strip()
        _check_permit(who, permit)
    db.session.add(permit)
    db.session.commit()
    return permit


def update_permit(who: Principal, permit: Permit, changes: dict[str, Any]) -> Permit:
    with all_or_nothing():
        for key, value in changes.items():
            setattr(permit, key, value.strip() if key == "number" else value)
        _check_permit(who, permit)
    db.session.commit()
    return permit
