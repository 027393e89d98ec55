""""Add to Slack" in a real browser: Carver's town admin opens Admin → Settings on a phone, sees that Slack is
not connected, presses Add to Slack, approves on Slack's page (the fake's, which approves at once), lands on
the app's "Slack is connected" page and goes back to see the workspace named."""
from __future__ import annotations

import pytest

from backend.slack import install
from backend.slack.config import bot_config
from tests.browser.records import rows

pytestmark = pytest.mark.browser
CARVER_TEAM = "T0CARVER1"
WIDE_PHONE = {"width": 412, "height": 915}


def _installs_on(live, fake, public_url: str) -> None:  # type: ignore[no-untyped-def]
    """The live app switched to installs (SLACK_CLIENT_ID) against the fake, reached at `public_url`."""
    settings = live.app.config["SETTINGS"]
    settings.slack_client_id, settings.slack_client_secret = fake.client_id, fake.client_secret
    settings.slack_signing_secret, settings.slack_bot_tokens = "browser-signing-secret", {}
    settings.slack_api_url, settings.public_base_url = fake.base_url, public_url
    install(live.app, bot_config(settings, app=live.app))


def test_a_town_admin_adds_the_app_to_the_towns_slack_from_the_settings_screen(live, phones, proxy,
                                                                              fake_slack):
    fake_slack.add_workspace(CARVER_TEAM, name="Town of Carver")
    _installs_on(live, fake_slack, proxy.url)
    email, password = live.account("carver", "town_admin")
    phone = phones.open("slack-admin")
    page = phone.page
    page.set_viewport_size(WIDE_PHONE)
    phone.open()
    phone.log_in(email, password, "carver")
    page.goto(proxy.url + "/#/admin/settings")
    phone.heading("Admin: Settings")
    card = page.locator("section.card", has=page.get_by_role("heading", name="Slack", exact=True))
    card.get_by_text("Not connected. Board alerts are not reaching Slack.").wait_for()
    phone.check_accessibility("admin settings, Slack not connected")
    phone.shot("13-admin-slack-not-connected", top=True)

    fake_slack.approve_as(CARVER_TEAM)
    card.get_by_role("button", name="Add to Slack").click()
    phone.heading("Slack is connected")
    assert "Town of Carver" in page.inner_text("main") and CARVER_TEAM not in page.inner_text("main")
    phone.check_accessibility("Slack connected page")
    phone.shot("14-slack-connected")
    [workspace] = rows(live, "TownWorkspace")
    assert (workspace.team_id, workspace.status) == (CARVER_TEAM, "active")

    page.get_by_role("link", name="Back to the field app").click()
    phone.heading("Admin: Settings")
    card.get_by_text("Connected to the Slack workspace “Town of Carver”").wait_for()
    assert card.get_by_role("button", name="Install in Slack again").is_visible()
    phone.shot("15-admin-slack-connected", top=True)
    assert phone.csp_violations() == []
