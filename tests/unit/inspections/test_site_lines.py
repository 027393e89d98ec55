"""The bylaw's lines on a site (inspections/site_lines.py): Gardner's no-disturbance, no-build and buffer
zones around a river in plain words, and "measure to the line" with CONV-DIST rounding (READ-DIST-TIE) and
the accuracy rounded up (READ-DIST-ACCURACY)."""
from __future__ import annotations

import datetime as dt
from decimal import Decimal

from backend.demo import FT_PER_DEG_LAT, feature, line
from inspections.config import DEFAULT
from inspections.resource_areas import area_from_feature
from inspections.site_lines import buffer_lines, measure
from inspections.zone_rules import Bylaw

LAT, LON = 42.5800, -71.9850
RIVER = area_from_feature(feature(line(LAT, LON, -600, 600, 0), id="river-1", type="river_stream",
                                  flow="perennial", name="Otter River"))


def _lines():  # type: ignore[no-untyped-def]
    return buffer_lines([RIVER], [Bylaw.GARDNER_650], assessed_on=dt.date(2026, 8, 1), config=DEFAULT)


def test_gardner_650_draws_the_no_disturbance_no_build_and_buffer_zone_lines_in_plain_words():
    labels = [line.label for line in _lines()]
    assert [line.distance_ft for line in _lines()] == [Decimal(30), Decimal(60), Decimal(100)]
    assert labels[0] == ("30-ft line of the river stream (Otter River) "
                         "(no-disturbance zone, Gardner wetlands bylaw)")
    assert "no-build zone" in labels[1] and "buffer zone" in labels[2]


def test_measure_gives_the_nearest_line_rounded_or_indeterminate_when_the_accuracy_reaches_it():
    north_40 = LAT + 40 / FT_PER_DEG_LAT  # about 40 ft from the river: 10 ft past the 30-ft line
    sure = measure(LON, north_40, 1.0, _lines())
    assert sure.line.distance_ft == Decimal(30) and not sure.indeterminate and sure.inside is False
    assert sure.distance_ft == sure.distance_ft.quantize(Decimal("0.1")) and abs(sure.distance_ft - 10) < 1
    assert sure.words == f"{sure.distance_ft} ft outside the {sure.line.label}."
    vague = measure(LON, north_40, 10.0, _lines())  # 10 m = 32.8084 ft, rounded up: 32.9 ft
    assert vague.indeterminate and vague.inside is None and vague.accuracy_ft == Decimal("32.9")
    assert vague.words.startswith("Indeterminate within ±32.9 ft of the 30-ft line")
