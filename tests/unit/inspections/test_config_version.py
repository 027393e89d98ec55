"""The configuration version stated on assessments changes with every decision the town records, including
choosing a value equal to its default (AMB-17's $3,000 confirmed as written)."""
from __future__ import annotations

from inspections.config import DEFAULT, BylawConfig


def test_choosing_the_default_value_is_a_new_version_and_equal_choices_share_one():
    confirmed = BylawConfig({"carver247.noncriminal_3rd_amount": 300_000})
    assert confirmed["carver247.noncriminal_3rd_amount"] == DEFAULT["carver247.noncriminal_3rd_amount"]
    assert confirmed.version != DEFAULT.version
    assert confirmed.version == BylawConfig({"carver247.noncriminal_3rd_amount": 300_000}).version
    assert BylawConfig({"roll_c4s9": True}).version not in {DEFAULT.version, confirmed.version}
