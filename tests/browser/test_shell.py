"""The shell itself: light on first load (gzip JavaScript and CSS measured and printed), installable, and
working under its own Content-Security-Policy (no inline script or style anywhere)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.phone import SHOTS

pytestmark = pytest.mark.browser
BUDGET_BYTES = 25 * 1024


def test_the_first_load_is_light_and_keeps_to_the_content_security_policy(live, phones, capsys):
    """Log in to Today as an agent, first visit: the JS and CSS as they came over the wire (compressed by the
    app) stay under 25 KB, and the map library is not among them (it loads on the site page only). The
    service worker is kept out: its copies report no wire size (it precaches the shell in the background)."""
    phone = phones.open("fresh", bypass_csp=False, service_workers="block")
    phone.open()
    phone.heading("Log in")
    email, password = live.account("carver", "agent")
    phone.log_in(email, password, "carver")
    phone.heading("Today")
    phone.page.wait_for_load_state("networkidle")
    sizes = wire_sizes(phone)
    packed = sum(s[1] for s in sizes.values())
    report = f"first load (log in + Today): {len(sizes)} JS/CSS files, " \
             f"{sum(s[0] for s in sizes.values()) / 1024:.1f} KB raw, {packed / 1024:.1f} KB on the wire " \
             f"(budget {BUDGET_BYTES // 1024} KB)"
    with capsys.disabled():
        print(f"\n{report}")
    _keep(report + "".join(f"\n  {name}: {r} B raw, {w} B on the wire"
                           for name, (r, w) in sorted(sizes.items())))
    assert "js/main.js" in sizes and "css/app.css" in sizes
    assert all(w < r for r, w in sizes.values()), sizes  # every file came compressed
    assert not [name for name in sizes if "leaflet" in name], sizes
    assert packed <= BUDGET_BYTES, report

    phone.page.get_by_role("link", name="Sync").click()
    phone.heading("Sync")
    assert phone.csp_violations() == []
    assert not [line for line in phone.console if line.startswith(("error", "pageerror"))], phone.console


def wire_sizes(phone) -> dict[str, tuple[int, int]]:  # type: ignore[no-untyped-def]
    """{file: (decoded bytes, bytes on the wire)} for each script and style the page loaded."""
    entries = phone.page.evaluate("""() => performance.getEntriesByType('resource')
        .filter((e) => /\\.(js|css)$/.test(new URL(e.name).pathname))
        .map((e) => [new URL(e.name).pathname, e.decodedBodySize, e.encodedBodySize])""")
    return {path.split("/static/app/")[-1]: (raw, wire) for path, raw, wire in entries}


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
