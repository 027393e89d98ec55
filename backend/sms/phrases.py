"""The words of every SMS: English here (authoritative: the msgids), Spanish and Portuguese in the `sms`
message catalogues (`backend/translations/<lang>/LC_MESSAGES/sms.po`; `make translations` extracts the
English with `pybabel`, a translator works in ordinary tools, `tests/unit/test_catalogues.py` fails on a
missing message or placeholder). Legal terms follow docs/glossary-es.md and docs/glossary-pt.md; plurals are
gettext's (`Nn_`, the form the catalogue's Plural-Forms picks for the count).

What the texts may say, and must not (reviewed for what they promise, see RULES.md):
* SMS is a courtesy beside the legal notice (certified mail, hand delivery): every enforcement text says so.
* Criminal figures are court maximums ("up to … (court maximum)"), never a debt; noncriminal figures are
  the amounts of citations actually issued. Amounts the engine withholds are never printed ("pending").
* A date is only printed when a stored deadline gives it; otherwise the text asks for a prompt correction.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from inspections.catalogues import N_, Domain, Nn_, translate, translate_n

SMS = Domain(Path(__file__).resolve().parents[1] / "translations", "sms")
Message = str | tuple[str, str]

PHRASES: dict[str, Message] = {
    "details": N_("Details and how to respond: {link}"),
    "details_short": N_("Details: {link}"),
    "courtesy": N_("Courtesy text; the legal notice comes by mail or hand delivery."),
    "courtesy_short": N_("Courtesy text; legal notice comes by mail or hand."),
    "call": N_("Questions: {phone}"),
    "accrual_day": N_("Day {n} of the violation at {site}"),
    "accrual_day_at": N_("Day {n} at {site}"),
    "accrual_days": N_("Day {n} of the {k} violations at {site}"),
    "accrual_no_order": N_(" (no order yet)"),
    "accrual_max": N_("up to {amount} so far (court maximum)"),
    "accrual_next": N_("If it continues, the town may order the work stopped and fines may follow."),
    "accrual_next_all": N_("If they continue, the town may order the work stopped and fines may follow."),
    "accrual_next_some": N_("Where there is no order yet, the town may order the work stopped and fines may "
        "follow."),
    "accrual_next_min": N_("The town may order the work stopped; fines may follow."),
    "accrual_count": N_("{town}: {n} violations continue; days so far: {days}."),
    "accrual_max_total": N_("Court maximum so far: up to {amount} in all."),
    "citations": N_("Citations issued to date: {n}, {amount}."),
    "citations_pending": Nn_("Citations issued to date: {n}, {amount}; {k} amount pending confirmation.",
            "Citations issued to date: {n}, {amount}; {k} amounts pending confirmation."),
    "citations_short": N_("Citations issued: {n}, {amount}."),
    "citations_pending_short": Nn_("Citations issued: {n}, {amount}; {k} amount pending.",
            "Citations issued: {n}, {amount}; {k} amounts pending."),
    "citations_min": N_("Citations: {n}, {amount}."),
    "citations_pending_min": N_("Citations: {n}, {amount}; {k} pending."),
    "corrected": N_("{town}: the violation at {site} ({citation}) was recorded as corrected on {date}."),
    "lifted": N_("{town}: the {order} for {site} was lifted on {date}."),
    "permit_expiry": N_("{town}: reminder: permit {permit} for {site} expires {date}."),
    "help": N_("{town} enforcement texts. Questions: call {phone}. Reply STOP to stop texts, START to "
        "resume, HELP for help. Msg & data rates may apply."),
    "stopped": N_("{town}: you will get no more texts from this number. Legal notices still come by mail. "
        "Reply START to resume."),
    "started": N_("{town}: texts resumed. Reply STOP to stop, HELP for help."),
    "cease_and_desist": N_("cease-and-desist order"),
    "restoration_order": N_("restoration order"),
    "enforcement_order": N_("enforcement order"),
    "the_site": N_("the site"),
    # the enforcement texts (issue 18): who, what was found, where, what to do by when, what follows
    "v_head": N_("{town}: on {date} we found a problem at {site}: {found}{cited}."),
    "v_head_bare": N_("{town}: on {date} we found a problem at {site}{cited}."),
    "v_todo_by": N_("Fix it by {date}: {label}."),
    "v_todo_date": N_("Fix it by {date}."),
    "v_todo": N_("Please fix it promptly."),
    "if_crim_daily": N_("If not, a court can fine up to {amount} for each day it continues (a maximum, not a "
        "bill)."),
    "if_crim_daily_min": N_("If not, a court can fine up to {amount} a day (a maximum, not a bill)."),
    "if_crim_daily_tiny": N_("Court fine: up to {amount}/day (a maximum)."),
    "if_crim_once_tiny": N_("Court fine: up to {amount} (a maximum)."),
    "if_crim_once": N_("If not, a court can fine up to {amount} (a maximum, not a bill)."),
    "if_crim_none": N_("If not, a court can impose fines."),
    "if_noncrim_daily": N_("If not, the town can issue a fine for each day it continues."),
    "if_noncrim_once": N_("If not, the town can issue a fine."),
    "if_none": N_("If not, the town can issue an order and seek fines."),
    "call_us": N_("Questions: call {phone}."),
    "o_head": N_("{town}: on {date} the town issued a {order} for {site}."),
    "o_found": N_("Found: {found}."),
    "o_do_cease_and_desist": N_("Stop the work now."),
    "o_if_none": N_("If not, the town can seek fines."),
    "o_do_restoration_order": N_("Restore the site as the order says."),
    "o_do_enforcement_order": N_("Do what the order requires."),
    "remind": N_("{town}: reminder: {label} at {site}, due {date} ({citation})."),
    "overdue": N_("{town}: OVERDUE: {label} at {site} was due {date}, and nothing has been recorded "
        "({citation})."),
    "fines_one": N_("{town}: the town issued you 1 fine (a citation under MGL c. 40 § 21D): {lines}."),
    "fines_many": N_("{town}: the town issued you {n} fines (citations under MGL c. 40 § 21D): {lines}."),
    "fines_count_one": N_("{town}: the town issued you 1 fine (a citation under MGL c. 40 § 21D)."),
    "fines_count_many": N_("{town}: the town issued you {n} fines (citations under MGL c. 40 § 21D)."),
    "fine_line": N_("{date}, {amount}"),
    "fine_pending": N_("amount to be confirmed"),
    "fine_none": N_("no amount stated"),
    "pay_to": N_("Pay to {payee}."),
    "by_mail": N_("Each one comes by mail with its amount."),
    "reissued": N_("{town}: after a change in the record, the town voided and reissued fines (citations): "
        "{lines}."),
    "reissued_count": Nn_(
        "{town}: after a change in the record, the town voided and reissued {n} fine (citation).",
            "{town}: after a change in the record, the town voided and reissued {n} fines (citations)."),
    "reissued_line": N_("{date}, {old} is now {new}"),
    "courtesy_mail": N_("Courtesy text; the mailed citation is the legal notice."),
}

# the value a plural message counts (default "n")
COUNTED_BY = {"citations_pending": "k", "citations_pending_short": "k"}


def say(language: str, message: Message, values: Mapping[str, object] | None = None,
        counted_by: str = "n") -> str:
    """An English message in the reader's language, filled with its values; a plural pair takes the form for
    the value `counted_by` names."""
    values = values or {}
    if isinstance(message, tuple):
        return translate_n(SMS, language, *message, int(str(values[counted_by]))).format(**values)
    return translate(SMS, language, message).format(**values)


def phrase(language: str, key: str, **values: object) -> str:
    """The message `key` in the reader's language (a plural one counts the value COUNTED_BY names)."""
    return say(language, PHRASES[key], values, COUNTED_BY.get(key, "n"))


def local_time(hhmm: str, language: str) -> str:
    """'18:30' -> '6:30 PM' in English; the 24-hour clock in Spanish and Portuguese."""
    hour, minute = (int(part) for part in hhmm.split(":"))
    if language in ("es", "pt"):
        return f"{hour:02d}:{minute:02d}"
    return f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def phone(e164: str | None) -> str:
    """+15088663400 -> 508-866-3400 (North American numbers); others as given."""
    if e164 and len(e164) == 12 and e164.startswith("+1") and e164[1:].isdigit():
        return f"{e164[2:5]}-{e164[5:8]}-{e164[8:]}"
    return e164 or ""
