"""All models, imported so Alembic and the audit listener see them."""
from backend.models.admin import (  # noqa: F401
    AccountEvent,
    Delineation,
    InspectionTask,
    Invitation,
    PasswordReset,
    Submission,
)
from backend.models.calendar_feeds import CalendarFeed  # noqa: F401
from backend.models.enforcement import (
    Deadline,
    EnforcementOrder,
    FineAccrual,
    OffenseDay,
    Violation,
    order_violations,
)
from backend.models.evidence import InspectionEvaluation, ViolationOrigin, ViolationPhoto  # noqa: F401
from backend.models.field import ChecklistResponse, ChecklistTemplate, Inspection, Photo
from backend.models.fines import StandingInstruction  # noqa: F401
from backend.models.meetings import Meeting  # noqa: F401
from backend.models.ops import AuditEvent, AuditHead, JobHeartbeat, Notification, RateLimitCount  # noqa: F401
from backend.models.sites import Permit, Site
from backend.models.slack import SlackAcknowledgement, SlackLink, SlackThumbnail  # noqa: F401
from backend.models.slack_install import TownWorkspace  # noqa: F401
from backend.models.sms import ShortLink, SmsDeliveryEvent, SmsOptOut  # noqa: F401
from backend.models.town_packs import TownPack  # noqa: F401
from backend.models.towns import ApiToken, Authority, Membership, Party, Town, User

__all__ = [
    "ApiToken", "AuditEvent", "AuditHead", "Authority", "ChecklistResponse", "ChecklistTemplate", "Deadline",
    "EnforcementOrder", "FineAccrual", "Inspection", "JobHeartbeat", "Membership", "Notification",
    "OffenseDay", "Party", "Permit", "Photo", "Site", "Town", "User", "Violation", "order_violations",
]
