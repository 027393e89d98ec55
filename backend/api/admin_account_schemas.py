"""Schemas of account administration and of the public one-time password link."""
from __future__ import annotations

from apiflask import Schema
from apiflask.fields import UUID, AwareDateTime, Boolean, Email, Integer, List, Nested, String
from apiflask.validators import Length, OneOf

from backend.api.admin_schemas import words
from backend.models.towns import ROLES


class UserIn(Schema):
    email = Email(required=True, validate=Length(3, 254))
    name = words(120, required=True)
    role = String(required=True, validate=OneOf(ROLES))
    authority_id = UUID(load_default=None, allow_none=True)


class UserPatch(Schema):
    name = words(120, required=True)


class MembershipIn(Schema):
    role = String(required=True, validate=OneOf(ROLES))
    authority_id = UUID(load_default=None, allow_none=True)


class MembershipPatch(Schema):
    active = Boolean(required=True)


class MembershipOut(Schema):
    id = UUID()
    user_id = UUID()
    role = String()
    authority_id = UUID(allow_none=True)
    active = Boolean()


class MembershipRow(MembershipOut):
    """MembershipOut when nested (apispec wants a schema class either nested or top-level, not both)."""


class UserOut(Schema):
    id = UUID()
    email = String()
    name = String()
    active = Boolean()
    is_platform_operator = Boolean()
    memberships = List(Nested(MembershipRow), metadata={"description": "memberships in the caller's town"})


class UserRow(UserOut):
    """UserOut when nested."""


class UserCreatedOut(Schema):
    user = Nested(UserRow)
    membership = Nested(MembershipRow)
    created = Boolean(metadata={"description": "false: an existing account got a membership in this town"})
    reset_url = String(allow_none=True,
                       metadata={"description": "one-time link to set a password (new users)"})
    reset_expires_at = AwareDateTime(allow_none=True)


class TokenInfoOut(Schema):
    id = UUID()
    town_id = UUID()
    device = String(allow_none=True)
    created_at = AwareDateTime()
    expires_at = AwareDateTime()
    revoked_at = AwareDateTime(allow_none=True)


class RevokeIn(Schema):
    device = words(120, load_default=None, metadata={"description": "only tokens issued to this device"})
    token_id = UUID(load_default=None)
    all_towns = Boolean(load_default=False, metadata={"description": "platform operators only"})


class RevokeOut(Schema):
    revoked = Integer()


class ResetIssuedOut(Schema):
    reset_url = String()
    expires_at = AwareDateTime()


class ResetInfoIn(Schema):
    token = String(required=True, validate=Length(10, 200))


class ResetIn(ResetInfoIn):
    password = String(required=True, validate=Length(12, 200, error="between 12 and 200 characters"))


class ResetInfoOut(Schema):
    email = String()
    expires_at = AwareDateTime()
