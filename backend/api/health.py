"""GET /healthz: database reachable, worker heartbeat fresh, each periodic job's last success; 503 if stale."""  # noqa: E501
from __future__ import annotations

from apiflask import APIBlueprint
from flask import current_app
from sqlalchemy import select, text

from backend.clock import now
from backend.extensions import db
from backend.models import JobHeartbeat

bp = APIBlueprint("health", __name__, tag="Health")
REQUIRED = ("worker-heartbeat",)


@bp.get("/healthz")
@bp.doc(security=[])
def healthz():  # type: ignore[no-untyped-def]
    checks: dict[str, dict] = {}
    try:
        db.session.execute(text("SELECT 1"))
        checks["database"] = {"ok": True}
    except Exception as exc:  # noqa: BLE001 - health reports any failure
        db.session.rollback()
        return {"ok": False, "checks": {"database": {"ok": False, "error": type(exc).__name__}}}, 503
    beats = {b.name: b for b in db.session.scalars(select(JobHeartbeat))}
    at = now()
    for name in sorted(set(REQUIRED) | set(beats)):
        beat = beats.get(name)
        last = beat.last_success_at if beat else None
        age = (at - last).total_seconds() if last else None
        ok = age is not None and age <= (beat.max_age_seconds if beat else 0)
        checks[name] = {"ok": ok, "last_success_at": last.isoformat() if last else None,
                        "age_seconds": None if age is None else round(age)}
    redis = _redis_check()
    if redis is not None:
        checks["redis"] = redis
    healthy = all(c["ok"] for c in checks.values())
    return {"ok": healthy, "checks": checks}, (200 if healthy else 503)


def _redis_check() -> dict | None:
    """With REDIS_URL set: is Redis answering? (Logins and public pages fall back to per-process limits while
    it is not, so it is reported, and makes the answer 503, but nothing else stops.)"""
    url = current_app.config["SETTINGS"].redis_url
    if not url:
        return None
    import redis
    try:
        redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5).ping()
    except redis.RedisError as exc:
        return {"ok": False, "error": type(exc).__name__}
    return {"ok": True}
