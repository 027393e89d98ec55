"""A phone: a persistent Chromium profile (so IndexedDB, the service worker and its caches survive closing the
browser) at 412x915 with a granted geolocation; helpers to log in, check accessibility with axe-core, and
save screenshots under artifacts/screenshots/."""
from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
PHONE = {"width": 412, "height": 915}
GRAVEL_PIT = {"latitude": 41.90205, "longitude": -70.76510, "accuracy": 8}
CSP_WATCH = ("window.__csp = []; document.addEventListener('securitypolicyviolation', "
             "(e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));")
TIMEOUT_MS = 15_000


class Phone:
    def __init__(self, context: Any, base_url: str) -> None:
        self.context, self.base_url = context, base_url
        self.context.set_default_timeout(TIMEOUT_MS)
        self.context.add_init_script(CSP_WATCH)
        self.page = context.pages[0] if context.pages else context.new_page()
        self.console: list[str] = []
        self.closed = False
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))

    def open(self, hash_path: str = "") -> None:
        self.page.goto(self.base_url + "/" + hash_path)

    def wait_for_worker(self) -> None:
        """Until the service worker controls the page (then the shell and API reads are cached)."""
        self.page.wait_for_function("() => Boolean(navigator.serviceWorker?.controller)")

    def ready_offline(self) -> None:
        """Until the worker controls the page and Today has downloaded the sites and checklists."""
        self.wait_for_worker()
        self.page.get_by_text("Ready for offline use").wait_for()

    def log_in(self, email: str, password: str, town: str) -> None:
        page = self.page
        page.get_by_label("Email").fill(email)
        page.get_by_label("Password").fill(password)
        page.get_by_label("Town").fill(town)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_function("() => !location.hash.startsWith('#/login')")

    def heading(self, text: str) -> None:
        self.page.get_by_role("heading", level=1, name=text).wait_for()

    def offline(self) -> None:
        self.context.set_offline(True)

    def online(self) -> None:
        self.context.set_offline(False)

    def check_accessibility(self, screen: str) -> None:
        """axe-core on the current screen: no serious or critical violation."""
        self.page.add_script_tag(path=str(AXE))
        found = self.page.evaluate("""async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
              .map(v => `${v.impact} ${v.id}: ${v.help} -> `
                        + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
        }""")
        assert found == [], f"accessibility violations on {screen}:\n" + "\n".join(found)

    def check_contrast_aaa(self, screen: str) -> None:
        """axe-core's color-contrast-enhanced rule (WCAG AAA, 7:1): what the high-contrast mode promises."""
        self.page.add_script_tag(path=str(AXE))
        found = self.page.evaluate("""async () => {
            const r = await axe.run(document, {runOnly: {type: 'rule', values: ['color-contrast-enhanced']},
                                               resultTypes: ['violations']});
            return r.violations.flatMap(v => v.nodes.slice(0, 5).map(n => `${n.target.join(' ')}: ${n.any
              .map(a => a.message).join(' ')}`));
        }""")
        assert found == [], f"AAA contrast on {screen}:\n" + "\n".join(found)

    def csp_violations(self) -> list[str]:
        return self.page.evaluate("window.__csp || []")

    def shot(self, name: str, top: bool = False) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        if top:
            self.page.evaluate("window.scrollTo(0, 0)")
        self.page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        path = SHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=False)
        return path

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.context.close()


class Phones:
    """Opens phones by name; the same name reopens the same profile (closing = quitting the browser)."""

    def __init__(self, playwright: Any, chromium: str, base_url: str, profiles: Path) -> None:
        self.playwright, self.chromium = playwright, chromium
        self.base_url, self.profiles = base_url, profiles
        self.open_phones: list[Phone] = []

    def open(self, name: str, geolocation: dict[str, float] | None = None, bypass_csp: bool = True,
             service_workers: str = "allow") -> Phone:
        context = self.playwright.chromium.launch_persistent_context(
            str(self.profiles / name), executable_path=self.chromium, args=ARGS, headless=True,
            viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2, locale="en-US",
            timezone_id="America/New_York",
            geolocation=geolocation or GRAVEL_PIT, permissions=["geolocation"], bypass_csp=bypass_csp,
            service_workers=service_workers)
        phone = Phone(context, self.base_url)
        self.open_phones.append(phone)
        return phone

    def evidence(self, test_name: str) -> None:
        """After a failure: a screenshot of each open phone and its console, to see what the agent saw."""
        for i, phone in enumerate(self.open_phones):
            if phone.closed:
                continue
            try:
                path = phone.shot(f"FAILED-{test_name}-{i}")
                alerts = phone.page.locator("[role=alert]:visible").all_inner_texts()
                print(f"{path}\nalerts: {alerts}\n" + "\n".join(phone.console[-30:]))
            except Exception as exc:  # noqa: BLE001 - closed phones have no page
                print(f"phone {i}: {exc}")

    def close_all(self) -> None:
        for phone in self.open_phones:
            phone.close()


def gzip_size(body: bytes) -> int:
    return len(gzip.compress(body, compresslevel=9))


# Every tap target at least 48 x 48 CSS px and 8 px from the next (Material 48 dp; Apple 44 pt). A radio or
# checkbox is tapped through its label, so the label (or the control's wrapper) is the target. Links inside a
# sentence (a <p>'s running text) are exempt, as WCAG 2.5.8 exempts inline links.
TAP_TARGETS = Path(__file__).with_name("tap_targets.js")


def assert_glove_sized(phone: Phone, screen: str) -> None:
    """Every tap target of the screen >= 48 x 48 px and >= 8 px from the next (a screenshot is kept)."""
    phone.shot(f"gloves-{screen.replace(' ', '-').lower()}", top=True)
    count, problems = tap_target_problems(phone)
    assert count >= 2, f"{screen}: no tap targets measured"
    assert problems == [], f"{screen}: {len(problems)} tap targets too small or too close:\n" + \
        "\n".join(problems)


def tap_target_problems(phone: Phone, min_size: int = 48, min_gap: int = 8) -> tuple[int, list[str]]:
    """(how many targets were measured, what is too small or too close) on the current screen."""
    script = "\n".join(line for line in TAP_TARGETS.read_text(encoding="utf-8").splitlines()
                       if not line.startswith("//"))
    found = phone.page.evaluate(script, [min_size, min_gap])
    return found["count"], found["problems"]
