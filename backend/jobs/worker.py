"""Entry point for huey_consumer: `huey_consumer backend.jobs.worker.huey`."""
from backend.jobs import huey, tasks  # noqa: F401  (registers the tasks)

__all__ = ["huey"]
