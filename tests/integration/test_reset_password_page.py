"""The password-reset and invitation links (…/reset-password#token=…) open a real page served by the app,
usable on a phone, whose script sets the password through the public API; the token never reaches the
server with the page (it is in the fragment)."""
from __future__ import annotations


def test_the_reset_link_opens_a_page_with_the_form_and_its_script(client):
    page = client.get("/reset-password")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert 'name="viewport"' in html and 'autocomplete="new-password"' in html and "Set password" in html
    assert page.headers["Cache-Control"] == "no-store" and "script-src 'self'" in page.headers[
        "Content-Security-Policy"]
    with client.get("/reset-password/static/reset.js") as script:
        assert script.status_code == 200
        js = script.get_data(as_text=True)
    assert "/api/v1/public/password-reset/check" in js and "location.hash" in js
    with client.get("/reset-password/static/reset.css") as css:
        assert css.status_code == 200


def test_the_invitation_link_opens_a_page_that_accepts_it(client):
    """Issue 14 item 6: `…/invitation#token=…` is a page of the app, usable on a phone, whose script checks
    the invitation and accepts it with a new password (twice) or the existing account's."""
    page = client.get("/invitation")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert 'name="viewport"' in html and "Accept your invitation" in html and 'type="password"' in html
    assert page.headers["Cache-Control"] == "no-store" and "script-src 'self'" in page.headers[
        "Content-Security-Policy"]
    with client.get("/reset-password/static/invitation.js") as script:
        assert script.status_code == 200
        js = script.get_data(as_text=True)
    assert "/api/v1/public/invitation/check" in js and "/api/v1/public/invitation'" in js
    assert "location.hash" in js and "has_account" in js
