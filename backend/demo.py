"""Demo data: three towns with their boards, realistic sites, permits, parties and users of each role."""
from __future__ import annotations

import datetime as dt
import math
import secrets
from typing import Any

from sqlalchemy import select

from backend.extensions import db
from backend.models import Authority, Membership, Party, Permit, Site, Town, User
from backend.security import hash_password
from backend.services.checklists import sync_templates

FT_PER_DEG_LAT = 364_000.0


def square(lat: float, lon: float, half_ft: float, north_ft: float = 0.0,
           east_ft: float = 0.0) -> dict[str, Any]:
    """A GeoJSON polygon: a square of side 2*half_ft centred north_ft/east_ft from (lat, lon)."""
    dlat = 1 / FT_PER_DEG_LAT
    dlon = 1 / (FT_PER_DEG_LAT * math.cos(math.radians(lat)))
    clat, clon = lat + north_ft * dlat, lon + east_ft * dlon
    ring = [(clon + sx * half_ft * dlon, clat + sy * half_ft * dlat)
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1), (-1, -1))]
    return {"type": "Polygon", "coordinates": [[[round(x, 7), round(y, 7)] for x, y in ring]]}


def feature(geometry: dict[str, Any], **props: Any) -> dict[str, Any]:
    return {"type": "Feature", "geometry": geometry, "properties": props}


def line(lat: float, lon: float, east_ft_from: float, east_ft_to: float, north_ft: float) -> dict[str, Any]:
    dlat, dlon = 1 / FT_PER_DEG_LAT, 1 / (FT_PER_DEG_LAT * math.cos(math.radians(lat)))
    return {"type": "LineString", "coordinates": [[round(lon + e * dlon, 7), round(lat + north_ft * dlat, 7)]
                                                  for e in (east_ft_from, east_ft_to)]}


TOWNS = [
    ("carver", "Town of Carver", "+15088663400", [
        ("conservation_commission", "Carver Conservation Commission", ["CARVER-281"]),
        ("planning_board", "Carver Planning Board", ["CARVER-247"]),
        ("earth_removal_committee", "Carver Earth Removal Committee", ["CARVER-136"])]),
    ("upton", "Town of Upton", "+15085294411", [
        ("conservation_commission", "Upton Conservation Commission", ["UPTON-280"])]),
    ("gardner", "City of Gardner", "+19786321900", [
        ("conservation_commission", "Gardner Conservation Commission", ["GARDNER-650"])]),
]


def seed_demo() -> list[tuple[str, str, str, str]]:
    from backend.towns.service import TownRequest, create_town
    accounts: list[tuple[str, str, str, str]] = []
    towns = {}
    for slug, name, phone, boards in TOWNS:
        town = create_town(TownRequest(slug, name, [c for _, _, chapters in boards for c in chapters],
                                       contact_phone=phone, board_names={k: n for k, n, _ in boards})).town
        towns[slug] = (town, {a.kind: a for a in db.session.scalars(
            select(Authority).where(Authority.town_id == town.id))})
    _carver(*towns["carver"])
    _upton(*towns["upton"])
    _gardner(*towns["gardner"])
    accounts += _users(towns)
    db.session.commit()
    sync_templates()
    return accounts


def _party(town: Town, kind: str, name: str, phone: str, language: str = "en", address: str = "") -> Party:
    p = Party(town_id=town.id, kind=kind, name=name, phone_e164=phone, language=language,
              mailing_address=address, sms_consent=True)
    db.session.add(p)
    db.session.flush()
    return p


def _site(town: Town, name: str, address: str, map_lot: str, lat: float, lon: float,
          resources: list[dict[str, Any]]) -> Site:
    s = Site(town_id=town.id, name=name, address=address, map_lot=map_lot, lat=lat, lon=lon,
             boundary=square(lat, lon, 400),
             resource_areas={"type": "FeatureCollection", "features": resources})
    db.session.add(s)
    db.session.flush()
    return s


