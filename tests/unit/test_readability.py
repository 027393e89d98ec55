"""The English a party reads is plain (issue 18 item 5): the Flesch–Kincaid grade of the checklist findings,
the notice page's sentences and the order's cover page, mean ≤ 8 and none above 10. The grade of each text
is printed (`pytest -s`).

The standard Flesch–Kincaid formula, 0.39 × words/sentences + 11.8 × syllables/words − 15.59, with the
usual vowel-group syllable heuristic (the `textstat` package is not a dependency of this project; its
syllable counts come from a dictionary the machine may not have offline). Placeholders count as one-syllable
words ("{amount}" reads "$100").
"""

from __future__ import annotations

import re
from statistics import mean

import pytest

from backend.pdf.cover import COVER
from backend.public.i18n import MESSAGES
from inspections.checklists.findings import all_findings

WORD = re.compile(r"[A-Za-z][A-Za-z'-]*|\{\w+\}|\d[\d,.]*")
SENTENCE_END = re.compile(r"[.!?](?:\s|$)|:\s")


def syllables(word: str) -> int:
    word = word.lower().strip("'")
    if word.startswith("{") or word[0].isdigit():
        return 1
    count = 0
    for part in word.split("-"):
        groups = re.findall(r"[aeiouy]+", part)
        n = len(groups)
        if part.endswith("e") and not part.endswith(("le", "ee", "ye")) and n > 1:
            n -= 1
        if part.endswith("ed") and not part.endswith(("ted", "ded")) and n > 1:
            n -= 1
        count += max(1, n)
    return count


def grade(text: str) -> float:
    words = WORD.findall(text)
    sentences = max(1, len(SENTENCE_END.findall(text.strip() + " ")))
    return 0.39 * len(words) / sentences + 11.8 * sum(map(syllables, words)) / len(words) - 15.59


def sentences_of(messages: dict[str, str]) -> list[str]:
    """The messages that are sentences (end with a full stop), not labels or headings."""
    return [m for m in messages.values() if m.rstrip().endswith(".")]


TEXTS = {
    "findings": all_findings(),
    "notice page": sentences_of(MESSAGES),
    "cover page": sentences_of(COVER),
}


def test_the_syllable_heuristic_counts_common_words():
    assert [syllables(w) for w in ("earth", "removed", "property", "stabilized", "sediment", "the")] == [
        1, 2, 3, 3, 3, 1,
    ]  # fmt: skip
    assert round(grade("The cat sat on the mat."), 1) == round(0.39 * 6 + 11.8 * 1 - 15.59, 1)


@pytest.mark.parametrize("kind", sorted(TEXTS))
def test_english_texts_read_at_grade_8_on_average_and_never_above_10(kind):
    grades = {text: grade(text) for text in TEXTS[kind]}
    for text, g in sorted(grades.items(), key=lambda kv: -kv[1]):
        print(f"{kind:12} FK {g:5.1f}  {text}")
    print(f"{kind:12} mean FK {mean(grades.values()):.1f} over {len(grades)} texts")
    assert mean(grades.values()) <= 8, f"{kind}: mean grade {mean(grades.values()):.1f}"
    too_hard = {t: round(g, 1) for t, g in grades.items() if g > 10}
    assert not too_hard, f"{kind}: above grade 10: {too_hard}"
