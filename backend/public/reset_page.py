"""GET /reset-password and GET /invitation: the pages a password link (`…/reset-password#token=…`) and an
invitation link (`…/invitation#token=…`) open. The invitation page shows the town and role, then asks a new
account's password (twice) or the existing account's, and accepts (POST /api/v1/public/invitation).

The token stays in the fragment (never sent to the server with the page, nor in logs or Referer); the page's
script reads it, shows whose account it is (POST /api/v1/public/password-reset/check) and sets the password
(POST /api/v1/public/password-reset). Plain HTML, usable on a phone, no inline script.
"""
from __future__ import annotations

from flask import Blueprint, Response, render_template

bp = Blueprint("reset_page", __name__, static_folder="reset_static", static_url_path="/reset-password/static")
HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
           "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                                      "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"}


@bp.get("/reset-password")
def page() -> Response:
    return Response(render_template("account/reset_password.html"), headers=HEADERS, mimetype="text/html")


@bp.get("/invitation")
def invitation() -> Response:
    return Response(render_template("account/invitation.html"), headers=HEADERS, mimetype="text/html")
