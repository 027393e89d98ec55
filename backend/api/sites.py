"""Sites: search by text and by distance; detail with permits, open violations, deadlines, resource areas."""
from __future__ import annotations

import uuid

from apiflask import APIBlueprint
from sqlalchemy import or_, select

from backend.api.schemas import SiteDetail, SiteOut, SiteQuery
from backend.clock import now
from backend.extensions import db
from backend.geo import haversine_m
from backend.models import Deadline, Site, Violation
from backend.security import get_in_town, principal

bp = APIBlueprint("sites", __name__, url_prefix="/api/v1/sites", tag="Sites")
OPEN_VIOLATION = ("open", "corrected")


@bp.get("")
@bp.input(SiteQuery, location="query")
@bp.output(SiteOut(many=True))
@bp.doc(security="BearerAuth")
def list_sites(query_data: dict) -> list[dict]:
    stmt = select(Site).where(Site.town_id == principal().town_id, Site.active.is_(True))
    if query_data.get("q"):
        like = f"%{query_data['q'].strip()}%"
        stmt = stmt.where(or_(Site.name.ilike(like), Site.address.ilike(like), Site.map_lot.ilike(like)))
    rows = [_summary(s, query_data) for s in db.session.scalars(stmt.order_by(Site.name))]
    if query_data.get("lat") is not None:
        rows = sorted((r for r in rows if r["distance_m"] <= query_data["radius_m"]),
                      key=lambda r: r["distance_m"])
    return rows[: query_data["limit"]]


def _summary(site: Site, query: dict) -> dict:
    out = {k: getattr(site, k) for k in ("id", "name", "address", "map_lot", "lat", "lon")}
    out["distance_m"] = (round(haversine_m(query["lat"], query["lon"], site.lat, site.lon), 1)
                         if query.get("lat") is not None else None)
    return out


@bp.get("/<uuid:site_id>")
@bp.output(SiteDetail)
@bp.doc(security="BearerAuth")
def get_site(site_id: uuid.UUID) -> dict:
    site = get_in_town(Site, site_id)
    out = _summary(site, {})
    out.update(boundary=site.boundary, resource_areas=site.resource_areas,
               permits=[p for p in site.permits if p.active])
    out["open_violations"] = db.session.scalars(select(Violation).where(
        Violation.site_id == site.id, Violation.status.in_(OPEN_VIOLATION)
    ).order_by(Violation.observed_at)).all()
    out["upcoming_deadlines"] = db.session.scalars(select(Deadline).where(
        Deadline.site_id == site.id, Deadline.status == "open",
        Deadline.latest_on >= now().date()).order_by(Deadline.latest_on).limit(50)).all()
    return out