def _carver(town: Town, boards: dict[str, Authority]) -> None:
    grower = _party(town, "permittee", "Federici Cranberry Co.", "+15085550101",
                    address="12 Bog Rd, Carver MA")
    bog = _site(town, "Federici bog, Tremont St", "210 Tremont St, Carver, MA 02330", "Map 40 Lot 12",
                41.8790, -70.7480, [feature(square(41.8790, -70.7480, 150, east_ft=300), id="bog-1",
                                            type="cranberry_bog", name="Federici bog",
                                            last_cultivated_or_harvested="2025-10-15"),
                                    feature(square(41.8790, -70.7480, 60, north_ft=-250),
                                            id="bvw-1", type="bordering_vegetated_wetland")])
    db.session.add(Permit(town_id=town.id, site_id=bog.id, authority_id=boards["conservation_commission"].id,
                          kind="order_of_conditions", chapter="CARVER-281", number="SE 112-1501",
                          issued_on=dt.date(2026, 5, 4), expires_on=dt.date(2029, 5, 4),
                          recorded_on=dt.date(2026, 5, 20), permittee_id=grower.id, conditions=[
                              {"id": "SC-1", "kind": "special",
                               "text": "No equipment within 25 ft of the BVW."},
                              {"id": "SC-2", "kind": "hours", "text": "Work Mon-Fri 7:00-17:00",
                               "days": ["Mon", "Tue", "Wed", "Thu", "Fri"],
                               "start": "07:00", "end": "17:00"}]))
    sand = _party(town, "operator", "South Shore Sand & Gravel LLC", "+15085550102",
                  address="1 Pit Rd, Carver MA")
    owner = _party(town, "owner", "Ana Souza", "+15085550103", language="pt",
                   address="44 Plymouth St, Carver MA")
    pit = _site(town, "Plymouth St gravel pit", "44 Plymouth St, Carver, MA 02330", "Map 22 Lot 3",
                41.9020, -70.7650, [feature(square(41.9020, -70.7650, 80, east_ft=-500),
                                            id="bvw-1", type="bordering_vegetated_wetland")])
    db.session.add(Permit(town_id=town.id, site_id=pit.id, authority_id=boards["earth_removal_committee"].id,
                          kind="earth_removal_full", chapter="CARVER-136", number="ERC-2026-04",
                          issued_on=dt.date(2026, 3, 2), expires_on=dt.date(2027, 3, 2),
                          permittee_id=owner.id, operator_id=sand.id, conditions=[
                              {"id": "C-1", "kind": "hours", "text": "Trucking Mon-Fri 7:00-17:00",
                               "days": ["Mon", "Tue", "Wed", "Thu", "Fri"], "start": "07:00", "end": "17:00"},
                              {"id": "C-2", "kind": "truck_route", "text": "Plymouth St to Route 58 only",
                               "route": "Plymouth St, Route 58"},
                              {"id": "C-3", "kind": "volume_limit",
                               "text": "Not more than 40,000 cy per year", "cubic_yards": 40000}]))
    builder = _party(town, "permittee", "Cedar Brook Homes Inc.", "+15085550104", language="es",
                     address="9 Main St, Carver MA")
    subdivision = _site(town, "Cedar Brook subdivision", "Rochester Rd, Carver, MA 02330", "Map 61 Lot 7",
                        41.8600, -70.7800, [])
    db.session.add(Permit(town_id=town.id, site_id=subdivision.id, authority_id=boards["planning_board"].id,
                          kind="land_disturbance", chapter="CARVER-247", number="LDP-2026-02",
                          issued_on=dt.date(2026, 6, 1), expires_on=dt.date(2028, 6, 1),
                          permittee_id=builder.id, conditions=[{"id": "SC-1", "kind": "special",
                                       "text": "Stabilize lots 4-9 before October 15"}]))


