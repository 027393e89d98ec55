"""The real app on 127.0.0.1 for the browser: werkzeug's threaded server around `create_app`, a fresh database
seeded with the demo (SQLite in a temp dir; a throwaway PostgreSQL database when TEST_DATABASE_URL is set) and
Slack delivery pointed at the fake Slack server."""
from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import select
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from bench import scratch


class _Quiet(WSGIRequestHandler):
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        return None


@contextmanager
def database(tmp: Path) -> Iterator[str]:
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        yield f"sqlite:///{tmp / 'browser.sqlite3'}"
        return
    with scratch.postgres_database(base, "browser") as url:
        yield url


@dataclass
class LiveApp:
    """The app, its server thread and the demo accounts: {(town, role, email): password}."""

    app: Any
    server: BaseWSGIServer
    accounts: dict[tuple[str, str, str], str] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}"

    def account(self, town: str, role: str, board: str | None = None) -> tuple[str, str]:
        for (t, r, email), password in self.accounts.items():
            if t == town and r == role and (board is None or f".{board}" in email):
                return email, password
        raise KeyError((town, role, board))

    @contextmanager
    def db(self) -> Iterator[Any]:
        """The app's SQLAlchemy session, in an app context, fresh for each use."""
        from backend.extensions import db
        with self.app.app_context():
            try:
                yield db.session
            finally:
                db.session.remove()

    def dispatch_outbox(self) -> str:
        result = self.app.test_cli_runner().invoke(args=["outbox", "dispatch", "--once"])
        assert result.exit_code == 0, (result.output, result.exception)
        return result.output


def start(db_url: str, tmp: Path, slack_token: str, slack_url: str, slack_channel: str) -> LiveApp:
    from backend import create_app
    app = create_app({"app_env": "test", "database_url": db_url, "audit_hmac_key": "test-audit-key",
                      "secret_key": "test-secret", "photo_root": str(tmp / "photos"),
                      "login_rate_limit": "10000 per minute", "login_client_rate_limit": "10000 per minute",
                      "slack_bot_tokens": {"carver": slack_token},
                      "slack_api_url": slack_url, "channel_timeout_seconds": 2.0})
    live = LiveApp(app, make_server("127.0.0.1", 0, app, threaded=True, request_handler=_Quiet))
    with live.db() as session:
        from backend.audit import acting_as
        from backend.demo import seed_demo
        from backend.extensions import db
        from backend.models import Authority
        db.create_all()
        with acting_as("test:seed"):
            rows = seed_demo()
            for board in session.scalars(select(Authority)):
                board.slack_channel = slack_channel
            session.commit()
    live.accounts = {(town, role, email): pw for email, pw, town, role in rows if pw}
    threading.Thread(target=live.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    return live


def stop(live: LiveApp) -> None:
    live.server.shutdown()
    live.server.server_close()
    from backend.extensions import db
    with live.app.app_context():
        db.session.remove()
        db.engine.dispose()

