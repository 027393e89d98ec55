"""Entry point for huey_consumer: `huey_consumer backend.jobs.worker.huey`."""
from backend.jobs import huey, photo_tasks, tasks  # noqa: F401  (registers the tasks)
from backend.slack import jobs as slack_jobs  # noqa: F401  (the Slack thumbnails and digest)

__all__ = ["huey"]
