"""Segment counting with the gsm0338 codec: GSM-7 septets (extension characters count two) or UCS-2 units."""

from __future__ import annotations

import pytest

from backend.sms.segments import GSM7, UCS2, Segments, clip, count, plain, within_budget


@pytest.mark.parametrize(
    ("text", "encoding", "units", "segments"),
    [
        ("a" * 160, GSM7, 160, 1),
        ("a" * 161, GSM7, 161, 2),
        ("a" * 306, GSM7, 306, 2),
        ("a" * 307, GSM7, 307, 3),
        ("€" * 80, GSM7, 160, 1),
        ("~" * 81, GSM7, 162, 2),
        ("§ é ñ ü Ñ à ¿ ¡", GSM7, 15, 1),
        ("ç" * 70, UCS2, 70, 1),
        ("ç" * 71, UCS2, 71, 2),
        ("ã" * 268, UCS2, 268, 4),
        ("ã" * 269, UCS2, 269, 5),
        ("a" * 69 + "😀", UCS2, 71, 2),
    ],
    ids=[
        "160-gsm",
        "161-gsm",
        "306-gsm",
        "307-gsm",
        "euro-extension",
        "tilde-extension",
        "spanish-in-gsm",
        "70-ucs2",
        "71-ucs2",
        "268-ucs2",
        "269-ucs2",
        "emoji-two-units",
    ],
)
def test_counting(text, encoding, units, segments):
    assert count(text) == Segments(encoding, units, segments)


def test_one_accent_outside_gsm7_makes_the_whole_body_ucs2():
    assert count("a" * 100 + "á").encoding == UCS2 and count("a" * 100 + "é").encoding == GSM7


def test_english_must_stay_gsm7_spanish_may_be_ucs2():
    assert not within_budget("Obra en la calle ó", "en")
    assert within_budget("Obra en la calle ó", "es") and within_budget("Obra", "pt")
    assert not within_budget("x" * 300, "en")  # 300 + the 11-character reference > 2 segments


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("Café “Ñandú” – ação", "en", 'Café "Ñandu" - acao'),
        ("Café “Ñandú” – ação", "es", 'Café "Ñandú" - ação'),
        ("Lot\u00a04  \n 6", "en", "Lot 4 6"),
        ("中文", "en", "??"),
    ],
    ids=["english-folds-accents", "spanish-keeps-letters", "spaces", "unfoldable"],
)
def test_plain_makes_variable_text_fit_the_languages_encoding(text, language, expected):
    assert plain(text, language) == expected


def test_clip_cuts_at_a_word_and_marks_it():
    assert clip("the quick brown fox jumps", 14) == "the quick..."
    assert clip("short", 14) == "short" and len(clip("x" * 50, 20)) == 20
