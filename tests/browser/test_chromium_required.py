"""Without Debian's Chromium the browser tests fail loudly and name the install command; they never skip."""
from __future__ import annotations

import pytest

from tests.browser.conftest import require_chromium


def test_a_missing_chromium_is_a_failure_that_names_the_install_command(tmp_path):
    needle = r"Chromium not found at .*: run `apt-get install chromium`"
    with pytest.raises(pytest.fail.Exception, match=needle):
        require_chromium(str(tmp_path / "no-chromium-here"))


def test_a_file_that_cannot_run_is_not_a_browser(tmp_path):
    fake = tmp_path / "chromium"
    fake.write_text("not a program")
    with pytest.raises(pytest.fail.Exception, match="apt-get install chromium"):
        require_chromium(str(fake))
