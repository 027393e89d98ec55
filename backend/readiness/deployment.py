"""The deployment's own checks: database and migrations, keys, Redis, the photo store, the public URL, the
worker and the periodic jobs, the Slack app and the Twilio account."""
from __future__ import annotations

import datetime as dt
import os

from flask import current_app
from sqlalchemy import select, text

from backend.clock import now
from backend.config import Settings
from backend.extensions import db
from backend.models import JobHeartbeat
from backend.readiness import Check, fail, ok, warn

MIN_KEY_BYTES = 32
NEW_KEY = "python -c 'import secrets; print(secrets.token_hex(32))'"
RELEASE = "run the Procfile's release step: flask --app backend db upgrade"
PROCESSES = "start the Procfile's `worker` and exactly one `scheduler` (huey_consumer)"


def database() -> Check:
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory
    try:
        conn = db.session.connection()
        conn.execute(text("SELECT 1"))
        current = set(MigrationContext.configure(conn).get_current_heads())
    except Exception as exc:  # noqa: BLE001 - the check reports any failure
        db.session.rollback()
        return fail("database", f"not reachable ({type(exc).__name__})",
                    "check DATABASE_URL and that PostgreSQL accepts connections from this host")
    migrations = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(__file__))), "migrations")
    heads = set(ScriptDirectory(migrations).get_heads())
    if current != heads:
        found = ", ".join(sorted(current)) or "no migration applied"
        return fail("database", f"reachable, schema at {found}; the code needs {', '.join(sorted(heads))}",
                    RELEASE)
    return ok("database", f"reachable, migrated to head {', '.join(sorted(heads))}")


def keys(settings: Settings) -> list[Check]:
    out = []
    for name, value in (("SECRET_KEY", settings.secret_key), ("AUDIT_HMAC_KEY", settings.audit_hmac_key)):
        size = len(value.encode())
        if size < MIN_KEY_BYTES:
            out.append(fail(name, f"{size} bytes; at least {MIN_KEY_BYTES} are needed",
                            f"set {name} from the platform's secret store to a new random value ({NEW_KEY})"
                            + (" before anything is written: the audit chain is keyed with it"
                               if name == "AUDIT_HMAC_KEY" else "")))
        else:
            out.append(ok(name, f"set, {size} bytes"))
    if settings.secret_key and settings.secret_key == settings.audit_hmac_key:
        out.append(fail("keys", "SECRET_KEY and AUDIT_HMAC_KEY are the same value",
                        f"give each its own random value ({NEW_KEY})"))
    return out


def redis(settings: Settings) -> Check:
    if not settings.redis_url:
        if settings.app_env != "production":
            return ok("redis", "not used (REDIS_URL not set)")
        return warn("redis", "REDIS_URL not set: jobs queue on SQLite and login limits are per process",
                    "set REDIS_URL in production (several web and worker processes share it)")
    import redis as redis_client
    try:
        redis_client.Redis.from_url(settings.redis_url, socket_connect_timeout=2, socket_timeout=2).ping()
    except Exception as exc:  # noqa: BLE001
        return fail("redis", f"REDIS_URL set but not reachable ({type(exc).__name__})",
                    "check REDIS_URL (redis://host:port/db) and that Redis accepts this host's connections")
    return ok("redis", "reachable")


def photo_store(settings: Settings) -> Check:
    store = current_app.extensions["photo_store"]
    where = f"S3 bucket {settings.photo_s3_bucket}" if settings.photo_s3_bucket else "the local PHOTO_ROOT"
    try:
        store.probe()
    except Exception as exc:  # noqa: BLE001
        fix = ("check PHOTO_S3_BUCKET, PHOTO_S3_ENDPOINT and the credentials' s3:PutObject, s3:GetObject and "
               "s3:DeleteObject on the bucket") if settings.photo_s3_bucket else \
            "make PHOTO_ROOT a durable volume writable by the web and worker processes"
        return fail("photo store", f"{where}: a probe object could not be written, read back and removed "
                    f"({type(exc).__name__})", fix)
    return ok("photo store", f"{where}: a probe object was written, read back and removed")


def public_url(settings: Settings) -> Check:
    url = settings.public_base_url
    if url.startswith("https://"):
        return ok("PUBLIC_BASE_URL", url)
    fix = ("set PUBLIC_BASE_URL to the https address phones, Slack and Twilio use (exactly the scheme and "
           "host Twilio calls)")
    if settings.app_env == "production":
        return fail("PUBLIC_BASE_URL", f"{url} is not https", fix)
    return warn("PUBLIC_BASE_URL", f"{url} is not https (fine for a demo on this machine)", fix)


def _required_jobs() -> tuple[str, ...]:
    from backend.jobs.runner import JOBS
    return ("worker-heartbeat", "outbox", *(job.name for job in JOBS))


def jobs(errors: bool = True) -> list[Check]:
    """The worker's heartbeat and each periodic job: last success within its allowed age (with the job's last
    error when `errors`: it may name any town's records, so a town admin's answer leaves it out)."""
    beats = {b.name: b for b in db.session.scalars(select(JobHeartbeat))}
    at, out, never = now(), [], []
    for name in (*_required_jobs(), *sorted(set(beats) - set(_required_jobs()))):
        beat = beats.get(name)
        label = f"job {name}"
        if beat is None or beat.last_success_at is None:
            error = f" (last error: {beat.last_error[:200]})" if errors and beat and beat.last_error else ""
            never.append(name + error)
            continue
        age = (at - beat.last_success_at).total_seconds()
        when = f"last success {_ago(age)} ago (allowed {_ago(beat.max_age_seconds)})"
        if age > beat.max_age_seconds:
            error = f"; last error: {beat.last_error[:200]}" if errors and beat.last_error else ""
            out.append(fail(label, when + error, PROCESSES + "; read its log for the error"))
        else:
            out.append(ok(label, when))
    if never:
        out.insert(0, fail("jobs", f"never succeeded: {', '.join(never)}", PROCESSES))
    return out


def _ago(seconds: float) -> str:
    return str(dt.timedelta(seconds=max(0, round(seconds))))


def twilio_account(settings: Settings) -> Check:
    if settings.twilio_account_sid and settings.twilio_auth_token:
        return ok("twilio", f"account set; {len(settings.twilio_senders)} sender(s) in TWILIO_SENDERS")
    return fail("twilio", "TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are not both set: texts to permittees "
                "go to the console", "set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_SENDERS (README: "
                "SMS to permittees, Twilio set-up)")


def slack_app(settings: Settings) -> Check:
    runtime = current_app.extensions["slack"]
    if runtime.mode == "off":
        return fail("slack", "Slack is off (SLACK_CLIENT_ID and SLACK_TOWNS are empty): board alerts go to "
                    "the console", "create the Slack app and set SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, "
                    "SLACK_SIGNING_SECRET and SLACK_TOKEN_KEYS (README: Slack for the boards)")
    if not settings.slack_signing_secret:
        return fail("slack", f"{runtime.mode} mode without SLACK_SIGNING_SECRET: Slack's calls are refused",
                    "set SLACK_SIGNING_SECRET (the app's Basic Information → App Credentials)")
    how = "Add to Slack (each town installs the app)" if runtime.mode == "installed" else \
        "fixed tokens (SLACK_TOWNS, SLACK_BOT_TOKENS)"
    return ok("slack", f"the Slack app is configured: {how}")


def checks(settings: Settings, errors: bool = True) -> list[Check]:
    return [database(), *keys(settings), redis(settings), photo_store(settings), public_url(settings),
            *jobs(errors), slack_app(settings), twilio_account(settings)]