def _upton(town: Town, boards: dict[str, Authority]) -> None:
    owner = _party(town, "permittee", "Mechanic Street Realty Trust", "+15085550201",
                   address="5 Main St, Upton MA")
    site = _site(town, "Mechanic St house lot (vernal pool)", "118 Mechanic St, Upton, MA 01568",
                 "Map 12 Lot 44", 42.1800, -71.6150,
                 [feature(square(42.1800, -71.6150, 40, north_ft=180), id="vp-1", type="vernal_pool",
                          volume_cuft=900, hydroperiod_months=3, predatory_fish=False,
                          breeding_habitat=True)])
    db.session.add(Permit(town_id=town.id, site_id=site.id, authority_id=boards["conservation_commission"].id,
                          kind="order_of_conditions", chapter="UPTON-280", number="UCC-2026-11",
                          issued_on=dt.date(2026, 7, 13), expires_on=dt.date(2029, 7, 13),
                          permittee_id=owner.id, conditions=[{"id": "SC-1", "kind": "special",
                                       "text": "Erosion controls at the 50-ft line before any clearing."}]))


def _gardner(town: Town, boards: dict[str, Authority]) -> None:
    owner = _party(town, "permittee", "Otter River Mills LLC", "+19785550301",
                   address="1 Mill St, Gardner MA")
    site = _site(town, "Otter River mill redevelopment", "Mill St, Gardner, MA 01440", "Map R-3 Lot 21",
                 42.5800, -71.9850, [feature(line(42.5800, -71.9850, -600, 600, 120), id="river-1",
                                             type="river_stream", flow="perennial", name="Otter River")])
    db.session.add(Permit(town_id=town.id, site_id=site.id, authority_id=boards["conservation_commission"].id,
                          kind="order_of_conditions", chapter="GARDNER-650", number="GCC-2026-05",
                          issued_on=dt.date(2026, 8, 3), expires_on=dt.date(2029, 8, 3),
                          permittee_id=owner.id,
                          conditions=[{"id": "SC-1", "kind": "special",
                                       "text": "No stockpiles within 60 ft."}]))


def _users(towns: dict[str, tuple[Town, dict[str, Authority]]]) -> list[tuple[str, str, str, str]]:
    plan = [("carver", "agent", "conservation_commission"),
            ("carver", "board_member", "earth_removal_committee"),
            ("carver", "board_member", "planning_board"), ("carver", "enforcing_officer", None),
            ("carver", "town_admin", None), ("upton", "agent", "conservation_commission"),
            ("upton", "board_member", "conservation_commission"), ("upton", "town_admin", None),
            ("gardner", "agent", "conservation_commission"), ("gardner", "town_admin", None)]
    out = []
    for slug, role, board in plan:
        email = f"{slug}.{role.replace('_', '-')}{'.' + board.split('_')[0] if board else ''}@example.org"
        out.append(_user(email, towns[slug], role, board))
    shared = _user("shared.agent@example.org", towns["upton"], "agent", "conservation_commission")
    _membership(db.session.get(User, _user_id(shared[0])), towns["gardner"], "agent",
                "conservation_commission")
    out.append(shared)
    out.append(("(also)", "", "gardner", "agent"))
    return out


def _user_id(email: str):  # type: ignore[no-untyped-def]
    return db.session.scalar(select(User.id).where(User.email == email))


def _membership(user: User | None, town_boards: tuple[Town, dict[str, Authority]], role: str,
                board: str | None) -> None:
    assert user is not None
    town, boards = town_boards
    db.session.add(Membership(user_id=user.id, town_id=town.id, role=role,
                              authority_id=boards[board].id if board else None))


def _user(email: str, town_boards: tuple[Town, dict[str, Authority]], role: str,
          board: str | None) -> tuple[str, str, str, str]:
    password = secrets.token_urlsafe(9)
    user = User(email=email, name=email.split("@")[0].replace(".", " ").title(),
                password_hash=hash_password(password))
    db.session.add(user)
    db.session.flush()
    _membership(user, town_boards, role, board)
    return email, password, town_boards[0].slug, role
