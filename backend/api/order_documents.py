"""An order as PDF: GET /api/v1/orders/<id>.pdf (Carver ch. 281 in the Form D layout, others general)."""

from __future__ import annotations

import uuid

from apiflask import APIBlueprint
from flask import Response

from backend.models import EnforcementOrder
from backend.security import get_in_town, require_roles
from backend.services.order_documents import order_pdf

bp = APIBlueprint("order_documents", __name__, url_prefix="/api/v1", tag="Order documents")
READERS = ("agent", "board_member", "enforcing_officer", "town_admin")


@bp.get("/orders/<uuid:order_id>.pdf")
@bp.doc(security="BearerAuth", responses={200: "the order as a PDF document (application/pdf)"})
@require_roles(*READERS)
def order_as_pdf(order_id: uuid.UUID) -> Response:
    name, body = order_pdf(get_in_town(EnforcementOrder, order_id))
    return Response(
        body,
        mimetype="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{name}"', "Cache-Control": "private, no-store"},
    )
