"""What every Slack service call needs: an app context of its own, the acting principal, the audit actor.

Bolt runs listeners on its own threads (and lazy listeners later still), outside any Flask request, so each
call opens a fresh app context: its own database session, removed when the call ends.
"""
from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from apiflask import APIFlask

from backend.audit import acting_as
from backend.extensions import db
from backend.models import EnforcementOrder, Town, User
from backend.security import Principal
from bot.deps import Member, NotFound, TownRef


@contextmanager
def app_session(app: APIFlask) -> Iterator[None]:
    with app.app_context():
        try:
            yield
        except BaseException:
            db.session.rollback()
            raise


@contextmanager
def acting(app: APIFlask, town: TownRef, member: Member) -> Iterator[Principal]:
    """An app context in which `member` acts in `town`: the Principal the services expect, audit actor set."""
    with app_session(app):
        who = principal_for(town, member)
        with acting_as(f"user:{who.user.email} via slack"):
            yield who


def town_uuid(town: TownRef) -> uuid.UUID:
    return uuid.UUID(town.id)


def principal_for(town: TownRef, member: Member) -> Principal:
    """The same Principal a bearer token gives, minus the token: Slack requests carry no API token."""
    user, row = db.session.get(User, uuid.UUID(member.user_id)), db.session.get(Town, town_uuid(town))
    if user is None or row is None:
        raise NotFound("your account or town no longer exists")
    return Principal(user, row, None, frozenset(member.roles))  # type: ignore[arg-type]


def parse_uuid(raw: str, what: str) -> uuid.UUID:
    try:
        return uuid.UUID(str(raw))
    except ValueError:
        raise NotFound(f"no such {what}") from None


def order_in_town(town: TownRef, order_id: str) -> EnforcementOrder:
    """Another town's order is exactly as missing as an unknown one."""
    order = db.session.get(EnforcementOrder, parse_uuid(order_id, "order"))
    if order is None or order.town_id != town_uuid(town):
        raise NotFound("no such order in this town")
    return order


def like(query: str) -> str:
    """A LIKE pattern matching `query` literally anywhere (escape char: backslash)."""
    escaped = query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def first(rows: Any) -> Any:
    return next(iter(rows), None)
