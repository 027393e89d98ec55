"""Twilio's webhooks: inbound SMS (STOP / START / HELP) and delivery status callbacks.

Endpoints are named `webhooks_twilio.*` (a public prefix of the bearer guard): what authenticates them is
Twilio's X-Twilio-Signature, validated with `twilio.request_validator.RequestValidator` and the account's auth
token against PUBLIC_BASE_URL + path (+ query) - the URL Twilio called, not `request.url`, which differs
behind a proxy or load balancer. A missing or forged signature, or no auth token configured, is a 403.
"""

from __future__ import annotations

from apiflask import APIBlueprint, abort
from flask import Response, current_app, request
from twilio.request_validator import RequestValidator
from twilio.twiml.messaging_response import MessagingResponse

from backend.audit import acting_as
from backend.config import Settings
from backend.extensions import db
from backend.sms import inbound, status

bp = APIBlueprint("webhooks_twilio", __name__, url_prefix="/webhooks/twilio", enable_openapi=False)


def settings() -> Settings:
    return current_app.config["SETTINGS"]  # type: ignore[no-any-return]


def public_url() -> str:
    """The URL Twilio signed: the public base URL, this path, and the query string as received."""
    query = request.query_string.decode("latin-1")
    return settings().public_base_url.rstrip("/") + request.path + (f"?{query}" if query else "")


def require_twilio_signature() -> None:
    token, signature = settings().twilio_auth_token, request.headers.get("X-Twilio-Signature", "")
    if (
        not token
        or not signature
        or not RequestValidator(token).validate(public_url(), request.form, signature)
    ):
        abort(403, "invalid or missing Twilio signature")


@bp.post("/sms")
def inbound_sms() -> Response:
    """A text to one of the towns' numbers: keywords are applied and answered in TwiML."""
    require_twilio_signature()
    with acting_as("twilio:inbound-sms"):
        answer = inbound.handle(db.session, settings(), request.form)
        db.session.commit()
    reply = MessagingResponse()
    if answer.reply:
        reply.message(answer.reply)
    return Response(str(reply), mimetype="application/xml")


@bp.post("/status")
def status_callback() -> Response:
    """A delivery receipt: recorded once per message and status; failures settle the outbox row."""
    require_twilio_signature()
    with acting_as("twilio:status-callback"):
        status.receive(db.session, request.form)
    return Response(status=204)
