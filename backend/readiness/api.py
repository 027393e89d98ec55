"""GET /api/v1/admin/readiness: the doctor's checks for a town admin (the deployment's and their own
town's; never another town's)."""
from __future__ import annotations

from apiflask import APIBlueprint, Schema
from apiflask.fields import Boolean, List, Nested, String
from flask import current_app

from backend.api.admin_common import ADMINS
from backend.readiness import ready
from backend.readiness.run import run_checks
from backend.security import principal, require_roles

bp = APIBlueprint("readiness", __name__, url_prefix="/api/v1/admin", tag="Readiness")


class CheckOut(Schema):
    name = String()
    status = String(metadata={"enum": ["ok", "warn", "fail"]})
    detail = String()
    fix = String()
    town = String(allow_none=True)


class ReadinessOut(Schema):
    ready = Boolean(metadata={"description": "false when any check failed (warnings do not block)"})
    checks = List(Nested(CheckOut))


@bp.get("/readiness")
@bp.output(ReadinessOut)
@bp.doc(security="BearerAuth", summary="Is the deployment and this town ready to go live?")
@require_roles(*ADMINS)
def readiness() -> dict:
    checks = run_checks(current_app.config["SETTINGS"], [principal().town], job_errors=False)
    return {"ready": ready(checks), "checks": [c.as_dict() for c in checks]}
