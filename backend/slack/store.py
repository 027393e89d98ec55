"""slack_sdk's SQLAlchemy installation and OAuth state stores, on the app's own tables and database.

* `installation_store`: `SQLAlchemyInstallationStore` as slack_sdk ships it, reading and writing the tables
  declared in `backend/models/slack_install.py` (migrated by Alembic; bot tokens sealed at rest).
* `TownStateStore`: `SQLAlchemyOAuthStateStore` (a random state, kept in the database until used once or
  expired) whose state is also signed with the app's SECRET_KEY and carries the town and the town admin who
  started the install, so the redirect from Slack can only complete that admin's install for that town. A
  forged, altered, expired or replayed state is refused before Slack is asked for a token.
"""
from __future__ import annotations

import datetime as dt
import logging
import uuid
from dataclasses import dataclass
from typing import Any

from itsdangerous import BadSignature, URLSafeTimedSerializer
from slack_bolt.error import BoltError
from slack_sdk.oauth.installation_store.sqlalchemy import SQLAlchemyInstallationStore
from slack_sdk.oauth.state_store.sqlalchemy import SQLAlchemyOAuthStateStore
from sqlalchemy import Text, select, type_coerce
from sqlalchemy.engine import Engine

from backend import sealing
from backend.extensions import db
from backend.models.slack_install import SECRET_COLUMNS, slack_bots, slack_installations, slack_oauth_states

log = logging.getLogger(__name__)
STATE_SALT = "slack-install-state"
STATE_SECONDS = 10 * 60  # Bolt's default: the admin has ten minutes to approve in Slack


@dataclass(frozen=True)
class InstallBinding:
    """Who started an install, for which town: what the signed state carries through Slack and back."""

    town_id: uuid.UUID
    user_id: uuid.UUID


def installation_store(client_id: str, engine: Engine) -> SQLAlchemyInstallationStore:
    store = SQLAlchemyInstallationStore(client_id=client_id, engine=engine, logger=log)
    store.installations, store.bots = slack_installations, slack_bots  # the migrated, sealed tables
    store.metadata = slack_installations.metadata
    return store


class TownStateStore(SQLAlchemyOAuthStateStore):
    def __init__(self, engine: Engine, secret_key: str, expiration_seconds: int = STATE_SECONDS) -> None:
        super().__init__(expiration_seconds=expiration_seconds, engine=engine, logger=log)
        self.oauth_states, self.metadata = slack_oauth_states, slack_oauth_states.metadata
        self.signer = URLSafeTimedSerializer(secret_key, salt=STATE_SALT)

    def issue(self, *args: Any, binding: InstallBinding | None = None, **kwargs: Any) -> str:
        if binding is None:
            raise BoltError("an install state must name the town and the town admin who started it")
        self._forget_expired()
        nonce = super().issue()
        return self.signer.dumps({"n": nonce, "t": binding.town_id.hex, "u": binding.user_id.hex})

    def _forget_expired(self) -> None:
        """Abandoned installs leave states that were never consumed: drop those past their expiry."""
        now = dt.datetime.now(dt.UTC).replace(tzinfo=None)  # slack_sdk's column: naive UTC, wall clock
        with self.engine.begin() as conn:
            conn.execute(self.oauth_states.delete().where(self.oauth_states.c.expire_at < now))

    def consume(self, state: str) -> bool:
        """True once for a state this app signed within the last ten minutes and has not seen back yet."""
        payload = self._read(state, max_age=self.expiration_seconds)
        return payload is not None and super().consume(str(payload["n"]))

    def binding(self, state: str) -> InstallBinding | None:
        """The town and admin a state was issued for (its signature checked again, not its age: it was
        consumed moments ago, in the same request)."""
        payload = self._read(state, max_age=None)
        return InstallBinding(uuid.UUID(payload["t"]), uuid.UUID(payload["u"])) if payload else None

    def _read(self, state: str | None, max_age: int | None) -> dict[str, Any] | None:
        if not state or len(state) > 400:
            return None
        try:
            payload = self.signer.loads(state, max_age=max_age)
        except BadSignature:  # also SignatureExpired
            log.warning("slack install: refused a state that is forged, altered or expired")
            return None
        keys_ok = isinstance(payload, dict) and {"n", "t", "u"} <= payload.keys()
        return payload if keys_ok else None


def reseal_tokens() -> dict[str, int]:
    """Every stored token re-encrypted with the newest key of SLACK_TOKEN_KEYS, in one transaction (the
    ciphertext is read and written as it is stored, never as plain text). Safe to repeat."""
    counts = {}
    with db.engine.begin() as conn:
        for table in (slack_installations, slack_bots):
            columns = [table.c[name] for name in SECRET_COLUMNS if name in table.c]
            rows = conn.execute(select(table.c.id, *(type_coerce(c, Text) for c in columns))).all()
            for row_id, *sealed in rows:
                values = {c: type_coerce(sealing.rotate(v), Text)
                          for c, v in zip(columns, sealed, strict=True) if v is not None}
                if values:
                    conn.execute(table.update().where(table.c.id == row_id).values(values))
            counts[table.name] = len(rows)
    return counts
