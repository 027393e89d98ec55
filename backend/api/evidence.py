"""The evidence packet of an order for town counsel: a PDF, and a ZIP of the originals with a manifest."""
from __future__ import annotations

import uuid

from apiflask import APIBlueprint
from flask import Response

from backend.models import EnforcementOrder
from backend.security import get_in_town, require_roles
from backend.services.evidence_packet import gather, packet_pdf, packet_zip

bp = APIBlueprint("evidence", __name__, url_prefix="/api/v1", tag="Evidence packet")
READERS = ("agent", "board_member", "enforcing_officer", "town_admin")


def _download(body: bytes, mimetype: str, name: str) -> Response:
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{name}"',
                                                      "Cache-Control": "private, no-store",
                                                      "X-Content-Type-Options": "nosniff"})


@bp.get("/orders/<uuid:order_id>/evidence.pdf")
@bp.doc(security="BearerAuth", summary="The evidence packet as PDF")
@require_roles(*READERS)
def evidence_pdf(order_id: uuid.UUID) -> Response:
    order = get_in_town(EnforcementOrder, order_id)
    return _download(packet_pdf(gather(order)), "application/pdf", f"evidence-{order.id}.pdf")


@bp.get("/orders/<uuid:order_id>/evidence.zip")
@bp.doc(security="BearerAuth",
        summary="The originals, byte for byte, with SHA256SUMS, manifest.json and the PDF")
@require_roles(*READERS)
def evidence_zip(order_id: uuid.UUID) -> Response:
    order = get_in_town(EnforcementOrder, order_id)
    return _download(packet_zip(gather(order)), "application/zip", f"evidence-{order.id}.zip")
