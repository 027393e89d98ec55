"""The texts of citations issued or reissued to a party (MGL c. 40 § 21D) and of an overdue deadline, in the
party's language (plain words: a citation is a "fine", "multa"; dates as "Apr 7, 2026", "7 abr 2026"; money
in each language's form).

The services write the facts with the intent (`lines` of issued citations, `changes` of reissued ones, the
deadline's id); `enrich_party` adds the party's language and the town at the first attempt (an SMS row
written before these facts were carried, or for a party no longer on record, sends the job's own words).
Amounts are only those of citations actually issued; a withheld amount reads "amount to be confirmed".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlalchemy.orm import Session

from backend.models import Notification, Town
from backend.sms.enrich import party_for_row
from backend.sms.messages import short_town
from backend.sms.phrases import phrase
from backend.sms.segments import clip, plain
from backend.sms.templates import LADDER, citation_of, date_of, fit, label_of, text_of, town_of
from inspections.formats import format_money

Payload = dict[str, Any]
FACTS = ("lines", "changes")  # what the services write: issued citations, reissued ones


def enrich_party(session: Session, row: Notification) -> bool:
    """payload["sms"]: the party's language, the town's short name and phone, and the service's facts."""
    payload = dict(row.payload or {})
    if "sms" in payload:
        return True
    facts = {k: payload[k] for k in FACTS if k in payload}
    party, town = party_for_row(session, row), session.get(Town, row.town_id)
    if not facts or party is None or town is None:
        return False
    payload["sms"] = facts | {"language": party.language, "town": short_town(town.name),
                              "contact": town.contact_phone, "payees": payload.get("payees") or []}
    row.payload = payload
    return True


def _amount(cents: Any, withheld: Any, language: str) -> str:
    if withheld:
        return phrase(language, "fine_pending")
    if cents is None:
        return phrase(language, "fine_none")
    return format_money(int(cents), language)


def citations_issued(p: Payload, language: str) -> str:
    """ "Carver: the town issued you 2 fines (citations under MGL c. 40 § 21D): Apr 7, 2026, $100; Apr 8,
    2026, $200. Pay to Town of Carver. Courtesy text; the mailed citation is the legal notice." """
    lines = sorted(p.get("lines") or [], key=lambda line: str(line.get("date")))
    said = "; ".join(phrase(language, "fine_line", date=date_of(str(line["date"]), language),
                            amount=_amount(line.get("cents"), line.get("withheld"), language))
                    for line in lines)
    n, town = len(lines), town_of(p, language)
    payees = ", ".join(str(x) for x in p.get("payees") or [])

    def variants() -> Iterator[str]:
        for payee_len in (120, 60, 0):
            pay = phrase(language, "pay_to", payee=clip(plain(payees, language), payee_len)) if (
                payees and payee_len) else ""
            full = phrase(language, "fines_one" if n == 1 else "fines_many", town=town, n=n, lines=said)
            yield " ".join(x for x in (full, pay, phrase(language, "courtesy_mail")) if x)
            counted = phrase(language, "fines_count_one" if n == 1 else "fines_count_many", town=town, n=n)
            yield " ".join(x for x in (counted, phrase(language, "by_mail"), pay,
                                       phrase(language, "courtesy_mail")) if x)

    return fit(language, variants())


def citations_reissued(p: Payload, language: str) -> str:
    """ "Carver: after a change in the record, the town voided and reissued fines (citations): Apr 8, 2026,
    $100 is now $200. Courtesy text; the mailed citation is the legal notice." """
    changes = sorted(p.get("changes") or [], key=lambda c: str(c.get("date")))
    said = "; ".join(phrase(language, "reissued_line", date=date_of(str(c["date"]), language),
                            old=_amount(c.get("old_cents"), c.get("old_withheld"), language),
                            new=_amount(c.get("new_cents"), c.get("new_withheld"), language))
                    for c in changes)
    town = town_of(p, language)
    return fit(language, (
        " ".join([phrase(language, "reissued", town=town, lines=said), phrase(language, "courtesy_mail")]),
        " ".join([phrase(language, "reissued_count", town=town, n=len(changes)), phrase(language, "by_mail"),
                  phrase(language, "courtesy_mail")]),
    ))


def overdue(p: Payload, language: str) -> str:
    """A deadline passed with nothing recorded: what was due, where, when, the link, the courtesy line."""
    date = date_of(str(p["date"]), language)

    def variants() -> Iterator[str]:
        for site_len, _found, details, courtesy, _call in LADDER:
            label = clip(plain(label_of(p.get("label"), language), language), max(site_len * 2, 30))
            head = phrase(language, "overdue", town=town_of(p, language), label=label.rstrip("."), date=date,
                          site=text_of(p, "site", language, site_len),
                          citation=citation_of(p, language, 40, short=site_len < 60))
            yield " ".join([head, phrase(language, details, link=p["link"]), phrase(language, courtesy)])

    return fit(language, variants())
