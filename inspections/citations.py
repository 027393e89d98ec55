"""Noncriminal citations (MGL c. 40 § 21D): who may issue, when, for how much, payable to whom.

- Issuer: `authority.may_act(chapter, CITATION_21D, role)`. Carver 247 and 136 name the Zoning
  Enforcement Officer (CARVER-247-NONCRIM-ZEO, CARVER-136-NONCRIM-ZEO); any other issuer is rejected with
  that rule id. Upton: the Commission or its agents (UPTON-280-AUTH). Gardner: the Commission, any member
  or its agent (GARDNER-650-CITATIONS-21D). Carver 281 has none unless configured (AMB-09).
- When (EXT-21D-15D, statutory; its numbers in statutes.toml, asked through the chapter's § 21D rule, which
  names the statute): delivered in hand at the
  time and place of the violation, or mailed within 15 days after it (CONV-WITHIN; `roll_c4s9` optional).
  The notice sets an appearance no later than 21 days after the notice date.
- Amount: the noncriminal assessment row of the offense-day (`fines.assess_noncriminal`); a row without an
  amount cannot be ticketed (AMB-09, AMB-29, AMB-46), and AMB-17 amounts keep their `withhold` mark.
- Payee: Upton names the Town of Upton (UPTON-280-FINES-PAYEE); the other chapters name none.
- Carver 247 cites ch. 1 Art. II and Carver 136 Art. I of the Carver By-laws: shown as written (AMB-18).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum

from inspections.authority import Action, Vote, body, may_act
from inspections.calendar import BusinessCalendar, end_of_day, within
from inspections.config import DEFAULT, BylawConfig
from inspections.deadlines.core import Deadline, DeadlineKind
from inspections.deadlines.day_counts import roll_if_configured
from inspections.explain import Explanation
from inspections.fines import AmountKind, AssessmentRow
from inspections.offenses import OffenseDay, check_chapter
from inspections.rulepack import law, load_rulebook, param, statute

NONCRIMINAL = "EXT-21D-15D"  # MGL c. 40 § 21D, held once in statutes.toml; each chapter's § 21D rule names it


def citation_rule(chapter: str) -> str:
    """The chapter's § 21D rule: the rule its pack's who-may-act grant for `citation_21d` names (e.g.
    CARVER-247-NONCRIM-ZEO, UPTON-280-AUTH, GARDNER-650-CITATIONS-21D)."""
    grant = load_rulebook().packs[check_chapter(chapter)].chapter.who_may_act.get("citation_21d")
    if grant is None:
        raise ValueError(f"pack {chapter} grants no one the power to issue a § 21D citation")
    return grant.rule


class _CitationRules(Mapping[str, str]):
    """CITATION_RULE[chapter], read from the packs (kept for callers of the old constant)."""

    def __getitem__(self, chapter: str) -> str:
        if chapter not in load_rulebook().packs:
            raise KeyError(chapter)
        return citation_rule(chapter)

    def __iter__(self) -> Iterator[str]:
        return iter(k for k, p in load_rulebook().packs.items() if "citation_21d" in p.chapter.who_may_act)

    def __len__(self) -> int:
        return len(list(iter(self)))


CITATION_RULE: Mapping[str, str] = _CitationRules()


class Delivery(StrEnum):
    IN_HAND = "in_hand"  # at the time and place of the violation
    MAIL = "mail"  # within 15 days after the violation


@dataclass(frozen=True)
class Payee:
    name: str | None
    rule_id: str
    reason: str
    explanation: Explanation


def payee(chapter: str) -> Payee:
    """Who the fine is paid to, as the chapter says (None where it names no one)."""
    named = load_rulebook().packs[check_chapter(chapter)].chapter.payee_rule
    if named is not None:  # e.g. UPTON-280-FINES-PAYEE: the Town of Upton
        name = param(named, "payee")
        why = f"fines are paid to {name}, not to {body(chapter)}"
        return Payee(name, named, why, Explanation.of(named, why))
    rule_id = citation_rule(chapter)
    why = "the chapter names no payee; the town's § 21D procedure sets it"
    return Payee(None, rule_id, why, Explanation.of(rule_id, why))


def procedure(chapter: str) -> tuple[str, tuple[str, ...]]:
    """The procedure the citation cites, as written, with AMB-18 for Carver's Article I / II split."""
    law = statute(NONCRIMINAL).citation
    rule_id = citation_rule(chapter)
    if "bylaw_article" in load_rulebook().rule(rule_id).params:  # Carver 247 and 136: ch. 1 Art. II / Art. I
        article = param(rule_id, "bylaw_article")
        town = load_rulebook().packs[chapter].pack.town
        return f"{law}, and {article}, of the Town of {town} By-laws", ("AMB-18",)
    return law, ()


