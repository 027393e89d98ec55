"""All models, imported so Alembic and the audit listener see them."""
from backend.models.enforcement import Deadline, EnforcementOrder, FineAccrual, OffenseDay, Violation, order_violations
from backend.models.field import ChecklistResponse, ChecklistTemplate, Inspection, Photo
from backend.models.ops import AuditEvent, AuditHead, JobHeartbeat, Notification
from backend.models.sites import Permit, Site
from backend.models.towns import ApiToken, Authority, Membership, Party, Town, User

__all__ = [
    "ApiToken", "AuditEvent", "AuditHead", "Authority", "ChecklistResponse", "ChecklistTemplate", "Deadline",
    "EnforcementOrder", "FineAccrual", "Inspection", "JobHeartbeat", "Membership", "Notification", "OffenseDay",
    "Party", "Permit", "Photo", "Site", "Town", "User", "Violation", "order_violations",
]
