"""CONV-DIST, once: how a measured distance in feet is rounded and compared with a bylaw distance.

RULES.md §0.1: d is "computed from full-precision coordinates (never from 6-decimal output), then rounded
half-even to 0.1 ft, then compared"; "within X feet" and an "X-foot buffer/zone" include the boundary
(d <= X; d < X with `dist_inclusive` = false), and "more than X feet" is strict (d > X).

Reading READ-DIST-TIE (inspections/READINGS.md): the value rounded is the distance as a decimal number, the
shortest decimal that reads back as the same float (Python's `repr`, JavaScript's `String(x)`), so a typed
or computed 50.15 ft is a tie and goes to the even digit, 50.2, and 30.05 ft goes to 30.0. Rounding the
float's binary expansion instead (50.1499999... -> 50.1, 30.0500000...07 -> 30.1) would make a tie depend
on how the machine stores the number and could move a distance across a 30-, 50- or 65-ft line.
Every distance test of the engine (zones, thresholds, notice radii, the field app's "measure to the line")
goes through `round_ft`.
"""
from __future__ import annotations

from decimal import ROUND_CEILING, ROUND_HALF_EVEN, Decimal

TENTH = Decimal("0.1")
METRES_PER_US_SURVEY_FOOT = 1200 / 3937


def _decimal(feet: float | int | Decimal) -> Decimal:
    return feet if isinstance(feet, Decimal) else Decimal(repr(float(feet)))


def round_ft(feet: float | int | Decimal) -> Decimal:
    """CONV-DIST: round half-even to 0.1 ft, from the distance's shortest decimal form (50.15 -> 50.2)."""
    return _decimal(feet).quantize(TENTH, rounding=ROUND_HALF_EVEN)


def round_accuracy_ft(feet: float) -> Decimal:
    """An accuracy radius is rounded UP to 0.1 ft, so a rounded radius never hides a line it crosses
    (READ-DIST-ACCURACY)."""
    if feet < 0:
        raise ValueError(f"accuracy must be >= 0 ft, got {feet}")
    return _decimal(feet).quantize(TENTH, rounding=ROUND_CEILING)


def is_within(distance_ft: Decimal, limit_ft: Decimal | int | float, inclusive: bool = True) -> bool:
    """A rounded distance against a bylaw distance: d <= X by default (`dist_inclusive`), d < X otherwise."""
    limit = _decimal(limit_ft)
    return distance_ft <= limit if inclusive else distance_ft < limit


def within(distance_ft: float | Decimal, limit_ft: float | int, inclusive: bool = True) -> bool:
    """"within X feet" / "X-foot buffer" on a measured distance: rounded first, then compared."""
    return is_within(round_ft(distance_ft), limit_ft, inclusive)


def more_than(distance_ft: float | Decimal, limit_ft: float | int) -> bool:
    """"more than X feet": strictly d > X, on the rounded distance."""
    return round_ft(distance_ft) > _decimal(limit_ft)


def metres_to_feet(metres: float) -> float:
    """US survey feet in `metres` (a phone fix's accuracy is reported in metres)."""
    return metres / METRES_PER_US_SURVEY_FOOT
