"""Schemas of the SMS staff API (GET /api/v1/sms/…)."""

from __future__ import annotations

from apiflask import Schema
from apiflask.fields import UUID, AwareDateTime, Integer, List, String
from apiflask.validators import Length, Range

from backend.api.bounds import Scheduled


class UndeliveredQuery(Schema):
    since = Scheduled(load_default=None, metadata={"description": "default: 7 days ago"})


class UndeliveredOut(Schema):
    notification_id = UUID()
    party_id = UUID(allow_none=True)
    party_name = String(allow_none=True)
    recipient = String()
    template = String()
    status = String(metadata={"description": "failed (permanent) or dead (retries spent)"})
    error_code = String(allow_none=True, metadata={"description": "e.g. twilio:30003, twilio:21610"})
    reason = String(allow_none=True)
    at = AwareDateTime()


class NoticeIn(Schema):
    violation_id = UUID(required=True)
    party_id = UUID(load_default=None, metadata={"description": "default: the violation's offender"})


class SmsNotificationOut(Schema):
    id = UUID()
    recipient = String()
    template = String()
    status = String()
    dedupe_key = String()
    text = String(attribute="payload.text")
    created_at = AwareDateTime()


class LinkQuery(Schema):
    violation_id = UUID(load_default=None)
    party_id = UUID(load_default=None)
    limit = Integer(load_default=50, validate=Range(1, 500))


class LinkOut(Schema):
    id = String()
    party_id = UUID()
    violation_ids = List(String())
    order_id = UUID(allow_none=True)
    purpose = String()
    notification_id = UUID(allow_none=True)
    created_at = AwareDateTime()
    expires_at = AwareDateTime(allow_none=True)
    revoked_at = AwareDateTime(allow_none=True)
    revoked_reason = String(allow_none=True)


class RevokeIn(Schema):
    reason = String(required=True, validate=Length(3, 300))


class OptOutOut(Schema):
    phone_e164 = String()
    opted_out_at = AwareDateTime(allow_none=True)
    opted_in_at = AwareDateTime(allow_none=True)
    source = String()
