"""Read side of fines: offense-days, citations, and assessments (criminal exposure and noncriminal citations).

Criminal figures are court maximums (exposure, never a debt): the stored `exposure` rows of violations on the
criminal path, else computed now from the offense-days when no path has been chosen. Noncriminal amounts
belong to citations: issued ones are due, proposed ones await the enforcing officer.
"""
from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import Select, select

from backend.extensions import db
from backend.models import EnforcementOrder, FineAccrual, OffenseDay, Violation, order_violations
from backend.security import Principal, get_in_town
from backend.services.accrual_load import ORDER_STATES_WITH_PATH
from inspections.fines import LABELS, Track
from inspections.penalties import criminal_maximum


def list_offense_days(who: Principal, q: dict[str, Any]) -> list[OffenseDay]:
    stmt = select(OffenseDay).where(OffenseDay.town_id == who.town_id)
    if q["violation_id"]:
        get_in_town(Violation, q["violation_id"])
        stmt = stmt.where(OffenseDay.violation_id == q["violation_id"])
    if q["offender_id"]:
        stmt = stmt.where(OffenseDay.offender_id == q["offender_id"])
    if q["from_date"]:
        stmt = stmt.where(OffenseDay.local_date >= q["from_date"])
    if q["to_date"]:
        stmt = stmt.where(OffenseDay.local_date <= q["to_date"])
    stmt = stmt.order_by(OffenseDay.local_date, OffenseDay.violation_id, OffenseDay.provision, OffenseDay.id)
    return list(db.session.scalars(stmt.limit(q["limit"]).offset(q["offset"])))


def _citation_select(town_id: uuid.UUID) -> Select[Any]:
    return (select(FineAccrual, OffenseDay.violation_id, OffenseDay.offender_id, OffenseDay.local_date)
            .join(OffenseDay, OffenseDay.id == FineAccrual.offense_day_id)
            .where(FineAccrual.town_id == town_id))


def as_citation(accrual: FineAccrual, violation_id: uuid.UUID, offender_id: uuid.UUID | None,
                local_date: Any) -> dict[str, Any]:
    out = {c.key: getattr(accrual, c.key) for c in FineAccrual.__table__.columns}
    return out | {"violation_id": violation_id, "offender_id": offender_id, "local_date": local_date}


def citation_out(accrual: FineAccrual) -> dict[str, Any]:
    od = db.session.get(OffenseDay, accrual.offense_day_id)
    assert od is not None
    return as_citation(accrual, od.violation_id, od.offender_id, od.local_date)


def list_citations(who: Principal, q: dict[str, Any]) -> list[dict[str, Any]]:
    stmt = _citation_select(who.town_id).where(FineAccrual.path == "noncriminal")
    if q["status"]:
        stmt = stmt.where(FineAccrual.status == q["status"])
    if q["order_id"]:
        get_in_town(EnforcementOrder, q["order_id"])
        stmt = stmt.where(FineAccrual.order_id == q["order_id"])
    if q["violation_id"]:
        get_in_town(Violation, q["violation_id"])
        stmt = stmt.where(OffenseDay.violation_id == q["violation_id"])
    stmt = stmt.order_by(OffenseDay.local_date, FineAccrual.revision, FineAccrual.id)
    return [as_citation(*row) for row in db.session.execute(stmt.limit(q["limit"]).offset(q["offset"]))]


def _scope(who: Principal, q: dict[str, Any]) -> tuple[uuid.UUID | None, list[Violation], str | None]:
    if q["order_id"]:
        order = get_in_town(EnforcementOrder, q["order_id"])
        return order.id, list(order.violations), order.fine_path
    violation = get_in_town(Violation, q["violation_id"])
    stmt = (select(EnforcementOrder.id, EnforcementOrder.fine_path).join(
        order_violations, order_violations.c.order_id == EnforcementOrder.id)
        .where(order_violations.c.violation_id == violation.id, EnforcementOrder.fine_path.is_not(None),
               EnforcementOrder.status.in_(ORDER_STATES_WITH_PATH))
        .order_by(EnforcementOrder.issued_at.desc()).limit(1))
    latest = db.session.execute(stmt).first()
    return (latest[0] if latest else None), [violation], (latest[1] if latest else None)


def assessment(who: Principal, q: dict[str, Any]) -> dict[str, Any]:
    order_id, violations, path = _scope(who, q)
    ids = [v.id for v in violations]
    days = list(db.session.scalars(select(OffenseDay).where(OffenseDay.violation_id.in_(ids))
                                   .order_by(OffenseDay.local_date, OffenseDay.id))) if ids else []
    live = _live_accruals(who.town_id, ids, order_id if q["order_id"] else None)
    return {"order_id": order_id, "violation_ids": ids, "fine_path": path, "offense_days": len(days),
            "criminal": _criminal(violations, days, [r for r in live if r["path"] == "criminal"], path),
            "noncriminal": _noncriminal([r for r in live if r["path"] == "noncriminal"])}


def _live_accruals(town_id: uuid.UUID, violation_ids: list[uuid.UUID], order_id: uuid.UUID | None
                   ) -> list[dict[str, Any]]:
    if not violation_ids:
        return []
    stmt = _citation_select(town_id).where(OffenseDay.violation_id.in_(violation_ids),
                                           FineAccrual.status != "void")
    if order_id is not None:
        stmt = stmt.where(FineAccrual.order_id == order_id)
    stmt = stmt.order_by(OffenseDay.local_date, FineAccrual.id)
    return [as_citation(*row) for row in db.session.execute(stmt)]


def _criminal(violations: list[Violation], days: list[OffenseDay], stored: list[dict[str, Any]],
              path: str | None) -> dict[str, Any]:
    if stored or path is not None:
        rows = [{"offense_day_id": r["offense_day_id"], "violation_id": r["violation_id"],
                 "local_date": r["local_date"], "amount_cents": r["amount_cents"], "rule_id": r["rule_id"],
                 "flags": r["flags"], "stored": True} for r in stored]
    else:
        chapters = {v.id: v.chapter for v in violations}
        rows = []
        for od in days:
            penalty = criminal_maximum(chapters[od.violation_id])
            rows.append({"offense_day_id": od.id, "violation_id": od.violation_id,
                         "local_date": od.local_date, "amount_cents": penalty.amount_cents,
                         "rule_id": penalty.rule_id, "flags": list(penalty.flags), "stored": False})
    priced = [r["amount_cents"] for r in rows if r["amount_cents"] is not None]
    return {"label": LABELS[Track.CRIMINAL], "rows": rows, "maximum_cents": sum(priced),
            "unpriced": len(rows) - len(priced)}


def _noncriminal(citations: list[dict[str, Any]]) -> dict[str, Any]:
    def total(status: str) -> int:
        return sum(c["amount_cents"] or 0 for c in citations if c["status"] == status)
    return {"label": LABELS[Track.NONCRIMINAL], "citations": citations, "issued_cents": total("issued"),
            "proposed_cents": total("proposed"), "withheld": sum(1 for c in citations if c["withhold"]),
            "unpriced": sum(1 for c in citations if c["amount_cents"] is None)}
