"""Noncriminal (MGL c. 40 § 21D) citations: issued by the officer the bylaw names, singly, in a batch, or by a
standing instruction recorded on the order; the daily digest of proposals to the enforcing officer.

Who may issue is the bylaw engine's answer (`inspections.authority.may_act`, then
`inspections.citations.issue_citation`, which also checks the amount and the 15-day mailing window): e.g.
Carver 247 and 136 name only the Zoning Enforcement Officer (Membership role `enforcing_officer`).
Explicit ids are all-or-nothing; "all proposed for an order" issues what may issue and lists the rest.
"""
from __future__ import annotations

import datetime as dt
import uuid
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from backend.clock import now
from backend.extensions import db
from backend.models import EnforcementOrder, FineAccrual, OffenseDay, Party, Town, Violation
from backend.models.fines import StandingInstruction
from backend.security import Principal, get_in_town
from backend.services import notices
from backend.services import refusal_words as words
from backend.services.accrual_load import facts_select, to_facts
from backend.services.authorisation import ROLE_ORDER, chapter_roles
from backend.services.bylaw_config import config_for
from backend.services.bylaw_names import bylaw
from bot.text import plural
from inspections.authority import Action, Decision, Role, Vote, may_act
from inspections.calendar import local_date
from inspections.citations import CITATION_RULE, CitationDecision, issue_citation
from inspections.config import BylawConfig
from inspections.errors import Conflict, NotFound, Refused
from inspections.explain import Explanation
from inspections.fines import AmountKind, AssessmentRow
from inspections.formats import format_date


@dataclass(frozen=True)
class Issuer:
    user_id: uuid.UUID
    role: str
    delivery: str
    source: str  # "issued by hand" | "standing instruction <id>" | "reissue of <id>"
    vote: Vote | None = None


def try_issue(row: AssessmentRow, issuer: Issuer, notice_on: dt.date, cfg: BylawConfig) -> CitationDecision:
    return issue_citation(row, issuer_role=issuer.role, notice_on=notice_on, delivery=issuer.delivery,
                          vote=issuer.vote, cfg=cfg)


def citation_detail(decision: CitationDecision, issuer: Issuer) -> dict[str, Any]:
    c = decision.citation
    assert c is not None
    return {"notice_on": c.notice_on.isoformat(), "delivery": c.delivery.value,
            "appear_by_on": c.appear_by_on.isoformat(), "payee": c.payee.name,
            "payee_rule_id": c.payee.rule_id, "procedure": c.procedure, "issuer_role": issuer.role,
            "authority_rule_id": decision.rule_id, "flags": list(c.flags), "source": issuer.source}


def empowered_role(who: Principal, chapter: str, cfg: BylawConfig, vote: Vote | None) -> tuple[str, Decision]:
    """The caller's first role for `chapter` (`authorisation.chapter_roles`) that the bylaw lets issue § 21D
    citations, or a 403 naming the rule that refuses."""
    refusal: tuple[Role, Decision] | None = None
    for role in sorted(chapter_roles(who, chapter), key=ROLE_ORDER.index):
        decision = may_act(chapter, Action.CITATION_21D, role, vote=vote, cfg=cfg)
        if decision.allowed:
            return role.value, decision
        refusal = refusal or (role, decision)
    if refusal is None:  # in words for a person; the rule in the detail
        rule_id = CITATION_RULE[chapter]
        raise Refused(words.refusal(chapter, Action.CITATION_21D, None, "", cfg), detail={"rule_id": rule_id})
    role, d = refusal
    raise Refused(words.refusal(chapter, Action.CITATION_21D, role, d.reason, cfg),
                  detail={"rule_id": d.rule_id, "reason": d.reason})


def stored_row(accrual: FineAccrual, od: OffenseDay, violation: Violation) -> AssessmentRow:
    """The engine's assessment row of a stored proposal (to ask the engine whether it may issue)."""
    facts = to_facts(db.session.execute(facts_select().where(Violation.id == violation.id)).one())
    unit = facts.unit(od.offender_id, od.provision, od.local_date)  # type: ignore[arg-type]
    explanation = Explanation.of(accrual.rule_id, f"violation n={accrual.sequence}", tuple(accrual.flags))
    return AssessmentRow(unit, AmountKind.CITATION_AMOUNT, accrual.amount_cents, explanation,
                         accrual.sequence, accrual.none_reason, tuple(accrual.flags), accrual.withhold)


def _proposals(who: Principal, data: dict[str, Any]) -> list[tuple[FineAccrual, OffenseDay, Violation]]:
    stmt = (select(FineAccrual, OffenseDay, Violation)
            .join(OffenseDay, OffenseDay.id == FineAccrual.offense_day_id)
            .join(Violation, Violation.id == OffenseDay.violation_id)
            .where(FineAccrual.town_id == who.town_id, FineAccrual.path == "noncriminal"))
    if data.get("order_id"):
        get_in_town(EnforcementOrder, data["order_id"])
        stmt = stmt.where(FineAccrual.order_id == data["order_id"], FineAccrual.status == "proposed")
    else:
        stmt = stmt.where(FineAccrual.id.in_(data["ids"]))
    stmt = stmt.order_by(OffenseDay.local_date).with_for_update(of=FineAccrual)
    rows = [tuple(r) for r in db.session.execute(stmt)]
    if data.get("ids"):
        missing = set(data["ids"]) - {a.id for a, _, _ in rows}
        if missing:
            names = sorted(map(str, missing))
            raise NotFound(f"citation {names[0]} not found", detail={"ids": names})
    return rows  # type: ignore[return-value]


