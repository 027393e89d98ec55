"""Configuration: APP_ENV is one of a fixed set, exactly (today "Production" ran as a demo with keys it made
up); production refuses SECRET_KEY or AUDIT_HMAC_KEY shorter than 32 bytes."""
from __future__ import annotations

import pytest

from backend.config import Settings

KEY = "k" * 32


@pytest.mark.parametrize("env", ["Production", "PRODUCTION", "prod", "production ", "", "staging"])
def test_an_app_env_outside_the_fixed_set_refuses_to_start(tmp_path, env):
    with pytest.raises(RuntimeError, match="APP_ENV must be one of"):
        Settings(app_env=env, secret_key=KEY, audit_hmac_key=KEY).finalise(str(tmp_path))


@pytest.mark.parametrize("secret,audit,named", [("s" * 31, KEY, "SECRET_KEY"),
                                                 (KEY, "a" * 16, "AUDIT_HMAC_KEY")])
def test_production_refuses_keys_shorter_than_32_bytes(tmp_path, secret, audit, named):
    with pytest.raises(RuntimeError, match=f"{named} of at least 32 bytes"):
        Settings(app_env="production", secret_key=secret, audit_hmac_key=audit).finalise(str(tmp_path))


@pytest.mark.parametrize("env", ["demo", "development", "test", "production"])
def test_each_named_environment_starts(tmp_path, env):
    assert Settings(app_env=env, secret_key=KEY, audit_hmac_key=KEY).finalise(str(tmp_path)).app_env == env
