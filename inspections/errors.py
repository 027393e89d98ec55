"""Domain errors: why the system will not do what was asked, in words a person can read.

The services, the Slack bot and the CLI all raise and catch these; none of them speaks HTTP. Each adapter
maps them to its own words: the API layer (`backend/api/errors.py`) to a status code and the JSON body the
API has always answered, the bot to an ephemeral message or a modal field error, the CLI to a line on stderr.

`message` is shown to the person as is. `field` names the input it is about and `rule_id` the RULES.md rule
that decides it, when there is one. `detail` carries the structured part the API returns with the message
(e.g. `{"json": {"permit_id": ["not a permit of this site"]}}`), unchanged.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class DomainError(Exception):
    """Base of every refusal; catch this to catch them all."""

    def __init__(self, message: str, rule_id: str | None = None, field: str | None = None, *,
                 detail: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.detail: Mapping[str, Any] = detail if detail is not None else {}
        self.message = message
        self.rule_id = rule_id if rule_id is not None else _rule_of(self.detail)
        self.field = field if field is not None else _field_of(self.detail)


class NotFound(DomainError):
    """No such record in this town (another town's record looks exactly like a missing one)."""


class Refused(DomainError):
    """This person may not do this: the bylaw's who-may-act table (`rule_id`) or the platform's own roles."""


class Conflict(DomainError):
    """The record's current state does not allow it (already issued, already used, changed meanwhile);
    `state` is that state when it is a status (e.g. "lifted")."""

    def __init__(self, message: str, rule_id: str | None = None, field: str | None = None, *,
                 detail: Mapping[str, Any] | None = None, state: str | None = None) -> None:
        super().__init__(message, rule_id, field, detail=detail)
        self.state = state


class Invalid(DomainError):
    """The input is well formed but the bylaw or the record refuses it; `field` names the input."""


class NotInForce(Invalid):
    """No law in force on the day asked: before the rule took effect, or before its first dated value."""


class Malformed(DomainError):
    """The request itself is broken: an incomplete body, a digest that does not match its bytes."""


class TooLarge(DomainError):
    """The upload is bigger than the instance accepts."""


class Gone(DomainError):
    """A one-time or expiring thing (a link, a token) that is used up or expired."""


class PreconditionRequired(DomainError):
    """An edit that must name the version it was made on (an ETag in If-Match) did not."""


class PreconditionFailed(DomainError):
    """The version the edit was made on is no longer the current one."""


def _rule_of(detail: Mapping[str, Any]) -> str | None:
    rule_id = detail.get("rule_id")
    return rule_id if isinstance(rule_id, str) else None


def _field_of(detail: Mapping[str, Any]) -> str | None:
    """The first input named under the request part (`json`, `query`, `form_and_files`) of `detail`."""
    for part in ("json", "query", "form_and_files"):
        fields = detail.get(part)
        if isinstance(fields, Mapping) and fields:
            return str(next(iter(fields)))
    return None
