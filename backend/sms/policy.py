"""The SMS rules the outbox dispatcher applies around every text (registered as its "sms" channel hooks).

Before sending: a number that opted out of this town's texts is refused (failed, code twilio:21610, like
Twilio's own refusal, so it is never re-driven); a message that is not urgent is held through the town's quiet
hours (back to pending with next_attempt_at at their end, no attempt spent); the jobs' daily accrual and
deadline reminder texts get their language, link and facts (`enrich`). After a failure: 21610 opts the
number out for that town; any text that failed or died tells the board the permittee could not be reached.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import TYPE_CHECKING

from flask import current_app
from sqlalchemy.orm import Session

from backend.channels import errors
from backend.channels.port import DeliveryError, PermanentError
from backend.models import Notification, Town
from backend.sms import alerts, optouts
from backend.sms.compliance import DEFAULT_QUIET, QuietHours, release_at, urgent
from backend.sms.enrich import party_for_row

if TYPE_CHECKING:
    from backend.notifications.spec import Spec

log = logging.getLogger(__name__)
OPTED_OUT_CODE = "twilio:21610"


class OptedOut(PermanentError):
    """Refused here, before any request: the number texted STOP to this town's sender."""


def quiet_hours(town: Town) -> QuietHours | None:
    """The town's settings["sms_quiet_hours"], else SMS_QUIET_HOURS; a garbled value falls back to 20-08."""
    text = (town.settings or {}).get("sms_quiet_hours")
    if not isinstance(text, str):
        text = getattr(current_app.config["SETTINGS"], "sms_quiet_hours", DEFAULT_QUIET)
    try:
        return QuietHours.parse(text)
    except ValueError:
        log.warning("sms: quiet hours %r of %s are not HH:MM-HH:MM; using %s", text, town.slug, DEFAULT_QUIET)
        return QuietHours.parse(DEFAULT_QUIET)


def _kind(row: Notification) -> Spec | None:
    from backend.notifications.catalogue import by_stored
    return by_stored(row.template)


def hold_until(session: Session, row: Notification, as_of: dt.datetime) -> dt.datetime | None:
    """Quiet hours hold a routine text; an urgent kind (declared in its module) or an intent the service
    marked urgent goes at once."""
    spec = _kind(row)
    if urgent(row.payload) or (spec is not None and spec.urgency == "urgent"):
        return None
    town = session.get(Town, row.town_id)
    return release_at(as_of, town.tz, quiet_hours(town)) if town is not None else None


class SmsHooks:
    def before_send(
        self, session: Session, row: Notification, as_of: dt.datetime
    ) -> dt.datetime | DeliveryError | None:
        if optouts.is_opted_out(session, row.town_id, row.recipient):
            return OptedOut(
                "refused before sending: the recipient texted STOP to this town's number "
                "(START re-subscribes)",
                OPTED_OUT_CODE,
            )
        if (until := hold_until(session, row, as_of)) is not None:
            return until
        spec = _kind(row)
        try:
            if spec is not None and spec.enrich is not None:
                spec.enrich(session, row)
        except (LookupError, TypeError, ValueError):  # a malformed job payload: its own text is sent instead
            log.warning(
                "sms: could not complete %s (%s); sending the job's text", row.id, row.template, exc_info=True
            )
        return None

    def after_failure(self, session: Session, row: Notification, exc: DeliveryError) -> None:
        if isinstance(exc, OptedOut):
            return  # the board was told when the STOP came in
        party = party_for_row(session, row)
        rule = errors.known(exc.code) if (exc.code or "").startswith("twilio:") else None
        if rule is not None and rule.effect is errors.Effect.OPT_OUT:
            optouts.opt_out(session, row.town_id, row.recipient, exc.code or OPTED_OUT_CODE)
        alerts.text_not_delivered(
            session, row, party, f"{exc.code or 'error'}: {rule.why if rule else exc.reason}"
        )
