"""The field API under /api/v1 (JSON, OpenAPI 3 at /api/v1/openapi.json)."""
from __future__ import annotations

from apiflask import APIFlask


def register(app: APIFlask) -> None:
    from backend.api.who_may_act import gate
    app.before_request(gate)  # after authentication (registered first): roles, who may act, before the body
    from backend.api.json_bounds import check_json_body, refuse_unknown_query_fields
    refuse_unknown_query_fields()
    from backend.api.openapi_extras import document
    app.spec_processor(document)  # type: ignore[arg-type]  # apiflask types it for str specs too
    app.before_request(check_json_body)  # then the body's depth and numbers, before any schema reads it
    from backend.api import auth, checklists, enforcement, geo, health, inspections, outbox, sites
    for module in (auth, sites, checklists, inspections, enforcement, geo, health, outbox):
        app.register_blueprint(module.bp)
    from backend.api import admin, admin_accounts, admin_settings, admin_submissions, admin_tasks
    for module in (admin, admin_accounts, admin_settings, admin_submissions, admin_tasks):
        app.register_blueprint(module.bp)
    app.register_blueprint(admin_accounts.public_bp)
    from backend.api import deadlines, meetings, order_documents, violation_evidence
    for module in (deadlines, meetings, order_documents, violation_evidence):
        app.register_blueprint(module.bp)
    from backend.api import fines
    app.register_blueprint(fines.bp)
    from backend.api import field_settings, site_map
    app.register_blueprint(site_map.bp)
    app.register_blueprint(field_settings.bp)
    from backend.api import photos
    app.register_blueprint(photos.bp)
    from backend.api import sms, sms_webhooks
    app.register_blueprint(sms.bp)
    app.register_blueprint(sms_webhooks.bp)
    from backend.api import evidence
    app.register_blueprint(evidence.bp)
    from backend.api import law
    app.register_blueprint(law.bp)
    from backend.towns import api as towns_api
    app.register_blueprint(towns_api.bp)
    from backend.readiness import api as readiness_api
    app.register_blueprint(readiness_api.bp)
    from backend.api import calendar_feed
    app.register_blueprint(calendar_feed.bp)
