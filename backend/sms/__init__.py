"""SMS to permittees (issue 9): courtesy texts beside the legal notice, never instead of it.

    templates  shared wording (the ladder, fines, what to do by when) and the STOP/START/HELP replies; each
               kind's own renderer is its module in backend/notifications/kinds/
    messages   the intents: violation notice, violation corrected, order lifted, deadline reminder
    enrich     completing a reminder's row (language, link, facts) at its first attempt
    policy     the outbox dispatcher's "sms" hooks: opt-outs, quiet hours (compliance), failures (errors)
    inbound    STOP / START / HELP per (phone, town)          status   delivery receipts, undelivered texts
    links      /n/<id> short links to the public notice page (backend/public)
    hooks      corrected / lifted texts and link expiry, in the transaction that changes the record

`install(app)` is the one call the composition root makes.
"""

from __future__ import annotations

from typing import Any

__all__ = ["install"]


def install(app: Any) -> None:
    from backend.outbox import dispatcher
    from backend.sms import hooks
    from backend.sms.policy import SmsHooks

    dispatcher.HOOKS["sms"] = SmsHooks()
    hooks.install()
    app.extensions["sms"] = True
