"""Server-side setup and assertions for the browser tests: through the HTTP API where a user would act, and by
reading the database where the tests check what was really stored (and when)."""
from __future__ import annotations

import datetime as dt
import math
import re
import uuid
from typing import Any

from sqlalchemy import func, select

from tests.browser.server import LiveApp
from tests.unit.media.factory import make_jpeg

PIT = "Plymouth St gravel pit"
PIT_PERMIT = "ERC-2026-04"


def token(live: LiveApp, town: str, role: str, board: str | None = None) -> dict[str, str]:
    email, password = live.account(town, role, board)
    body = {"email": email, "password": password, "town": town}
    resp = live.app.test_client().post("/api/v1/auth/token", json=body)
    assert resp.status_code == 201, resp.json
    return {"Authorization": f"Bearer {resp.json['token']}"}


def site_and_permit(live: LiveApp, headers: dict[str, str], name: str) -> tuple[dict, dict]:
    client = live.app.test_client()
    site = next(s for s in client.get("/api/v1/sites", headers=headers).json if s["name"] == name)
    return site, client.get(f"/api/v1/sites/{site['id']}", headers=headers).json["permits"][0]


def task_for(live: LiveApp, email: str, site_name: str, due_in_days: int = 1) -> None:
    """The town administrator asks the agent to visit the site."""
    admin = token(live, "carver", "town_admin")
    site, permit = site_and_permit(live, admin, site_name)
    from backend.models import User
    with live.db() as session:
        user_id = session.scalar(select(User.id).where(User.email == email))
    due = (dt.datetime.now(dt.UTC).date() + dt.timedelta(days=due_in_days)).isoformat()
    resp = live.app.test_client().post("/api/v1/tasks", headers=admin, json={
        "site_id": site["id"], "permit_id": permit["id"], "assignee_id": str(user_id), "due_on": due,
        "reason": "complaint", "notes": "Neighbour reports trucks at 6 am"})
    assert resp.status_code == 201, resp.json


def violation_at_the_pit(live: LiveApp) -> None:
    """An agent's submitted inspection with a failed buffer item: an open violation under CARVER-136."""
    agent = token(live, "carver", "agent")
    site, permit = site_and_permit(live, agent, PIT)
    client, iid = live.app.test_client(), str(uuid.uuid4())
    body = {"id": iid, "site_id": site["id"], "permit_id": permit["id"], "entry_basis": "permit_on_file",
            "started_at": dt.datetime.now(dt.UTC).isoformat(), "responses": [
                {"item_id": "buffer-50ft", "answer": "fail", "data": {"nearest_disturbance_ft": 12}}]}
    assert client.post("/api/v1/inspections", json=body, headers=agent).status_code == 201
    assert client.post(f"/api/v1/inspections/{iid}/submit", headers=agent).status_code == 200


def photos_at_the_pit(live: LiveApp, offsets_ft: list[tuple[float, float]]) -> None:
    """Photo records of the pit's inspection, each at (north_ft, east_ft) from the site's centre (as the
    server keeps them after an upload with the phone's position)."""
    from backend.audit import acting_as
    from backend.demo import FT_PER_DEG_LAT
    from backend.models import Inspection, Photo, Site
    with live.db() as session, acting_as("test:photos"):
        site = session.scalar(select(Site).where(Site.name == PIT))
        inspection = session.scalar(select(Inspection).where(Inspection.site_id == site.id))
        for north, east in offsets_ft:
            lat = site.lat + north / FT_PER_DEG_LAT
            lon = site.lon + east / (FT_PER_DEG_LAT * math.cos(math.radians(site.lat)))
            session.add(Photo(id=uuid.uuid4(), town_id=site.town_id, inspection_id=inspection.id,
                              sha256="0" * 64, size=1000, mime="image/jpeg", lat=lat, lon=lon, accuracy_m=5.0,
                              provenance="device", taken_at=dt.datetime.now(dt.UTC)))
        session.commit()


def jpeg(name: str, size: tuple[int, int]) -> dict[str, Any]:
    return {"name": name, "mimeType": "image/jpeg", "buffer": make_jpeg(size=size)}


def not_an_image(name: str) -> dict[str, Any]:
    return {"name": name, "mimeType": "image/jpeg", "buffer": b"this is a shopping list, not a photo\n" * 40}


def rows(live: LiveApp, model_name: str, **where: Any) -> list[Any]:
    import backend.models as models
    model = getattr(models, model_name)
    with live.db() as session:
        found = list(session.scalars(select(model).filter_by(**where)))
        session.expunge_all()
    return found


def count(live: LiveApp, model_name: str) -> int:
    import backend.models as models
    with live.db() as session:
        return session.scalar(select(func.count()).select_from(getattr(models, model_name))) or 0


def revoke_tokens(live: LiveApp, email: str) -> None:
    from backend.audit import acting_as
    from backend.models import ApiToken, User
    with live.db() as session, acting_as("test:revoke"):
        user_id = session.scalar(select(User.id).where(User.email == email))
        for row in session.scalars(select(ApiToken).where(ApiToken.user_id == user_id)):
            row.revoked_at = dt.datetime.now(dt.UTC)
        session.commit()


def inspection_id_from(url: str) -> str:
    found = re.search(r"#/inspect/([0-9a-f-]{36})", url)
    assert found, url
    return found.group(1)
