"""Issue 18, Done when: every Spanish and Portuguese text carries the same facts as its English original —
what was found, the place, the dates, the amounts and the link.

For each SMS kind the preview renders the demo's facts for a party speaking each language (the row carries
the finding in the party's language, as the service writes it). A fact is a value of the payload that the
English text shows — verbatim (a site, a room, a finding, a permit number, the link), as an English date
("Apr 6, 2026" for "2026-04-06") or as English money ("$100" for 10000 cents). The same payload field, in the
translated payload, must then show in the Spanish and the Portuguese text, in that language's form
("6 abr 2026", "US$ 100"; a deadline's label as the catalogue translates it).
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from typing import Any

import pytest

from backend.notifications.catalogue import catalogue, kind
from backend.notifications.preview import facts, render
from backend.sms.templates import label_of
from inspections.formats import format_date, format_money

ISO_DATE = re.compile(r"\A\d{4}-\d{2}-\d{2}\Z")
SMS_KINDS = sorted(name for name, spec in catalogue().items() if "sms" in spec.channels)
NOT_FACTS = {"language", "text", "link_id", "enriched_at", "town", "contact"}  # said otherwise, or no fact


@pytest.fixture(autouse=True)
def _ctx(_app):
    with _app.app_context():
        yield


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in NOT_FACTS:
                yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaves(item, (*path, i))
    else:
        yield path, value


def shown(value: Any, path: tuple[Any, ...], language: str) -> list[str]:
    """The ways a payload value is written in a text of `language` (empty: not a fact a text shows)."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int):
        return [format_money(value, language)] if str(path[-1]).endswith("cents") else []
    text = str(value).strip()
    if ISO_DATE.match(text):
        return [format_date(dt.date.fromisoformat(text), language)]
    if path[-1] in ("label", "action"):  # the engine's words for what to do, said in the reader's language
        text = label_of(text, language)
    return [text.rstrip(".")] if len(text) >= 4 else []


def facts_shown(payload: dict[str, Any], text: str, language: str) -> dict[tuple[Any, ...], list[str]]:
    return {path: forms for path, value in leaves(payload) if (forms := shown(value, path, language))
            and any(form in text for form in forms)}


def test_the_fact_finder_reads_dates_money_and_words_in_their_language():
    payload = {"site": "Cedar Brook", "day": "2026-04-06", "fine": {"amount_cents": 10000}, "n": 3}
    found = facts_shown(payload, "Cedar Brook: Apr 6, 2026, up to $100.", "en")
    assert set(found) == {("site",), ("day",), ("fine", "amount_cents")}
    assert shown("2026-04-06", ("day",), "pt") == ["6 abr 2026"]
    assert shown(300000, ("exposure_cents",), "pt") == ["US$ 3.000"]


@pytest.mark.parametrize("language", ["es", "pt"])
@pytest.mark.parametrize("name", SMS_KINDS)
def test_a_translated_text_carries_every_fact_of_the_english(name, language):
    spec = kind(name)
    english = render(spec, "sms", "en")["text"]
    translated = render(spec, "sms", language)["text"]
    english_payload, payload = facts(spec, "sms", "en"), facts(spec, "sms", language)

    in_english = facts_shown(english_payload, english, "en")
    assert in_english, f"{name}: the English text shows no fact of its payload"
    missing = {}
    for path in in_english:
        value = payload
        for step in path:
            value = value[step]
        forms = shown(value, path, language)
        if not any(form in translated for form in forms):
            missing[".".join(map(str, path))] = forms
    assert not missing, f"{name} ({language}) leaves out {missing}:\n{english}\n---\n{translated}"
