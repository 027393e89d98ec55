"""The field app (PWA): a static, offline-first shell for phones. All data goes through /api/v1 with a bearer
token, so these routes are public (the `fieldapp.` prefix is exempt from the bearer guard in security.py).

    /                  the app shell (index.html)
    /app.webmanifest   the web app manifest (installable)
    /sw.js             the service worker at the root scope, stamped with a hash of the static files
    /static/app/...    ES modules, CSS and icons (no build step, no CDN)
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, Response, send_from_directory

STATIC = Path(__file__).parent / "static"
ASSET_DIRS = ("css", "js", "icons", "vendor")
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
       "connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SHELL_HEADERS = {"Content-Security-Policy": CSP, "Referrer-Policy": "no-referrer",
                 "Cache-Control": "no-cache",
                 "Permissions-Policy": "geolocation=(self), camera=(self), microphone=()"}

bp = Blueprint("fieldapp", __name__, static_folder="static", static_url_path="/static/app")


def asset_urls() -> list[str]:
    """Every file the shell needs offline, as the URLs the page asks for."""
    files = sorted(p for d in ASSET_DIRS for p in (STATIC / d).rglob("*") if p.is_file())
    return ["/", "/app.webmanifest"] + [f"/static/app/{p.relative_to(STATIC).as_posix()}" for p in files]


def shell_version() -> str:
    """A hash of the shell's files: a new deploy gives a new service worker, which refreshes the cache."""
    digest = hashlib.sha256()
    for name in ("index.html", "app.webmanifest", "sw.js"):
        digest.update((STATIC / name).read_bytes())
    for url in asset_urls()[2:]:
        digest.update(url.encode() + b"\0" + (STATIC / url.removeprefix("/static/app/")).read_bytes())
    return digest.hexdigest()[:16]


@bp.get("/")
def shell() -> Response:
    response = send_from_directory(STATIC, "index.html", mimetype="text/html")
    response.headers.update(SHELL_HEADERS)
    return response


@bp.get("/app.webmanifest")
def manifest() -> Response:
    response = send_from_directory(STATIC, "app.webmanifest", mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    head = f"const VERSION = {json.dumps(shell_version())};\nconst SHELL = {json.dumps(asset_urls())};\n"
    body = head + (STATIC / "sw.js").read_text(encoding="utf-8")
    return Response(body, mimetype="text/javascript", headers={
        "Cache-Control": "no-cache", "Service-Worker-Allowed": "/", "Content-Security-Policy": CSP})
