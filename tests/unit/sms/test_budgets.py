"""Whatever the record holds (long names, accents, symbols), every text fits its language's budget."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from backend.sms.segments import within_budget
from tests.unit.sms.cases import CASES
from tests.unit.sms.words import render

names = st.text(min_size=1, max_size=200)
languages = st.sampled_from(["en", "es", "pt", "fr"])
fines = st.fixed_dictionaries(
    {
        "path": st.sampled_from(["criminal", "noncriminal", None]),
        "amount_cents": st.one_of(st.none(), st.integers(0, 10**9)),
        "daily": st.booleans(),
    }
)


@settings(max_examples=150, deadline=None)
@given(site=names, found=names, citation=st.text(max_size=80), fine=fines, language=languages)
def test_any_violation_notice_fits(site, found, citation, fine, language):
    payload = CASES["notice-criminal-deadline"][1] | {
        "site": site,
        "found": found,
        "citation": citation,
        "fine": fine,
    }
    body = render("violation_notice", payload, language)
    assert within_budget(body, language if language != "fr" else "en") and payload["link"] in body


@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(
        st.fixed_dictionaries(
            {
                "site": names,
                "citations": st.lists(st.text(max_size=40), max_size=4),
                "days": st.integers(1, 400),
            }
        ),
        min_size=1,
        max_size=12,
    ),
    count=st.integers(0, 999),
    cents=st.integers(0, 10**9),
    exposure=st.lists(st.integers(0, 10**7), max_size=3),
    language=languages,
)
def test_any_daily_accrual_fits(lines, count, cents, exposure, language):
    payload = CASES["accrual-one-line"][1] | {
        "lines": lines,
        "exposure_cents": exposure,
        "citations": {"count": count, "stated_cents": cents, "pending": count},
    }
    body = render("daily_accrual", payload, language)
    assert within_budget(body, language if language != "fr" else "en") and payload["link"] in body
