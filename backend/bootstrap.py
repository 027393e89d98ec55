"""Composition root: builds every adapter from configuration and registers the app's parts."""
from __future__ import annotations

import logging

from apiflask import APIFlask
from flask import jsonify, request
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError
from werkzeug.exceptions import HTTPException

from backend import audit
from backend.api import errors as api_errors
from backend.clock import SystemClock
from backend.config import Settings
from backend.extensions import db, limiter, migrate
from backend.jobs.photo_tasks import derive_photo
from backend.jobs.tasks import outbox_kick
from backend.outbox import kick

log = logging.getLogger(__name__)


def register_extensions(app: APIFlask, settings: Settings) -> None:
    validate_law_data()
    logging.getLogger("exifread").setLevel(logging.ERROR)  # it warns on every photo without EXIF
    app.extensions["clock"] = SystemClock()
    db.init_app(app)
    migrate.init_app(app, db, directory=_migrations_dir(), render_as_batch=True, compare_type=True)
    from backend import ratelimit_db  # registers the dbcount:// storage (the counts without Redis)
    limiter.init_app(app)
    with app.app_context():
        ratelimit_db.bind(limiter.storage, db.engine)
    if settings.trusted_proxies > 0:  # the client's address and scheme from the proxies' X-Forwarded-*
        from werkzeug.middleware.proxy_fix import ProxyFix
        n = settings.trusted_proxies
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n, x_port=n)  # type: ignore[method-assign]
    audit.install(settings.audit_hmac_key)
    app.extensions["photo_store"] = build_photo_store(settings)
    kick.install(app, settings, outbox_kick)
    app.extensions["photos.derive"] = derive_photo
    if settings.database_url.startswith("sqlite"):
        event.listen(Engine, "connect", _sqlite_pragmas)


def build_photo_store(settings: Settings):  # type: ignore[no-untyped-def]
    """Local folder by default; S3-compatible storage when PHOTO_S3_BUCKET is set."""
    if settings.photo_s3_bucket:
        import boto3

        from media.s3store import S3PhotoStore
        client = boto3.client("s3", endpoint_url=settings.photo_s3_endpoint or None)
        return S3PhotoStore(client, settings.photo_s3_bucket, settings.photo_s3_prefix)
    from media.storage import LocalPhotoStore
    return LocalPhotoStore(settings.photo_root)


def validate_law_data() -> None:
    """The rule packs and checklist templates are validated at start-up: a defect fails loudly here."""
    from inspections.checklists import templates
    from inspections.rulepack import load_rulebook
    load_rulebook()
    templates()


def _migrations_dir() -> str:
    import os
    return os.path.join(os.path.dirname(os.path.dirname(__file__)), "migrations")


def _sqlite_pragmas(dbapi_conn, _record) -> None:  # type: ignore[no-untyped-def]
    if type(dbapi_conn).__module__.startswith("sqlite3"):
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=10000")
        cur.execute("PRAGMA cache_size=-65536")  # 64 MiB of pages per connection (the default is 2 MiB)
        cur.close()


def register_security(app: APIFlask) -> None:
    from backend.security import authenticate
    app.before_request(authenticate)

    @app.after_request
    def _headers(response):  # type: ignore[no-untyped-def]
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        if request.is_secure:  # https as the client saw it (X-Forwarded-Proto counts behind TRUSTED_PROXIES)
            response.headers.setdefault("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
        if request.path.startswith("/api/"):  # tokens, records of people: never kept by a cache
            response.headers["Cache-Control"] = "no-store"
        return response


def register_errors(app: APIFlask) -> None:
    api_errors.install(app)

    @app.errorhandler(IntegrityError)
    def _integrity(exc: IntegrityError):  # type: ignore[no-untyped-def]
        db.session.rollback()
        return jsonify(message="conflict with an existing record", detail={"db": str(exc.orig)[:200]}), 409

    @app.errorhandler(StaleDataError)
    def _stale(exc: StaleDataError):  # type: ignore[no-untyped-def]
        db.session.rollback()
        return jsonify(message="the record changed since you read it; reload and retry", detail={}), 412

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):  # type: ignore[no-untyped-def]
        if isinstance(exc, HTTPException):
            return jsonify(message=exc.description, detail={}), exc.code
        db.session.rollback()
        log.exception("unhandled error")
        return jsonify(message="internal error; nothing was saved", detail={}), 500


def register_blueprints(app: APIFlask) -> None:
    from backend.api import register
    register(app)
    from backend.slack import register_slack
    register_slack(app, app.config["SETTINGS"])
    from backend.fieldapp import bp as fieldapp
    app.register_blueprint(fieldapp)
    from backend.fieldapp import compressed
    compressed.install(app)
    from backend.public import bp as public_notice
    app.register_blueprint(public_notice)
    from backend.public.reset_page import bp as reset_page
    app.register_blueprint(reset_page)
    from backend.sms import install as install_sms
    install_sms(app)
    from backend.outbox import board_channels
    board_channels.install()  # a board alert written before its Slack channel is set waits for it
    from backend.notifications import registry as notification_kinds
    notification_kinds.install()  # every kind has its renderers, or the app does not start


def register_cli(app: APIFlask) -> None:
    from backend.cli import register
    register(app)
