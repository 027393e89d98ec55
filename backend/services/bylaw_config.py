"""The bylaw engine's configuration for a town, for the enforcement workflow's HTTP paths.

The convention (engine switches are `Town.settings` keys) lives in `fine_config.town_config`; here a stored
value the catalogue refuses becomes a 409 naming it instead of a 500.
"""

from __future__ import annotations

import uuid

from backend.extensions import db
from backend.models import Town
from backend.services.fine_config import town_config
from inspections.config import BylawConfig, ConfigError
from inspections.errors import Conflict


def config_for(town: Town | uuid.UUID) -> BylawConfig:
    row = town if isinstance(town, Town) else db.session.get(Town, town)
    try:
        return town_config(row)
    except ConfigError as exc:
        raise Conflict(f"the town's bylaw configuration is invalid: {exc}") from exc
