"""Photo jobs: derivatives for formats that cannot be drafted (HEIC), daily fixity, the temp-file sweeper."""
from __future__ import annotations

import uuid
from contextlib import AbstractContextManager, nullcontext

from flask import current_app, has_app_context
from huey import crontab

from backend.jobs import huey, tasks
from backend.jobs.heartbeat import record_success
from backend.services.photo_files import derive_stored, fixity_report, photo_store


def _context() -> AbstractContextManager[object]:
    if has_app_context():
        return nullcontext()
    return tasks._app().app_context()


@huey.task(retries=3, retry_delay=30)
def derive_photo(photo_id: str) -> None:
    with _context():
        derive_stored(uuid.UUID(photo_id))


@huey.periodic_task(crontab(minute="17", hour="3"))
def verify_photos() -> None:
    """Re-hash every original against its row; report problems in the job heartbeat (never delete)."""
    with _context():
        report = fixity_report()
        if report.ok:
            record_success("photo-fixity", max_age_seconds=26 * 3600)
        else:
            current_app.logger.error("photo fixity: %s", report)


@huey.periodic_task(crontab(minute="47", hour="3"))
def sweep_photo_temp_files() -> None:
    with _context():
        photo_store().sweep()
