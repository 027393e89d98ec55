"""Periodic Slack jobs on Huey (imported by backend/jobs/worker.py): thumbnails every 5 minutes, and the
daily digest checked hourly (written once per board and local day, from 07:00 local time)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import current_app
from huey import crontab

from backend.audit import acting_as
from backend.clock import now
from backend.extensions import db
from backend.jobs import huey, tasks
from backend.jobs.heartbeat import record_success
from backend.slack.digest import enqueue_digests
from backend.slack.thumbnails import post_pending, print_pending


def _thumbnails(session: Any, runtime: Any, as_of: Any) -> None:
    if runtime is None or not runtime.enabled:
        print_pending(session, as_of)  # console mode: the thumbnails' URLs are printed
    else:
        post_pending(session, runtime, as_of)


def _digest(session: Any, runtime: Any, as_of: Any) -> None:
    enqueue_digests(session, runtime, as_of)


def run(name: str, max_age_seconds: int, job: Callable[[Any, Any, Any], None], console: bool = False) -> None:
    """Inside the worker's app context, as `job:slack`; nothing to do while Slack is not configured, unless
    the job has a console form (`console`: the thumbnails print their URLs)."""
    with tasks._app().app_context():
        runtime = current_app.extensions.get("slack")
        if (runtime is None or not runtime.enabled) and not console:
            return
        with acting_as("job:slack"):
            job(db.session, runtime, now())
        record_success(name, max_age_seconds)


@huey.periodic_task(crontab(minute="*/5"))
def slack_thumbnails() -> None:
    run("slack-thumbnails", 20 * 60, _thumbnails, console=True)


@huey.periodic_task(crontab(minute="20"))
def slack_digest() -> None:
    run("slack-digest", 3 * 3600, _digest)
