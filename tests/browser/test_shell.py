"""The shell itself: light on first load (gzip JavaScript and CSS measured and printed), installable, and
working under its own Content-Security-Policy (no inline script or style anywhere)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.phone import SHOTS, gzip_size

pytestmark = pytest.mark.browser
BUDGET_BYTES = 200 * 1024


def test_the_first_load_is_light_and_keeps_to_the_content_security_policy(live, phones, capsys):
    phone = phones.open("fresh", bypass_csp=False)
    loaded: list = []
    wanted = ("script", "stylesheet")
    phone.page.on("response", lambda r: r.request.resource_type in wanted and loaded.append(r))
    phone.open()
    phone.heading("Log in")
    phone.page.wait_for_load_state("networkidle")
    sizes = {r.url.split("/static/app/")[-1]: (len(r.body()), gzip_size(r.body())) for r in loaded}
    raw, packed = sum(s[0] for s in sizes.values()), sum(s[1] for s in sizes.values())
    report = f"first load: {len(sizes)} JS/CSS files, {raw / 1024:.1f} KB raw, {packed / 1024:.1f} KB gzip " \
             f"(budget {BUDGET_BYTES // 1024} KB)"
    with capsys.disabled():
        print(f"\n{report}")
    _keep(report + "".join(f"\n  {name}: {r} B raw, {g} B gzip" for name, (r, g) in sorted(sizes.items())))
    assert "js/main.js" in sizes and "css/app.css" in sizes
    assert packed < BUDGET_BYTES, report

    email, password = live.account("carver", "agent")
    phone.log_in(email, password, "carver")
    phone.heading("Today")
    phone.page.get_by_role("link", name="Sync").click()
    phone.heading("Sync")
    assert phone.csp_violations() == []
    assert not [line for line in phone.console if line.startswith(("error", "pageerror"))], phone.console


def test_the_app_is_installable_with_a_manifest_and_a_service_worker_at_the_root(live, phones):
    phone = phones.open("install")
    phone.open()
    phone.wait_for_worker()
    manifest = phone.page.evaluate("fetch('/app.webmanifest').then((r) => r.json())")
    assert manifest["display"] == "standalone" and manifest["start_url"].startswith("/")
    assert {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]}
    scope = phone.page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)")
    assert scope == phone.base_url + "/"
    persisted = phone.page.evaluate("navigator.storage.persisted()")
    assert persisted in (True, False)


def _keep(text: str) -> None:
    out = SHOTS.parent / "first-load.txt"
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text + "\n")
