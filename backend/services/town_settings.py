"""A town's settings, as its admin reads and changes them: the bylaw engine's switches
(`inspections.config.SWITCHES`: readings of ambiguous text, e.g. confirming Carver 247's $3,000 third-offense
amount, AMB-17) and the app's own keys below. Every value is checked against its catalogue before anything
is stored; the change is one update of the Town row, so the audit chain records who changed what and when.
What the switches decide takes effect at the next job run (assessments state the configuration version they
were made under, and a changed amount voids and reissues the affected citations).
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from backend.clock import now
from backend.extensions import db
from backend.models import Authority, Town
from backend.services import notify
from backend.sms.compliance import QuietHours
from backend.sms.messages import NOTICE_ON_OPEN
from inspections.config import RETIRED, SWITCHES, BylawConfig, ConfigError
from inspections.formats import format_money
from inspections.readings import readings as engine_readings


def _quiet_hours(value: Any) -> None:
    QuietHours.parse(value)  # ValueError names the problem


def _due_days(value: Any) -> None:
    if not 0 <= value <= 90:
        raise ValueError("must be between 0 and 90 days")


def _accuracy_m(value: Any) -> None:
    if not 1 <= value <= 100:
        raise ValueError("must be between 1 and 100 metres")


def _skew_seconds(value: Any) -> None:
    if not 0 <= value <= 86_400:
        raise ValueError("must be between 0 and 86400 seconds")


def _catch_up_days(value: Any) -> None:
    if not 1 <= value <= 3650:
        raise ValueError("must be between 1 and 3650 days")


@dataclass(frozen=True)
class AppSetting:
    kind: type
    default: Any
    note: str
    check: Callable[[Any], None] | None = None
    low: int | None = None  # shown to forms; `check` enforces
    high: int | None = None


APP_SETTINGS: Mapping[str, AppSetting] = {
    "reinspection_due_days": AppSetting(int, 7, "days after a permittee's request that its re-inspection "
                                        "task falls due", _due_days, 0, 90),
    "sms_quiet_hours": AppSetting(str, None, "no courtesy texts in this local window, e.g. 20:00-08:00, or "
                                  "off (default: the deployment's SMS_QUIET_HOURS)", _quiet_hours),
    NOTICE_ON_OPEN: AppSetting(bool, True, "text the offender a courtesy violation notice when a violation "
                               "opens (false: staff send it)"),
    "accrual_max_catch_up_days": AppSetting(int, 60, "the most offense-days the daily job records at once "
                                            "for one violation; a longer catch-up (a wrong date?) waits for "
                                            "staff to check and release it", _catch_up_days, 1, 3650),
    "photo_clock_skew_max_seconds": AppSetting(int, 120, "seconds a photo's camera time may differ from "
                                               "its GPS time before the photo is flagged", _skew_seconds,
                                               0, 86_400),
    # The field app's own rules (read by agents through GET /api/v1/field-settings):
    "checklist_every_item_required": AppSetting(
        bool, True, "an inspection is sent only when every checklist item is answered (N/A with a reason "
        "when it does not apply); false: one answer is enough"),
    "photo_accuracy_max_m": AppSetting(
        int, 10, "metres of GPS accuracy an evidence photo needs; the agent may use a worse fix anyway, and "
        "the inspection says so", _accuracy_m, 1, 100),
}


class SettingsError(ValueError):
    def __init__(self, problems: dict[str, str]) -> None:
        super().__init__("; ".join(f"{k}: {v}" for k, v in problems.items()))
        self.problems = problems


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


def _kind_name(kind: Any) -> str:
    names = {bool: "boolean", int: "integer", float: "number", str: "string", tuple: "list", dict: "object",
             dt.date: "date"}
    return names.get(kind, getattr(kind, "__name__", str(kind)))


def catalogue(town: Town) -> list[dict[str, Any]]:
    """Every setting the town may change: its value in force, its default, whether the town set it."""
    stored = dict(town.settings or {})
    cfg = BylawConfig({k: v for k, v in stored.items() if k in SWITCHES})
    out = [{"key": s.key, "scope": "bylaw engine", "value": _jsonable(cfg[s.key]),
            "default": _jsonable(s.default), "set": s.key in stored, "kind": _kind_name(s.kind),
            "choices": list(s.choices), "nullable": s.nullable, "note": s.note, "minimum": s.low,
            "maximum": s.high, "title": s.title, "explanation": s.explanation, "chapter": s.chapter}
           for s in SWITCHES.values()]
    out += [{"key": key, "scope": "app", "value": stored.get(key, a.default), "default": a.default,
             "set": key in stored, "kind": _kind_name(a.kind), "choices": [], "nullable": a.default is None,
             "note": a.note, "minimum": a.low, "maximum": a.high, "title": None, "explanation": None,
             "chapter": None} for key, a in APP_SETTINGS.items()]
    return sorted(out, key=lambda row: (row["scope"] != "bylaw engine", row["key"]))


def readings(town: Town) -> list[dict[str, Any]]:
    """The readings the engine makes that RULES.md does not state (inspections/READINGS.md), each with the
    switch that changes it (if any) and that switch's value in force for the town."""
    cfg = BylawConfig({k: v for k, v in dict(town.settings or {}).items() if k in SWITCHES})
    return [{"id": r.id, "concerns": list(r.concerns), "text": r.text, "choice": r.choice, "switch": r.switch,
             "switch_value": _jsonable(cfg[r.switch]) if r.switch else None} for r in engine_readings()]


