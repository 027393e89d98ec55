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


class InvitationOut(Schema):
    id = UUID()
    email = String()
    name = String()
    role = String()
    authority_id = UUID(allow_none=True)
    status = String(metadata={"description": "pending | accepted | withdrawn | expired"})
    expires_at = AwareDateTime()
    created_at = AwareDateTime()
    accepted_at = AwareDateTime(allow_none=True)
    withdrawn_at = AwareDateTime(allow_none=True)


class InvitationRow(InvitationOut):
    """InvitationOut when nested."""


class InvitedOut(Schema):
    invitation = Nested(InvitationRow)
    invitation_url = String(metadata={"description": "one-time link to accept (give it to the person): it "
                                                     "opens /invitation, where they choose a password, or "
                                                     "give their existing account's password"})
    expires_at = AwareDateTime()


class InvitationInfoOut(Schema):
    email = String()
    town = String()
    role = String()
    expires_at = AwareDateTime()
    has_account = Boolean(metadata={"description": "true: give the existing account's password; false: "
                                                    "choose one (12 to 200 characters)"})


class InvitationAcceptedOut(Schema):
    email = String()
    town = String()
    role = String()


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


class InvitationAcceptIn(ResetInfoIn):
    password = String(required=True, validate=Length(1, 200), metadata={
        "description": "a new account's password (12 to 200 characters), or the existing account's"})


class ResetInfoOut(Schema):
    email = String()
    expires_at = AwareDateTime()
