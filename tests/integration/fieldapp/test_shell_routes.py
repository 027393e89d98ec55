"""The field app's shell over HTTP: public static files, strict headers; the data stays behind the token."""
from __future__ import annotations

import json
import re

import pytest

from backend.fieldapp import asset_urls, shell_version


def get(client, path: str, method: str = "get"):  # type: ignore[no-untyped-def]
    """The response with its body read and its file closed (static files are streamed)."""
    resp = getattr(client, method)(path)
    resp.get_data()
    resp.close()
    return resp


def test_the_shell_is_public_html_under_a_strict_content_security_policy(client):
    resp = get(client, "/")
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    csp = resp.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    assert resp.headers["X-Content-Type-Options"] == "nosniff" and resp.headers["Cache-Control"] == "no-cache"
    html = resp.get_data(as_text=True)
    assert '<script type="module" src="/static/app/js/main.js">' in html and '<html lang="en">' in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "no inline script"
    assert " style=" not in html, "no inline style"


def test_the_manifest_names_icons_that_exist(client):
    resp = get(client, "/app.webmanifest")
    assert resp.status_code == 200 and resp.mimetype == "application/manifest+json"
    manifest = json.loads(resp.get_data(as_text=True))
    assert manifest["scope"] == "/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        got = get(client, icon["src"])
        assert got.status_code == 200 and got.mimetype == "image/png", icon


def test_the_service_worker_sits_at_the_root_and_lists_every_shell_file_which_all_exist(client):
    resp = get(client, "/sw.js")
    assert resp.status_code == 200 and resp.mimetype == "text/javascript"
    assert resp.headers["Service-Worker-Allowed"] == "/" and resp.headers["Cache-Control"] == "no-cache"
    body = resp.get_data(as_text=True)
    assert f'const VERSION = "{shell_version()}";' in body
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", body).group(1))
    assert shell == asset_urls()
    assert {"/", "/static/app/js/main.js", "/static/app/js/views/inspect.js"} <= set(shell)
    for url in shell:
        assert get(client, url).status_code == 200, url


def test_the_worker_never_caches_writes(client):
    body = get(client, "/sw.js").get_data(as_text=True)
    assert "if (request.method !== 'GET') return;" in body


@pytest.mark.parametrize("path", [
    pytest.param("/static/app/../__init__.py", id="parent directory"),
    pytest.param("/static/app/%2e%2e/__init__.py", id="encoded parent directory"),
    pytest.param("/static/app/js/nope.js", id="missing file"),
    pytest.param("/static/app/sw.js/../../__init__.py", id="through a file"),
])
def test_hostile_static_paths_are_404_and_never_the_source(client, path):
    resp = get(client, path)
    assert resp.status_code == 404 and b"Blueprint" not in resp.data


@pytest.mark.parametrize("method", ["post", "put", "delete", "patch"])
def test_the_shell_routes_only_answer_reads(client, method):
    for path in ("/", "/sw.js", "/app.webmanifest"):
        assert get(client, path, method).status_code == 405


def test_the_data_still_needs_a_token(client):
    assert client.get("/api/v1/sites").status_code == 401
    assert client.get("/api/v1/sites", headers={"Authorization": "Bearer fe_forged"}).status_code == 401


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_the_app_scripts_and_styles_come_compressed_when_the_browser_accepts_it(client, encoding):
    for path in ("/static/app/js/main.js", "/static/app/css/app.css"):
        plain = get(client, path)
        packed = client.get(path, headers={"Accept-Encoding": encoding})
        body = packed.get_data()
        packed.close()
        assert packed.headers["Content-Encoding"] == encoding, path
        assert "Accept-Encoding" in packed.headers["Vary"]
        assert packed.headers["X-Content-Type-Options"] == "nosniff"
        assert len(body) < len(plain.get_data()) / 2, path
        assert _decoded(body, encoding) == plain.get_data(), path


def test_shell_files_are_revalidated_and_versioned_vendor_files_cached_for_a_year(client):
    shell = get(client, "/static/app/js/main.js")
    assert shell.headers["Cache-Control"] == "max-age=0, public" and shell.headers["ETag"]
    vendored = [url for url in asset_urls() if "/vendor/" in url]
    for url in vendored:
        assert "immutable" in get(client, url).headers["Cache-Control"], url


def _decoded(body: bytes, encoding: str) -> bytes:
    import gzip

    import brotli
    return brotli.decompress(body) if encoding == "br" else gzip.decompress(body)
