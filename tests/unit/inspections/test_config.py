"""The town's bylaw configuration: a value the engine cannot use is refused with its reason (lists and
tables entry by entry, numbers within their bounds), and the version stated on assessments changes with
every decision the town records, including choosing a value equal to its default (AMB-17's $3,000
confirmed as written)."""
from __future__ import annotations

import datetime as dt

import pytest

from inspections.config import DEFAULT, BylawConfig, ConfigError


def test_choosing_the_default_value_is_a_new_version_and_equal_choices_share_one():
    confirmed = BylawConfig({"carver247.noncriminal_3rd_amount": 300_000})
    assert confirmed["carver247.noncriminal_3rd_amount"] == DEFAULT["carver247.noncriminal_3rd_amount"]
    assert confirmed.version != DEFAULT.version
    assert confirmed.version == BylawConfig({"carver247.noncriminal_3rd_amount": 300_000}).version
    assert BylawConfig({"roll_c4s9": True}).version not in {DEFAULT.version, confirmed.version}


@pytest.mark.parametrize(("setting", "words"), [
    ({"extra_closed_days": ["Christmas Eve"]}, "is not an ISO date"),
    ({"carver281.noncriminal_schedule": [5000, -5]}, "never negative"),
    ({"gardner650.noncriminal_schedule": [5000, True]}, "every entry must be int"),
    ({"carver281.state_fee_table": {"noi": "lots"}}, "every entry must be int"),
    ({"carver136.erc_designations": [7]}, "every entry must be str"),
    ({"carver247.monthly_report_due_day": 40}, "between 1 and 31"),
    ({"escalation_lookback_days": 0}, "at least 1"),
    ({"carver247.noncriminal_3rd_amount": -300_000}, "at least 0"),
    ({"same_time_tolerance_days": 45}, "between 0 and 30"),
], ids=["closed-day", "negative-cents", "bool-cents", "fee-table", "designation", "due-day", "lookback",
        "amb17-negative", "tolerance"])
def test_a_setting_the_catalogue_cannot_use_is_refused_with_its_reason(setting, words):
    with pytest.raises(ConfigError, match=words):
        BylawConfig(setting)


def test_lists_and_tables_are_kept_as_the_engine_reads_them():
    cfg = BylawConfig({"extra_closed_days": ["2026-12-24"], "carver281.noncriminal_schedule": [5000, 10000],
                       "carver281.state_fee_table": {"noi-cat-2": 50000}})
    assert cfg["extra_closed_days"] == (dt.date(2026, 12, 24),)
    assert cfg["carver281.noncriminal_schedule"] == (5000, 10000)
    assert cfg["carver281.state_fee_table"] == {"noi-cat-2": 50000}