def _check_app(key: str, value: Any) -> str | None:
    setting = APP_SETTINGS[key]
    if value is None:
        return None if setting.default is None else "may not be null (reset it to go back to the default)"
    if not isinstance(value, setting.kind) or (setting.kind is int and isinstance(value, bool)):
        return f"must be a {_kind_name(setting.kind)}, got {value!r}"
    try:
        if setting.check is not None:
            setting.check(value)
    except ValueError as exc:
        return str(exc)
    return None


def change(town: Town, values: Mapping[str, Any], reset: list[str], changed_by: str = "") -> Town:
    """Set `values` and return `reset` keys to their defaults, all or nothing (SettingsError names each
    refused key), and tell each of the town's boards in Slack what changed (the outbox row is written in the
    same transaction). The caller commits."""
    problems: dict[str, str] = {}
    for key in [*values, *reset]:
        retired_reset = key in RETIRED and key in reset and key not in values  # may be removed, not set
        if key not in SWITCHES and key not in APP_SETTINGS and not retired_reset:
            problems[key] = "unknown setting" if key not in RETIRED else "retired: it can only be reset"
    for key in set(values) & set(reset):
        problems[key] = "both set and reset"
    merged = {k: v for k, v in dict(town.settings or {}).items() if k not in reset}
    for key, value in values.items():
        if key in APP_SETTINGS and (problem := _check_app(key, value)):
            problems[key] = problem
        elif key in SWITCHES:
            try:
                BylawConfig({key: value})
            except ConfigError as exc:
                problems[key] = str(exc)
        merged[key] = value
    if problems:
        raise SettingsError(problems)
    before = {row["key"]: row["value"] for row in catalogue(town)}
    town.settings = merged
    after = {row["key"]: row["value"] for row in catalogue(town)}
    titles = {row["key"]: row["title"] for row in catalogue(town)}
    cents = {k for k, s in SWITCHES.items() if "cents" in (s.note or "")}
    changed = [f"{_named(key, titles)}: {_shown(before[key], key in cents)} → "
               f"{_shown(after[key], key in cents)}" for key in sorted(after)
               if before[key] != after[key] or key in values or key in reset]
    changed += [f"{_named(key, titles)}: removed (no longer a setting)" for key in reset if key in RETIRED]
    _tell_boards(town, changed, changed_by)
    return town


def _named(key: str, titles: Mapping[str, str | None]) -> str:
    """A setting as the board reads it: its title, which names the bylaw and chapter in words ("Second and
    later ticket amount (Carver ch. 136)"); an app setting without one by its name in words."""
    return titles.get(key) or key.rsplit(".", 1)[-1].replace("_", " ")


def _shown(value: Any, cents: bool = False) -> str:
    """A value as the board reads it: amounts in cents as dollars ("$200"), a switch on or off, none as
    "not set"."""
    if value is None:
        return "not set"
    if isinstance(value, bool):
        return "on" if value else "off"
    if cents and isinstance(value, int) and not isinstance(value, bool):
        return format_money(value, "en")
    if cents and isinstance(value, list) and all(isinstance(v, int) for v in value):
        return ", ".join(format_money(v, "en") for v in value)
    return json.dumps(value, ensure_ascii=False)


def _tell_boards(town: Town, changed: list[str], changed_by: str) -> None:
    """One Slack alert per board: settings decide deadlines and fines, so the boards hear of every change."""
    at, digest = now(), hashlib.sha256("|".join(changed).encode()).hexdigest()[:12]
    text = (f"{town.name}: settings changed by {changed_by or 'the town admin'}. " + "; ".join(changed)
            + ". They apply from the next job run.")
    for board in db.session.scalars(select(Authority).where(Authority.town_id == town.id)
                                    .order_by(Authority.name)):
        notify.intent(town.id, "slack", notify.board_recipient(board), "settings_changed", text[:3000],
                      f"settings-changed:{at.isoformat()}:{digest}:{board.id}", authority_id=str(board.id))
