"""Bounds on any JSON body, before a schema reads it: nesting at most 64 levels, integers of magnitude below
2^53 (what a JavaScript client and a JSON double represent exactly), numbers finite. A body outside them is a
422 naming where (`detail.json`), never a 500 (Python's parser recurses, and a 10^400 int overflows a column).
"""
from __future__ import annotations

import json
import math
import re
from typing import Any

from apiflask import abort
from flask import request

MAX_DEPTH = 64
MAX_INT = 2**53 - 1
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(rb"[\[\]{}]")


def _too_deep(raw: bytes) -> bool:
    depth = 0
    for match in _BRACKETS.finditer(_STRINGS.sub(b'""', raw)):
        depth += 1 if match.group() in (b"[", b"{") else -1
        if depth > MAX_DEPTH:
            return True
    return False


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number out of range: {text[:40]}")
    return value


def _constant(text: str) -> Any:
    raise ValueError(f"{text} is not JSON")


def _out_of_range(value: Any, path: str = "") -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return path or "_body" if abs(value) > MAX_INT else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        found = _out_of_range(inner, f"{path}.{key}" if path else str(key))
        if found:
            return found
    return None


def check_json_body() -> None:
    """before_request: refuse an unreasonable JSON body with a 422 before any view or schema parses it."""
    if not request.is_json or request.method in ("GET", "HEAD", "OPTIONS"):
        return
    raw = request.get_data(cache=True)
    if not raw:
        return
    if _too_deep(raw):
        abort(422, f"the JSON body is nested deeper than {MAX_DEPTH} levels",
              detail={"json": {"_body": [f"nested deeper than {MAX_DEPTH} levels"]}})
    try:
        body = json.loads(raw, parse_float=_number, parse_constant=_constant)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return  # not JSON at all: the route answers as it always has
    except ValueError as exc:  # a non-finite number, NaN, an integer of thousands of digits
        abort(422, "a number in the body is out of range", detail={"json": {"_body": [str(exc)[:200]]}})
    where = _out_of_range(body)
    if where:
        abort(422, f"an integer in the body is out of range at {where}",
              detail={"json": {where: [f"integers must lie within -{MAX_INT} and {MAX_INT} (2^53 - 1)"]}})


def refuse_unknown_query_fields() -> None:
    """A query parameter no operation documents is a 422 naming it, as an unknown body field is (webargs
    ignores them by default): a misspelt filter must not silently list everything."""
    from apiflask.schema_adapters.marshmallow import parser
    from marshmallow import RAISE
    parser.DEFAULT_UNKNOWN_BY_LOCATION = {**parser.DEFAULT_UNKNOWN_BY_LOCATION, "query": RAISE,
                                          "querystring": RAISE}
