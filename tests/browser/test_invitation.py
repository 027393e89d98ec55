"""Issue 14 item 6, as people do it on phones: the town administrator invites a new agent from the Users tab
and reads the one-time link; the agent opens it (a page of the app), chooses a password and signs in. A
pending invitation can be withdrawn from the same tab, and its link stops working."""
from __future__ import annotations

import re

from tests.browser.phone import Phone

NEW_AGENT = "dana.reyes@example.org"
PASSWORD = "correct horse battery staple"


def users_tab(live, phones, name: str) -> Phone:
    """The town administrator's phone, signed in, on Admin: Users."""
    email, password = live.account("carver", "town_admin")
    admin = phones.open(name)
    admin.open()
    admin.log_in(email, password, "carver")
    admin.page.get_by_role("link", name="Admin").click()
    admin.page.get_by_role("link", name="Users", exact=True).click()
    admin.heading("Admin: Users")
    return admin


def invite(admin: Phone, email: str, name: str) -> str:
    """Add a user (an invitation) and read the token of the link the notice shows."""
    page = admin.page
    page.get_by_role("textbox", name="Email").fill(email)
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_role("button", name="Add a user").click()
    told = page.get_by_role("status").filter(has_text="Invited")
    told.wait_for()
    return re.search(r"#token=(\S+)", told.inner_text()).group(1)


def test_an_administrator_invites_an_agent_who_accepts_on_her_phone_and_signs_in(live, phones):
    admin = users_tab(live, phones, "inviting-admin")
    token = invite(admin, NEW_AGENT, "Dana Reyes")
    admin.shot("14-admin-invites", top=True)
    pending = admin.page.get_by_role("region", name="Pending invitations")
    pending.get_by_role("cell", name=NEW_AGENT).first.wait_for()
    admin.check_accessibility("admin users with an invitation")
    pending.scroll_into_view_if_needed()
    admin.shot("14b-admin-pending-invitation")

    agent = phones.open("invited-agent")
    agent.page.goto(f"{live.url}/invitation#token={token}")
    agent.heading("Accept your invitation")
    agent.page.get_by_text("Town of Carver invites dana.reyes@example.org as agent").wait_for()
    agent.check_accessibility("invitation")
    agent.shot("15-invitation")
    agent.page.get_by_label("Choose a password").fill(PASSWORD)
    agent.page.get_by_label("The same password again").fill(PASSWORD + "!")
    agent.page.get_by_role("button", name="Accept").click()
    assert "differ" in agent.page.get_by_role("alert").inner_text()
    agent.page.get_by_label("The same password again").fill(PASSWORD)
    agent.page.get_by_role("button", name="Accept").click()
    agent.page.get_by_text("You have joined").wait_for()
    assert "token" not in agent.page.url  # the used token left the address bar
    agent.shot("16-invitation-accepted")
    agent.open()
    agent.log_in(NEW_AGENT, PASSWORD, "carver")
    agent.heading("Today")


def test_an_administrator_withdraws_a_pending_invitation_and_its_link_stops_working(live, phones):
    admin = users_tab(live, phones, "withdrawing-admin")
    token = invite(admin, "lee.wrong@example.org", "Lee Wrong")
    admin.page.get_by_role("button", name="Withdraw the invitation of lee.wrong@example.org").click()
    admin.page.get_by_role("status").filter(has_text="Withdrew the invitation of lee.wrong").wait_for()
    assert admin.page.get_by_role("region", name="Pending invitations").count() == 0
    admin.shot("17-admin-withdrew", top=True)
    invitee = phones.open("withdrawn-invitee")
    invitee.page.goto(f"{live.url}/invitation#token={token}")
    invitee.page.get_by_text("invalid, expired, withdrawn or already used").wait_for()