def mailing_deadline(
    offense: OffenseDay, *, cfg: BylawConfig = DEFAULT, cal: BusinessCalendar | None = None
) -> Deadline:
    """EXT-21D-15D: a mailed citation goes out within 15 days after the offense-day (CONV-WITHIN), the
    number of days being the law in force on the offense-day (its triggering event)."""
    rule_id = citation_rule(offense.chapter)
    window = law(rule_id, "mail_within_days", offense.local_date)
    days = window.value
    last = within(offense.local_date, days)
    latest, note, flags = roll_if_configured(last, cfg, cal or BusinessCalendar.from_config(cfg))
    arithmetic = f"EXT-21D-15D: mail by {offense.local_date} + {days} = {last}{note}"
    return Deadline(
        DeadlineKind.MUST_BY,
        rule_id,
        "mail the § 21D citation",
        "issuer",
        Explanation.of(rule_id, arithmetic, flags),
        latest_on=latest,
        latest_at=end_of_day(latest),
        flags=flags,
        facts=(("law_in_force", window.text),),
    )


def appearance_by(chapter: str, notice_on: dt.date) -> dt.date:
    """EXT-21D-15D: the notice sets an appearance no later than 21 days after the notice date (the law in
    force on the notice date)."""
    rule_id = citation_rule(chapter)
    return within(notice_on, param(rule_id, "appearance_within_days", notice_on))


@dataclass(frozen=True)
class Citation:
    offense_key: tuple[str, str, str]
    chapter: str
    issuer_role: str
    amount_cents: int
    sequence: int | None
    payee: Payee
    delivery: Delivery
    notice_on: dt.date
    appear_by_on: dt.date
    procedure: str
    explanations: tuple[Explanation, ...]
    flags: tuple[str, ...] = ()
    withhold: bool = False


@dataclass(frozen=True)
class CitationDecision:
    allowed: bool
    rule_id: str
    reason: str
    explanations: tuple[Explanation, ...]
    citation: Citation | None = None


def _refuse(rule_id: str, reason: str, flags: tuple[str, ...] = ()) -> CitationDecision:
    return CitationDecision(False, rule_id, reason, (Explanation.of(rule_id, reason, flags),))


def _timing(row: AssessmentRow, notice_on: dt.date, delivery: Delivery, mail_by: Deadline) -> str | None:
    day = row.offense.local_date
    if notice_on < day:
        return f"notice date {notice_on} precedes the offense-day {day}"
    if delivery is Delivery.IN_HAND and notice_on != day:  # READ-21D-IN-HAND
        return f"in-hand delivery only at the time and place of the violation ({day}); mail it instead"
    if delivery is Delivery.MAIL and mail_by.latest_on is not None and notice_on > mail_by.latest_on:
        return f"EXT-21D-15D: mailed {notice_on}, after the last day {mail_by.latest_on}"
    return None


def issue_citation(
    row: AssessmentRow,
    *,
    issuer_role: str,
    notice_on: dt.date,
    delivery: Delivery | str,
    vote: Vote | None = None,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> CitationDecision:
    """Check and draft the § 21D citation for one priced offense-day; refusals carry the rule id."""
    chapter, delivery = row.offense.chapter, Delivery(delivery)
    if row.kind is not AmountKind.CITATION_AMOUNT:
        return _refuse(row.explanation.rule_id, "a criminal maximum is not a ticket amount", ("AMB-08",))
    who = may_act(chapter, Action.CITATION_21D, issuer_role, vote=vote, cfg=cfg)
    if not who.allowed:
        return CitationDecision(False, who.rule_id, who.reason, (who.explanation,))
    if row.amount_cents is None:
        return _refuse(row.explanation.rule_id, row.none_reason or "no amount", row.flags)
    mail_by = mailing_deadline(row.offense, cfg=cfg, cal=cal)
    late = _timing(row, notice_on, delivery, mail_by)
    if late:
        return _refuse(mail_by.rule_id, late)
    text, amb = procedure(chapter)
    to = payee(chapter)
    flags = tuple(dict.fromkeys((*row.flags, *amb)))
    notes = (who.explanation, row.explanation, mail_by.explanation, to.explanation)
    citation = Citation(
        row.key,
        chapter,
        str(issuer_role),
        row.amount_cents,
        row.sequence,
        to,
        delivery,
        notice_on,
        appearance_by(chapter, notice_on),
        text,
        notes,
        flags,
        row.withhold,
    )
    return CitationDecision(True, who.rule_id, "citation may issue", notes, citation)
