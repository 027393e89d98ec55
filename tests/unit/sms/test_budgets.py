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


@settings(max_examples=200, deadline=None)
@given(
    cases=st.lists(
        st.fixed_dictionaries(
            {
                "site": names,
                "citation": st.text(max_size=40),
                "day": st.integers(1, 400),
                "ordered": st.booleans(),
                "path": st.sampled_from(["criminal", "noncriminal", None]),
            },
            optional={"max_cents": st.integers(0, 10**7)},
        ),
        min_size=1,
        max_size=12,
    ),
    count=st.integers(0, 999),
    cents=st.integers(0, 10**9),
    language=languages,
)
def test_any_daily_accrual_fits_and_keeps_each_cases_day(cases, count, cents, language):
    payload = CASES["accrual-criminal-day-6"][1] | {
        "cases": cases,
        "citations": {"count": count, "stated_cents": cents, "pending": count},
    }
    body = render("daily_accrual", payload, language)
    budget = language if language != "fr" else "en"
    assert within_budget(body, budget) and payload["link"] in body
    assert {"en": "Courtesy", "es": "Cortesía", "pt": "Cortesia"}.get(language, "Courtesy") in body
    label = {"es": "Día", "pt": "Dia"}.get(language, "Day")
    each = all(f"{label} {c['day']} " in body for c in cases)  # "Day 6 at …", in the cases' order
    listed = ": " + ", ".join(str(c["day"]) for c in cases) + "." in body  # "days so far: 6, 2, 9."
    longest = f": {max(c['day'] for c in cases)}." in body  # past a dozen long cases: the longest
    assert each or listed or longest, body
    if len(cases) <= 3:  # a party's usual day: every case keeps its own Day N
        assert each or listed, body
    assert "offense" not in body.lower()
