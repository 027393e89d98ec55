"""The field API under /api/v1 (JSON, OpenAPI 3 at /api/v1/openapi.json)."""
from __future__ import annotations

from apiflask import APIFlask


def register(app: APIFlask) -> None:
    from backend.api import auth, checklists, enforcement, geo, health, inspections, sites
    for module in (auth, sites, checklists, inspections, enforcement, geo, health):
        app.register_blueprint(module.bp)
