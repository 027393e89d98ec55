"""Delivery policy: attempts, backoff with jitter, lease and settle times (all from Settings)."""
from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from backend.config import Settings

SKEW = dt.timedelta(minutes=5)  # look this far before a row's creation when asking a provider what it sent


@dataclass(frozen=True)
class DeliveryPolicy:
    max_attempts: int = 8
    timeout_seconds: float = 10.0
    batch_size: int = 10
    base_delay_seconds: float = 30.0
    max_delay_seconds: float = 3600.0
    reconcile_minutes: float = 10.0  # a row the provider cannot be asked about this long is dead-lettered

    @classmethod
    def from_settings(cls, settings: Settings) -> DeliveryPolicy:
        return cls(max_attempts=max(1, int(settings.outbox_max_attempts)),
                   timeout_seconds=float(settings.channel_timeout_seconds))

    @property
    def lease(self) -> dt.timedelta:
        """How long a claimed batch may stay `sending`: every send of the batch timing out, plus a margin."""
        return dt.timedelta(seconds=self.timeout_seconds * (self.batch_size + 2) + 60)

    @property
    def reconcile_bound(self) -> dt.timedelta:
        """How long a row may wait in `reconcile` for its provider to answer before it is dead-lettered."""
        return dt.timedelta(minutes=self.reconcile_minutes)

    @property
    def settle(self) -> dt.timedelta:
        """Wait this long after an ambiguous send before asking the provider (a late request may land)."""
        return dt.timedelta(seconds=max(2 * self.timeout_seconds, 30))

    def retry_delay(self, attempts: int, rng: random.Random,
                    retry_after: float | None = None) -> dt.timedelta:
        """Retry-After when the provider gave one (plus up to 10% jitter), else exponential, equal jitter."""
        if retry_after is not None:
            wait = min(max(retry_after, 1.0), self.max_delay_seconds)
            return dt.timedelta(seconds=wait * (1 + rng.random() / 10))
        ceiling = min(self.max_delay_seconds, self.base_delay_seconds * 2 ** max(attempts - 1, 0))
        return dt.timedelta(seconds=ceiling / 2 + rng.random() * ceiling / 2)