def issue_citations(who: Principal, data: dict[str, Any]) -> dict[str, Any]:
    """Issue proposed citations (ids: all or none; order_id: every one that may issue, the rest listed)."""
    cfg, notice_on = config_for(who.town), data.get("notice_on") or local_date(now())
    vote = Vote(**data["vote"]) if data.get("vote") else None
    rows = _proposals(who, data)
    issued: list[FineAccrual] = []
    skipped: list[dict[str, str]] = []
    roles: dict[str, tuple[str, Decision]] = {}
    for accrual, od, violation in rows:
        if accrual.status != "proposed":
            skipped.append({"id": str(accrual.id), "rule_id": "",
                            "reason": f"the citation is {accrual.status}"})
            continue
        if violation.chapter not in roles:
            roles[violation.chapter] = empowered_role(who, violation.chapter, cfg, vote)
        role = roles[violation.chapter][0]
        issuer = Issuer(who.user.id, role, data.get("delivery") or "mail", "issued by hand", vote)
        decision = try_issue(stored_row(accrual, od, violation), issuer, notice_on, cfg)
        if decision.citation is None:
            skipped.append({"id": str(accrual.id), "rule_id": decision.rule_id, "reason": decision.reason})
            continue
        accrual.status, accrual.issued_at, accrual.issued_by = "issued", now(), who.user.id
        accrual.detail = citation_detail(decision, issuer)
        issued.append(accrual)
    if data.get("ids") and skipped:
        db.session.rollback()
        raise Conflict("no citation was issued: " + "; ".join(f"{s['id']}: {s['reason']}" for s in skipped),
                       detail={"skipped": skipped})
    _tell_parties(who.town, [(a, od) for a, od, _ in rows if a in issued], notice_on)
    db.session.commit()
    return {"issued": issued, "skipped": skipped}


def _tell_parties(town: Town, issued: Sequence[tuple[FineAccrual, OffenseDay]], day: dt.date) -> None:
    by_party: dict[uuid.UUID, list[notices.IssuedLine]] = defaultdict(list)
    for accrual, od in issued:
        if od.offender_id is not None:
            by_party[od.offender_id].append((accrual.id, od.local_date, accrual.amount_cents,
                                             accrual.withhold, accrual.detail.get("payee")))
    for party_id, citations in by_party.items():
        number = notices.sms_number(db.session.get(Party, party_id))
        if number:
            intent = notices.citations_issued_sms(town.id, town.name, party_id, number, day, citations)
            notices.write_one(db.session, intent)


def active_instruction(order_id: uuid.UUID) -> StandingInstruction | None:
    return db.session.scalar(select(StandingInstruction).where(StandingInstruction.order_id == order_id,
                                                               StandingInstruction.revoked_at.is_(None)))


def set_standing_instruction(who: Principal, order: EnforcementOrder, data: dict[str, Any]
                             ) -> tuple[StandingInstruction, int]:
    """Give (201) or revoke (200) the order's standing instruction to issue its citations day by day."""
    current = active_instruction(order.id)
    if not data["active"]:
        if current is None:
            raise Conflict("this order has no active standing instruction to revoke")
        current.revoked_at, current.revoked_by, current.revoke_reason = now(), who.user.id, data["reason"]
        db.session.commit()
        return current, 200
    if order.status != "issued" or order.fine_path != "noncriminal":
        raise Conflict(f"a standing instruction needs an issued order on the noncriminal path; this one is "
                       f"{order.status} on the {order.fine_path or 'unchosen'} path")
    if current is not None:
        raise Conflict("the order already has an active standing instruction (given "
                       f"{current.given_at.isoformat()}); revoke it first",
                       detail={"instruction_id": str(current.id)})
    vote = Vote(**data["vote"]) if data.get("vote") else None
    role, decision = empowered_role(who, order.chapter, config_for(who.town), vote)
    row = StandingInstruction(town_id=who.town_id, order_id=order.id, given_by=who.user.id, issuer_role=role,
                              rule_id=decision.rule_id, delivery=data["delivery"], note=data.get("note"),
                              given_at=now())
    db.session.add(row)
    db.session.commit()
    return row, 201


def proposals_digest(town: Town, day: dt.date) -> int:
    """Daily Slack digest per board: § 21D citations awaiting the officer, with the first mailing deadline."""
    authorities = notices.authorities_by_chapter(db.session, town.id)
    stmt = (select(Violation.chapter, func.count(FineAccrual.id), func.min(FineAccrual.mail_by_on))
            .join(OffenseDay, OffenseDay.id == FineAccrual.offense_day_id)
            .join(Violation, Violation.id == OffenseDay.violation_id)
            .where(FineAccrual.town_id == town.id, FineAccrual.status == "proposed",
                   FineAccrual.amount_cents.is_not(None), FineAccrual.mail_by_on >= day,
                   OffenseDay.local_date <= day)
            .group_by(Violation.chapter))
    written = 0
    for chapter, count, mail_by in db.session.execute(stmt):
        authority = authorities.get(chapter)
        if authority is None or mail_by is None:
            continue
        wait = "awaits" if count == 1 else "await"
        text = (f"{town.name}: {plural(count, 'noncriminal citation')} under {bylaw(chapter)} {wait} the "
                f"enforcing officer; the first must be mailed by {format_date(mail_by, 'en')} "
                "(MGL c. 40 § 21D).")
        payload = {"text": text, "chapter": chapter, "count": count, "mail_by_on": mail_by.isoformat()}
        intent = notices.Intent(town.id, "slack", notices.slack_recipient(authority), "citations.proposed",
                                payload, f"slack:citations-proposed:{authority.id}:{day}")
        written += notices.write_many(db.session, [intent])
    db.session.commit()
    return written
