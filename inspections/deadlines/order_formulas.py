"""The deadlines the shipped chapters' orders start, registered for their packs' `[chapter] formulas`:
a CARVER-136 cease-and-desist (cease at once; the ERC's review meeting, provisional until the meeting is
posted and the operator notified), a CARVER-247 cease-and-desist (stop until compliance is found), and a
CARVER-136 restoration order (the hearing-request window runs from its receipt)."""

from __future__ import annotations

from inspections.calendar import local_date
from inspections.chapters import OrderFacts, order_formula
from inspections.deadlines import carver_136_orders, carver_247, erc_review
from inspections.deadlines.core import Deadline


@order_formula("CARVER-136", "cease_and_desist")
def _erc_cease_and_desist(facts: OrderFacts) -> list[Deadline]:
    at = facts.issued_at
    posted = at if facts.cfg["carver136.apply_oml"] else None
    return erc_review.deadlines_for_cease_and_desist(at, at, posted, cfg=facts.cfg)


@order_formula("CARVER-247", "cease_and_desist")
def _board_cease_and_desist(facts: OrderFacts) -> list[Deadline]:
    return carver_247.deadlines_for_cease_and_desist(facts.issued_at)


@order_formula("CARVER-136", "restoration_order", stage="served")
def _erc_restoration_order(facts: OrderFacts) -> list[Deadline]:
    assert facts.received_on is not None, "a served order has a receipt date"
    return carver_136_orders.deadlines_for_restoration_order(
        local_date(facts.issued_at), facts.received_on, cfg=facts.cfg
    )
