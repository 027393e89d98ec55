"""The bylaw engine's configuration for a town: its `Town.settings` entries that are engine switches."""
from __future__ import annotations

from typing import Any

from inspections.config import BylawConfig, engine_settings


def town_config(town: Any) -> BylawConfig:
    """BylawConfig(overrides) from the town's settings; keys that are not engine switches are skipped.

    A value the catalogue refuses raises `inspections.config.ConfigError` (`bylaw_config.config_for`: a 409).
    """
    settings = getattr(town, "settings", None) or {}
    return BylawConfig(engine_settings(settings))
