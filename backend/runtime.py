"""What the running app was built with (its settings, its photo store, its jobs), read from the app context.

Services read them here rather than from Flask or the job queue, so the service layer imports neither: the
composition root (`backend/bootstrap.py`) puts the jobs in `app.extensions`.
"""
from __future__ import annotations

import uuid

from flask import current_app

from backend.config import Settings
from media.storage import PhotoStore


def settings() -> Settings:
    return current_app.config["SETTINGS"]  # type: ignore[no-any-return]


def photo_store() -> PhotoStore:
    return current_app.extensions["photo_store"]  # type: ignore[no-any-return]


def derive_later(photo_id: uuid.UUID) -> None:
    """Make the photo's derivatives in the worker (`backend.jobs.photo_tasks.derive_photo`)."""
    current_app.extensions["photos.derive"](str(photo_id))
