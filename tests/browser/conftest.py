"""Browser tests: headless Debian Chromium driven by Playwright against the real app on 127.0.0.1.

A missing Chromium is an error, never a skip: `make test` must fail loudly and name the install command.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.phone import CHROMIUM, Phones
from tests.browser.proxy import SwitchableProxy
from tests.browser.server import LiveApp, database, start, stop


def require_chromium(path: str = CHROMIUM) -> str:
    """The browser tests need Debian's Chromium; without it they fail (never skip), naming the install."""
    if not os.access(path, os.X_OK):
        pytest.fail(f"Chromium not found at {path}: run `apt-get install chromium` "
                    "(the browser tests never skip; never run `playwright install`)", pytrace=False)
    return path


@pytest.fixture(scope="session")
def chromium() -> str:
    return require_chromium()


@pytest.fixture(scope="session")
def playwright(chromium: str) -> Iterator[object]:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        yield p


@pytest.fixture
def live(tmp_path: Path, tmp_path_factory, fake_slack) -> Iterator[LiveApp]:
    os.environ.setdefault("INSTANCE_PATH", str(tmp_path_factory.mktemp("instance")))
    with database(tmp_path) as url:
        app = start(url, tmp_path, fake_slack.token, fake_slack.base_url, fake_slack.channel_id)
        try:
            yield app
        finally:
            stop(app)


@pytest.fixture
def proxy(live: LiveApp) -> Iterator[SwitchableProxy]:
    front = SwitchableProxy(live.server.server_port)
    yield front
    front.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.failed_call = report.failed


@pytest.fixture
def phones(request, playwright, chromium: str, proxy: SwitchableProxy, tmp_path: Path) -> Iterator[Phones]:
    made = Phones(playwright, chromium, proxy.url, tmp_path / "profiles")
    yield made
    if getattr(request.node, "failed_call", False):
        made.evidence(request.node.name)
    made.close_all()
