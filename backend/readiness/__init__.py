"""Is this deployment ready to go live? `flask doctor` and GET /api/v1/admin/readiness.

Each check says what it found and, when it fails, what to do. A check is `ok`, `warn` (worth fixing, does not
stop going live) or `fail` (blocks going live: the doctor exits non-zero). Checks never print a key, a token
or a secret: only whether it is there and how long it is.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

OK, WARN, FAIL = "ok", "warn", "fail"


@dataclass(frozen=True)
class Check:
    name: str
    status: str  # ok | warn | fail
    detail: str  # what was found
    fix: str = ""  # what to do (empty when ok)
    town: str | None = None  # the town's slug for a town's check; None for the deployment

    def as_dict(self) -> dict[str, str | None]:
        return asdict(self)


def ok(name: str, detail: str, town: str | None = None) -> Check:
    return Check(name, OK, detail, "", town)


def fail(name: str, detail: str, fix: str, town: str | None = None) -> Check:
    return Check(name, FAIL, detail, fix, town)


def warn(name: str, detail: str, fix: str, town: str | None = None) -> Check:
    return Check(name, WARN, detail, fix, town)


def ready(checks: list[Check]) -> bool:
    return all(c.status != FAIL for c in checks)
