"""Texts permittees send to a town's number: STOP / START / HELP (and their synonyms), answered in TwiML.

The town is the one whose sender (TWILIO_SENDERS: a number or a Messaging Service SID) the text was sent to.
STOP opts the number out for that town only and tells the board the permittee can no longer be texted;
START opts it back in; HELP answers with the town's contact number. Anything else gets no reply (a person
may write anything; an auto-responder must not start a loop). Replies are in the language of the town's
parties with that number.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.clock import now
from backend.config import Settings
from backend.models import Town
from backend.sms import alerts, optouts
from backend.sms.compliance import Keyword, keyword
from backend.sms.messages import short_town
from backend.sms.templates import reply

REPLIES = {Keyword.STOP: "sms.stopped", Keyword.START: "sms.started", Keyword.HELP: "sms.help"}


@dataclass(frozen=True)
class Answer:
    town: Town | None
    keyword: Keyword | None
    reply: str | None


def town_for(session: Session, settings: Settings, to: str, service_sid: str) -> Town | None:
    """The town whose sender received the text; "*" serves only when the platform has a single town."""
    slugs = [
        slug for slug, sender in settings.twilio_senders.items() if sender and sender in (to, service_sid)
    ]
    named = [s for s in slugs if s != "*"]
    if len(named) == 1:
        return session.scalar(select(Town).where(Town.slug == named[0], Town.active.is_(True)))
    if not named and "*" in slugs:
        towns = list(session.scalars(select(Town).where(Town.active.is_(True)).limit(2)))
        return towns[0] if len(towns) == 1 else None
    return None


def handle(session: Session, settings: Settings, form: Mapping[str, str]) -> Answer:
    """Apply a keyword (flushed, not committed) and say what to reply."""
    town = town_for(session, settings, form.get("To") or "", form.get("MessagingServiceSid") or "")
    word, phone = keyword(form.get("Body")), (form.get("From") or "").strip()[:20]
    if town is None or word is None or not phone.startswith("+"):
        return Answer(town, word, None)
    if word is Keyword.STOP:
        before = optouts.is_opted_out(session, town.id, phone)
        optouts.opt_out(session, town.id, phone, (form.get("Body") or "STOP").strip().upper()[:40])
        if not before:
            _tell_boards(session, town, phone)
    elif word is Keyword.START:
        optouts.opt_in(session, town.id, phone, (form.get("Body") or "START").strip().upper()[:40])
    payload = {"town": short_town(town.name), "contact": town.contact_phone}
    return Answer(town, word, reply(REPLIES[word], payload, optouts.language_of(session, town.id, phone)))


def _tell_boards(session: Session, town: Town, phone: str) -> None:
    parties = optouts.parties_with(session, town.id, phone)
    alerts.opted_out(session, town.id, phone, parties[0] if parties else None, now().isoformat())
