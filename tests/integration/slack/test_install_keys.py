"""Installed bot tokens are sealed with SLACK_TOKEN_KEYS (Fernet, newest key first): rotated by putting a new
key in front and running `flask slack rotate-token-keys`; a token whose key was dropped before rotating
reads as unreadable (the town shows it), never as a crash or as someone else's token."""
from __future__ import annotations

import pytest
from cryptography.fernet import Fernet, InvalidToken
from sqlalchemy import text

from backend import sealing
from backend.extensions import db
from backend.slack.config import install_keys
from backend.slack.installs import town_slack
from tests.integration.slack.conftest import CARVER_TEAM

KEY_A, KEY_B = Fernet.generate_key().decode(), Fernet.generate_key().decode()


@pytest.fixture
def use_keys(app, monkeypatch):  # type: ignore[no-untyped-def]
    previous = app.extensions[sealing.EXTENSION], sealing._PROCESS.get("keyring")

    def use(keys: str) -> None:
        monkeypatch.setattr(app.config["SETTINGS"], "slack_token_keys", keys)
        install_keys(app, app.config["SETTINGS"])
    yield use
    app.extensions[sealing.EXTENSION], sealing._PROCESS["keyring"] = previous


def _sealed() -> list[str]:
    rows = db.session.execute(text("SELECT bot_token FROM slack_bots UNION ALL "
                                   "SELECT bot_token FROM slack_installations")).scalars().all()
    return list(rows)


def test_rotating_the_key_reseals_every_token_and_the_old_key_can_go(installer, use_keys):
    s = installer.slack
    use_keys(KEY_A)
    assert installer.run("carver", CARVER_TEAM).status_code == 200
    token = s.fake.installs[0]["token"]
    assert [Fernet(KEY_A).decrypt(v.encode()).decode() for v in _sealed()] == [token, token]

    use_keys(f"{KEY_B},{KEY_A}")
    assert s.cli("rotate-token-keys") == "slack_installations 1 slack_bots 1\n"
    for value in _sealed():
        assert Fernet(KEY_B).decrypt(value.encode()).decode() == token
        with pytest.raises(InvalidToken):
            Fernet(KEY_A).decrypt(value.encode())
    use_keys(KEY_B)  # the old key removed
    assert town_slack("carver").bot_token == token
    assert s.cli("check", code=1).startswith("carver: OK: team T0CARVER1")


def test_a_token_whose_key_was_dropped_without_rotating_reads_as_unreadable(installer, use_keys):
    use_keys(KEY_A)
    assert installer.run("carver", CARVER_TEAM).status_code == 200
    use_keys(KEY_B)
    found = town_slack("carver")
    assert (found.installed, found.status, found.bot_token) == (False, "token_unreadable", None)
    shown = installer.slack.client.get("/api/v1/slack/installation",
                                       headers=installer.slack.world.headers("carver", "town_admin"))
    assert shown.status_code == 200 and shown.json["status"] == "token_unreadable"
