"""The English a party reads is plain (issue 18 item 5): the Flesch–Kincaid grade of the checklist findings,
the notice page's sentences and the order's cover page, mean ≤ 8 and none above 10. The grade of each text
is printed (`pytest -s`).

Grades are `textstat`'s (`flesch_kincaid_grade`: 0.39 × words/sentences + 11.8 × syllables/words − 15.59,
syllables from pyphen's dictionaries). Placeholders ("{amount}") are read as the one-syllable word "ten".
"""

from __future__ import annotations

import re
from statistics import mean

import pytest
import textstat

from backend.pdf.cover import COVER
from backend.public.i18n import MESSAGES
from inspections.checklists.findings import all_findings

PLACEHOLDER = re.compile(r"\{\w+\}")


def grade(text: str) -> float:
    """textstat's Flesch–Kincaid grade of an English text, placeholders read as a short word."""
    return float(textstat.flesch_kincaid_grade(PLACEHOLDER.sub("ten", text)))


def sentences_of(messages: dict[str, str]) -> list[str]:
    """The messages that are sentences (end with a full stop), not labels or headings."""
    return [m for m in messages.values() if m.rstrip().endswith(".")]


TEXTS = {
    "findings": all_findings(),
    "notice page": sentences_of(MESSAGES),
    "cover page": sentences_of(COVER),
}


def test_the_grade_is_textstats_flesch_kincaid_formula():
    # 6 words, 1 sentence, 6 syllables: 0.39 × 6 + 11.8 × 1 − 15.59
    assert grade("The cat sat on the mat.") == pytest.approx(0.39 * 6 + 11.8 * 1 - 15.59, abs=0.06)
    hard = ("Notwithstanding the aforementioned stipulations, the municipality's administrative "
            "determination constitutes an enforceable obligation.")
    assert grade(hard) > 10 > grade("Earth was removed within 50 ft of the property line.")


@pytest.mark.parametrize("kind", sorted(TEXTS))
def test_english_texts_read_at_grade_8_on_average_and_never_above_10(kind):
    grades = {text: grade(text) for text in TEXTS[kind]}
    for text, g in sorted(grades.items(), key=lambda kv: -kv[1]):
        print(f"{kind:12} FK {g:5.1f}  {text}")
    print(f"{kind:12} mean FK {mean(grades.values()):.1f} over {len(grades)} texts")
    assert mean(grades.values()) <= 8, f"{kind}: mean grade {mean(grades.values()):.1f}"
    too_hard = {t: round(g, 1) for t, g in grades.items() if g > 10}
    assert not too_hard, f"{kind}: above grade 10: {too_hard}"
