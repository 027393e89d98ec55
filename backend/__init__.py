"""Flask backend: app factory. `create_app()` is a sequence of small register_* steps."""
from __future__ import annotations

import os
from typing import Any

from apiflask import APIFlask

from backend.config import Settings


def create_app(config: dict[str, Any] | Settings | None = None) -> APIFlask:
    app = APIFlask(__name__, title="Field Enforcement API", version="1",
                   spec_path="/api/v1/openapi.json", docs_path=None, instance_path=_instance_path())
    settings = config if isinstance(config, Settings) else Settings.from_env()
    if isinstance(config, dict):
        for key, value in config.items():
            setattr(settings, key, value)
    settings.finalise(app.instance_path)
    _configure(app, settings)
    from backend import bootstrap
    bootstrap.register_extensions(app, settings)
    bootstrap.register_security(app)
    bootstrap.register_errors(app)
    bootstrap.register_blueprints(app)
    bootstrap.register_cli(app)
    return app


def _instance_path() -> str:
    return os.environ.get("INSTANCE_PATH") or os.path.join(os.getcwd(), "instance")


def _configure(app: APIFlask, settings: Settings) -> None:
    app.config.update(
        SETTINGS=settings,
        SECRET_KEY=settings.secret_key,
        SQLALCHEMY_DATABASE_URI=settings.database_url,
        SQLALCHEMY_ENGINE_OPTIONS=_engine_options(settings.database_url),
        MAX_CONTENT_LENGTH=settings.photo_max_bytes + 1024 * 1024,
        JSON_SORT_KEYS=False,
        AUTO_SERVERS=False,
        SECURITY_SCHEMES={"BearerAuth": {"type": "http", "scheme": "bearer"}},
        # without Redis the counts live in the database (backend/ratelimit_db.py), shared by every worker
        RATELIMIT_STORAGE_URI=settings.redis_url or "dbcount://",
        # Redis unreachable: count in this process's memory meanwhile (logged), never answer 500
        RATELIMIT_IN_MEMORY_FALLBACK_ENABLED=bool(settings.redis_url),
        RATELIMIT_STORAGE_OPTIONS={"socket_connect_timeout": 0.5, "socket_timeout": 0.5}
        if settings.redis_url else {},
        INFO={"description": "Field inspections, violations and enforcement under the bylaws of "
                             "Massachusetts towns. Every route needs a bearer token from "
                             "POST /api/v1/auth/token."},
    )


def _engine_options(url: str) -> dict[str, Any]:
    if url.startswith("sqlite"):
        return {"connect_args": {"timeout": 30, "check_same_thread": False}}
    return {"pool_pre_ping": True, "pool_size": 5, "max_overflow": 5}
