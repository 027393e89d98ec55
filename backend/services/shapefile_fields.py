"""DBF columns of a delineation shapefile -> the resource-area property names of inspections.resource_areas.

DBF column names hold at most 10 characters, so long property names arrive truncated or abbreviated.
The aliases below (case-insensitive) are the accepted spellings; a column that is exactly a property name
passes through. GIS bookkeeping columns (OBJECTID, SHAPE_Leng, ...) are dropped. Any other column is kept,
so the resource-area schema refuses it by name rather than the import silently losing data.
"""
from __future__ import annotations

import datetime as dt
from typing import Any

ALIASES = {
    "vol_cuft": "volume_cuft", "volume_cuf": "volume_cuft",
    "hydro_mo": "hydroperiod_months", "hydroperio": "hydroperiod_months",
    "pred_fish": "predatory_fish", "predatory_": "predatory_fish",
    "breeding": "breeding_habitat", "breeding_h": "breeding_habitat",
    "in_lawn": "in_lawn_garden_landscape_or_driveway", "in_lawn_ga": "in_lawn_garden_landscape_or_driveway",
    "last_harv": "last_cultivated_or_harvested", "last_culti": "last_cultivated_or_harvested",
    "cultivated": "currently_cultivated", "currently_": "currently_cultivated",
    "fld_zone": "flood_zone", "flood_zone": "flood_zone",
    "area_sqft": "area_sqft", "area_sqf": "area_sqft",
    "res_type": "type", "type": "type",
}
BOOKKEEPING = frozenset({"objectid", "fid", "shape_leng", "shape_area", "shape_len", "shape_length",
                         "globalid",
                         "shape_le_1", "shape_ar_1"})


def _value(value: Any) -> Any:
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, str):
        return value.strip() or None
    return value


def feature_properties(record: dict[str, Any]) -> dict[str, Any]:
    """One DBF record -> feature properties: aliased names, blank values dropped, a numeric id as text."""
    props: dict[str, Any] = {}
    for column, raw in record.items():
        name = column.strip().lower()
        if name in BOOKKEEPING:
            continue
        value = _value(raw)
        if value is None:
            continue
        props[ALIASES.get(name, name)] = value
    if isinstance(props.get("id"), float) and props["id"].is_integer():
        props["id"] = str(int(props["id"]))
    elif isinstance(props.get("id"), int) and not isinstance(props["id"], bool):
        props["id"] = str(props["id"])
    return props
