"""docs/sms-messages.md (the A2P 10DLC sample messages and the segment table the README points to) is what
the preview renders today: change a text, regenerate the doc with
`flask --app backend notifications preview --markdown > docs/sms-messages.md`."""
from __future__ import annotations

from pathlib import Path

import pytest

from backend.notifications.preview import preview, sms_samples_markdown

DOC = Path(__file__).resolve().parents[3] / "docs" / "sms-messages.md"


@pytest.fixture(autouse=True)
def _ctx(_app):
    with _app.app_context():
        yield


def test_the_sms_samples_doc_is_what_the_preview_renders():
    generated = sms_samples_markdown(preview())
    assert "| order_issued | Spanish |" in generated and "Ref " in generated
    assert DOC.read_text(encoding="utf-8") == generated, (
        "docs/sms-messages.md is stale: flask --app backend notifications preview --markdown > "
        "docs/sms-messages.md"
    )
