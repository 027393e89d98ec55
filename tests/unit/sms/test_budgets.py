"""Whatever the record holds (long names, accents, symbols, emoji), every text fits its budget, per kind and
language: English in GSM-7 within the kind's `segments` (3 for the violation notice and the order texts, 2 for
every other SMS), Spanish and Portuguese within 5 segments (UCS-2 allowed)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backend.notifications.catalogue import catalogue
from backend.notifications.preview import facts
from backend.notifications.registry import sms_text
from backend.sms.segments import GSM7, REF_SUFFIX, count, within_budget
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
    assert within_budget(body, language if language != "fr" else "en", 3) and payload["link"] in body


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


THREE = {"violation_notice", "order_issued", "order_lifted"}  # the violation notice and the order texts
RENDERED = sorted(name for name, spec in catalogue().items()
                  if spec.sms is not None and spec.words("sms") == "rendered")
TEXT_FIELDS = ("site", "finding", "found", "citation", "label", "permit", "action", "area")


def test_each_kind_declares_its_english_budget():
    budgets = {name: spec.segments for name, spec in catalogue().items() if spec.sms is not None}
    assert budgets == {name: 3 if name in THREE else 2 for name in budgets}
    assert THREE <= set(RENDERED)


def _varied(name: str, language: str, data: Any) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """The kind's preview facts in `language` with every free-text fact, the fine and the place drawn."""
    spec = catalogue()[name]
    payload = copy.deepcopy(facts(spec, "sms", language))
    target = payload["sms"] if spec.completed else payload
    for field in TEXT_FIELDS:
        if field in target:
            target[field] = data.draw(names, label=field)
    if target.get("next_deadline"):
        target["next_deadline"] = target["next_deadline"] | {"label": data.draw(names, label="deadline")}
    if "fine" in target:
        target["fine"] = data.draw(fines, label="fine")
    if "payees" in target:
        target["payees"] = data.draw(st.lists(names, max_size=3), label="payees")
    if "place" in target:
        target["place"] = {"address": data.draw(names, label="address"),
                           "room": data.draw(names, label="room"),
                           "remote_url": data.draw(st.sampled_from([None, "https://meet.example.org/erc"]))}
    return spec, payload, target


@pytest.mark.parametrize("language", ["en", "es", "pt"])
@pytest.mark.parametrize("name", RENDERED)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_every_kind_fits_its_budget_whatever_the_record_holds(name, language, data):
    spec, payload, target = _varied(name, language, data)
    body = sms_text(spec, payload)
    sent = count(body + REF_SUFFIX)
    assert within_budget(body, language, spec.segments), (sent, body)
    if language == "en":
        assert sent.encoding == GSM7 and sent.count <= (3 if name in THREE else 2)
    else:
        assert sent.count <= 5
    if "link" in target:  # every enforcement text carries its link (the citations' texts have none)
        assert target["link"] in body


@pytest.mark.parametrize("language", ["en", "es", "pt"])
@pytest.mark.parametrize("name", RENDERED)
def test_the_demo_texts_fit_their_budget(name, language):
    spec = catalogue()[name]
    body = sms_text(spec, copy.deepcopy(facts(spec, "sms", language)))
    sent = count(body + REF_SUFFIX)
    most = (3 if name in THREE else 2) if language == "en" else 5
    assert sent.count <= most and (language != "en" or sent.encoding == GSM7)
