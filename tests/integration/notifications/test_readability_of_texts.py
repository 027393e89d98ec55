"""Issue 18, Done when: the preview's English texts (every SMS body and every Slack fallback a person reads)
have a mean Flesch–Kincaid grade ≤ 8 and none above 10. The grade of each kind is printed (`pytest -s`).

The grade is `textstat`'s Flesch–Kincaid (tests/unit/test_readability.py `grade`). A link reads as one word
("link") and the channel's "Ref XXXXXX" marker is not prose, so both are taken out before grading.
"""
from __future__ import annotations

import re
from statistics import mean

import pytest

from backend.notifications.preview import preview
from tests.unit.test_readability import grade


@pytest.fixture(autouse=True)
def _ctx(_app):
    with _app.app_context():
        yield


def prose(text: str) -> str:
    """What a reader reads as sentences: links as the word "link", without the channel's reference."""
    text = re.sub(r"\nRef [A-Z2-7]{6}\Z", "", text)
    return re.sub(r"<?https?://\S+?>?(?=[\s.,;)]*(\s|$))", "link", text)


def test_prose_takes_out_links_and_the_reference_only():
    text = "Details: https://x.example/n/Ab3. Courtesy text.\nRef ABC234"
    assert prose(text) == "Details: link. Courtesy text."


def test_the_previews_english_texts_read_at_grade_8_on_average_and_never_above_10():
    entries = [e for e in preview() if e["lang"] == "en"]
    grades = {f"{e['kind']} · {e['channel']}": grade(prose(e["text"])) for e in entries}
    for name, g in sorted(grades.items(), key=lambda kv: -kv[1]):
        print(f"FK {g:5.1f}  {name}")
    print(f"mean FK {mean(grades.values()):.1f} over {len(grades)} English texts")

    assert len(grades) >= 30, "every kind on every channel is graded"
    assert mean(grades.values()) <= 8, f"mean grade {mean(grades.values()):.1f}"
    too_hard = {name: round(g, 1) for name, g in grades.items() if g > 10}
    assert not too_hard, f"above grade 10: {too_hard}"
