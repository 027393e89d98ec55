"""SMS to permittees (issue 9): courtesy texts beside the legal notice, never instead of it.

    templates  pure builders in English, Spanish and Portuguese within their segment budgets (segments)
    messages   the intents: violation notice, violation corrected, order lifted, deadline reminder
    enrich     the daily accrual text (written by the offense-day job) gets language, link and amounts
    policy     the outbox dispatcher's "sms" hooks: opt-outs, quiet hours (compliance), failures (errors)
    inbound    STOP / START / HELP per (phone, town)          status   delivery receipts, undelivered texts
    links      /n/<id> short links to the public notice page (backend/public)
    hooks      corrected / lifted texts and link expiry, in the transaction that changes the record

`install(app)` is the one call the composition root makes.
"""

from __future__ import annotations

from typing import Any

from backend.sms.templates import BUILDERS, render

__all__ = ["install", "render"]


def _renderer(template: str):  # type: ignore[no-untyped-def]
    def renderer(payload: dict[str, Any]) -> str:
        return render(template, payload, str(payload.get("language") or "en"))

    return renderer


def _completed(template: str):  # type: ignore[no-untyped-def]
    """A job's SMS text rebuilt in the party's language once `enrich` completed it (else the job's own text;
    the same template's Slack rows are never enriched, so they keep theirs)."""

    def renderer(payload: dict[str, Any]) -> str:
        facts = payload.get("sms")
        if not isinstance(facts, dict):
            return str(payload.get("text") or "")
        return render(template, facts, str(facts.get("language") or "en"))

    return renderer


def install(app: Any) -> None:
    from backend.notifications.kinds import Kind
    from backend.outbox import dispatcher
    from backend.outbox.render import register_template
    from backend.sms import hooks
    from backend.sms.enrich import (
        ACCRUAL_TEMPLATE,
        MEETING_TEMPLATE,
        PERMIT_EXPIRY_TEMPLATE,
        REMINDER_TEMPLATES,
    )
    from backend.sms.policy import SmsHooks

    for name in BUILDERS:
        if name in {str(k) for k in Kind}:  # the replies and the jobs' bodies are no outbox kinds
            register_template(name, _renderer(name))
    register_template(ACCRUAL_TEMPLATE, _completed("sms.accrual_daily"))
    for name in REMINDER_TEMPLATES:
        register_template(name, _completed("sms.deadline_reminder"))
    register_template(MEETING_TEMPLATE, _completed("sms.meeting_reminder"))
    register_template(PERMIT_EXPIRY_TEMPLATE, _completed("sms.permit_expiry"))
    from backend.sms import meeting_texts  # issue 19: sms.review_meeting; reminder.erc-review and
    meeting_texts.install(register_template)  # reminder.stabilization's SMS rows (time zone, place, days)
    dispatcher.HOOKS["sms"] = SmsHooks()
    hooks.install()
    app.extensions["sms"] = True
