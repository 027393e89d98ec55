"""Settings from environment variables (each documented in .env.example)."""
from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def normalise_database_url(url: str) -> str:
    """postgres:// and postgresql:// (Heroku-style) use the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _json_map(name: str, value: str | None) -> dict[str, str]:
    """A JSON object of strings from the environment (e.g. town slug -> token); empty when unset."""
    if not value or not value.strip():
        return {}
    try:
        data = json.loads(value)
    except json.JSONDecodeError as exc:
        raise RuntimeError(f"{name} must be a JSON object like {{\"carver\": \"...\"}}: {exc}") from exc
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise RuntimeError(f"{name} must be a JSON object of strings")
    return {str(k): v for k, v in data.items()}


def _bool(value: str | None, default: bool) -> bool:
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


APP_ENVS = ("demo", "development", "test", "production")
MIN_KEY_BYTES = 32


@dataclass
class Settings:
    app_env: str = "demo"  # demo | development | test | production
    database_url: str = ""  # empty: SQLite file in the instance folder
    secret_key: str = ""
    audit_hmac_key: str = ""
    redis_url: str = ""
    token_ttl_hours: int = 24 * 14
    login_rate_limit: str = "10 per minute"
    login_client_rate_limit: str = "30 per minute"  # login attempts from one client address, any account
    trusted_proxies: int = 0  # reverse proxies in front of the app whose X-Forwarded-* headers are believed
    photo_root: str = ""  # empty: <instance>/photos
    console_record: str = ""  # what the console channel printed (digests); empty: <instance>/console-sent.log
    photo_max_bytes: int = 40 * 1024 * 1024
    photo_s3_bucket: str = ""
    photo_s3_prefix: str = ""
    photo_s3_endpoint: str = ""
    public_base_url: str = "http://127.0.0.1:5000"
    heartbeat_stale_seconds: int = 180
    slack_bot_tokens: dict[str, str] = field(default_factory=dict)  # outbox delivery: town slug -> bot token
    slack_api_url: str = ""
    slack_signing_secret: str = ""  # the Slack app's signing secret (verifies /slack/events)
    slack_towns: str = ""  # SLACK_TOWNS JSON, parsed and validated by backend/slack/config.py
    slack_client_id: str = ""  # set: towns install the app with "Add to Slack" (backend/slack/oauth.py)
    slack_client_secret: str = ""
    slack_token_keys: str = ""  # Fernet keys sealing installed bot tokens (backend/sealing.py)
    twilio_account_sid: str = ""
    twilio_auth_token: str = ""
    twilio_senders: dict[str, str] = field(default_factory=dict)  # town slug -> +1… number or MG… service SID
    twilio_api_base: str = ""
    sms_quiet_hours: str = "20:00-08:00"  # local time of each town; "off" to send at any hour
    channel_timeout_seconds: float = 10.0
    outbox_max_attempts: int = 8
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        env = dict(os.environ if env is None else env)
        return cls(
            app_env=env.get("APP_ENV", "demo"),
            database_url=normalise_database_url(env.get("DATABASE_URL", "")),
            secret_key=env.get("SECRET_KEY", ""),
            audit_hmac_key=env.get("AUDIT_HMAC_KEY", ""),
            redis_url=env.get("REDIS_URL", ""),
            token_ttl_hours=int(env.get("TOKEN_TTL_HOURS", 24 * 14)),
            login_rate_limit=env.get("LOGIN_RATE_LIMIT", "10 per minute"),
            login_client_rate_limit=env.get("LOGIN_CLIENT_RATE_LIMIT", "30 per minute"),
            trusted_proxies=int(env.get("TRUSTED_PROXIES") or 0),
            photo_root=env.get("PHOTO_ROOT", ""),
            console_record=env.get("CONSOLE_RECORD", ""),
            photo_max_bytes=int(env.get("PHOTO_MAX_BYTES", 40 * 1024 * 1024)),
            photo_s3_bucket=env.get("PHOTO_S3_BUCKET", ""),
            photo_s3_prefix=env.get("PHOTO_S3_PREFIX", ""),
            photo_s3_endpoint=env.get("PHOTO_S3_ENDPOINT", ""),
            public_base_url=env.get("PUBLIC_BASE_URL", "http://127.0.0.1:5000").rstrip("/"),
            heartbeat_stale_seconds=int(env.get("HEARTBEAT_STALE_SECONDS", 180)),
            slack_bot_tokens=_json_map("SLACK_BOT_TOKENS", env.get("SLACK_BOT_TOKENS")),
            slack_api_url=env.get("SLACK_API_URL", ""),
            slack_signing_secret=env.get("SLACK_SIGNING_SECRET", ""),
            slack_towns=env.get("SLACK_TOWNS", ""),
            slack_client_id=env.get("SLACK_CLIENT_ID", "").strip(),
            slack_client_secret=env.get("SLACK_CLIENT_SECRET", "").strip(),
            slack_token_keys=env.get("SLACK_TOKEN_KEYS", ""),
            twilio_account_sid=env.get("TWILIO_ACCOUNT_SID", ""),
            twilio_auth_token=env.get("TWILIO_AUTH_TOKEN", ""),
            twilio_senders=_json_map("TWILIO_SENDERS", env.get("TWILIO_SENDERS")),
            twilio_api_base=env.get("TWILIO_API_BASE", ""),
            sms_quiet_hours=env.get("SMS_QUIET_HOURS", "20:00-08:00"),
            channel_timeout_seconds=float(env.get("CHANNEL_TIMEOUT_SECONDS") or 10),
            outbox_max_attempts=int(env.get("OUTBOX_MAX_ATTEMPTS") or 8),
        )

    def finalise(self, instance_path: str) -> Settings:
        """Fill instance-relative defaults; refuse unsafe production settings."""
        Path(instance_path).mkdir(parents=True, exist_ok=True)
        if not self.database_url:
            self.database_url = f"sqlite:///{Path(instance_path) / 'fieldenforce.sqlite3'}"
        self.database_url = normalise_database_url(self.database_url)
        if not self.photo_root:
            self.photo_root = str(Path(instance_path) / "photos")
        if not self.console_record:
            self.console_record = str(Path(instance_path) / "console-sent.log")
        if self.app_env not in APP_ENVS:  # exact, case-sensitive: "Production" must not run as a demo
            raise RuntimeError(f"APP_ENV must be one of {', '.join(APP_ENVS)} exactly; got {self.app_env!r}")
        if self.app_env == "production":
            missing = [n for n, v in (("SECRET_KEY", self.secret_key),
                                      ("AUDIT_HMAC_KEY", self.audit_hmac_key)) if not v]
            if missing:
                raise RuntimeError(f"APP_ENV=production requires {', '.join(missing)}")
            short = [n for n, v in (("SECRET_KEY", self.secret_key), ("AUDIT_HMAC_KEY", self.audit_hmac_key))
                     if len(v.encode()) < MIN_KEY_BYTES]
            if short:
                raise RuntimeError(f"APP_ENV=production requires {', '.join(short)} of at least "
                                   f"{MIN_KEY_BYTES} bytes (python -c 'import secrets; "
                                   "print(secrets.token_urlsafe(48))')")
        self.secret_key = self.secret_key or _instance_secret(instance_path, "secret_key")
        self.audit_hmac_key = self.audit_hmac_key or _instance_secret(instance_path, "audit_hmac_key")
        return self


def _instance_secret(instance_path: str, name: str) -> str:
    """Demo/dev only: a random key kept in the instance folder (never in the database)."""
    path = Path(instance_path) / f".{name}"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
