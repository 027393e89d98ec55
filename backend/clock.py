"""The clock is injected: the app reads time only through `current_clock()` so tests can control it."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Protocol

from flask import current_app, has_app_context


class Clock(Protocol):
    def now(self) -> dt.datetime: ...


class SystemClock:
    def now(self) -> dt.datetime:
        return dt.datetime.now(dt.UTC)


@dataclass
class FixedClock:
    """A controllable clock for tests and `--as-of` job runs."""

    at: dt.datetime

    def now(self) -> dt.datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at = self.at + dt.timedelta(**delta)


def current_clock() -> Clock:
    if has_app_context():
        return current_app.extensions["clock"]
    return SystemClock()


def now() -> dt.datetime:
    return current_clock().now()
