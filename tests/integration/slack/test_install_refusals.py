"""What "Add to Slack" refuses, before Slack is asked for a token or before anything is stored: a forged,
replayed, expired or other-browser state, a cancelled approval, an org-wide install, an admin who lost the
role meanwhile. Each ends on a page in plain words, with nothing stored."""
from __future__ import annotations

import datetime as dt
import uuid

from itsdangerous import URLSafeTimedSerializer
from sqlalchemy import func, select, text, update

from backend.extensions import db
from backend.models import Membership, Town, User
from backend.models.slack_install import TownWorkspace, slack_oauth_states
from backend.slack.store import STATE_SALT
from tests.integration.slack.conftest import CARVER_TEAM
from tests.integration.slack.install_support import query


def _nothing_installed(fake) -> None:  # type: ignore[no-untyped-def]
    assert db.session.scalar(select(func.count(TownWorkspace.id))) == 0
    assert db.session.execute(text("SELECT count(*) FROM slack_bots")).scalar() == 0
    assert fake.requests_to("oauth.v2.access") == []


def _started(installer) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """(authorize URL, state) of a fresh install started by Carver's admin."""
    url = installer.start("carver").json["authorize_url"]
    return url, query(url)["state"]


def test_a_forged_state_naming_another_town_is_refused_without_asking_slack(installer):
    s = installer.slack
    url, state = _started(installer)
    nonce = URLSafeTimedSerializer("test-secret", salt=STATE_SALT).loads(state)["n"]
    upton = db.session.scalar(select(Town.id).where(Town.slug == "upton"))
    forged = URLSafeTimedSerializer("guessed-secret", salt=STATE_SALT).dumps(
        {"n": nonce, "t": upton.hex, "u": uuid.uuid4().hex})
    s.client.set_cookie("slack-app-oauth-state", forged)  # the forger's own browser carries it too
    back = s.client.get(f"/slack/oauth_redirect?code=anything&state={forged}")
    assert back.status_code == 401 and "expired or was already used" in back.get_data(as_text=True)
    _nothing_installed(s.fake)


def test_an_altered_state_is_refused(installer):
    s = installer.slack
    _url, state = _started(installer)
    altered = state[:-2] + ("AA" if not state.endswith("AA") else "BB")
    s.client.set_cookie("slack-app-oauth-state", altered)
    assert s.client.get(f"/slack/oauth_redirect?code=x&state={altered}").status_code == 401
    _nothing_installed(s.fake)


def test_a_replayed_redirect_is_refused_after_the_install_completed(installer):
    s = installer.slack
    url, state = _started(installer)
    location = installer.consent(url, CARVER_TEAM)
    assert installer.back(location).status_code == 200
    s.client.set_cookie("slack-app-oauth-state", state)  # even with the cookie put back
    replay = installer.back(location)
    assert replay.status_code == 401
    assert len(s.fake.requests_to("oauth.v2.access")) == 1


def test_the_redirect_must_come_back_to_the_browser_that_started_it(installer):
    s = installer.slack
    url, _state = _started(installer)
    location = installer.consent(url, CARVER_TEAM)
    s.client.delete_cookie("slack-app-oauth-state")  # another browser: no state cookie
    other = installer.back(location)
    assert other.status_code == 400 and "browser that started it" in other.get_data(as_text=True)
    _nothing_installed(s.fake)


def test_an_expired_state_is_refused(installer):
    s = installer.slack
    url, _state = _started(installer)
    location = installer.consent(url, CARVER_TEAM)
    past = dt.datetime(2020, 1, 1)  # noqa: DTZ001 - slack_sdk's column holds naive UTC
    with db.engine.begin() as conn:
        conn.execute(update(slack_oauth_states).values(expire_at=past))
    assert installer.back(location).status_code == 401
    _nothing_installed(s.fake)
    installer.start("carver")  # the next install forgets the abandoned, expired state
    assert db.session.execute(text("SELECT count(*) FROM slack_oauth_states")).scalar() == 1


def test_cancelling_in_slack_changes_nothing(installer):
    s = installer.slack
    url, _state = _started(installer)
    s.fake.deny_next_install()
    back = installer.back(installer.consent(url))
    assert back.status_code == 200 and "cancelled in Slack" in back.get_data(as_text=True)
    _nothing_installed(s.fake)


def test_an_install_inside_an_enterprise_grid_is_refused_and_not_stored(installer):
    url, _state = _started(installer)
    back = installer.back(installer.consent(url, CARVER_TEAM, enterprise_id="E0GRID1"))
    assert back.status_code == 422 and "Organisation-wide" in back.get_data(as_text=True)
    assert db.session.scalar(select(func.count(TownWorkspace.id))) == 0
    assert db.session.execute(text("SELECT count(*) FROM slack_bots")).scalar() == 0


def test_an_admin_who_lost_the_role_before_approving_cannot_finish(installer):
    s = installer.slack
    url, _state = _started(installer)
    email, _ = s.world.account("carver", "town_admin")
    user_id = db.session.scalar(select(User.id).where(User.email == email))
    db.session.execute(update(Membership).where(Membership.user_id == user_id).values(active=False))
    db.session.commit()
    back = installer.back(installer.consent(url, CARVER_TEAM))
    assert back.status_code == 403 and "can no longer connect Slack" in back.get_data(as_text=True)
    assert db.session.scalar(select(func.count(TownWorkspace.id))) == 0


def test_with_fixed_tokens_the_install_urls_say_installs_are_off(slack):
    admin = slack.world.headers("carver", "town_admin")
    started = slack.client.get("/slack/install?town=carver", headers=admin | {"Accept": "application/json"})
    assert started.status_code == 409 and "SLACK_TOWNS" in started.json["message"]
    assert slack.client.get("/slack/oauth_redirect?code=x&state=y").status_code == 404
    status = slack.client.get("/api/v1/slack/installation", headers=admin).json
    assert (status["mode"], status["installed"], status["status"], status["install_url"]) == (
        "fixed", True, "configured", None)
