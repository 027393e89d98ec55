"""Issue 22: no dead switches. Every town setting of the engine is read by the engine and admits more than one
value; the switches that did neither are retired without moving the configuration version of any choice
already made (a version stated on an assessment still names the same settings)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

import inspections
from inspections.config import DEFAULT, RETIRED, SWITCHES, BylawConfig, ConfigError, engine_settings

ENGINE = Path(inspections.__file__).parent


@cache
def _code_strings() -> frozenset[str]:
    """Every string literal of the engine's code outside config.py, docstrings left out: a switch's key
    appears there when some code reads it (cfg[key], or a key handed to a helper that reads it)."""
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        if path.name == "config.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(n.body[0].value)
            for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef)
            and n.body
            and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)
        }
        found |= {
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings
        }
    return frozenset(found)


@pytest.mark.parametrize("key", sorted(SWITCHES))
def test_every_switch_is_read_by_the_engine(key):
    assert key in _code_strings(), f"{key} is never read by the engine's code"


@pytest.mark.parametrize("key", sorted(SWITCHES))
def test_every_switch_admits_more_than_one_value(key):
    s = SWITCHES[key]
    one_value = s.kind is str and len(s.choices) == 1 and not s.nullable
    assert not one_value, f"{key} admits only {s.choices}"


def test_the_retired_switches_keep_the_versions_of_choices_already_made():
    # versions computed before the retirement (issue 22), stated on assessments made since
    assert DEFAULT.version == "fd99d54f41202a0b"
    assert BylawConfig({"roll_c4s9": True}).version == "e9b4530061d2e3e5"
    assert BylawConfig({"carver247.noncriminal_3rd_amount": 300_000}).version == "c3d17b3d90476608"
    assert set(RETIRED) == {"tz", "carver281.bog_lookback_anchor"} and not set(RETIRED) & set(SWITCHES)


def test_a_retired_switch_is_accepted_at_its_only_value_and_refused_at_another():
    assert BylawConfig({"tz": "America/New_York"}).overrides == {"tz": "America/New_York"}
    with pytest.raises(ConfigError, match="fixed at"):
        BylawConfig({"tz": "Europe/Paris"})
    with pytest.raises(KeyError):
        DEFAULT["tz"]
    assert engine_settings({"tz": "America/New_York", "roll_c4s9": True, "sms_quiet_hours": "off"}) == {
        "tz": "America/New_York",
        "roll_c4s9": True,
    }
